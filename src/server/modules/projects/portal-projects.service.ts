import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { PORTAL_PROJECT_MESSAGES as M } from '../../../shared/messages';
import {
  CLIENT_SAFE_PROJECT_EVENTS,
  PORTAL_PROJECT_LIMITS,
  parsePortalParts,
  type PortalProjectPart,
  type TaskEventKind,
} from '../../../shared/portal-projects';
import { budgetPercent, PROJECT_STATUSES, type ProjectStatus } from '../../../shared/projects';
import type {
  PortalProject,
  PortalProjectSummary,
  PortalTask,
  PortalTaskItem,
} from '../../../shared/schemas/portal-projects';
import type { PortalIdentity } from '../../auth/portal-guard';
import { parseJson } from '../../db/rows';
import type { Database } from '../../db/types';
import { forbidden, notFound } from '../../http/errors';
import type { SpooledUpload } from '../../http/spooled-upload';
import type { Limiter } from '../../limits/limiter';
import type { LimitStore } from '../../limits/limit-store';
import { tooMany } from '../../limits/per-address';
import { cleanFileName } from '../../lib/file-name';
import type { TaskAttachments } from './task-attachments';
import { taskEventView, type TasksService } from './tasks.service';
import { findTask, insertComment, insertTaskEvent, taskEventsOf } from './tasks.repository';
import { recordClientPortalEvent } from '../clients/clients.service';
import {
  assigneeNames,
  clientAttachmentBytes,
  clientAttachments,
  clientComments,
  clientProject,
  clientProjects,
  clientTask,
  peopleOf,
  projectEventsOfKinds,
  projectMilestones,
  projectTasks,
  taskCounts,
  type PortalProjectRow,
  type PortalScope,
} from './portal-projects.repository';

type Trx = Transaction<Database>;

export interface PortalProjectLimits {
  /** Comments one portal access posts, and files it uploads, per window. */
  comments: Limiter;
  uploads: Limiter;
}

/** The per-contact limits in the shared store (Redis when configured). */
export function portalProjectLimits(store: LimitStore): PortalProjectLimits {
  const hour = 60 * 60 * 1000;
  return {
    comments: store.limiter({
      name: 'portal-comments',
      limit: PORTAL_PROJECT_LIMITS.commentsPerHour,
      windowMs: hour,
    }),
    uploads: store.limiter({
      name: 'portal-uploads',
      limit: PORTAL_PROJECT_LIMITS.uploadsPerHour,
      windowMs: hour,
    }),
  };
}

const scopeOf = (portal: PortalIdentity): PortalScope => ({
  workspaceId: portal.workspaceId,
  clientId: portal.clientId,
});
const displayName = (person: { name: string; username: string }) => person.name || person.username;
const asStatus = (value: unknown): ProjectStatus | null =>
  PROJECT_STATUSES.includes(value as ProjectStatus) ? (value as ProjectStatus) : null;

/**
 * What a client sees of its projects in the portal, and what it does there
 * (docs/product/portal.md#what-a-client-sees): every read is scoped by the portal's workspace AND client,
 * another client's or a cancelled project's ids answer 404, and each part answers only when the project
 * shares it. Staff data (rates, amounts, addresses, internal comments and files) is never read here.
 */
