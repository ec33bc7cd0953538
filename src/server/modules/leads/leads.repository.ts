import { sql, type Kysely, type Transaction } from 'kysely';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import {
  LEAD_PRIORITIES,
  LEAD_STATUSES,
  type LeadListQuery,
  type LeadStats,
} from '../../../shared/schemas/leads';
import { engineOf } from '../../db/engine';
import type { Database, LeadRow } from '../../db/types';
import { LEAD_COLUMNS, type LeadListRow } from './lead-rows';
import { countersFor, matchingLeads, sortKey, type LeadFilter } from './lead-query';

export type Db = Kysely<Database> | Transaction<Database>;

/** Rows per multi-row INSERT: 500 × 15 columns stays far below either engine's bound-parameter limit. */
export const INSERT_BATCH = 500;

export interface LeadOrder {
  sort: LeadListQuery['sort'];
  order: 'asc' | 'desc';
}

/**
 * One page in list order, id as the tiebreak. The page's ids are picked from the index alone (a deferred
 * join), so a deep page skips index entries rather than whole rows; only the chosen rows are read.
 */
export function listLeadPage(
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
 * The four stat cards for a filter; `total` is also the list's total. Filtered by nothing but status and
 * priority they come from the trigger-kept counters; otherwise one aggregate pass over the matching rows.
 */
export async function leadStats(db: Db, filter: LeadFilter): Promise<LeadStats> {
  const counters = countersFor(filter);
  if (counters) return countedStats(await counterRows(db, filter, counters));
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
  };
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
  return db
    .selectFrom('lead_status_counts')
    .select(['status', 'n'])
    .where('workspace_id', '=', filter.workspaceId)
    .$if(Boolean(status), (q) => q.where('status', '=', status!))
    .execute();
}

function countedStats(rows: { status: string; n: number }[]): LeadStats {
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

export async function insertLeads(db: Db, rows: LeadRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += INSERT_BATCH) {
    await db
      .insertInto('leads')
      .values(rows.slice(i, i + INSERT_BATCH))
      .execute();
    // SQLite runs each statement synchronously: without this a 100k-row import holds the event loop for
    // seconds. Other requests get their turn between batches (database work waits for the transaction).
    await yieldToEventLoop();
  }
}

/** Which of these lower-cased e-mails the workspace already has (the index on (workspace, email_lower)). */
export async function existingEmails(db: Db, workspaceId: string, emails: string[]): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const rows = await db
    .selectFrom('leads')
    .select('email_lower')
    .where('workspace_id', '=', workspaceId)
    .where('email_lower', 'in', emails)
    .execute();
  return new Set(rows.map((r) => r.email_lower));
}

/**
 * Takes the workspace's counter rows (creating any missing): its five status rows, then its fifteen
 * priority-and-status rows, each in key order, the order the count triggers take them in. A long
 * multi-statement write such as an import then serialises with any other in the workspace instead of
 * deadlocking with it on PostgreSQL, where the triggers lock these rows in whatever order its statements
 * touch them.
 */
export async function lockLeadCounters(trx: Transaction<Database>, workspaceId: string): Promise<void> {
  await trx
    .insertInto('lead_status_counts')
    .values([...LEAD_STATUSES].sort().map((status) => ({ workspace_id: workspaceId, status, n: 0 })))
    .onConflict((oc) =>
      oc.columns(['workspace_id', 'status']).doUpdateSet({ n: (eb) => eb.ref('lead_status_counts.n') }),
    )
    .execute();
  const priorityRows = [...LEAD_PRIORITIES]
    .sort()
    .flatMap((priority) =>
      [...LEAD_STATUSES].sort().map((status) => ({ workspace_id: workspaceId, priority, status, n: 0 })),
    );
  await trx
    .insertInto('lead_priority_counts')
    .values(priorityRows)
    .onConflict((oc) =>
      oc
        .columns(['workspace_id', 'priority', 'status'])
        .doUpdateSet({ n: (eb) => eb.ref('lead_priority_counts.n') }),
    )
    .execute();
}
