import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { TASK_MESSAGES as M, PORTAL_PROJECT_MESSAGES, PROJECT_MESSAGES } from '../../../shared/messages';
import type { ContentVisibility } from '../../../shared/portal-projects';
import {
  nextDueDate,
  type TaskInput,
  type TaskListQuery,
  type TaskMoveInput,
  type TaskStatus,
  type TaskTimeline,
  type TaskView,
} from '../../../shared/schemas/tasks';
import type { Database, ProjectRow, SessionUser, TaskCommentRow, TaskRow } from '../../db/types';
import { takeNextNumber } from '../../db/number-sequences';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { pageInfo } from '../../http/page-info';
import { sanitizeContent } from '../../lib/sanitize-content';
import type { PortalNotifier } from '../../mail/portal-notice-mail';
import { enqueueWebhookEvent } from '../webhooks/webhooks.service';
import { findProject, membersOf } from './projects.repository';
import { noticeBrand, noticeClientComment, noticeTaskInReview } from './task-portal-notices';
import {
  assigneesOf,
  blockersOf,
  columnIds,
  commentsOf,
  deleteComment,
  deleteTask,
  findComment,
  findTask,
  hasSubtasks,
  insertComment,
  insertTask,
  listTasks,
  nextPosition,
  openTasksOf,
  positionsOf,
  replaceAssignees,
  replaceBlockers,
  setPositions,
  taskEventsOf,
  tasksInProject,
  updateComment,
  updateTask,
} from './tasks.repository';

type Trx = Transaction<Database>;
type Db = Kysely<Database> | Trx;
/** Who makes a task: a member, or a client's decision in the portal (no member: `id` null). */
type Actor = Pick<SessionUser, 'workspace_id'> & { id: string | null };

const TIMELINE_MAX = 200;

type CommentRow = Pick<
  TaskCommentRow,
  'id' | 'author_id' | 'author_name' | 'author_kind' | 'body' | 'visibility' | 'created_at' | 'edited_at'
>;

/** A comment as staff see it: a client's shows the contact's name and no member id. */
const commentView = (row: CommentRow) => ({
  _id: row.id,
  author: { _id: row.author_id, username: row.author_name },
  authorKind: row.author_kind,
  body: row.body,
  visibility: row.visibility,
  createdAt: row.created_at,
  editedAt: row.edited_at,
});

/** An entry of a task's timeline, as staff and the portal show it. */
export const taskEventView = (row: Awaited<ReturnType<typeof taskEventsOf>>[number]) => ({
  _id: row.id,
  kind: row.kind as TaskTimeline['events'][number]['kind'],
  actorKind: row.actor_kind,
  actorName: row.actor_name,
  detail: row.detail,
  at: row.created_at,
});

/** The sequence a project's task numbers come from (docs/decisions/0021-numbering-and-time.md). */
export const taskSequence = (projectId: string) => `task:${projectId}`;

/**
 * Tasks of a project (docs/product/projects.md#tasks): every caller already passed the Projects guard; a
 * task or project of another workspace answers 404.
 */