export function createPortalProjects(deps: {
  db: Kysely<Database>;
  tasks: TasksService;
  files: TaskAttachments;
  limits: PortalProjectLimits;
  clock?: () => Date;
}) {
  const { db, tasks, files, limits } = deps;
  const clock = deps.clock ?? (() => new Date());

  function summary(
    row: PortalProjectRow,
    counts: Map<string, { total: number; done: number }>,
  ): PortalProjectSummary {
    const parts = parsePortalParts(row.portal_visibility);
    const used = Number(row.approved_minutes) + Number(row.unapproved_minutes);
    const count = counts.get(row.id) ?? { total: 0, done: 0 };
    return {
      _id: row.id,
      code: row.code,
      name: row.name,
      status: row.status,
      startDate: row.start_date,
      dueDate: row.due_date,
      deliveredOn: row.delivered_on,
      parts,
      progress: parts.includes('tasks') ? { tasksDone: count.done, tasksTotal: count.total } : null,
      time: parts.includes('time')
        ? {
            usedMinutes: used,
            budgetMinutes: row.budget_minutes,
            percent: budgetPercent(used, row.budget_minutes),
          }
        : null,
    };
  }

  async function taskItems(
    rows: Awaited<ReturnType<typeof projectTasks>>,
    team: boolean,
  ): Promise<PortalTaskItem[]> {
    const names = team
      ? await assigneeNames(
          db,
          rows.map((r) => r.id),
        )
      : [];
    return rows.map((row) => ({
      _id: row.id,
      number: row.number,
      title: row.title,
      status: row.status,
      dueDate: row.due_date,
      milestone: row.milestone === 1,
      assignees: team ? names.filter((n) => n.task_id === row.id).map(displayName) : null,
    }));
  }

  /** A task the client may see: of its listed projects, which share their tasks; else 404. */
  async function visibleTask(portal: PortalIdentity, taskId: string) {
    const task = await clientTask(db, scopeOf(portal), taskId);
    const parts = task ? parsePortalParts(task.portal_visibility) : [];
    if (!task || !parts.includes('tasks')) throw notFound(M.taskNotFound);
    return { task, parts };
  }

  async function taskAnswer(portal: PortalIdentity, taskId: string): Promise<PortalTask> {
    const { task, parts } = await visibleTask(portal, taskId);
    const shares = (part: PortalProjectPart) => parts.includes(part);
    const [[item], comments, attachments, events] = await Promise.all([
      taskItems([task], shares('team')),
      shares('comments') ? clientComments(db, task.id) : null,
      shares('files') ? clientAttachments(db, task.id) : null,
      taskEventsOf(db, task.id, PORTAL_PROJECT_LIMITS.timelineMax),
    ]);
    return {
      ...item!,
      description: task.description,
      project: { _id: task.project_id, code: task.project_code, name: task.project_name },
      comments:
        comments?.map((c) => ({
          _id: c.id,
          author: { name: c.author_name, kind: c.author_kind },
          body: c.body,
          createdAt: c.created_at,
        })) ?? null,
      attachments:
        attachments?.map((a) => ({
          _id: a.id,
          name: a.name,
          contentType: a.content_type,
          size: a.size,
          uploadedBy: a.uploaded_by_name,
          createdAt: a.created_at,
        })) ?? null,
      timeline: events.map(taskEventView),
      canReview: task.status === 'in_review',
    };
  }

  /** An entry of the task's timeline by the signed-in contact, also on the client's timeline. */
  async function clientEvent(
    trx: Trx,
    portal: PortalIdentity,
    taskId: string,
    kind: TaskEventKind,
    detail = '',
  ) {
    const now = clock();
    await insertTaskEvent(trx, {
      id: randomUUID(),
      workspace_id: portal.workspaceId,
      task_id: taskId,
      kind,
      actor_kind: 'client',
      actor_user_id: null,
      actor_access_id: portal.accessId,
      actor_name: portal.name || portal.email,
      detail,
      created_at: now.toISOString(),
    });
    const task = await findTask(trx, portal.workspaceId, taskId);
    await recordClientPortalEvent(trx, {
      workspaceId: portal.workspaceId,
      clientId: portal.clientId,
      kind: 'portal-task',
      contact: portal.name || portal.email,
      data: { event: kind, taskId, number: task?.number ?? null, title: task?.title ?? '', detail },
      at: now,
    });
  }

  /** A comment by the signed-in contact, visible to the client (and the team). */
  function clientComment(trx: Trx, portal: PortalIdentity, taskId: string, body: string) {
    const row = {
      id: randomUUID(),
      task_id: taskId,
      workspace_id: portal.workspaceId,
      author_id: null,
      author_name: portal.name || portal.email,
      author_kind: 'client' as const,
      portal_access_id: portal.accessId,
      visibility: 'client' as const,
      body,
      created_at: clock().toISOString(),
      edited_at: null,
    };
    return insertComment(trx, row).then(() => row);
  }

  async function take(limiter: Limiter, portal: PortalIdentity, message: (wait: number) => string) {
    const wait = await limiter.take(portal.accessId);
    if (wait > 0) throw tooMany(wait, message);
  }

  return {
    /** GET /api/portal/projects: the client's projects but cancelled ones, newest first. */
    async list(portal: PortalIdentity) {
      const rows = await clientProjects(db, scopeOf(portal));
      const counts = await taskCounts(
        db,
        rows.filter((r) => parsePortalParts(r.portal_visibility).includes('tasks')).map((r) => r.id),
      );
      return { projects: rows.map((row) => summary(row, counts)) };
    },

    /** GET /api/portal/projects/:id: the parts the project shares, each null when it does not. */
    async project(portal: PortalIdentity, id: string): Promise<PortalProject> {
      const row = await clientProject(db, scopeOf(portal), id);
      if (!row) throw notFound(M.projectNotFound);
      const parts = parsePortalParts(row.portal_visibility);
      const shares = (part: PortalProjectPart) => parts.includes(part);
      const [counts, taskRows, milestones, people, events] = await Promise.all([
        taskCounts(db, shares('tasks') ? [row.id] : []),
        shares('tasks') ? projectTasks(db, row.id, PORTAL_PROJECT_LIMITS.tasksMax) : null,
        shares('milestones') ? projectMilestones(db, row.id, PORTAL_PROJECT_LIMITS.tasksMax) : null,
        shares('team') ? peopleOf(db, row.id, row.manager_id) : null,
        shares('activity')
          ? projectEventsOfKinds(db, row.id, CLIENT_SAFE_PROJECT_EVENTS, PORTAL_PROJECT_LIMITS.activityMax)
          : null,
      ]);
      const person = (p: { name: string; username: string; role: string }) => ({
        name: displayName(p),
        jobTitle: p.role,
      });
      const manager = people?.find((p) => p.id === row.manager_id);
      return {
        ...summary(row, counts),
        tasks: taskRows ? await taskItems(taskRows, shares('team')) : null,
        milestones:
          milestones?.map((m) => ({
            number: m.number,
            title: m.title,
            dueDate: m.due_date,
            status: m.status,
          })) ?? null,
        team: people
          ? {
              manager: manager ? person(manager) : null,
              members: people.filter((p) => p.id !== row.manager_id).map(person),
            }
          : null,
        // Only what happened to the project as the client knows it: never who edited which field.
        activity:
          events?.map((event) => {
            const data = parseJson<Record<string, unknown>>(event.data, {});
            return {
              _id: event.id,
              kind: event.kind,
              at: event.at,
              from: asStatus(data.from),
              to: event.kind === 'delivered' ? 'delivered' : asStatus(data.to),
              deliveredOn: event.kind === 'delivered' && typeof data.on === 'string' ? data.on : null,
            };
          }) ?? null,
      };
    },

    task: taskAnswer,

    /** POST /api/portal/tasks/:id/comments: the contact's comment, client-visible, on the task's timeline. */
    async comment(portal: PortalIdentity, taskId: string, body: string) {
      const { parts } = await visibleTask(portal, taskId);
      if (!parts.includes('comments')) throw forbidden(M.commentsOff);
      await take(limits.comments, portal, M.tooManyComments);
      const row = await db.transaction().execute(async (trx) => {
        const comment = await clientComment(trx, portal, taskId, body);
        await clientEvent(trx, portal, taskId, 'client-commented');
        return comment;
      });
      return {
        _id: row.id,
        author: { name: row.author_name, kind: row.author_kind },
        body: row.body,
        createdAt: row.created_at,
      };
    },

    /** Whether the contact may upload now (checked before the body is read). */
    async uploadWait(portal: PortalIdentity) {
      const wait = await limits.uploads.retryAfterSeconds(portal.accessId);
      if (wait > 0) throw tooMany(wait, M.tooManyUploads);
    },

    /** POST /api/portal/tasks/:id/attachments: the staff upload's checks and storage, client-visible. */
    async upload(portal: PortalIdentity, taskId: string, upload: SpooledUpload, fileName: string) {
      const { parts } = await visibleTask(portal, taskId);
      if (!parts.includes('files')) throw forbidden(M.filesOff);
      await take(limits.uploads, portal, M.tooManyUploads);
      const file = await files.addFromClient(portal.workspaceId, taskId, upload, fileName, {
        accessId: portal.accessId,
        name: portal.name || portal.email,
        record: (trx) => clientEvent(trx, portal, taskId, 'client-uploaded', cleanFileName(fileName)),
      });
      return {
        _id: file._id,
        name: file.name,
        contentType: file.contentType,
        size: file.size,
        uploadedBy: file.uploadedBy.username,
        createdAt: file.createdAt,
      };
    },

    /** GET /api/portal/attachments/:id: a client-visible file of a visible task of a project sharing files. */
    async download(portal: PortalIdentity, id: string) {
      const file = await clientAttachmentBytes(db, scopeOf(portal), id);
      const parts = file ? parsePortalParts(file.portal_visibility) : [];
      if (!file || !parts.includes('tasks') || !parts.includes('files')) throw notFound(M.fileNotFound);
      return file;
    },

    /** POST /api/portal/tasks/:id/approve: a task in review is done, through the tasks' own move. */
    async approve(portal: PortalIdentity, taskId: string) {
      await tasks.settleReview(
        portal.workspaceId,
        taskId,
        'done',
        (project) => visibleProject(portal, project),
        (trx) => clientEvent(trx, portal, taskId, 'client-approved'),
      );
      return taskAnswer(portal, taskId);
    },

    /** POST /api/portal/tasks/:id/request-changes: back to In progress, the note a client-visible comment. */
    async requestChanges(portal: PortalIdentity, taskId: string, note: string) {
      await tasks.settleReview(
        portal.workspaceId,
        taskId,
        'in_progress',
        (project) => visibleProject(portal, project),
        async (trx) => {
          await clientComment(trx, portal, taskId, note);
          await clientEvent(trx, portal, taskId, 'client-requested-changes', note);
        },
      );
      return taskAnswer(portal, taskId);
    },
  };
}
export type PortalProjects = ReturnType<typeof createPortalProjects>;

/** Whether the task's project is the client's, listed, and shares its tasks. */
function visibleProject(
  portal: PortalIdentity,
  project: { client_id: string; status: ProjectStatus; portal_visibility: string },
): boolean {
  return (
    project.client_id === portal.clientId &&
    project.status !== 'cancelled' &&
    parsePortalParts(project.portal_visibility).includes('tasks')
  );
}
