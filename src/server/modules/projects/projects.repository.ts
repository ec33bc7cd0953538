import { sql, type Insertable, type Kysely, type Transaction, type Updateable } from 'kysely';
import { containsPattern } from '../../db/search';
import type { ProjectListQuery } from '../../../shared/schemas/projects';
import type {
  Database,
  ProjectEventsTable,
  ProjectMembersTable,
  ProjectRow,
  ProjectsTable,
} from '../../db/types';
import { OPEN_PROJECT_STATUSES } from '../../../shared/projects';

type Db = Kysely<Database> | Transaction<Database>;

const SORT_COLUMNS = {
  name: 'name',
  created: 'created_at',
  due: 'due_date',
  delivered: 'delivered_on',
  code: 'number',
} as const;

export interface ProjectFilters {
  query: ProjectListQuery;
  managerId: string | undefined;
  /** Today and the ends of this week and month, YYYY-MM-DD, for the due filter. */
  today: string;
  weekEnd: string;
  monthEnd: string;
}

/** Used time past the hours or the money budget. */
const overBudget = sql<boolean>`(
  (budget_minutes is not null and approved_minutes + unapproved_minutes > budget_minutes)
  or (budget_amount is not null and approved_amount + unapproved_amount + expense_amount > budget_amount))`;

function matching(
  db: Db,
  workspaceId: string,
  { query, managerId, today, weekEnd, monthEnd }: ProjectFilters,
) {
  let rows = db.selectFrom('projects').where('workspace_id', '=', workspaceId);
  if (query.search)
    rows = rows.where(
      sql<boolean>`search_text like ${containsPattern(query.search.toLowerCase())} escape '\\'`,
    );
  if (query.client) rows = rows.where('client_id', '=', query.client);
  if (managerId) rows = rows.where('manager_id', '=', managerId);
  if (query.status?.length) rows = rows.where('status', 'in', query.status);
  if (query.due === 'none') rows = rows.where('due_date', 'is', null);
  else if (query.due) {
    // Due dates only matter while a project is open.
    rows = rows.where('status', 'in', [...OPEN_PROJECT_STATUSES]);
    if (query.due === 'overdue') rows = rows.where('due_date', '<', today);
    else
      rows = rows
        .where('due_date', '>=', today)
        .where('due_date', '<=', query.due === 'this-week' ? weekEnd : monthEnd);
  }
  if (query.overBudget === true) rows = rows.where(overBudget);
  if (query.overBudget === false) rows = rows.where(sql<boolean>`not ${overBudget}`);
  return rows;
}

