import { sql, type Insertable, type Kysely, type Transaction, type Updateable } from 'kysely';
import type { TimeEntryStatus, TimeReportGroup } from '../../../shared/schemas/time';
import { engineOf } from '../../db/engine';
import type { Database, TimeEntriesTable, TimeEntryRow } from '../../db/types';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Reads taken in a write's transaction lock what they read on PostgreSQL (SQLite runs one write at a
 * time): a second stop, approval, edit or delete of the same rows waits for the first, then reads what it
 * left, so the roll-ups are changed once.
 */
const locked = (db: Db) => engineOf(db) === 'postgres';

export function findEntry(
  db: Db,
  workspaceId: string,
  id: string,
  forWrite = false,
): Promise<TimeEntryRow | undefined> {
  return db
    .selectFrom('time_entries')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', id)
    .$if(forWrite && locked(db), (qb) => qb.forUpdate())
    .executeTakeFirst();
}

export async function insertEntry(db: Db, row: Insertable<TimeEntriesTable>): Promise<void> {
  await db.insertInto('time_entries').values(row).execute();
}

export async function updateEntry(db: Db, id: string, values: Updateable<TimeEntriesTable>): Promise<void> {
  await db.updateTable('time_entries').set(values).where('id', '=', id).execute();
}

export async function deleteEntry(db: Db, id: string): Promise<void> {
  await db.deleteFrom('time_entries').where('id', '=', id).execute();
}

/** The member's running timer in this workspace (one who moved on keeps none here). */
export function runningTimer(
  db: Db,
  workspaceId: string,
  userId: string,
  forWrite = false,
): Promise<TimeEntryRow | undefined> {
  return db
    .selectFrom('time_entries')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('user_id', '=', userId)
    .where('started_at', 'is not', null)
    .$if(forWrite && locked(db), (qb) => qb.forUpdate())
    .executeTakeFirst();
}

/** Who may see whose time: everyone's (an admin), or one's own and that of the projects one manages. */
export type TimeScope = { all: true } | { all: false; userId: string };

export interface EntryFilter {
  from: string;
  to: string;
  userId?: string;
  projectId?: string;
  clientId?: string;
  status?: TimeEntryStatus;
}

function scoped(db: Db, workspaceId: string, scope: TimeScope, filter: EntryFilter) {
  let rows = db
    .selectFrom('time_entries')
    .innerJoin('projects', 'projects.id', 'time_entries.project_id')
    .where('time_entries.workspace_id', '=', workspaceId)
    .where('time_entries.date', '>=', filter.from)
    .where('time_entries.date', '<=', filter.to);
  if (!scope.all) {
    const { userId } = scope;
    rows = rows.where((eb) =>
      eb.or([eb('time_entries.user_id', '=', userId), eb('projects.manager_id', '=', userId)]),
    );
  }
  if (filter.userId) rows = rows.where('time_entries.user_id', '=', filter.userId);
  if (filter.projectId) rows = rows.where('time_entries.project_id', '=', filter.projectId);
  if (filter.clientId) rows = rows.where('projects.client_id', '=', filter.clientId);
  if (filter.status) rows = rows.where('time_entries.status', '=', filter.status);
  return rows;
}

/** The entries in range the scope lets the caller see, by day, with their project and task. */
export function listEntries(
  db: Db,
  workspaceId: string,
  scope: TimeScope,
  filter: EntryFilter,
  limit: number,
) {
  return scoped(db, workspaceId, scope, filter)
    .leftJoin('tasks', 'tasks.id', 'time_entries.task_id')
    .selectAll('time_entries')
    .select([
      'projects.code as project_code',
      'projects.name as project_name',
      'tasks.number as task_number',
      'tasks.title as task_title',
    ])
    .orderBy('time_entries.date')
    .orderBy('time_entries.created_at')
    .orderBy('time_entries.id')
    .limit(limit)
    .execute();
}

/** The entries in range as the CSV reads them, a batch at a time after the last one read. */
export function entryBatch(
  db: Db,
  workspaceId: string,
  scope: TimeScope,
  filter: EntryFilter,
  after: { date: string; id: string } | null,
  size: number,
) {
  let rows = scoped(db, workspaceId, scope, filter)
    .leftJoin('tasks', 'tasks.id', 'time_entries.task_id')
    .innerJoin('clients', 'clients.id', 'projects.client_id');
  if (after)
    rows = rows.where((eb) =>
      eb.or([
        eb('time_entries.date', '>', after.date),
        eb.and([eb('time_entries.date', '=', after.date), eb('time_entries.id', '>', after.id)]),
      ]),
    );
  return rows
    .selectAll('time_entries')
    .select([
      'projects.code as project_code',
      'projects.name as project_name',
      'clients.name as client_name',
      'tasks.number as task_number',
      'tasks.title as task_title',
    ])
    .orderBy('time_entries.date')
    .orderBy('time_entries.id')
    .limit(size)
    .execute();
}

const GROUP_KEYS = {
  project: 'time_entries.project_id',
  client: 'projects.client_id',
  member: 'time_entries.user_id',
  week: 'time_entries.date',
} as const;

