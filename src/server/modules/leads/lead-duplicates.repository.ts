import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, LeadRow } from '../../db/types';
import { LEAD_COLUMNS, type LeadListRow } from './lead-rows';

type Db = Kysely<Database> | Transaction<Database>;

/*
 * The reads that find the same person twice (docs/product/leads.md#duplicates): by `email_lower`,
 * `phone_key` or `name_key` within one workspace, each through its index on (workspace_id, key). An empty
 * key is no one's: every condition says so in the words of the partial indexes' own predicate
 * (`key <> ''`), so both engines can use them.
 */

/** What finds a lead's duplicates. */
export type LeadKeys = Pick<LeadRow, 'id' | 'email_lower' | 'phone_key' | 'name_key'>;
type KeyColumn = 'email_lower' | 'phone_key' | 'name_key';
const KEY_COLUMNS: readonly KeyColumn[] = ['email_lower', 'phone_key', 'name_key'];

/**
 * For leads of the workspace (a list page, with their keys), how many other leads of the workspace share
 * one of their keys: one statement, three index probes per lead, each other lead counted once. Leads with
 * none are absent from the map. The page's keys come with the statement (VALUES), so the page's own rows
 * are not read again.
 */
export async function duplicateCounts(
  db: Db,
  workspaceId: string,
  page: readonly LeadKeys[],
): Promise<Map<string, number>> {
  const keyed = page.filter((lead) => KEY_COLUMNS.some((key) => lead[key] !== ''));
  if (keyed.length === 0) return new Map();
  const values = sql.join(
    keyed.map((lead) => sql`(${lead.id}, ${lead.email_lower}, ${lead.phone_key}, ${lead.name_key})`),
  );
  // CROSS JOIN: SQLite then keeps the page as the outer loop (without statistics it would scan the
  // workspace and probe the page); PostgreSQL plans it as any join.
  const sharing = (key: KeyColumn) => sql`
    select page.id as page_id, other.id as other_id
    from page cross join leads other
    where other.workspace_id = ${workspaceId}
      and other.${sql.ref(key)} = page.${sql.ref(key)}
      and other.${sql.ref(key)} <> ''
      and other.id <> page.id`;
  // UNION (not UNION ALL): a lead sharing the e-mail and the phone is one duplicate.
  const { rows } = await sql<{ page_id: string; n: string | number }>`
    with page (id, email_lower, phone_key, name_key) as (values ${values})
    select shared.page_id, count(*) as n
    from (${sharing('email_lower')} union ${sharing('phone_key')} union ${sharing('name_key')}) shared
    group by shared.page_id`.execute(db);
  return new Map(rows.map((row) => [row.page_id, Number(row.n)]));
}

/** The lead's keys, when it is the workspace's. */
export function leadKeys(db: Db, workspaceId: string, id: string): Promise<LeadKeys | undefined> {
  return db
    .selectFrom('leads')
    .select(['id', 'email_lower', 'phone_key', 'name_key'])
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The workspace's other leads sharing a key with `lead`, newest first, at most `limit`. */
export function leadsSharingKeys(
  db: Db,
  workspaceId: string,
  lead: LeadKeys,
  limit: number,
): Promise<LeadListRow[]> {
  const sharing = KEY_COLUMNS.filter((key) => lead[key] !== '').map((key) =>
    db
      .selectFrom('leads')
      .select(LEAD_COLUMNS)
      .where('workspace_id', '=', workspaceId)
      .where(key, '=', lead[key])
      .where(key, '<>', '')
      .where('id', '<>', lead.id),
  );
  const [first, ...rest] = sharing;
  if (!first) return Promise.resolve([]);
  // One SELECT per key, UNIONed (a lead sharing two keys once): an OR of the three leaves SQLite, without
  // statistics, scanning the whole workspace instead of probing each index.
  return rest
    .reduce((query, next) => query.union(next), first)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** A lead of the workspace as an import or Botgit's "Add to leads" compares against it. */
export type KnownLead = Pick<LeadRow, 'id' | 'name' | 'email_lower' | 'phone_key' | 'name_key'>;

/**
 * The workspace's leads with any of these e-mails (lower-cased), phone keys or name keys: one statement
 * for a batch of would-be leads, one index range per key kind (UNION ALL: an OR of the three IN lists
 * leaves SQLite, without statistics, scanning the whole workspace). A lead may come back once per key it
 * shares. Empty keys are left out by the caller.
 */
export function leadsWithKeys(
  db: Db,
  workspaceId: string,
  keys: { emails: string[]; phones: string[]; names: string[] },
): Promise<KnownLead[]> {
  const withKey = (key: KeyColumn, values: string[]) =>
    values.length === 0
      ? []
      : [
          db
            .selectFrom('leads')
            .select(['id', 'name', 'email_lower', 'phone_key', 'name_key'])
            .where('workspace_id', '=', workspaceId)
            .where(key, '<>', '')
            .where(key, 'in', values),
        ];
  const [first, ...rest] = [
    ...withKey('email_lower', keys.emails),
    ...withKey('phone_key', keys.phones),
    ...withKey('name_key', keys.names),
  ];
  if (!first) return Promise.resolve([]);
  return rest.reduce((query, next) => query.unionAll(next), first).execute();
}