export function createTasksService(
  db: Kysely<Database>,
  clock: () => Date = () => new Date(),
  /** The client portal's notices (docs/product/portal.md#notifications): tasks to approve, comments. */
  portal?: PortalNotifier,
) {
  async function projectOf(trx: Db, caller: SessionUser, projectId: string): Promise<ProjectRow> {
    const project = await findProject(trx, caller.workspace_id, projectId);
    if (!project) throw notFound(PROJECT_MESSAGES.notFound);
    return project;
  }

  async function taskOf(trx: Db, caller: SessionUser, id: string, forWrite = false): Promise<TaskRow> {
    const task = await findTask(trx, caller.workspace_id, id, forWrite);
    if (!task) throw notFound(M.notFound);
    return task;
  }

  /** The assignees, each on the project's team or its manager. */
  async function checkAssignees(trx: Trx, project: ProjectRow, ids: string[]): Promise<string[]> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return [];
    const team = new Set((await membersOf(trx, [project.id])).map((m) => m.user_id));
    if (project.manager_id) team.add(project.manager_id);
    if (unique.some((id) => !team.has(id))) throw badRequest(M.assigneeInvalid);
    return unique;
  }

  /** A parent of the same project, itself not a sub-task, and never the task itself or one with sub-tasks. */
  async function checkParent(trx: Trx, project: ProjectRow, parentId: string | null, selfId: string | null) {
    if (!parentId) return null;
    if (parentId === selfId) throw badRequest(M.parentInvalid);
    const [parent] = await tasksInProject(trx, project.id, [parentId]);
    if (!parent || parent.parent_id !== null) throw badRequest(M.parentInvalid);
    if (selfId && (await hasSubtasks(trx, selfId))) throw badRequest(M.parentInvalid);
    return parentId;
  }

  async function checkBlockers(trx: Trx, project: ProjectRow, ids: string[], selfId: string | null) {
    const unique = [...new Set(ids)];
    if (unique.includes(selfId ?? '')) throw badRequest(M.blockerInvalid);
    const found = await tasksInProject(trx, project.id, unique);
    if (found.length !== unique.length) throw badRequest(M.blockerInvalid);
    return unique;
  }

  async function views(rows: TaskRow[]): Promise<TaskView[]> {
    const ids = rows.map((r) => r.id);
    const [assignees, blockers] = await Promise.all([assigneesOf(db, ids), blockersOf(db, ids)]);
    const group = <T extends { task_id: string }>(list: T[]) => {
      const byTask = new Map<string, T[]>();
      for (const item of list) byTask.set(item.task_id, [...(byTask.get(item.task_id) ?? []), item]);
      return byTask;
    };
    const assigned = group(assignees);
    const blocking = group(blockers);
    return rows.map((row) => ({
      _id: row.id,
      projectId: row.project_id,
      number: row.number,
      title: row.title,
      description: row.description,
      status: row.status,
      blocked: row.blocked === 1,
      priority: row.priority,
      dueDate: row.due_date,
      estimateMinutes: row.estimate_minutes,
      loggedMinutes: Number(row.logged_minutes),
      assignees: (assigned.get(row.id) ?? []).map((a) => ({ _id: a.id, username: a.username })),
      parentId: row.parent_id,
      blockedBy: (blocking.get(row.id) ?? []).map((b) => ({
        _id: b.id,
        number: b.number,
        title: b.title,
        status: b.status,
      })),
      recurrence: row.recurrence,
      milestone: row.milestone === 1,
      position: row.position,
      completedAt: row.completed_at,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    }));
  }

  async function one(caller: SessionUser, id: string): Promise<TaskView> {
    return (await views([await taskOf(db, caller, id)]))[0]!;
  }

  /** A task's new row in the project, numbered next and placed last in its column. */
  async function insertNew(
    trx: Trx,
    caller: Actor,
    project: ProjectRow,
    values: Omit<TaskRow, 'id' | 'workspace_id' | 'project_id' | 'number' | 'position' | 'logged_minutes'>,
    assigneeIds: string[],
  ): Promise<TaskRow> {
    const row = {
      id: randomUUID(),
      workspace_id: caller.workspace_id,
      project_id: project.id,
      number: await takeNextNumber(trx, caller.workspace_id, taskSequence(project.id)),
      position: await nextPosition(trx, project.id, values.status),
      ...values,
    };
    await insertTask(trx, row);
    await replaceAssignees(trx, row.id, caller.workspace_id, assigneeIds);
    return { ...row, logged_minutes: 0 };
  }

  /**
   * What a task's arrival in Done sets off: the `task.completed` webhook and, for a recurring task not yet
   * followed, its next one (due a week or a month later, with the same assignees), once.
   */
  async function completed(trx: Trx, caller: Actor, project: ProjectRow, task: TaskRow, at: string) {
    const assignees = await assigneesOf(trx, [task.id]);
    await enqueueWebhookEvent(
      trx,
      caller.workspace_id,
      'task.completed',
      {
        task: {
          id: task.id,
          number: task.number,
          title: task.title,
          dueDate: task.due_date,
          completedAt: at,
        },
        project: { id: project.id, code: project.code, name: project.name },
        assignees: assignees.map((a) => a.username),
      },
      clock(),
    );
    if (task.recurrence === 'none' || task.next_task_id || !task.due_date) return;
    const next = await insertNew(
      trx,
      caller,
      project,
      {
        title: task.title,
        description: task.description,
        status: 'todo',
        blocked: 0,
        priority: task.priority,
        due_date: nextDueDate(task.due_date, task.recurrence),
        estimate_minutes: task.estimate_minutes,
        parent_id: task.parent_id,
        recurrence: task.recurrence,
        milestone: task.milestone,
        next_task_id: null,
        completed_at: null,
        created_by: caller.id ?? task.created_by,
        created_at: at,
        updated_at: at,
      },
      assignees.map((a) => a.id),
    );
    await updateTask(trx, task.id, { next_task_id: next.id });
  }

  /** Sets the status and its completion time; answers whether the task has just been done. */
  const statusChange = (current: TaskRow, status: TaskStatus, at: string) => ({
    status,
    completed_at: status === 'done' ? (current.status === 'done' ? current.completed_at : at) : null,
  });

  return {
    async list(caller: SessionUser, projectId: string, query: TaskListQuery) {
      const project = await projectOf(db, caller, projectId);
      const assignee = query.assignee === 'me' ? caller.id : query.assignee || undefined;
      const { rows, total } = await listTasks(db, project.id, query, assignee);
      return { tasks: await views(rows), pagination: pageInfo(query.page, query.limit, total) };
    },

    /** GET /api/tasks/mine: "My tasks", open ones across the workspace's projects. */
    async mine(caller: SessionUser) {
      const rows = await openTasksOf(db, caller.workspace_id, caller.id, 200);
      const shown = await views(rows);
      return {
        tasks: shown.map((task, i) => ({
          ...task,
          project: { _id: rows[i]!.project_id, code: rows[i]!.project_code, name: rows[i]!.project_name },
        })),
      };
    },

    get: one,

    async create(caller: SessionUser, projectId: string, input: TaskInput): Promise<TaskView> {
      const at = clock().toISOString();
      const id = await db.transaction().execute(async (trx) => {
        const project = await projectOf(trx, caller, projectId);
        const assignees = await checkAssignees(trx, project, input.assigneeIds);
        const row = await insertNew(
          trx,
          caller,
          project,
          {
            title: input.title,
            description: sanitizeContent(input.description),
            status: input.status,
            blocked: input.blocked ? 1 : 0,
            priority: input.priority,
            due_date: input.dueDate,
            estimate_minutes: input.estimateMinutes,
            parent_id: await checkParent(trx, project, input.parentId, null),
            recurrence: input.recurrence,
            milestone: input.milestone ? 1 : 0,
            next_task_id: null,
            completed_at: input.status === 'done' ? at : null,
            created_by: caller.id,
            created_at: at,
            updated_at: at,
          },
          assignees,
        );
        await replaceBlockers(
          trx,
          row.id,
          caller.workspace_id,
          await checkBlockers(trx, project, input.blockedByIds, null),
        );
        if (input.status === 'done') await completed(trx, caller, project, row, at);
        return row.id;
      });
      return one(caller, id);
    },

    /** The whole task; a new status puts it last in that column. */
    async update(caller: SessionUser, id: string, input: TaskInput): Promise<TaskView> {
      const at = clock().toISOString();
      const siteName = await noticeBrand(portal, input.status === 'in_review');
      await db.transaction().execute(async (trx) => {
        const current = await taskOf(trx, caller, id, true);
        const project = await projectOf(trx, caller, current.project_id);
        const moved = input.status !== current.status;
        const values = {
          title: input.title,
          description: sanitizeContent(input.description),
          ...statusChange(current, input.status, at),
          blocked: input.blocked ? 1 : 0,
          priority: input.priority,
          due_date: input.dueDate,
          estimate_minutes: input.estimateMinutes,
          parent_id: await checkParent(trx, project, input.parentId, id),
          recurrence: input.recurrence,
          milestone: input.milestone ? 1 : 0,
          ...(moved ? { position: await nextPosition(trx, project.id, input.status) } : {}),
          updated_at: at,
        };
        await updateTask(trx, id, values);
        await replaceAssignees(
          trx,
          id,
          caller.workspace_id,
          await checkAssignees(trx, project, input.assigneeIds),
        );
        await replaceBlockers(
          trx,
          id,
          caller.workspace_id,
          await checkBlockers(trx, project, input.blockedByIds, id),
        );
        if (moved && input.status === 'done')
          await completed(trx, caller, project, { ...current, ...values }, at);
        if (moved && input.status === 'in_review')
          await noticeTaskInReview(trx, portal, siteName, project, { id, title: input.title });
      });
      if (siteName !== null) portal?.sendSoon();
      return one(caller, id);
    },

    /** POST /api/tasks/:id/move: the board's drag or keyboard move, to a column at an index. */
    async move(caller: SessionUser, id: string, input: TaskMoveInput): Promise<TaskView> {
      const at = clock().toISOString();
      const siteName = await noticeBrand(portal, input.status === 'in_review');
      await db.transaction().execute(async (trx) => {
        const current = await taskOf(trx, caller, id, true);
        const project = await projectOf(trx, caller, current.project_id);
        const moved = input.status !== current.status;
        const column = (await columnIds(trx, project.id, input.status)).filter((taskId) => taskId !== id);
        column.splice(Math.min(input.index, column.length), 0, id);
        const before = new Map((await positionsOf(trx, column)).map((r) => [r.id, Number(r.position)]));
        if (moved) {
          await updateTask(trx, id, { ...statusChange(current, input.status, at), updated_at: at });
          before.delete(id);
        }
        await setPositions(trx, column, before);
        if (moved && input.status === 'done')
          await completed(trx, caller, project, { ...current, ...statusChange(current, 'done', at) }, at);
        if (moved && input.status === 'in_review')
          await noticeTaskInReview(trx, portal, siteName, project, current);
      });
      if (siteName !== null) portal?.sendSoon();
      return one(caller, id);
    },

    async remove(caller: SessionUser, id: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await taskOf(trx, caller, id);
        await deleteTask(trx, id);
      });
    },

    async comments(caller: SessionUser, taskId: string) {
      await taskOf(db, caller, taskId);
      return (await commentsOf(db, taskId)).map(commentView);
    },

    /** A comment; one the client may read tells the client's portal contacts (never an internal one). */
    async comment(caller: SessionUser, taskId: string, body: string, visibility: ContentVisibility) {
      const task = await taskOf(db, caller, taskId);
      const siteName = await noticeBrand(portal, visibility === 'client');
      const row = {
        id: randomUUID(),
        task_id: taskId,
        workspace_id: caller.workspace_id,
        author_id: caller.id,
        author_name: caller.username,
        body,
        visibility,
        author_kind: 'staff' as const,
        portal_access_id: null,
        created_at: clock().toISOString(),
        edited_at: null,
      };
      await db.transaction().execute(async (trx) => {
        await insertComment(trx, row);
        if (siteName !== null)
          await noticeClientComment(trx, portal, siteName, {
            project: await projectOf(trx, caller, task.project_id),
            task,
            author: caller.username,
            visibility,
          });
      });
      if (siteName !== null) portal?.sendSoon();
      return commentView(row);
    },

    /** A comment is edited (its text and who sees it) or deleted by its author only. */
    async editComment(
      caller: SessionUser,
      taskId: string,
      commentId: string,
      edit: { body: string; visibility?: ContentVisibility | undefined } | null,
    ) {
      const task = await taskOf(db, caller, taskId);
      const comment = await findComment(db, taskId, commentId);
      if (!comment) throw notFound(M.commentNotFound);
      if (comment.author_id !== caller.id) throw forbidden(M.commentNotYours);
      if (edit === null) return deleteComment(db, commentId);
      // An internal comment shown to the client now is news to the client, as a new one would be.
      const shownNow = edit.visibility === 'client' && comment.visibility !== 'client';
      const siteName = await noticeBrand(portal, shownNow);
      const updated = await db.transaction().execute(async (trx) => {
        const saved = await updateComment(trx, commentId, {
          body: edit.body,
          visibility: edit.visibility ?? comment.visibility,
          edited_at: clock().toISOString(),
        });
        if (siteName !== null)
          await noticeClientComment(trx, portal, siteName, {
            project: await projectOf(trx, caller, task.project_id),
            task,
            author: caller.username,
            visibility: 'client',
          });
        return saved;
      });
      if (siteName !== null) portal?.sendSoon();
      return updated;
    },

    /** GET /api/tasks/:id/timeline: what the client did on the task, newest first. */
    async timeline(caller: SessionUser, taskId: string): Promise<TaskTimeline> {
      await taskOf(db, caller, taskId);
      return { events: (await taskEventsOf(db, taskId, TIMELINE_MAX)).map(taskEventView) };
    },

    /**
     * A client's decision on a task in review (docs/product/portal.md#working-together): Done, with what Done
     * sets off (completion time, the `task.completed` webhook, a recurring task's next one), or back to In
     * progress, last in its column. `visible` decides first whether the client may see the task at all (404
     * when not); a task not in review is 409. `record` writes the decision's comment and timeline entry in the
     * same transaction, so the move and its record land together or not at all.
     */
    async settleReview(
      workspaceId: string,
      taskId: string,
      to: 'done' | 'in_progress',
      visible: (project: ProjectRow) => boolean,
      record: (trx: Trx, task: TaskRow) => Promise<void>,
    ): Promise<void> {
      const at = clock().toISOString();
      await db.transaction().execute(async (trx) => {
        const current = await findTask(trx, workspaceId, taskId, true);
        const project = current && (await findProject(trx, workspaceId, current.project_id));
        if (!current || !project || !visible(project)) throw notFound(M.notFound);
        if (current.status !== 'in_review') throw conflict(PORTAL_PROJECT_MESSAGES.notInReview);
        const values = {
          ...statusChange(current, to, at),
          position: await nextPosition(trx, project.id, to),
          updated_at: at,
        };
        await updateTask(trx, taskId, values);
        if (to === 'done')
          await completed(
            trx,
            { workspace_id: workspaceId, id: null },
            project,
            { ...current, ...values },
            at,
          );
        await record(trx, current);
      });
    },
  };
}
export type TasksService = ReturnType<typeof createTasksService>;
