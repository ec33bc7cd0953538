import type { Kysely, Transaction } from 'kysely';
import { OPEN_PROJECT_STATUSES } from '../../../shared/projects';
import type { Database } from '../../db/types';

type Db = Kysely<Database> | Transaction<Database>;

/** Whose portal asks: every query here is scoped by the workspace AND the client. */
export interface PortalScope {
  workspaceId: string;
  clientId: string;
}

/** The statuses a client sees a project in: all but cancelled. */
const LISTED_STATUSES = [...OPEN_PROJECT_STATUSES, 'delivered' as const];

/**
 * The columns the portal may read of a project: never its rates, money budget, amounts or notes, so no
 * later change of an answer can leak what was never read.
 */
const PROJECT_COLUMNS = [
  'projects.id',
  'projects.code',
  'projects.name',
  'projects.status',
  'projects.start_date',
  'projects.due_date',
  'projects.delivered_on',
  'projects.portal_visibility',
  'projects.budget_minutes',
  'projects.approved_minutes',
  'projects.unapproved_minutes',
  'projects.manager_id',
  'projects.created_at',
] as const;

export function clientProjects(db: Db, scope: PortalScope) {
  return db
    .selectFrom('projects')
    .select(PROJECT_COLUMNS)
    .where('projects.workspace_id', '=', scope.workspaceId)
    .where('projects.client_id', '=', scope.clientId)
    .where('projects.status', 'in', LISTED_STATUSES)
    .orderBy('projects.created_at', 'desc')
    .orderBy('projects.id', 'desc')
    .limit(200)
    .execute();
}

export function clientProject(db: Db, scope: PortalScope, id: string) {
  return db
    .selectFrom('projects')
    .select(PROJECT_COLUMNS)
    .where('projects.workspace_id', '=', scope.workspaceId)
    .where('projects.client_id', '=', scope.clientId)
    .where('projects.status', 'in', LISTED_STATUSES)
    .where('projects.id', '=', id)
    .executeTakeFirst();
}
export type PortalProjectRow = NonNullable<Awaited<ReturnType<typeof clientProject>>>;

/** Tasks and done tasks per project. */
export async function taskCounts(db: Db, projectIds: string[]) {
  if (projectIds.length === 0) return new Map<string, { total: number; done: number }>();
  const rows = await db
    .selectFrom('tasks')
    .select((eb) => [
      'project_id',
      eb.fn.countAll<string | number>().as('total'),
      eb.fn.sum<string | number>(eb.case().when('status', '=', 'done').then(1).else(0).end()).as('done'),
    ])
    .where('project_id', 'in', projectIds)
    .groupBy('project_id')
    .execute();
  return new Map(rows.map((r) => [r.project_id, { total: Number(r.total), done: Number(r.done ?? 0) }]));
}

const TASK_COLUMNS = ['id', 'number', 'title', 'status', 'due_date', 'milestone'] as const;

export function projectTasks(db: Db, projectId: string, limit: number) {
  return db
    .selectFrom('tasks')
    .select(TASK_COLUMNS)
    .where('project_id', '=', projectId)
    .orderBy('number')
    .limit(limit)
    .execute();
}

export function projectMilestones(db: Db, projectId: string, limit: number) {
  return db
    .selectFrom('tasks')
    .select(TASK_COLUMNS)
    .where('project_id', '=', projectId)
    .where('milestone', '=', 1)
    .orderBy('due_date')
    .orderBy('number')
    .limit(limit)
    .execute();
}

/** The assignees' names (never an address) of these tasks. */
export function assigneeNames(db: Db, taskIds: string[]) {
  if (taskIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('task_assignees')
    .innerJoin('users', 'users.id', 'task_assignees.user_id')
    .select(['task_assignees.task_id', 'users.name', 'users.username'])
    .where('task_assignees.task_id', 'in', taskIds)
    .orderBy('users.name')
    .execute();
}

/** The team's and the manager's names and roles (their job titles); never an address or a rate. */
export function peopleOf(db: Db, projectId: string, managerId: string | null) {
  return db
    .selectFrom('users')
    .select(['users.id', 'users.name', 'users.username', 'users.role'])
    .where((eb) =>
      eb.or([
        eb(
          'users.id',
          'in',
          eb.selectFrom('project_members').select('user_id').where('project_id', '=', projectId),
        ),
        ...(managerId ? [eb('users.id', '=', managerId)] : []),
      ]),
    )
    .orderBy('users.name')
    .execute();
}

/** The project timeline's entries of these kinds, newest first. */
export function projectEventsOfKinds(db: Db, projectId: string, kinds: readonly string[], limit: number) {
  return db
    .selectFrom('project_events')
    .select(['id', 'kind', 'data', 'at'])
    .where('project_id', '=', projectId)
    .where('kind', 'in', [...kinds])
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** A task of one of the client's listed projects, with what its project shares. */
export function clientTask(db: Db, scope: PortalScope, taskId: string) {
  return db
    .selectFrom('tasks')
    .innerJoin('projects', 'projects.id', 'tasks.project_id')
    .select([
      'tasks.id',
      'tasks.number',
      'tasks.title',
      'tasks.description',
      'tasks.status',
      'tasks.due_date',
      'tasks.milestone',
      'projects.id as project_id',
      'projects.code as project_code',
      'projects.name as project_name',
      'projects.portal_visibility',
    ])
    .where('tasks.workspace_id', '=', scope.workspaceId)
    .where('projects.workspace_id', '=', scope.workspaceId)
    .where('projects.client_id', '=', scope.clientId)
    .where('projects.status', 'in', LISTED_STATUSES)
    .where('tasks.id', '=', taskId)
    .executeTakeFirst();
}

/** The task's client-visible comments, oldest first; internal ones are never read. */
export function clientComments(db: Db, taskId: string) {
  return db
    .selectFrom('task_comments')
    .select(['id', 'author_name', 'author_kind', 'body', 'created_at'])
    .where('task_id', '=', taskId)
    .where('visibility', '=', 'client')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** The task's client-visible files (without their bytes); internal ones are never read. */
export function clientAttachments(db: Db, taskId: string) {
  return db
    .selectFrom('task_attachments')
    .select(['id', 'name', 'content_type', 'size', 'uploaded_by_name', 'created_at'])
    .where('task_id', '=', taskId)
    .where('visibility', '=', 'client')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** A client-visible file of a task of the client's listed projects, with its bytes and what it shares. */
export function clientAttachmentBytes(db: Db, scope: PortalScope, id: string) {
  return db
    .selectFrom('task_attachments')
    .innerJoin('tasks', 'tasks.id', 'task_attachments.task_id')
    .innerJoin('projects', 'projects.id', 'tasks.project_id')
    .select([
      'task_attachments.name',
      'task_attachments.content_type',
      'task_attachments.data',
      'projects.portal_visibility',
    ])
    .where('task_attachments.workspace_id', '=', scope.workspaceId)
    .where('projects.workspace_id', '=', scope.workspaceId)
    .where('projects.client_id', '=', scope.clientId)
    .where('projects.status', 'in', LISTED_STATUSES)
    .where('task_attachments.visibility', '=', 'client')
    .where('task_attachments.id', '=', id)
    .executeTakeFirst();
}
