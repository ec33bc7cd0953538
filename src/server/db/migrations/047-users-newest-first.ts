import type { Kysely } from 'kysely';

/**
 * The Admin's user list (`GET /api/users`: every workspace's users, newest first, 500 at most) read in the
 * order of an index and stopped at its limit: without it both engines sorted every user of the platform on
 * each request, only `(workspace_id, created_at)` being indexed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('users_created_idx').on('users').columns(['created_at', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('users_created_idx').execute();
}
