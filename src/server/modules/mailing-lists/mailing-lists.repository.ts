import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { MemberStatus } from '../../../shared/mailing-lists';
import type { Database, ListMemberRow, MailingListRow, SuppressionRow } from '../../db/types';
import { containsInsensitive } from '../../db/search';

export type Db = Kysely<Database> | Transaction<Database>;

// Lists.

export function listsOf(db: Db, workspaceId: string): Promise<MailingListRow[]> {
  return db
    .selectFrom('mailing_lists')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .orderBy(sql`lower(name)`)
    .execute();
}

export function findList(db: Db, workspaceId: string, id: string): Promise<MailingListRow | undefined> {
  return db
    .selectFrom('mailing_lists')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export function findListByFormKey(db: Db, formKey: string): Promise<MailingListRow | undefined> {
  return db.selectFrom('mailing_lists').selectAll().where('form_key', '=', formKey).executeTakeFirst();
}

/** Whether another list of the workspace has this name, whatever its case. */
export async function listNameTaken(db: Db, workspaceId: string, name: string, exceptId?: string) {
  const row = await db
    .selectFrom('mailing_lists')
    .select('id')
    .where('workspace_id', '=', workspaceId)
    .where(sql`lower(name)`, '=', name.toLowerCase())
    .$if(exceptId !== undefined, (q) => q.where('id', '!=', exceptId!))
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertList(db: Db, row: MailingListRow): Promise<void> {
  await db.insertInto('mailing_lists').values(row).execute();
}

export async function updateList(
  db: Db,
  workspaceId: string,
  id: string,
  values: Pick<MailingListRow, 'name' | 'description' | 'opt_in' | 'consent_text' | 'updated_at'>,
): Promise<void> {
  await db
    .updateTable('mailing_lists')
    .set(values)
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', id)
    .execute();
}

export async function deleteList(db: Db, workspaceId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('mailing_lists')
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Members per list and status, for the lists of a workspace (or one list). */
export async function memberCounts(
  db: Db,
  workspaceId: string,
  listId?: string,
): Promise<{ list_id: string; status: MemberStatus; count: number }[]> {
  const rows = await db
    .selectFrom('list_members')
    .select(['list_id', 'status', (eb) => eb.fn.countAll<string | number>().as('count')])
    .where('workspace_id', '=', workspaceId)
    .$if(listId !== undefined, (q) => q.where('list_id', '=', listId!))
    .groupBy(['list_id', 'status'])
    .execute();
  return rows.map((row) => ({ ...row, count: Number(row.count) }));
}

// Subscribers and members.

export interface SubscriberKey {
  id: string;
  email: string;
  lead_id: string | null;
}

export function subscribersByEmail(db: Db, workspaceId: string, emails: string[]): Promise<SubscriberKey[]> {
  if (emails.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('subscribers')
    .select(['id', 'email', 'lead_id'])
    .where('workspace_id', '=', workspaceId)
    .where('email', 'in', emails)
    .execute();
}

/** The address's subscriber, made when it has none (two sign-ups racing make one). */
export async function ensureSubscriber(
  db: Db,
  values: {
    id: string;
    workspaceId: string;
    email: string;
    name: string;
    company: string;
    leadId: string | null;
  },
  now: string,
): Promise<SubscriberKey> {
  await db
    .insertInto('subscribers')
    .values({
      id: values.id,
      workspace_id: values.workspaceId,
      email: values.email,
      name: values.name,
      company: values.company,
      lead_id: values.leadId,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.columns(['workspace_id', 'email']).doNothing())
    .execute();
  const [row] = await subscribersByEmail(db, values.workspaceId, [values.email]);
  return row!;
}

export function findMember(db: Db, listId: string, subscriberId: string): Promise<ListMemberRow | undefined> {
  return db
    .selectFrom('list_members')
    .selectAll()
    .where('list_id', '=', listId)
    .where('subscriber_id', '=', subscriberId)
    .executeTakeFirst();
}

export async function membersOfList(db: Db, listId: string, subscriberIds: string[]): Promise<Set<string>> {
  if (subscriberIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('list_members')
    .select('subscriber_id')
    .where('list_id', '=', listId)
    .where('subscriber_id', 'in', subscriberIds)
    .execute();
  return new Set(rows.map((row) => row.subscriber_id));
}

/** A member written anew: a first sign-up, or a new consent replacing an unconfirmed or unsubscribed one. */
export async function upsertMember(db: Db, row: ListMemberRow): Promise<void> {
  const { list_id: _list, subscriber_id: _subscriber, workspace_id: _workspace, ...rest } = row;
  await db
    .insertInto('list_members')
    .values(row)
    .onConflict((oc) => oc.columns(['list_id', 'subscriber_id']).doUpdateSet(rest))
    .execute();
}

export type MemberView = ListMemberRow & {
  email: string;
  name: string;
  company: string;
  lead_id: string | null;
};

const memberColumns = [
  'list_members.list_id',
  'list_members.subscriber_id',
  'list_members.workspace_id',
  'list_members.status',
  'list_members.consent_source',
  'list_members.consent_text',
  'list_members.consent_at',
  'list_members.consent_ip',
  'list_members.consent_basis',
  'list_members.confirm_token_hash',
  'list_members.confirm_sent_at',
  'list_members.confirmed_at',
  'list_members.unsubscribed_at',
  'list_members.created_at',
  'subscribers.email',
  'subscribers.name',
  'subscribers.company',
  'subscribers.lead_id',
] as const;

export function findMemberView(
  db: Db,
  listId: string,
  subscriberId: string,
): Promise<MemberView | undefined> {
  return db
    .selectFrom('list_members')
    .innerJoin('subscribers', 'subscribers.id', 'list_members.subscriber_id')
    .select(memberColumns)
    .where('list_members.list_id', '=', listId)
    .where('list_members.subscriber_id', '=', subscriberId)
    .executeTakeFirst();
}

/** One page of a list's members, newest first, by status and a search of address, name and company. */
export async function memberPage(
  db: Db,
  listId: string,
  filter: { status?: MemberStatus; search?: string },
  limit: number,
  offset: number,
): Promise<{ rows: MemberView[]; total: number }> {
  const base = db
    .selectFrom('list_members')
    .innerJoin('subscribers', 'subscribers.id', 'list_members.subscriber_id')
    .where('list_members.list_id', '=', listId)
    .$if(filter.status !== undefined, (q) => q.where('list_members.status', '=', filter.status!))
    .$if(Boolean(filter.search), (q) =>
      q.where((eb) =>
        eb.or([
          containsInsensitive('subscribers.email', filter.search!),
          containsInsensitive('subscribers.name', filter.search!),
          containsInsensitive('subscribers.company', filter.search!),
        ]),
      ),
    );
  const [rows, count] = await Promise.all([
    base
      .select(memberColumns)
      .orderBy('list_members.created_at', 'desc')
      .orderBy('list_members.subscriber_id')
      .limit(limit)
      .offset(offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<string | number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

export async function setMemberToken(
  db: Db,
  listId: string,
  subscriberId: string,
  hash: string,
  now: string,
): Promise<void> {
  await db
    .updateTable('list_members')
    .set({ confirm_token_hash: hash, confirm_sent_at: now })
    .where('list_id', '=', listId)
    .where('subscriber_id', '=', subscriberId)
    .execute();
}

export function findMemberByToken(db: Db, hash: string) {
  return db
    .selectFrom('list_members')
    .innerJoin('subscribers', 'subscribers.id', 'list_members.subscriber_id')
    .select([
      'list_members.list_id',
      'list_members.subscriber_id',
      'list_members.workspace_id',
      'subscribers.email',
    ])
    .where('list_members.confirm_token_hash', '=', hash)
    .where('list_members.status', '=', 'unconfirmed')
    .executeTakeFirst();
}

/** The one statement that uses a confirmation token: of two racing requests, only one updates the row. */
export async function confirmMember(db: Db, hash: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('list_members')
    .set({ status: 'subscribed', confirmed_at: now, confirm_token_hash: null })
    .where('confirm_token_hash', '=', hash)
    .where('status', '=', 'unconfirmed')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function unsubscribeMember(db: Db, listId: string, subscriberId: string, now: string) {
  await db
    .updateTable('list_members')
    .set({ status: 'unsubscribed', unsubscribed_at: now, confirm_token_hash: null })
    .where('list_id', '=', listId)
    .where('subscriber_id', '=', subscriberId)
    .where('status', '!=', 'unsubscribed')
    .execute();
}

/**
 * The members a campaign may mail: subscribed, and their address not suppressed in the workspace; in
 * subscriber id order after `after` (keyset), so a send reads its list in batches.
 */
export function sendableMemberRows(
  db: Db,
  workspaceId: string,
  listId: string,
  after: string | null,
  limit: number,
) {
  return db
    .selectFrom('list_members')
    .innerJoin('subscribers', 'subscribers.id', 'list_members.subscriber_id')
    .select([
      'subscribers.id',
      'subscribers.email',
      'subscribers.name',
      'subscribers.company',
      'subscribers.lead_id',
    ])
    .where('list_members.workspace_id', '=', workspaceId)
    .where('list_members.list_id', '=', listId)
    .where('list_members.status', '=', 'subscribed')
    .$if(after !== null, (q) => q.where('list_members.subscriber_id', '>', after!))
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('suppressions')
            .select('suppressions.email')
            .whereRef('suppressions.workspace_id', '=', 'list_members.workspace_id')
            .whereRef('suppressions.email', '=', 'subscribers.email'),
        ),
      ),
    )
    .orderBy('list_members.subscriber_id')
    .limit(limit)
    .execute();
}

// The purge of unconfirmed sign-ups.

/** Erases up to `limit` unconfirmed members made before `before`; answers their subscribers' ids. */
export async function eraseUnconfirmed(db: Db, before: string, limit: number): Promise<string[]> {
  const due = await db
    .selectFrom('list_members')
    .select(['list_id', 'subscriber_id'])
    .where('status', '=', 'unconfirmed')
    .where('created_at', '<', before)
    .limit(limit)
    .execute();
  for (const row of due)
    await db
      .deleteFrom('list_members')
      .where('list_id', '=', row.list_id)
      .where('subscriber_id', '=', row.subscriber_id)
      .where('status', '=', 'unconfirmed')
      .execute();
  return [...new Set(due.map((row) => row.subscriber_id))];
}

/** Of these subscribers, erases those left on no list and made from no lead. */
export async function eraseOrphanSubscribers(db: Db, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db
    .deleteFrom('subscribers')
    .where('id', 'in', ids)
    .where('lead_id', 'is', null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('list_members')
            .select('list_id')
            .whereRef('list_members.subscriber_id', '=', 'subscribers.id'),
        ),
      ),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

// Suppressions.

export function findSuppression(
  db: Db,
  workspaceId: string,
  email: string,
): Promise<SuppressionRow | undefined> {
  return db
    .selectFrom('suppressions')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('email', '=', email)
    .executeTakeFirst();
}

export async function suppressedAmong(db: Db, workspaceId: string, emails: string[]): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const rows = await db
    .selectFrom('suppressions')
    .select('email')
    .where('workspace_id', '=', workspaceId)
    .where('email', 'in', emails)
    .execute();
  return new Set(rows.map((row) => row.email));
}

/** Adds the address unless it is already suppressed (the first reason stays); true when added. */
export async function insertSuppression(db: Db, row: SuppressionRow): Promise<boolean> {
  const result = await db
    .insertInto('suppressions')
    .values(row)
    .onConflict((oc) => oc.columns(['workspace_id', 'email']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function deleteManualSuppression(db: Db, workspaceId: string, email: string): Promise<boolean> {
  const result = await db
    .deleteFrom('suppressions')
    .where('workspace_id', '=', workspaceId)
    .where('email', '=', email)
    .where('reason', '=', 'manual')
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function suppressionPage(
  db: Db,
  workspaceId: string,
  search: string | undefined,
  limit: number,
  offset: number,
): Promise<{ rows: SuppressionRow[]; total: number }> {
  const base = db
    .selectFrom('suppressions')
    .where('workspace_id', '=', workspaceId)
    .$if(Boolean(search), (q) => q.where(containsInsensitive('email', search!)));
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy('created_at', 'desc').orderBy('email').limit(limit).offset(offset).execute(),
    base.select((eb) => eb.fn.countAll<string | number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

export async function workspaceNameOf(db: Db, workspaceId: string): Promise<string> {
  const row = await db
    .selectFrom('workspaces')
    .select('name')
    .where('id', '=', workspaceId)
    .executeTakeFirst();
  return row?.name ?? '';
}

/**
 * An unsubscribe that came through a campaign's copy, once per copy, for the campaign's report; nothing
 * when the copy is not of this workspace (a token names ids, the workspace is the list's).
 */
export async function recordCampaignUnsubscribe(
  db: Db,
  workspaceId: string,
  recipientId: string,
  now: string,
): Promise<void> {
  const recipient = await db
    .selectFrom('campaign_recipients')
    .select(['id', 'campaign_id'])
    .where('id', '=', recipientId)
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirst();
  if (!recipient) return;
  await db
    .insertInto('campaign_events')
    .values({
      id: randomUUID(),
      workspace_id: workspaceId,
      campaign_id: recipient.campaign_id,
      recipient_id: recipient.id,
      kind: 'unsubscribe',
      created_at: now,
    })
    .onConflict((oc) => oc.columns(['recipient_id', 'kind', 'link_position']).doNothing())
    .execute();
}