/** Sums of the entries in range by the report's grouping (weeks are summed by day, then by week). */
export function reportSums(
  db: Db,
  workspaceId: string,
  scope: TimeScope,
  filter: EntryFilter,
  group: TimeReportGroup,
) {
  const key = GROUP_KEYS[group];
  return scoped(db, workspaceId, scope, filter)
    .select([
      sql<string>`${sql.ref(key)}`.as('key'),
      'time_entries.currency',
      sql<string | number>`sum(time_entries.minutes)`.as('minutes'),
      sql<string | number>`sum(case when time_entries.billable = 1 then time_entries.minutes else 0 end)`.as(
        'billable_minutes',
      ),
      sql<
        string | number
      >`sum(case when time_entries.status = 'approved' then time_entries.minutes else 0 end)`.as(
        'approved_minutes',
      ),
      sql<string | number>`sum(time_entries.amount)`.as('amount'),
    ])
    .where('time_entries.started_at', 'is', null)
    .groupBy([sql.ref(key), 'time_entries.currency'])
    .execute();
}

/** Names for a report's keys. */
export async function labels(db: Db, group: TimeReportGroup, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0 || group === 'week') return new Map();
  const rows =
    group === 'project'
      ? await db
          .selectFrom('projects')
          .select(['id', sql<string>`code || ' ' || name`.as('label')])
          .where('id', 'in', ids)
          .execute()
      : group === 'client'
        ? await db.selectFrom('clients').select(['id', 'name as label']).where('id', 'in', ids).execute()
        : await db.selectFrom('users').select(['id', 'username as label']).where('id', 'in', ids).execute();
  return new Map(rows.map((row) => [row.id, row.label]));
}

/** One person's entries of a week in a status, outside running timers (and of one project, when given). */
function weekOf(
  db: Db,
  workspaceId: string,
  userId: string,
  from: string,
  to: string,
  status: TimeEntryStatus,
  projectId?: string,
) {
  let rows = db
    .selectFrom('time_entries')
    .where('workspace_id', '=', workspaceId)
    .where('user_id', '=', userId)
    .where('date', '>=', from)
    .where('date', '<=', to)
    .where('status', '=', status)
    .where('started_at', 'is', null);
  if (projectId) rows = rows.where('project_id', '=', projectId);
  return rows;
}

/** The rows a week's change of status moves, with what each is worth (for the projects' roll-ups). */
export function weekEntries(
  db: Db,
  workspaceId: string,
  userId: string,
  from: string,
  to: string,
  status: TimeEntryStatus,
  projectId?: string,
) {
  return weekOf(db, workspaceId, userId, from, to, status, projectId)
    .select(['id', 'project_id', 'minutes', 'amount'])
    .$if(locked(db), (qb) => qb.forUpdate())
    .execute();
}

export async function setStatuses(
  db: Db,
  ids: string[],
  values: Pick<Updateable<TimeEntriesTable>, 'status' | 'approved_by' | 'approved_at' | 'updated_at'>,
): Promise<void> {
  // Chunks keep the statement's parameters under SQLite's limit.
  for (let i = 0; i < ids.length; i += 500)
    await db
      .updateTable('time_entries')
      .set(values)
      .where('id', 'in', ids.slice(i, i + 500))
      .execute();
}

/** Submitted entries of the projects the scope manages, for the approvals list. */
export function submittedEntries(db: Db, workspaceId: string, scope: TimeScope) {
  let rows = db
    .selectFrom('time_entries')
    .innerJoin('projects', 'projects.id', 'time_entries.project_id')
    .select([
      'time_entries.user_id',
      'time_entries.user_name',
      'time_entries.project_id',
      'projects.code',
      'projects.name',
      'time_entries.date',
      'time_entries.minutes',
    ])
    .where('time_entries.workspace_id', '=', workspaceId)
    .where('time_entries.status', '=', 'submitted');
  if (!scope.all) rows = rows.where('projects.manager_id', '=', scope.userId);
  return rows.orderBy('time_entries.date').limit(10_000).execute();
}

/** Moves minutes and money between a project's roll-ups (positive adds, negative takes away). */
export async function addToProject(
  db: Db,
  projectId: string,
  delta: {
    unapprovedMinutes: number;
    unapprovedAmount: number;
    approvedMinutes: number;
    approvedAmount: number;
  },
): Promise<void> {
  await db
    .updateTable('projects')
    .set((eb) => ({
      unapproved_minutes: eb('unapproved_minutes', '+', delta.unapprovedMinutes),
      unapproved_amount: eb('unapproved_amount', '+', delta.unapprovedAmount),
      approved_minutes: eb('approved_minutes', '+', delta.approvedMinutes),
      approved_amount: eb('approved_amount', '+', delta.approvedAmount),
    }))
    .where('id', '=', projectId)
    .execute();
}

export async function addToTask(db: Db, taskId: string, minutes: number): Promise<void> {
  await db
    .updateTable('tasks')
    .set((eb) => ({ logged_minutes: eb('logged_minutes', '+', minutes) }))
    .where('id', '=', taskId)
    .execute();
}

export async function setBudgetAlerted(db: Db, projectId: string, percent: number): Promise<void> {
  await db.updateTable('projects').set({ budget_alerted: percent }).where('id', '=', projectId).execute();
}

/** A task of the project, if it is one. */
export function taskOfProject(db: Db, projectId: string, taskId: string) {
  return db
    .selectFrom('tasks')
    .select(['id', 'number', 'title'])
    .where('project_id', '=', projectId)
    .where('id', '=', taskId)
    .executeTakeFirst();
}

export function tasksByIds(db: Db, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('tasks').select(['id', 'number', 'title']).where('id', 'in', ids).execute();
}
