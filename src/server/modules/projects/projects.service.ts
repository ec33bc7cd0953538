import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { canUseModule, isKeptOutOfDashboard } from '../../../shared/access';
import { PROJECT_MESSAGES as M } from '../../../shared/messages';
import {
  BUDGET_WARNING_PERCENTS,
  OPEN_PROJECT_STATUSES,
  budgetPercent,
  defaultProjectCode,
  isProjectAdmin,
  mayManageProject,
  retainerMonth,
  type ProjectStatus,
} from '../../../shared/projects';
import { BLOCKED_STATUSES, type UserStatus } from '../../../shared/roles';
import type {
  ConversionProjectInput,
  ProjectDeliveryInput,
  ProjectInput,
  ProjectListQuery,
  ProjectSummary,
  ProjectView,
} from '../../../shared/schemas/projects';
import { addDays } from '../../../shared/time';
import { parsePortalParts } from '../../../shared/portal-projects';
import type { WebhookProject } from '../../../shared/webhooks';
import type { Database, ProjectRow, SessionUser } from '../../db/types';
import { permissionSubject, timelineEvents } from '../../db/rows';
import { dropSequence, takeNextNumber } from '../../db/number-sequences';
import { isUniqueViolation } from '../../db/unique-violation';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { pageInfo } from '../../http/page-info';
import { assertProjectRoom, workspaceLimits } from '../../lib/plan-limits';
import { recordActivity } from '../activity/activity.service';
import { memberForLeads, usernamesByIds, workspaceMembersForLeads } from '../users/users.service';
import { enqueueWebhookEvent } from '../webhooks/webhooks.service';
import { findClientSummary } from '../clients/clients.service';
import { projectDates } from './project-dates';
import {
  clientNames,
  codeTaken,
  deleteProject,
  findProject,
  insertProject,
  insertProjectEvent,
  listProjects,
  membersOf,
  minutesByMonth,
  projectEvents,
  summaryCounts,
  replaceMembers,
  updateProject,
} from './projects.repository';

/** What time entries read of projects. */
export { findProject, membersOf, minutesByMonth } from './projects.repository';

type Trx = Transaction<Database>;
const isOpen = (status: ProjectStatus) => OPEN_PROJECT_STATUSES.includes(status);
const amountOf = (value: number | string | null): number | null => (value === null ? null : Number(value));

/** Who may delete a project or approve its time: its manager, or the workspace's admins. */
export const managesProject = (caller: SessionUser, project: Pick<ProjectRow, 'manager_id'>): boolean =>
  mayManageProject(project.manager_id, caller);

/** Whether a member may be a project's manager or on its team: active, in the dashboard, with Projects. */
const worksOnProjects = (member: Parameters<typeof permissionSubject>[0] & { status: string }) =>
  !BLOCKED_STATUSES.includes(member.status as UserStatus) &&
  !isKeptOutOfDashboard(permissionSubject(member)) &&
  canUseModule(permissionSubject(member), 'projects');

/** A member of the caller's workspace who may work on projects (not blocked, not kept out), or undefined. */
async function projectWorker(trx: Trx, caller: SessionUser, userId: string): Promise<string | undefined> {
  if (userId === caller.id) return caller.id;
  const member = await memberForLeads(trx, userId);
  const usable = member && member.workspace_id === caller.workspace_id && worksOnProjects(member);
  return usable ? member.id : undefined;
}

/**
 * Runs a write that gives a project a code: the code was checked as free in the transaction, but two writes
 * racing for one code both see it free, and the unique index refuses the second. That one is answered as
 * the check would have answered it.
 */
async function withUniqueCode<T>(code: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(M.codeTaken(code));
    throw error;
  }
}

