import { sql, type Kysely, type Transaction, type Updateable } from 'kysely';
import { engineOf } from '../../db/engine';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { LEAD_PRIORITIES, LEAD_STATUSES } from '../../../shared/schemas/leads';
import type { Database, LeadRow, LeadsTable } from '../../db/types';

type Db = Kysely<Database> | Transaction<Database>;

/* The leads' writes; the reads are leads.repository.ts, and the look-ups that keep an import or 'Add to
   leads' from adding someone twice are lead-duplicates.repository.ts. */

/** Rows per INSERT: on SQLite, 500 rows of 29 columns are 14,500 parameters, below its limit of 32,766. */
export const INSERT_BATCH = 500;

export async function insertLead(trx: Transaction<Database>, row: LeadRow): Promise<void> {
  await trx.insertInto('leads').values(row).execute();
}

export async function insertLeads(db: Db, rows: LeadRow[]): Promise<void> {
  await insertLeadBatches(db, rows.length, (from, to) => rows.slice(from, to));
}

/**
 * Inserts `count` rows, INSERT_BATCH a statement, asking `batch` for each slice as it goes (100k rows
 * built at once would be a stall of their own). The next statement is built while the database writes
 * the one before: PostgreSQL works in its own process meanwhile.
 */
export async function insertLeadBatches(
  db: Db,
  count: number,
  batch: (from: number, to: number) => LeadRow[],
): Promise<void> {
  const postgres = engineOf(db) === 'postgres';
  let writing: Promise<unknown> = Promise.resolve();
  for (let from = 0; from < count; from += INSERT_BATCH) {
    const rows = batch(from, Math.min(count, from + INSERT_BATCH));
    const query = postgres ? unnestInsert(rows).compile(db) : db.insertInto('leads').values(rows).compile();
    // The statement in flight is awaited before anything else may run, so its refusal always has a handler.
    await writing;
    // SQLite runs each statement synchronously: without this a 100k-row import holds the event loop for
    // seconds. Other requests get their turn between batches (database work waits for the transaction).
    await yieldToEventLoop();
    writing = db.executeQuery(query);
  }
  await writing;
}

/** PostgreSQL's column types where they are not text. */
const POSTGRES_TYPES: Partial<Record<keyof LeadRow, string>> = { value: 'float8', import_bytes: 'int4' };

/**
 * One array a column (`unnest`) instead of a parameter a value: 500 rows are 29 parameters instead of
 * 14,500, which PostgreSQL parses and binds in a fraction of the time, and so does the driver (a 100k-row
 * import: 9.0 s → 7.6 s with the overlap above; docs/product/leads.md#import).
 */
function unnestInsert(rows: LeadRow[]) {
  const columns = Object.keys(rows[0]!) as (keyof LeadRow)[];
  const arrays = columns.map(
    (column) =>
      sql`${sql.val(rows.map((row) => row[column]))}::${sql.raw(POSTGRES_TYPES[column] ?? 'text')}[]`,
  );
  return sql`insert into leads (${sql.join(columns.map((column) => sql.ref(column)))}) select * from unnest(${sql.join(arrays)})`;
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

/**
 * Locks the workspace's lead before reading it (a no-op update, portable where SELECT ... FOR UPDATE is
 * not). Answers whether there is such a lead.
 */
export async function lockLead(
  trx: Transaction<Database>,
  workspaceId: string,
  id: string,
): Promise<boolean> {
  const locked = await trx
    .updateTable('leads')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(locked.numUpdatedRows) > 0;
}

export async function updateLead(
  trx: Transaction<Database>,
  id: string,
  values: Updateable<LeadsTable>,
): Promise<void> {
  await trx.updateTable('leads').set(values).where('id', '=', id).execute();
}

/** Deletes the workspace's lead; answers its name, or undefined when there was none. */
export async function deleteLead(
  trx: Transaction<Database>,
  workspaceId: string,
  id: string,
): Promise<string | undefined> {
  const deleted = await trx
    .deleteFrom('leads')
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', id)
    .returning('name')
    .executeTakeFirst();
  return deleted?.name;
}

/** Gives the workspace's leads that have no owner to this member. */
export async function setOwnerOfUnowned(
  trx: Transaction<Database>,
  workspaceId: string,
  ownerId: string,
): Promise<void> {
  await trx
    .updateTable('leads')
    .set({ owner_id: ownerId })
    .where('workspace_id', '=', workspaceId)
    .where('owner_id', 'is', null)
    .execute();
}
