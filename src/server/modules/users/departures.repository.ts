import type { Transaction } from 'kysely';
import type { Database } from '../../db/types';

type Trx = Transaction<Database>;

/** Gives every lead of `workspaceId` that `fromId` owns to `toId` (null: nobody); answers how many. */
export async function handOverLeads(
  trx: Trx,
  workspaceId: string,
  fromId: string,
  toId: string | null,
): Promise<number> {
  const result = await trx
    .updateTable('leads')
    .set({ owner_id: toId })
    .where('workspace_id', '=', workspaceId)
    .where('owner_id', '=', fromId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Drops what still waits for `userId` about `workspaceId`: every kind, or only the `kinds` named. */
export async function dropPendingNotifications(
  trx: Trx,
  userId: string,
  workspaceId: string,
  kinds?: readonly string[],
): Promise<void> {
  let query = trx
    .deleteFrom('user_notifications')
    .where('user_id', '=', userId)
    .where('workspace_id', '=', workspaceId)
    .where('delivered_at', 'is', null);
  if (kinds) query = query.where('kind', 'in', kinds);
  await query.execute();
}