/** The highest warning mark (0, 80, 100) the project's time reaches against these budgets. */
function reachedMark(row: ProjectRow, budgetMinutes: number | null, budgetAmount: number | null): number {
  const percent = Math.max(
    budgetPercent(Number(row.approved_minutes) + Number(row.unapproved_minutes), budgetMinutes) ?? 0,
    budgetPercent(
      Number(row.approved_amount) + Number(row.unapproved_amount) + Number(row.expense_amount),
      budgetAmount,
    ) ?? 0,
  );
  return [...BUDGET_WARNING_PERCENTS].reverse().find((mark) => percent >= mark) ?? 0;
}

/** The project as webhooks carry it. */
const webhookProject = (row: ProjectRow): WebhookProject => ({
  id: row.id,
  number: row.number,
  code: row.code,
  name: row.name,
  clientId: row.client_id,
  status: row.status,
  billingType: row.billing_type,
  currency: row.currency,
  budgetMinutes: row.budget_minutes,
  budgetAmount: amountOf(row.budget_amount),
  startDate: row.start_date,
  dueDate: row.due_date,
  deliveredOn: row.delivered_on,
  deliveryNote: row.delivery_note,
  createdAt: row.created_at,
});

const onTime = (row: Pick<ProjectRow, 'delivered_on' | 'due_date'>): boolean | null =>
  row.delivered_on && row.due_date ? row.delivered_on <= row.due_date : null;

/** The project's columns from the form (its client, number and code are decided apart). */
const columnsOf = (input: ConversionProjectInput, clientName: string) => ({
  name: input.name,
  description: input.description,
  billing_type: input.billingType,
  budget_minutes: input.budgetMinutes,
  budget_amount: input.budgetAmount,
  hourly_rate: input.hourlyRate,
  retainer_minutes: input.billingType === 'retainer' ? input.retainerMinutes : null,
  retainer_rollover: input.billingType === 'retainer' && input.retainerRollover ? 1 : 0,
  retainer_fee: input.billingType === 'retainer' ? input.retainerFee : null,
  retainer_invoicing: input.billingType === 'retainer' ? input.retainerInvoicing : ('off' as const),
  start_date: input.startDate,
  due_date: input.dueDate,
  portal_visibility: JSON.stringify(input.portalVisibility),
  search_text: [input.name, input.code, clientName].join(' ').toLowerCase(),
});

/**
 * Projects of a workspace (docs/product/projects.md#projects): every caller already passed the Projects
 * guard; another workspace's ids answer 404.
 */
