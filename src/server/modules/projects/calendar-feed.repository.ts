import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/types';

type Db = Kysely<Database> | Transaction<Database>;

export function feedOf(db: Db, userId: string) {
  return db.selectFrom('calendar_feeds').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export function feedByHash(db: Db, tokenHash: string) {
  return db.selectFrom('calendar_feeds').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

/** Makes the member's feed, or replaces its secret (the old URL stops working). */
export async function saveFeed(
  db: Db,
  row: { user_id: string; workspace_id: string; token_hash: string; created_at: string },
) {
  await db
    .insertInto('calendar_feeds')
    .values({ ...row, last_read_at: null })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({
        workspace_id: row.workspace_id,
        token_hash: row.token_hash,
        created_at: row.created_at,
        last_read_at: null,
      }),
    )
    .execute();
}

export async function deleteFeed(db: Db, userId: string): Promise<boolean> {
  const result = await db.deleteFrom('calendar_feeds').where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function markRead(db: Db, userId: string, at: string): Promise<void> {
  await db.updateTable('calendar_feeds').set({ last_read_at: at }).where('user_id', '=', userId).execute();
}

/** The member's assigned tasks with a due date from `since`, with their project, soonest first. */
export function dueTasksOf(db: Db, userId: string, workspaceId: string, since: string, limit: number) {
  return db
    .selectFrom('tasks')
    .innerJoin('task_assignees', 'task_assignees.task_id', 'tasks.id')
    .innerJoin('projects', 'projects.id', 'tasks.project_id')
    .select([
      'tasks.id',
      'tasks.number',
      'tasks.title',
      'tasks.status',
      'tasks.due_date',
      'tasks.updated_at',
      'projects.id as project_id',
      'projects.code as project_code',
      'projects.name as project_name',
    ])
    .where('task_assignees.user_id', '=', userId)
    .where('tasks.workspace_id', '=', workspaceId)
    .where('tasks.due_date', '>=', since)
    .orderBy('tasks.due_date')
    .limit(limit)
    .execute();
}
