import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { TIME_MESSAGES as M, PROJECT_MESSAGES } from '../../../shared/messages';
import { formatMinutes, isProjectAdmin } from '../../../shared/projects';
import {
  TIME_LIMITS,
  addDays,
  timeAmount,
  type TimeApprovalInput,
  type TimeEntryInput,
  type TimeEntryQuery,
  type TimeEntryView,
  type TimerStartInput,
} from '../../../shared/schemas/time';
import type { Database, ProjectRow, SessionUser, TimeEntryRow } from '../../db/types';
import { isUniqueViolation } from '../../db/unique-violation';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import type { Mailer } from '../../mail/mailer';
import { recordActivity } from '../activity/activity.service';
import { findProject, managesProject, membersOf } from '../projects/projects.service';
import { findUserById } from '../users/users.service';
import {
  addToProject,
  addToTask,
  deleteEntry,
  findEntry,
  insertEntry,
  listEntries,
  runningTimer,
  setStatuses,
  submittedEntries,
  taskOfProject,
  tasksByIds,
  updateEntry,
  weekEntries,
  type TimeScope,
} from './time.repository';
import { weekStartOf } from '../../../shared/time';
import { createBudgetWatch } from './budget-watch';

export { createBudgetWatch, type BudgetWatch } from './budget-watch';

type Trx = Transaction<Database>;
type Db = Kysely<Database> | Trx;

/** Whose time a caller sees: a workspace admin everyone's; others their own and their projects'. */
export const scopeOf = (caller: SessionUser): TimeScope =>
  isProjectAdmin(caller.role) ? { all: true } : { all: false, userId: caller.id };

/** What an entry moves in its project's roll-ups, by its status. */
const share = (entry: Pick<TimeEntryRow, 'status' | 'minutes' | 'amount'>, sign: 1 | -1) => {
  const minutes = sign * entry.minutes;
  const amount = sign * Number(entry.amount);
  return entry.status === 'approved'
    ? { unapprovedMinutes: 0, unapprovedAmount: 0, approvedMinutes: minutes, approvedAmount: amount }
    : { unapprovedMinutes: minutes, unapprovedAmount: amount, approvedMinutes: 0, approvedAmount: 0 };
};

/**
 * Time (docs/product/projects.md#time): each person logs their own, by a timer or by hand; a week is
 * submitted and the project's manager approves it; approved time is locked. Every write keeps the project's
 * and the task's roll-ups in its own transaction, and tells the manager when a budget passes 80 % or 100 %.
 */
