import type {
  Expression,
  ExpressionBuilder,
  Insertable,
  Kysely,
  SqlBool,
  Transaction,
  Updateable,
} from 'kysely';
import type { ScrapedProfile } from '../../../shared/schemas/botgit';
import type { Database, ScrapedProfileRow, ScrapedProfilesTable } from '../../db/types';
import { engineOf, type Engine } from '../../db/engine';
import { searchScope, type SearchAccess } from '../../db/trigram-search';
import type { DateRange } from '../../lib/date-range';

export type Db = Kysely<Database> | Transaction<Database>;

export interface ScrapedFilter {
  workspaceId: string;
  search?: string;
  range: DateRange | null;
  ids?: string[];
}

export const PROFILE_COLUMNS = [
  'id',
  'profile_url',
  'name',
  'email',
  'phone',
  'role',
  'location',
  'scraped_at',
] as const;
type ProfileListRow = Pick<ScrapedProfileRow, (typeof PROFILE_COLUMNS)[number]>;

export const toScrapedProfile = (row: ProfileListRow): ScrapedProfile => ({
  _id: row.id,
  profileUrl: row.profile_url,
  name: row.name,
  email: row.email,
  phone: row.phone,
  role: row.role,
  location: row.location,
  timestamp: row.scraped_at,
});

/** Lower-cased in JavaScript so a search reads the same on both engines (see leads' searchText). */
export function profileSearchText(
  p: Pick<ScrapedProfileRow, 'name' | 'email' | 'phone' | 'role' | 'location'>,
) {
  return [p.name, p.email, p.phone, p.role, p.location].join('\n').toLowerCase();
}

/**
 * The filter's rows. `access` as in trigram-search.ts: a page and its count want every match; the
 * export's keyset batches walk the list's index instead.
 */
export function matching(engine: Engine, filter: ScrapedFilter, access: SearchAccess = 'matches') {
  return (eb: ExpressionBuilder<Database, 'scraped_profiles'>) => {
    // search_text is lower-cased by the app (profileSearchText), so the term is too.
    const needle = filter.search?.trim().toLowerCase() || undefined;
    const conditions: Expression<SqlBool>[] = [
      searchScope(engine, { table: 'scraped_profiles', workspaceId: filter.workspaceId, needle, access }),
    ];
    if (filter.range?.from) conditions.push(eb('scraped_at', '>=', filter.range.from));
    if (filter.range?.to) conditions.push(eb('scraped_at', '<', filter.range.to));
    if (filter.ids) conditions.push(eb('id', 'in', filter.ids));
    return eb.and(conditions);
  };
}

/** How many profiles match; the workspace's whole count comes from its trigger-kept counter. */
export async function countProfiles(db: Db, filter: ScrapedFilter): Promise<number> {
  if (!filter.search?.trim() && !filter.range && !filter.ids) {
    const counter = await db
      .selectFrom('scraped_profile_counts')
      .select('n')
      .where('workspace_id', '=', filter.workspaceId)
      .executeTakeFirst();
    return counter?.n ?? 0;
  }
  const row = await db
    .selectFrom('scraped_profiles')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where(matching(engineOf(db), filter))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One page, newest scrape first (the index on workspace, scraped_at, id serves the order). */
export function profilePage(db: Db, filter: ScrapedFilter, offset: number, limit: number) {
  return db
    .selectFrom('scraped_profiles')
    .select(PROFILE_COLUMNS)
    .where(matching(engineOf(db), filter))
    .orderBy('scraped_at', 'desc')
    .orderBy('id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
}

/** Every matching profile in batches, newest first, seeking past the last one read (for exports). */
export async function* allProfiles(db: Db, filter: ScrapedFilter, batch = 1000) {
  const engine = engineOf(db);
  let after: { scraped_at: string; id: string } | undefined;
  for (;;) {
    const rows = await db
      .selectFrom('scraped_profiles')
      .select(PROFILE_COLUMNS)
      .where(matching(engine, filter, 'ordered'))
      .$if(Boolean(after), (q) =>
        q.where((eb) =>
          eb.or([
            eb('scraped_at', '<', after!.scraped_at),
            eb.and([eb('scraped_at', '=', after!.scraped_at), eb('id', '<', after!.id)]),
          ]),
        ),
      )
      .orderBy('scraped_at', 'desc')
      .orderBy('id', 'desc')
      .limit(batch)
      .execute();
    yield* rows;
    if (rows.length < batch) return;
    after = rows[rows.length - 1]!;
  }
}

/** How many profiles the workspace added since `since`, and the oldest of them (the ingest's window). */
export async function profilesAddedSince(trx: Transaction<Database>, workspaceId: string, since: string) {
  const recent = await trx
    .selectFrom('scraped_profiles')
    .select((eb) => [eb.fn.countAll<string | number>().as('n'), eb.fn.min('created_at').as('oldest')])
    .where('workspace_id', '=', workspaceId)
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return { count: Number(recent.n), oldest: (recent.oldest as string | null) ?? undefined };
}

/** The workspace's profile with this normalised URL, if it has one. */
export function findProfileByUrlKey(trx: Transaction<Database>, workspaceId: string, urlKey: string) {
  return trx
    .selectFrom('scraped_profiles')
    .select(['id', 'name', 'email', 'phone', 'role', 'location'])
    .where('workspace_id', '=', workspaceId)
    .where('url_key', '=', urlKey)
    .executeTakeFirst();
}

export async function updateProfile(
  trx: Transaction<Database>,
  id: string,
  values: Updateable<ScrapedProfilesTable>,
): Promise<void> {
  await trx.updateTable('scraped_profiles').set(values).where('id', '=', id).execute();
}

export async function insertProfile(
  trx: Transaction<Database>,
  row: Insertable<ScrapedProfilesTable>,
): Promise<void> {
  await trx.insertInto('scraped_profiles').values(row).execute();
}

/** The fields 'Add to leads' reads of the workspace's selected profiles. */
export function profilesForLeads(db: Db, workspaceId: string, ids: string[]) {
  return db
    .selectFrom('scraped_profiles')
    .select(['name', 'email', 'phone', 'role', 'location', 'profile_url'])
    .where('workspace_id', '=', workspaceId)
    .where('id', 'in', ids)
    .execute();
}

/** Deletes the workspace's selected profiles; answers how many went. */
export async function deleteProfiles(db: Db, workspaceId: string, ids: string[]): Promise<number> {
  const result = await db
    .deleteFrom('scraped_profiles')
    .where('workspace_id', '=', workspaceId)
    .where('id', 'in', ids)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** When the workspace's newest scrape arrived (the index on workspace and scrape time), or null. */
export async function lastScrapeAt(db: Db, workspaceId: string): Promise<string | null> {
  const row = await db
    .selectFrom('scraped_profiles')
    .select('scraped_at')
    .where('workspace_id', '=', workspaceId)
    .orderBy('scraped_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.scraped_at ?? null;
}
