import { sql, type Insertable, type Kysely, type Transaction, type Updateable } from 'kysely';
import type { TaskListQuery, TaskStatus } from '../../../shared/schemas/tasks';
import { engineOf } from '../../db/engine';
import { containsInsensitive } from '../../db/search';
import type { Database, TaskCommentsTable, TaskEventsTable, TaskRow, TasksTable } from '../../db/types';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * A task of the workspace; `forWrite` in a write's transaction locks it on PostgreSQL (SQLite runs one write
 * at a time), so two moves to Done take turns and the second sees the first's: one webhook, one next task.
 */
export function findTask(
  db: Db,
  workspaceId: string,
  id: string,
  forWrite = false,
): Promise<TaskRow | undefined> {
  return db
    .selectFrom('tasks')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', id)
    .$if(forWrite && engineOf(db) === 'postgres', (qb) => qb.forUpdate())
    .executeTakeFirst();
}

/** A page of the project's tasks by board column and position, and how many match. */
export async function listTasks(
  db: Db,
  projectId: string,
  query: TaskListQuery,
  assigneeId: string | undefined,
) {
  let rows = db.selectFrom('tasks').where('project_id', '=', projectId);
  if (query.search) rows = rows.where(containsInsensitive('title', query.search));
  if (query.status) rows = rows.where('status', '=', query.status);
  if (assigneeId)
    rows = rows.where('id', 'in', (eb) =>
      eb.selectFrom('task_assignees').select('task_id').where('user_id', '=', assigneeId),
    );
  const [page, count] = await Promise.all([
    rows
      .selectAll()
      .orderBy('status')
      .orderBy('position')
      .orderBy('number')
      .limit(query.limit)
      .offset((query.page - 1) * query.limit)
      .execute(),
    rows.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: page, total: Number(count.n) };
}

export async function insertTask(db: Db, row: Insertable<TasksTable>): Promise<void> {
  await db.insertInto('tasks').values(row).execute();
}

export async function updateTask(db: Db, id: string, values: Updateable<TasksTable>): Promise<void> {
  await db.updateTable('tasks').set(values).where('id', '=', id).execute();
}

export async function deleteTask(db: Db, id: string): Promise<void> {
  await db.deleteFrom('tasks').where('id', '=', id).execute();
}

/** The ids of a board column, top to bottom. */
export async function columnIds(db: Db, projectId: string, status: TaskStatus): Promise<string[]> {
  const rows = await db
    .selectFrom('tasks')
    .select('id')
    .where('project_id', '=', projectId)
    .where('status', '=', status)
    .orderBy('position')
    .orderBy('number')
    .execute();
  return rows.map((row) => row.id);
}

/** The position after the column's last. */
export async function nextPosition(db: Db, projectId: string, status: TaskStatus): Promise<number> {
  const row = await db
    .selectFrom('tasks')
    .select((eb) => eb.fn.max('position').as('last'))
    .where('project_id', '=', projectId)
    .where('status', '=', status)
    .executeTakeFirst();
  return row?.last === null || row?.last === undefined ? 0 : Number(row.last) + 1;
}

/** Gives each task of a column its index as its position, where it changed. */
export async function setPositions(db: Db, ids: string[], from: Map<string, number>): Promise<void> {
  for (const [index, id] of ids.entries())
    if (from.get(id) !== index)
      await db.updateTable('tasks').set({ position: index }).where('id', '=', id).execute();
}

export function positionsOf(db: Db, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('tasks').select(['id', 'position']).where('id', 'in', ids).execute();
}

/** Which of these ids are tasks of the project, with their parents. */
export function tasksInProject(db: Db, projectId: string, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('tasks')
    .select(['id', 'parent_id'])
    .where('project_id', '=', projectId)
    .where('id', 'in', ids)
    .execute();
}

export async function hasSubtasks(db: Db, taskId: string): Promise<boolean> {
  return (
    (await db.selectFrom('tasks').select('id').where('parent_id', '=', taskId).executeTakeFirst()) !==
    undefined
  );
}

export function assigneesOf(db: Db, taskIds: string[]) {
  if (taskIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('task_assignees')
    .innerJoin('users', 'users.id', 'task_assignees.user_id')
    .select(['task_assignees.task_id', 'users.id', 'users.username'])
    .where('task_assignees.task_id', 'in', taskIds)
    .orderBy('users.username')
    .execute();
}

export async function replaceAssignees(db: Db, taskId: string, workspaceId: string, userIds: string[]) {
  await db.deleteFrom('task_assignees').where('task_id', '=', taskId).execute();
  if (userIds.length > 0)
    await db
      .insertInto('task_assignees')
      .values(userIds.map((user_id) => ({ task_id: taskId, user_id, workspace_id: workspaceId })))
      .execute();
}

export function blockersOf(db: Db, taskIds: string[]) {
  if (taskIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('task_blockers')
    .innerJoin('tasks', 'tasks.id', 'task_blockers.blocker_id')
    .select(['task_blockers.task_id', 'tasks.id', 'tasks.number', 'tasks.title', 'tasks.status'])
    .where('task_blockers.task_id', 'in', taskIds)
    .orderBy('tasks.number')
    .execute();
}

export async function replaceBlockers(db: Db, taskId: string, workspaceId: string, blockerIds: string[]) {
  await db.deleteFrom('task_blockers').where('task_id', '=', taskId).execute();
  if (blockerIds.length > 0)
    await db
      .insertInto('task_blockers')
      .values(blockerIds.map((blocker_id) => ({ task_id: taskId, blocker_id, workspace_id: workspaceId })))
      .execute();
}

/** Open tasks assigned to the user across the workspace's projects, soonest due first. */
export function openTasksOf(db: Db, workspaceId: string, userId: string, limit: number) {
  return db
    .selectFrom('tasks')
    .innerJoin('task_assignees', 'task_assignees.task_id', 'tasks.id')
    .innerJoin('projects', 'projects.id', 'tasks.project_id')
    .selectAll('tasks')
    .select(['projects.code as project_code', 'projects.name as project_name'])
    .where('task_assignees.user_id', '=', userId)
    .where('tasks.workspace_id', '=', workspaceId)
    .where('tasks.status', '<>', 'done')
    .orderBy(sql`case when tasks.due_date is null then 1 else 0 end`)
    .orderBy('tasks.due_date')
    .orderBy('tasks.number')
    .limit(limit)
    .execute();
}

export async function insertComment(db: Db, row: Insertable<TaskCommentsTable>): Promise<void> {
  await db.insertInto('task_comments').values(row).execute();
}

export function commentsOf(db: Db, taskId: string) {
  return db
    .selectFrom('task_comments')
    .selectAll()
    .where('task_id', '=', taskId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export function findComment(db: Db, taskId: string, id: string) {
  return db
    .selectFrom('task_comments')
    .selectAll()
    .where('task_id', '=', taskId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function updateComment(
  db: Db,
  id: string,
  values: Updateable<TaskCommentsTable>,
): Promise<void> {
  await db.updateTable('task_comments').set(values).where('id', '=', id).execute();
}

export async function insertTaskEvent(db: Db, row: Insertable<TaskEventsTable>): Promise<void> {
  await db.insertInto('task_events').values(row).execute();
}

/** A task's timeline, newest first. */
export function taskEventsOf(db: Db, taskId: string, limit: number) {
  return db
    .selectFrom('task_events')
    .select(['id', 'kind', 'actor_kind', 'actor_name', 'detail', 'created_at'])
    .where('task_id', '=', taskId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export async function deleteComment(db: Db, id: string): Promise<void> {
  await db.deleteFrom('task_comments').where('id', '=', id).execute();
}