export function createTimeService(
  db: Kysely<Database>,
  mailer: Mailer,
  clock: () => Date = () => new Date(),
) {
  const today = () => clock().toISOString().slice(0, 10);
  const budget = createBudgetWatch(mailer);

  /** The project, open, with the caller on its team (or its manager), and its rate for the caller. */
  async function workable(trx: Db, caller: SessionUser, projectId: string) {
    const project = await findProject(trx, caller.workspace_id, projectId);
    if (!project) throw notFound(PROJECT_MESSAGES.notFound);
    const members = await membersOf(trx, [project.id]);
    const member = members.find((m) => m.user_id === caller.id);
    if (!member && project.manager_id !== caller.id) throw forbidden(M.notOnTeam);
    if (project.status === 'delivered' || project.status === 'cancelled') throw conflict(M.projectClosed);
    const rate = member?.hourly_rate ?? project.hourly_rate;
    return { project, rate: rate === null ? null : Number(rate) };
  }

  async function taskIn(trx: Db, projectId: string, taskId: string | null) {
    if (!taskId) return null;
    const task = await taskOfProject(trx, projectId, taskId);
    if (!task) throw badRequest(M.taskInvalid);
    return task.id;
  }

  /** An entry the caller may still change: theirs, neither approved nor submitted, not a running timer. */
  async function changeable(trx: Db, caller: SessionUser, id: string): Promise<TimeEntryRow> {
    const entry = await findEntry(trx, caller.workspace_id, id, true);
    if (!entry) throw notFound(M.notFound);
    if (entry.user_id !== caller.id) throw forbidden(M.notYours);
    if (entry.status === 'approved') throw conflict(M.approvedLocked);
    if (entry.status === 'submitted') throw conflict(M.submittedLocked);
    if (entry.started_at) throw conflict(M.stopTimerFirst);
    return entry;
  }

  /** Adds (or, with -1, takes away) an entry's minutes and money from its project and task. */
  async function roll(
    trx: Trx,
    entry: Pick<TimeEntryRow, 'project_id' | 'task_id' | 'status' | 'minutes' | 'amount'>,
    sign: 1 | -1,
  ) {
    await addToProject(trx, entry.project_id, share(entry, sign));
    if (entry.task_id) await addToTask(trx, entry.task_id, sign * entry.minutes);
  }

  /** Runs a write that changes roll-ups, then watches the projects it touched; the worker sends any mail. */
  async function writing<T>(
    caller: SessionUser,
    run: (trx: Trx, touched: Set<string>) => Promise<T>,
  ): Promise<T> {
    const siteName = await mailer.siteName();
    const at = clock();
    const result = await db.transaction().execute(async (trx) => {
      const touched = new Set<string>();
      const value = await run(trx, touched);
      for (const projectId of touched) await budget.watch(trx, caller.workspace_id, projectId, siteName, at);
      return value;
    });
    mailer.worker.kick();
    return result;
  }

  async function views(caller: SessionUser, rows: TimeEntryRow[]): Promise<TimeEntryView[]> {
    const projects = new Map<string, ProjectRow>();
    for (const id of new Set(rows.map((r) => r.project_id))) {
      const project = await findProject(db, caller.workspace_id, id);
      if (project) projects.set(id, project);
    }
    const tasks = new Map(
      (await tasksByIds(db, [...new Set(rows.flatMap((r) => (r.task_id ? [r.task_id] : [])))])).map((t) => [
        t.id,
        t,
      ]),
    );
    return rows.map((row) =>
      view(row, projects.get(row.project_id), row.task_id ? tasks.get(row.task_id) : undefined),
    );
  }

  function view(
    row: TimeEntryRow,
    project: Pick<ProjectRow, 'id' | 'code' | 'name'> | undefined,
    task: { id: string; number: number; title: string } | undefined,
  ): TimeEntryView {
    return {
      _id: row.id,
      user: { _id: row.user_id, username: row.user_name },
      project: { _id: row.project_id, code: project?.code ?? '', name: project?.name ?? '' },
      task: task ? { _id: task.id, number: task.number, title: task.title } : null,
      date: row.date,
      minutes: row.minutes,
      note: row.note,
      billable: row.billable === 1,
      hourlyRate: row.hourly_rate === null ? null : Number(row.hourly_rate),
      amount: Number(row.amount),
      currency: row.currency,
      status: row.status,
      startedAt: row.started_at,
      approvedBy: row.approved_by,
      approvedAt: row.approved_at,
      createdAt: row.created_at,
    };
  }

  /**
   * One entry, as the lists' scope would show it: an admin's any, others' their own and their projects'.
   * Another member's entry on a project one does not manage answers as one that does not exist.
   */
  async function one(caller: SessionUser, id: string): Promise<TimeEntryView> {
    const row = await findEntry(db, caller.workspace_id, id);
    if (!row) throw notFound(M.notFound);
    if (!isProjectAdmin(caller.role) && row.user_id !== caller.id) {
      const project = await findProject(db, caller.workspace_id, row.project_id);
      if (project?.manager_id !== caller.id) throw notFound(M.notFound);
    }
    return (await views(caller, [row]))[0]!;
  }

  return {
    async list(caller: SessionUser, query: TimeEntryQuery) {
      if (query.to < query.from || addDays(query.from, TIME_LIMITS.reportDaysMax) <= query.to)
        throw badRequest(M.rangeInvalid);
      const userId = query.user === 'me' ? caller.id : query.user === 'all' ? undefined : query.user;
      const rows = await listEntries(
        db,
        caller.workspace_id,
        scopeOf(caller),
        { from: query.from, to: query.to, userId, projectId: query.project, status: query.status },
        TIME_LIMITS.listMax,
      );
      return {
        entries: rows.map((row) =>
          view(
            row,
            { id: row.project_id, code: row.project_code, name: row.project_name },
            row.task_id && row.task_number !== null
              ? { id: row.task_id, number: row.task_number, title: row.task_title ?? '' }
              : undefined,
          ),
        ),
      };
    },

    get: one,

    async log(caller: SessionUser, input: TimeEntryInput): Promise<TimeEntryView> {
      const id = randomUUID();
      await writing(caller, async (trx, touched) => {
        const { project, rate } = await workable(trx, caller, input.projectId);
        const now = clock().toISOString();
        const row = {
          id,
          workspace_id: caller.workspace_id,
          project_id: project.id,
          task_id: await taskIn(trx, project.id, input.taskId),
          user_id: caller.id,
          user_name: caller.username,
          date: input.date,
          minutes: input.minutes,
          note: input.note,
          billable: input.billable ? 1 : 0,
          hourly_rate: rate,
          amount: input.billable ? timeAmount(input.minutes, rate) : 0,
          currency: project.currency,
          status: 'open' as const,
          started_at: null,
          approved_by: null,
          approved_at: null,
          invoiced_at: null,
          created_at: now,
          updated_at: now,
        };
        await insertEntry(trx, row);
        await roll(trx, row, 1);
        touched.add(project.id);
      });
      return one(caller, id);
    },

    /** Own open entries only; another project takes that project's rate now, the same keeps its own. */
    async update(caller: SessionUser, id: string, input: TimeEntryInput): Promise<TimeEntryView> {
      await writing(caller, async (trx, touched) => {
        const current = await changeable(trx, caller, id);
        const { project, rate } = await workable(trx, caller, input.projectId);
        const hourlyRate =
          project.id === current.project_id && current.hourly_rate !== null
            ? Number(current.hourly_rate)
            : rate;
        const values = {
          project_id: project.id,
          task_id: await taskIn(trx, project.id, input.taskId),
          date: input.date,
          minutes: input.minutes,
          note: input.note,
          billable: input.billable ? 1 : 0,
          hourly_rate: hourlyRate,
          amount: input.billable ? timeAmount(input.minutes, hourlyRate) : 0,
          currency: project.currency,
          updated_at: clock().toISOString(),
        };
        await roll(trx, current, -1);
        await updateEntry(trx, id, values);
        await roll(trx, { ...current, ...values }, 1);
        touched.add(current.project_id).add(project.id);
      });
      return one(caller, id);
    },

    async remove(caller: SessionUser, id: string): Promise<void> {
      await writing(caller, async (trx, touched) => {
        const current = await changeable(trx, caller, id);
        await deleteEntry(trx, id);
        await roll(trx, current, -1);
        touched.add(current.project_id);
      });
    },

    async timer(caller: SessionUser): Promise<TimeEntryView | null> {
      const row = await runningTimer(db, caller.workspace_id, caller.id);
      return row ? (await views(caller, [row]))[0]! : null;
    },

    /** One running timer a person: a second start, even at the same instant, is refused. */
    async start(caller: SessionUser, input: TimerStartInput): Promise<TimeEntryView> {
      const id = randomUUID();
      try {
        await db.transaction().execute(async (trx) => {
          const { project, rate } = await workable(trx, caller, input.projectId);
          const running = await runningTimer(trx, caller.workspace_id, caller.id);
          if (running)
            throw conflict(
              M.timerRunning((await findProject(trx, caller.workspace_id, running.project_id))?.code ?? ''),
            );
          const now = clock().toISOString();
          await insertEntry(trx, {
            id,
            workspace_id: caller.workspace_id,
            project_id: project.id,
            task_id: await taskIn(trx, project.id, input.taskId),
            user_id: caller.id,
            user_name: caller.username,
            date: today(),
            minutes: 0,
            note: input.note,
            billable: input.billable ? 1 : 0,
            hourly_rate: rate,
            amount: 0,
            currency: project.currency,
            status: 'open',
            started_at: now,
            approved_by: null,
            approved_at: null,
            invoiced_at: null,
            created_at: now,
            updated_at: now,
          });
        });
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        const running = await runningTimer(db, caller.workspace_id, caller.id);
        throw conflict(
          M.timerRunning(
            running ? ((await findProject(db, caller.workspace_id, running.project_id))?.code ?? '') : '',
          ),
        );
      }
      return one(caller, id);
    },

    /** Stops the caller's timer: its minutes rounded up (at least 1, at most a day), then counted. */
    async stop(caller: SessionUser): Promise<TimeEntryView> {
      const id = await writing(caller, async (trx, touched) => {
        const running = await runningTimer(trx, caller.workspace_id, caller.id, true);
        if (!running) throw conflict(M.noTimer);
        const elapsed = Math.ceil((clock().getTime() - Date.parse(running.started_at!)) / 60_000);
        const minutes = Math.min(TIME_LIMITS.timerMinutesMax, Math.max(1, elapsed));
        const values = {
          minutes,
          amount:
            running.billable === 1
              ? timeAmount(minutes, running.hourly_rate === null ? null : Number(running.hourly_rate))
              : 0,
          started_at: null,
          updated_at: clock().toISOString(),
        };
        await updateEntry(trx, running.id, values);
        await roll(trx, { ...running, ...values }, 1);
        touched.add(running.project_id);
        return running.id;
      });
      return one(caller, id);
    },

    /** Submits the caller's open time of the week (Monday to Sunday) for approval. */
    async submit(caller: SessionUser, weekStart: string): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const rows = await weekEntries(
          trx,
          caller.workspace_id,
          caller.id,
          weekStart,
          addDays(weekStart, 6),
          'open',
        );
        if (rows.length === 0) throw conflict(M.nothingToSubmit);
        await setStatuses(
          trx,
          rows.map((r) => r.id),
          { status: 'submitted', updated_at: clock().toISOString() },
        );
        return rows.length;
      });
    },

    /** Submitted weeks waiting for the caller: of the projects they manage (every project, for admins). */
    async pending(caller: SessionUser) {
      const rows = await submittedEntries(
        db,
        caller.workspace_id,
        scopeOf(caller).all ? { all: true } : { all: false, userId: caller.id },
      );
      const groups = new Map<
        string,
        {
          user: { _id: string; username: string };
          project: { _id: string; code: string; name: string };
          weekStart: string;
          minutes: number;
          entries: number;
        }
      >();
      for (const row of rows) {
        if (!row.user_id) continue;
        const weekStart = weekStartOf(row.date);
        const key = `${row.user_id}|${row.project_id}|${weekStart}`;
        const group = groups.get(key) ?? {
          user: { _id: row.user_id, username: row.user_name },
          project: { _id: row.project_id, code: row.code, name: row.name },
          weekStart,
          minutes: 0,
          entries: 0,
        };
        group.minutes += row.minutes;
        group.entries += 1;
        groups.set(key, group);
      }
      return { pending: [...groups.values()] };
    },

    /**
     * The manager's decision on one person's submitted week on one project: approved (locked, counted as
     * approved) or returned to be corrected (open again). Only the project's manager or a workspace admin.
     */
    async decide(caller: SessionUser, input: TimeApprovalInput): Promise<number> {
      return writing(caller, async (trx, touched) => {
        const project = await findProject(trx, caller.workspace_id, input.projectId);
        if (!project) throw notFound(PROJECT_MESSAGES.notFound);
        if (!managesProject(caller, project)) throw forbidden(M.notManager);
        const rows = await weekEntries(
          trx,
          caller.workspace_id,
          input.userId,
          input.weekStart,
          addDays(input.weekStart, 6),
          'submitted',
          project.id,
        );
        if (rows.length === 0) throw conflict(M.nothingToApprove);
        const at = clock().toISOString();
        if (input.action === 'return') {
          await setStatuses(
            trx,
            rows.map((r) => r.id),
            { status: 'open', updated_at: at },
          );
          return rows.length;
        }
        await setStatuses(
          trx,
          rows.map((r) => r.id),
          { status: 'approved', approved_by: caller.id, approved_at: at, updated_at: at },
        );
        const minutes = rows.reduce((sum, r) => sum + r.minutes, 0);
        const amount = rows.reduce((sum, r) => sum + Number(r.amount), 0);
        await addToProject(trx, project.id, {
          unapprovedMinutes: -minutes,
          unapprovedAmount: -amount,
          approvedMinutes: minutes,
          approvedAmount: amount,
        });
        touched.add(project.id);
        const person =
          rows.length > 0 ? ((await findUserById(trx, input.userId))?.username ?? 'a member') : '';
        await recordActivity(trx, {
          workspaceId: caller.workspace_id,
          userId: caller.id,
          kind: 'time-approved',
          action: `${caller.username} approved ${formatMinutes(minutes)} of ${person} on ${project.code} ${project.name} (week of ${input.weekStart})`,
        });
        return rows.length;
      });
    },
  };
}
export type TimeService = ReturnType<typeof createTimeService>;
