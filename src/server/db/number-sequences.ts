import type { Transaction } from 'kysely';
import type { Database } from './types';

/**
 * The next number of a workspace's sequence (its projects, later an invoice series), taken inside the
 * transaction that uses it (docs/decisions/0021-numbering-and-time.md). The row is made on first use; raising
 * it takes PostgreSQL's row lock until commit (SQLite writes one transaction at a time), so concurrent
 * takers queue and each gets the next number, and a transaction that rolls back hands its number back:
 * no repeat, no gap.
 */
export async function takeNextNumber(
  trx: Transaction<Database>,
  workspaceId: string,
  name: string,
): Promise<number> {
  await trx
    .insertInto('number_sequences')
    .values({ workspace_id: workspaceId, name, last_value: 0 })
    .onConflict((oc) => oc.columns(['workspace_id', 'name']).doNothing())
    .execute();
  const row = await trx
    .updateTable('number_sequences')
    .set((eb) => ({ last_value: eb('last_value', '+', 1) }))
    .where('workspace_id', '=', workspaceId)
    .where('name', '=', name)
    .returning('last_value')
    .executeTakeFirstOrThrow();
  return Number(row.last_value);
}

/** Forgets a sequence whose numbered things are gone with their owner (a deleted project's tasks). */
export async function dropSequence(
  trx: Transaction<Database>,
  workspaceId: string,
  name: string,
): Promise<void> {
  await trx
    .deleteFrom('number_sequences')
    .where('workspace_id', '=', workspaceId)
    .where('name', '=', name)
    .execute();
}