export async function listProjects(
  db: Db,
  workspaceId: string,
  filters: ProjectFilters,
): Promise<{ rows: ProjectRow[]; total: number }> {
  const rows = matching(db, workspaceId, filters);
  const { query } = filters;
  const [page, count] = await Promise.all([
    rows
      .selectAll()
      // Projects without the date go last either way, on both engines (they differ on NULLs).
      .orderBy(sql`${sql.ref(SORT_COLUMNS[query.sort])} is null`)
      .orderBy(SORT_COLUMNS[query.sort], query.order)
      .orderBy('id', query.order)
      .limit(query.limit)
      .offset((query.page - 1) * query.limit)
      .execute(),
    rows.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: page, total: Number(count.n) };
}

export function findProject(db: Db, workspaceId: string, id: string): Promise<ProjectRow | undefined> {
  return db
    .selectFrom('projects')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function insertProject(db: Db, row: Insertable<ProjectsTable>): Promise<void> {
  await db.insertInto('projects').values(row).execute();
}

export async function updateProject(db: Db, id: string, values: Updateable<ProjectsTable>): Promise<void> {
  await db.updateTable('projects').set(values).where('id', '=', id).execute();
}

export async function deleteProject(db: Db, workspaceId: string, id: string): Promise<string | undefined> {
  const row = await db
    .deleteFrom('projects')
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', id)
    .returning('name')
    .executeTakeFirst();
  return row?.name;
}

/** Whether another project of the workspace has this code. */
export async function codeTaken(db: Db, workspaceId: string, code: string, exceptId: string | null) {
  let rows = db
    .selectFrom('projects')
    .select('id')
    .where('workspace_id', '=', workspaceId)
    .where('code', '=', code);
  if (exceptId) rows = rows.where('id', '<>', exceptId);
  return (await rows.executeTakeFirst()) !== undefined;
}

export function membersOf(db: Db, projectIds: string[]) {
  if (projectIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('project_members')
    .innerJoin('users', 'users.id', 'project_members.user_id')
    .select([
      'project_members.project_id',
      'project_members.user_id',
      'project_members.hourly_rate',
      'users.username',
    ])
    .where('project_members.project_id', 'in', projectIds)
    .orderBy('users.username')
    .execute();
}

export async function replaceMembers(
  db: Db,
  projectId: string,
  members: Insertable<ProjectMembersTable>[],
): Promise<void> {
  await db.deleteFrom('project_members').where('project_id', '=', projectId).execute();
  if (members.length > 0) await db.insertInto('project_members').values(members).execute();
}

export function clientNames(db: Db, workspaceId: string, clientIds: string[]) {
  if (clientIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('clients')
    .select(['id', 'name'])
    .where('workspace_id', '=', workspaceId)
    .where('id', 'in', clientIds)
    .execute();
}

export async function insertProjectEvent(db: Db, row: Insertable<ProjectEventsTable>): Promise<void> {
  await db.insertInto('project_events').values(row).execute();
}

export function projectEvents(db: Db, projectId: string, limit: number) {
  return db
    .selectFrom('project_events')
    .select(['id', 'kind', 'actor_name', 'data', 'at'])
    .where('project_id', '=', projectId)
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** The Overview's and the Projects section's live figures for a workspace (see projectSummary). */
export async function summaryCounts(
  db: Db,
  workspaceId: string,
  dates: { today: string; weekStart: string; weekEnd: string },
  timeOf: string | null,
) {
  const count = (n: { n: string | number } | undefined) => Number(n?.n ?? 0);
  const [active, open, dueThisWeek, overdueTasks, minutes] = await Promise.all([
    db
      .selectFrom('projects')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('workspace_id', '=', workspaceId)
      .where('status', '=', 'active')
      .executeTakeFirst(),
    db
      .selectFrom('projects')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('workspace_id', '=', workspaceId)
      .where('status', 'in', [...OPEN_PROJECT_STATUSES])
      .executeTakeFirst(),
    db
      .selectFrom('projects')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('workspace_id', '=', workspaceId)
      .where('status', 'in', [...OPEN_PROJECT_STATUSES])
      .where('due_date', '>=', dates.today)
      .where('due_date', '<=', dates.weekEnd)
      .executeTakeFirst(),
    db
      .selectFrom('tasks')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('workspace_id', '=', workspaceId)
      .where('status', '<>', 'done')
      .where('due_date', '<', dates.today)
      // Only the work still being done: a delivered or cancelled project's leftovers are not overdue.
      .where('project_id', 'in', (eb) =>
        eb
          .selectFrom('projects')
          .select('id')
          .where('workspace_id', '=', workspaceId)
          .where('status', 'in', [...OPEN_PROJECT_STATUSES]),
      )
      .executeTakeFirst(),
    (() => {
      let rows = db
        .selectFrom('time_entries')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<string | number>('minutes'), eb.lit(0)).as('n'))
        .where('workspace_id', '=', workspaceId)
        .where('date', '>=', dates.weekStart)
        .where('date', '<=', dates.weekEnd);
      if (timeOf) rows = rows.where('user_id', '=', timeOf);
      return rows.executeTakeFirst();
    })(),
  ]);
  return {
    activeProjects: count(active),
    openProjects: count(open),
    dueThisWeek: count(dueThisWeek),
    overdueTasks: count(overdueTasks),
    minutesThisWeek: count(minutes),
  };
}

/** A project's minutes by month (YYYY-MM), for a retainer's standing. */
export async function minutesByMonth(db: Db, projectId: string): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('time_entries')
    .select([sql<string>`substr(date, 1, 7)`.as('month'), sql<string | number>`sum(minutes)`.as('minutes')])
    .where('project_id', '=', projectId)
    .groupBy(sql`substr(date, 1, 7)`)
    .execute();
  return new Map(rows.map((row) => [row.month, Number(row.minutes)]));
}
