import {
  sql,
  type Expression,
  type ExpressionBuilder,
  type Kysely,
  type RawBuilder,
  type SqlBool,
  type Transaction,
} from 'kysely';
import {
  LEAD_PRIORITIES,
  LEAD_STATUSES,
  type LeadListQuery,
  type LeadStats,
} from '../../../shared/schemas/leads';
import { engineOf, type Engine } from '../../db/engine';
import { searchScope, type SearchAccess } from '../../db/trigram-search';
import type { Database, LeadRow } from '../../db/types';
import { LEAD_COLUMNS, type LeadListRow } from './lead-rows';
import { countersFor, type LeadFilter } from './lead-filter';

export type Db = Kysely<Database> | Transaction<Database>;

export function matchingLeads(filter: LeadFilter, engine: Engine, access: SearchAccess) {
  return (eb: ExpressionBuilder<Database, 'leads'>): Expression<SqlBool> => {
    // search_text is lower-cased by the app (lead-rows.ts), so the term is too.
    const needle = filter.search?.toLowerCase();
    const conditions: Expression<SqlBool>[] = [
      searchScope(engine, { table: 'leads', workspaceId: filter.workspaceId, needle, access }),
    ];
    if (filter.status) conditions.push(eb('status', '=', filter.status));
    if (filter.priority) conditions.push(eb('priority', '=', filter.priority));
    if (filter.source) conditions.push(eb('source', '=', filter.source));
    if (filter.ownerId) conditions.push(eb('owner_id', '=', filter.ownerId));
    if (filter.followUpDueBy) conditions.push(eb('next_follow_up_at', '<=', filter.followUpDueBy));
    // ISO-8601 UTC text in one format compares in time order, so the (workspace, created_at) index serves it.
    if (filter.range?.from) conditions.push(eb('created_at', '>=', filter.range.from));
    if (filter.range?.to) conditions.push(eb('created_at', '<', filter.range.to));
    return eb.and(conditions);
  };
}

/** A rank from a fixed vocabulary; literals, not parameters, so PostgreSQL types the result as integer. */
function rank(column: string, values: readonly string[]): RawBuilder<number> {
  const whens = values.map((value, i) => sql`when ${sql.lit(value)} then ${sql.lit(i + 1)}`);
  return sql<number>`case ${sql.ref(column)} ${sql.join(whens, sql` `)} else ${sql.lit(values.length + 1)} end`;
}

/**
 * The sort key of each sortable field. Status follows the pipeline (New first when ascending); priority is
 * ranked High, Medium, Low, so "descending" puts High on top. Names compare case-insensitively. Only the
 * date (the default) has an index; the others sort the filtered rows.
 */
export function sortKey(sort: LeadListQuery['sort']): RawBuilder<unknown> {
  switch (sort) {
    case 'date':
      return sql`${sql.ref('created_at')}`;
    case 'lastContact':
      return sql`${sql.ref('last_contact')}`;
    case 'name':
      return sql`lower(${sql.ref('name')})`;
    case 'company':
      return sql`lower(${sql.ref('company')})`;
    case 'status':
      return rank('status', LEAD_STATUSES);
    case 'priority':
      return rank('priority', [...LEAD_PRIORITIES].reverse());
  }
}

export interface LeadOrder {
  sort: LeadListQuery['sort'];
  order: 'asc' | 'desc';
}

/**
 * One page in list order, id as the tiebreak. The page's ids are picked from the index alone (a deferred
 * join), so a deep page skips index entries rather than whole rows; only the chosen rows are read. An offset
 * still skips entries one by one, so a page past the middle of the `total` matching rows is read from the
 * other end (the last page of a million leads skips 25 entries, not a million) and put back in order.
 */
export async function listLeadPage(
  db: Db,
  filter: LeadFilter,
  { sort, order }: LeadOrder,
  limit: number,
  offset: number,
  total: number,
): Promise<LeadListRow[]> {
  if (offset <= total / 2 || offset >= total) return readPage(db, filter, { sort, order }, limit, offset);
  const count = Math.min(limit, total - offset);
  const mirrored = { sort, order: order === 'asc' ? 'desc' : 'asc' } as const;
  return (await readPage(db, filter, mirrored, count, total - offset - count)).reverse();
}

function readPage(
  db: Db,
  filter: LeadFilter,
  { sort, order }: LeadOrder,
  limit: number,
  offset: number,
): Promise<LeadListRow[]> {
  const key = sortKey(sort);
  const pageIds = db
    .selectFrom('leads')
    .select('id')
    .where(matchingLeads(filter, engineOf(db), 'matches'))
    .orderBy(key, order)
    .orderBy('id', order)
    .limit(limit)
    .offset(offset);
  return db
    .selectFrom('leads')
    .select(LEAD_COLUMNS)
    .where('id', 'in', pageIds)
    .orderBy(key, order)
    .orderBy('id', order)
    .execute();
}

