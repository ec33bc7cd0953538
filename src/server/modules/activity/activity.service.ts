import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/types';
import { nowIso } from '../../db/rows';

/** Records what happened in a workspace, for the overview's recent-activity list. */
export async function recordActivity(
  db: Kysely<Database> | Transaction<Database>,
  entry: { workspaceId: string; userId: string | null; action: string },
): Promise<void> {
  await db
    .insertInto('activity')
    .values({
      id: randomUUID(),
      workspace_id: entry.workspaceId,
      user_id: entry.userId,
      action: entry.action,
      created_at: nowIso(),
    })
    .execute();
}