export function createProjectsService(db: Kysely<Database>, clock: () => Date = () => new Date()) {
  const today = () => clock().toISOString().slice(0, 10);

  async function teamRows(trx: Trx, caller: SessionUser, projectId: string, input: ConversionProjectInput) {
    // One row a member: the last rate sent for someone listed twice wins.
    const byUser = new Map(input.team.map((member) => [member.userId, member.hourlyRate]));
    const rows = [];
    for (const [userId, hourlyRate] of byUser) {
      const id = await projectWorker(trx, caller, userId);
      if (!id) throw badRequest(M.memberInvalid);
      rows.push({
        project_id: projectId,
        user_id: id,
        workspace_id: caller.workspace_id,
        hourly_rate: hourlyRate,
      });
    }
    return rows;
  }

  async function managerFor(trx: Trx, caller: SessionUser, managerId: string): Promise<string> {
    if (!managerId) return caller.id;
    const id = await projectWorker(trx, caller, managerId);
    if (!id) throw badRequest(M.managerInvalid);
    return id;
  }

  async function codeFor(
    trx: Trx,
    caller: SessionUser,
    code: string,
    number: number,
    exceptId: string | null,
  ) {
    // P-<digits> is what numbers become: a chosen one could take a later project's and block it for good.
    if (code && /^P-\d+$/.test(code) && code !== defaultProjectCode(number)) throw badRequest(M.codeReserved);
    const chosen = code || defaultProjectCode(number);
    if (await codeTaken(trx, caller.workspace_id, chosen, exceptId)) throw conflict(M.codeTaken(chosen));
    return chosen;
  }

  async function event(trx: Trx, caller: SessionUser, projectId: string, kind: string, data: object = {}) {
    await insertProjectEvent(trx, {
      id: randomUUID(),
      workspace_id: caller.workspace_id,
      project_id: projectId,
      kind,
      actor_id: caller.id,
      actor_name: caller.username,
      data: JSON.stringify(data),
      at: clock().toISOString(),
    });
  }

  /** Marks the project delivered on that day with that note: its timeline, the activity and the webhook. */
  async function recordDelivery(trx: Trx, caller: SessionUser, row: ProjectRow, from: ProjectStatus | null) {
    await event(trx, caller, row.id, 'delivered', { from, on: row.delivered_on, note: row.delivery_note });
    await recordActivity(trx, {
      workspaceId: caller.workspace_id,
      userId: caller.id,
      kind: 'project-delivered',
      action: `${caller.username} delivered the project ${row.code} ${row.name}`,
    });
    await enqueueWebhookEvent(
      trx,
      caller.workspace_id,
      'project.delivered',
      { project: webhookProject(row), onTime: onTime(row) },
      clock(),
    );
  }

  /**
   * Creates the project inside the caller's transaction (a lead's conversion makes its first one in its
   * own): the plan's limit, the workspace's next number, the code, the team, the timeline and the webhook.
   */
  async function createIn(
    trx: Trx,
    caller: SessionUser,
    client: { id: string; name: string; currency: string },
    input: ConversionProjectInput,
  ): Promise<string> {
    if (isOpen(input.status)) await assertProjectRoom(trx, caller.workspace_id);
    const id = randomUUID();
    const now = clock().toISOString();
    const number = await takeNextNumber(trx, caller.workspace_id, 'project');
    const code = await codeFor(trx, caller, input.code, number, null);
    const delivered = input.status === 'delivered';
    const values = {
      id,
      workspace_id: caller.workspace_id,
      client_id: client.id,
      number,
      code,
      status: input.status,
      currency: client.currency,
      ...columnsOf({ ...input, code }, client.name),
      manager_id: await managerFor(trx, caller, input.managerId),
      delivered_on: delivered ? today() : null,
      delivery_note: '',
      created_by: caller.id,
      created_at: now,
      updated_at: now,
    };
    await insertProject(trx, values);
    const row: ProjectRow = {
      ...values,
      approved_minutes: 0,
      unapproved_minutes: 0,
      approved_amount: 0,
      unapproved_amount: 0,
      expense_amount: 0,
      budget_alerted: 0,
    };
    await replaceMembers(trx, id, await teamRows(trx, caller, id, input));
    await event(trx, caller, id, 'created');
    await recordActivity(trx, {
      workspaceId: caller.workspace_id,
      userId: caller.id,
      action: `${caller.username} created the project ${code} ${input.name} for ${client.name}`,
    });
    await enqueueWebhookEvent(
      trx,
      caller.workspace_id,
      'project.created',
      { project: webhookProject(row) },
      clock(),
    );
    if (delivered) await recordDelivery(trx, caller, row, null);
    return id;
  }

  async function views(caller: SessionUser, rows: ProjectRow[]): Promise<ProjectView[]> {
    const [members, clients, people] = await Promise.all([
      membersOf(
        db,
        rows.map((r) => r.id),
      ),
      clientNames(db, caller.workspace_id, [...new Set(rows.map((r) => r.client_id))]),
      usernamesByIds(
        db,
        rows.flatMap((r) => (r.manager_id ? [r.manager_id] : [])),
      ),
    ]);
    const clientName = new Map(clients.map((c) => [c.id, c.name]));
    const teams = new Map<string, ProjectView['team']>();
    for (const m of members) {
      const team = teams.get(m.project_id) ?? [];
      team.push({ _id: m.user_id, username: m.username, hourlyRate: amountOf(m.hourly_rate) });
      teams.set(m.project_id, team);
    }
    return rows.map((row) => ({
      _id: row.id,
      number: row.number,
      code: row.code,
      name: row.name,
      description: row.description,
      client: { _id: row.client_id, name: clientName.get(row.client_id) ?? '' },
      status: row.status,
      billingType: row.billing_type,
      currency: row.currency,
      budgetMinutes: row.budget_minutes,
      budgetAmount: amountOf(row.budget_amount),
      hourlyRate: amountOf(row.hourly_rate),
      retainerMinutes: row.retainer_minutes,
      retainerRollover: row.retainer_rollover === 1,
      retainerFee: amountOf(row.retainer_fee),
      retainerInvoicing: row.retainer_invoicing,
      startDate: row.start_date,
      dueDate: row.due_date,
      manager: row.manager_id ? { _id: row.manager_id, username: people.get(row.manager_id) ?? '' } : null,
      team: teams.get(row.id) ?? [],
      deliveredOn: row.delivered_on,
      deliveryNote: row.delivery_note,
      onTime: onTime(row),
      usage: {
        approvedMinutes: Number(row.approved_minutes),
        unapprovedMinutes: Number(row.unapproved_minutes),
        approvedAmount: Number(row.approved_amount),
        unapprovedAmount: Number(row.unapproved_amount),
        expenseAmount: Number(row.expense_amount),
      },
      portalVisibility: parsePortalParts(row.portal_visibility),
      retainer: null,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    }));
  }

  async function one(caller: SessionUser, id: string): Promise<ProjectView> {
    const row = await findProject(db, caller.workspace_id, id);
    if (!row) throw notFound(M.notFound);
    const view = (await views(caller, [row]))[0]!;
    if (row.billing_type !== 'retainer' || row.retainer_minutes === null) return view;
    const month = today().slice(0, 7);
    const used = await minutesByMonth(db, row.id);
    const first = [row.start_date?.slice(0, 7) ?? month, ...used.keys()].sort()[0]!;
    return {
      ...view,
      retainer: retainerMonth(used, row.retainer_minutes, row.retainer_rollover === 1, first, month),
    };
  }

  async function clientOf(trx: Trx, caller: SessionUser, clientId: string) {
    const client = await findClientSummary(trx, caller.workspace_id, clientId);
    if (!client) throw notFound(M.clientNotFound);
    return client;
  }

  return {
    createIn,

    async list(caller: SessionUser, query: ProjectListQuery) {
      const managerId = query.manager === 'me' ? caller.id : query.manager || undefined;
      const { rows, total } = await listProjects(db, caller.workspace_id, {
        query,
        managerId,
        ...projectDates(clock()),
      });
      return { projects: await views(caller, rows), pagination: pageInfo(query.page, query.limit, total) };
    },

    get: one,

    /** GET /api/projects/members: who may manage a project or be on its team, for the form's pickers. */
    async members(caller: SessionUser) {
      const members = await workspaceMembersForLeads(db, caller.workspace_id);
      return members
        .filter(worksOnProjects)
        .map((member) => ({ _id: member.id, username: member.username, role: member.role }));
    },

    async create(caller: SessionUser, input: ProjectInput): Promise<ProjectView> {
      const id = await withUniqueCode(input.code, () =>
        db
          .transaction()
          .execute(async (trx) => createIn(trx, caller, await clientOf(trx, caller, input.clientId), input)),
      );
      return one(caller, id);
    },

    /** The whole project; its team becomes the one sent. Reopening a closed project counts against the plan. */
    async update(caller: SessionUser, id: string, input: ProjectInput): Promise<ProjectView> {
      await withUniqueCode(input.code, () =>
        db.transaction().execute(async (trx) => {
          const current = await findProject(trx, caller.workspace_id, id);
          if (!current) throw notFound(M.notFound);
          // Its settings, manager, team, rates and status are its manager's (or an admin's) to change.
          if (!managesProject(caller, current)) throw forbidden(M.editNotAllowed);
          const client = await clientOf(trx, caller, input.clientId);
          if (isOpen(input.status) && !isOpen(current.status))
            await assertProjectRoom(trx, caller.workspace_id);
          const code = await codeFor(trx, caller, input.code, current.number, id);
          const delivering = input.status === 'delivered' && current.status !== 'delivered';
          const columns = {
            ...columnsOf({ ...input, code }, client.name),
            client_id: client.id,
            code,
            status: input.status,
            manager_id: input.managerId ? await managerFor(trx, caller, input.managerId) : current.manager_id,
            // A budget raised past a mark already warned of lets the mark warn again when it is reached anew;
            // a budget lowered keeps it, and the next time logged warns of what is passed.
            budget_alerted: Math.min(
              current.budget_alerted,
              reachedMark(current, input.budgetMinutes, input.budgetAmount),
            ),
            delivered_on: input.status === 'delivered' ? (current.delivered_on ?? today()) : null,
            delivery_note: input.status === 'delivered' ? current.delivery_note : '',
            updated_at: clock().toISOString(),
          };
          await updateProject(trx, id, columns);
          await replaceMembers(trx, id, await teamRows(trx, caller, id, input));
          const changed = (Object.keys(columns) as (keyof typeof columns)[]).filter(
            (key) =>
              ![
                'search_text',
                'updated_at',
                'status',
                'delivered_on',
                'delivery_note',
                'budget_alerted',
              ].includes(key) && String(current[key]) !== String(columns[key]),
          );
          if (changed.length > 0) await event(trx, caller, id, 'updated', { fields: changed });
          // A delivery is its own entry on the timeline; any other change of status is a status entry.
          if (delivering) await recordDelivery(trx, caller, { ...current, ...columns }, current.status);
          else if (input.status !== current.status)
            await event(trx, caller, id, 'status', { from: current.status, to: input.status });
        }),
      );
      return one(caller, id);
    },

    /** POST /api/projects/:id/deliver: Delivered on that day (today when none) with the note. */
    async deliver(caller: SessionUser, id: string, input: ProjectDeliveryInput): Promise<ProjectView> {
      await db.transaction().execute(async (trx) => {
        const current = await findProject(trx, caller.workspace_id, id);
        if (!current) throw notFound(M.notFound);
        if (!managesProject(caller, current)) throw forbidden(M.editNotAllowed);
        const columns = {
          status: 'delivered' as const,
          delivered_on: input.deliveredOn ?? today(),
          delivery_note: input.note,
          updated_at: clock().toISOString(),
        };
        await updateProject(trx, id, columns);
        await recordDelivery(trx, caller, { ...current, ...columns }, current.status);
      });
      return one(caller, id);
    },

    /** Deletes the project with its team, tasks and timeline: its manager or the workspace's admins only. */
    async remove(caller: SessionUser, id: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const current = await findProject(trx, caller.workspace_id, id);
        if (!current) throw notFound(M.notFound);
        if (!managesProject(caller, current)) throw forbidden(M.deleteNotAllowed);
        await deleteProject(trx, caller.workspace_id, id);
        await dropSequence(trx, caller.workspace_id, `task:${id}`);
        await recordActivity(trx, {
          workspaceId: caller.workspace_id,
          userId: caller.id,
          action: `${caller.username} deleted the project ${current.code} ${current.name}`,
        });
      });
    },

    /** GET /api/projects/summary: active projects, due this week, overdue tasks, hours this week. */
    async summary(caller: SessionUser): Promise<ProjectSummary> {
      const { today, weekEnd } = projectDates(clock());
      const teamTime = isProjectAdmin(caller.role);
      const [counts, limits] = await Promise.all([
        summaryCounts(
          db,
          caller.workspace_id,
          { today, weekStart: addDays(weekEnd, -6), weekEnd },
          teamTime ? null : caller.id,
        ),
        workspaceLimits(db, caller.workspace_id),
      ]);
      return { ...counts, openProjectLimit: limits.projects, planName: limits.name, teamTime };
    },

    async timeline(caller: SessionUser, id: string) {
      if (!(await findProject(db, caller.workspace_id, id))) throw notFound(M.notFound);
      return timelineEvents(await projectEvents(db, id, 200));
    },
  };
}
export type ProjectsService = ReturnType<typeof createProjectsService>;
