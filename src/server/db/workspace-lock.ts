import type { Transaction } from 'kysely';
import type { Database } from './types';

/**
 * Takes the workspace's row until the transaction ends (a no-op update, portable where SELECT … FOR UPDATE
 * is not), so two writes that count something of the workspace against a cap (its webhooks, its saved
 * views) count one after the other and the cap holds. The key is not changed, so PostgreSQL takes the lock
 * that leaves foreign-key checks on the row free: inserts elsewhere in the workspace do not wait for it.
 */
export async function lockWorkspace(trx: Transaction<Database>, workspaceId: string): Promise<void> {
  await trx
    .updateTable('workspaces')
    .set((eb) => ({ id: eb.ref('id') }))
    .where('id', '=', workspaceId)
    .execute();
}