/** Rows after `after` in list order (keyset), for the export's batches: each batch is an index range. */
export function leadsAfter(
  db: Db,
  filter: LeadFilter,
  { sort, order }: LeadOrder,
  after: { key: unknown; id: string } | undefined,
  limit: number,
): Promise<(LeadListRow & { sort_key: unknown })[]> {
  const key = sortKey(sort);
  let query = db
    .selectFrom('leads')
    .select([...LEAD_COLUMNS, key.as('sort_key')])
    .where(matchingLeads(filter, engineOf(db), 'ordered'));
  if (after) {
    // A row-value comparison both engines can run as an index range (unlike the equivalent OR).
    const op = sql.raw(order === 'desc' ? '<' : '>');
    query = query.where(sql<boolean>`(${key}, ${sql.ref('id')}) ${op} (${after.key}, ${after.id})`);
  }
  return query.orderBy(key, order).orderBy('id', order).limit(limit).execute();
}

/**
 * The stat cards for a filter; `total` is also the list's total. Filtered by nothing but status and
 * priority they come from the trigger-kept counters; otherwise one aggregate pass over the matching rows,
 * reading only what the (workspace, created_at) index holds. The due follow-ups are counted apart either
 * way: asked in that same pass, `next_follow_up_at` made PostgreSQL read every matching row from the table
 * (a month of 1M leads: 96 ms instead of 22 ms).
 */
export async function leadStats(db: Db, filter: LeadFilter): Promise<LeadStats> {
  const counters = countersFor(filter);
  const followUpsDue = await dueFollowUpCount(db, filter);
  if (counters) return { ...countedStats(await counterRows(db, filter, counters)), followUpsDue };
  // count(case ... then 1 end) is the conditional sum that is 0, never null, over no rows.
  const countWhere = (status: string) =>
    sql<string | number>`count(case when ${sql.ref('status')} = ${status} then 1 end)`;
  const row = await db
    .selectFrom('leads')
    .where(matchingLeads(filter, engineOf(db), 'matches'))
    .select((eb) => [
      eb.fn.countAll<string | number>().as('total'),
      countWhere('New').as('new'),
      countWhere('In Progress').as('in_progress'),
      countWhere('Converted').as('converted'),
    ])
    .executeTakeFirstOrThrow();
  return {
    total: Number(row.total),
    new: Number(row.new),
    inProgress: Number(row.in_progress),
    converted: Number(row.converted),
    followUpsDue,
  };
}

/**
 * The filter's leads with a follow-up due by today: a range of the workspace's follow-up index, which holds
 * only leads with a follow-up, the filter's other conditions checked on those few rows.
 */
async function dueFollowUpCount(db: Db, filter: LeadFilter): Promise<number> {
  const row = await db
    .selectFrom('leads')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where(matchingLeads(filter, engineOf(db), 'matches'))
    .where('next_follow_up_at', 'is not', null)
    .where('next_follow_up_at', '<=', filter.today)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The filter's (status, n) counter rows: one per status, or one per status and priority. */
function counterRows(
  db: Db,
  filter: LeadFilter,
  counters: 'status' | 'priority',
): Promise<{ status: string; n: number }[]> {
  const status = filter.status;
  if (counters === 'priority')
    return db
      .selectFrom('lead_priority_counts')
      .select(['status', 'n'])
      .where('workspace_id', '=', filter.workspaceId)
      .where('priority', '=', filter.priority!)
      .$if(Boolean(status), (q) => q.where('status', '=', status!))
      .execute();
  return statusCounterRows(db, filter.workspaceId, status);
}

/** The workspace's trigger-kept (status, n) counters: one status, or every status. */
export function statusCounterRows(
  db: Db,
  workspaceId: string,
  status?: string,
): Promise<{ status: string; n: number }[]> {
  return db
    .selectFrom('lead_status_counts')
    .select(['status', 'n'])
    .where('workspace_id', '=', workspaceId)
    .$if(Boolean(status), (q) => q.where('status', '=', status!))
    .execute();
}

function countedStats(rows: { status: string; n: number }[]): Omit<LeadStats, 'followUpsDue'> {
  const count = (status: string) =>
    rows.filter((r) => r.status === status).reduce((sum, r) => sum + Number(r.n), 0);
  return {
    total: rows.reduce((sum, r) => sum + Number(r.n), 0),
    new: count('New'),
    inProgress: count('In Progress'),
    converted: count('Converted'),
  };
}

export function findLead(db: Db, workspaceId: string, id: string): Promise<LeadRow | undefined> {
  return db
    .selectFrom('leads')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/**
 * Leads created since `since` (YYYY-MM-DD) by month (the first 7 characters of the ISO timestamp), with
 * how many of them are Converted.
 */
export function monthlyLeadCounts(db: Db, workspaceId: string, since: string) {
  // Written inline (not as parameters) so the select and group-by expressions are textually identical,
  // as PostgreSQL requires.
  const month = sql<string>`substr(${sql.ref('created_at')}, 1, 7)`;
  return db
    .selectFrom('leads')
    .select([
      month.as('month'),
      (eb) => eb.fn.countAll<string | number>().as('total'),
      sql<string | number>`count(case when ${sql.ref('status')} = ${'Converted'} then 1 end)`.as('converted'),
    ])
    .where('workspace_id', '=', workspaceId)
    .where('created_at', '>=', since)
    .groupBy(month)
    .execute();
}
