import type { Kysely, Transaction, Updateable } from 'kysely';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { LEAD_PRIORITIES, LEAD_STATUSES } from '../../../shared/schemas/leads';
import type { Database, LeadRow, LeadsTable } from '../../db/types';

type Db = Kysely<Database> | Transaction<Database>;

/* The leads' writes; the reads are leads.repository.ts, and the look-ups that keep an import or 'Add to
   leads' from adding someone twice are lead-duplicates.repository.ts. */

/** Rows per multi-row INSERT: 500 × 15 columns stays far below either engine's bound-parameter limit. */
export const INSERT_BATCH = 500;

export async function insertLead(trx: Transaction<Database>, row: LeadRow): Promise<void> {
  await trx.insertInto('leads').values(row).execute();
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
