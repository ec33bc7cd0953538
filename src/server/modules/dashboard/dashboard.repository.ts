import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';

/** Users of one workspace, or of every workspace when `workspaceId` is undefined. */
export async function countUsers(db: Kysely<Database>, workspaceId: string | undefined): Promise<number> {
  const users = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .$if(workspaceId !== undefined, (qb) => qb.where('workspace_id', '=', workspaceId!))
    .executeTakeFirstOrThrow();
  return Number(users.n);
}

/** The newest activity of one workspace, or of every workspace when `workspaceId` is undefined. */
export function recentActivity(db: Kysely<Database>, workspaceId: string | undefined, limit: number) {
  return (
    db
      .selectFrom('activity')
      .select(['action', 'created_at'])
      .$if(workspaceId !== undefined, (qb) => qb.where('workspace_id', '=', workspaceId!))
      .orderBy('created_at', 'desc')
      // Several actions can share a millisecond; the id keeps the order the same on every read.
      .orderBy('id', 'desc')
      .limit(limit)
      .execute()
  );
}
