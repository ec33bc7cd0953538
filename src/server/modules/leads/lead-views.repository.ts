import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, LeadViewRow } from '../../db/types';

type Db = Kysely<Database> | Transaction<Database>;

/*
 * Saved views' queries (docs/product/leads.md#saved-views), always within one workspace. What a user sees is
 * their own views and the workspace's shared ones: the two halves of the OR are the indexes on
 * (user_id, lower(name)) and (workspace_id, shared).
 */

/** The views `userId` sees in `workspaceId`: shared first, then by name (ignoring case). */
export function listVisibleViews(db: Db, workspaceId: string, userId: string): Promise<LeadViewRow[]> {
  return db
    .selectFrom('lead_views')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where((eb) => eb.or([eb('user_id', '=', userId), eb('shared', '=', 1)]))
    .orderBy('shared', 'desc')
    .orderBy(sql`lower(name)`)
    .orderBy('id')
    .execute();
}

/** One view `userId` may see, or undefined: another workspace's or another user's private view is never found. */
export function findVisibleView(
  db: Db,
  workspaceId: string,
  userId: string,
  id: string,
): Promise<LeadViewRow | undefined> {
  return db
    .selectFrom('lead_views')
    .selectAll()
    .where('id', '=', id)
    .where('workspace_id', '=', workspaceId)
    .where((eb) => eb.or([eb('user_id', '=', userId), eb('shared', '=', 1)]))
    .executeTakeFirst();
}

/** How many views a user keeps, and how many their workspace shares. */
export async function countViews(db: Db, workspaceId: string, userId: string) {
  const row = await db
    .selectFrom('lead_views')
    .select((eb) => [
      eb.fn
        .sum<string | number | null>(eb.case().when('user_id', '=', userId).then(1).else(0).end())
        .as('mine'),
      eb.fn.sum<string | number | null>(eb.case().when('shared', '=', 1).then(1).else(0).end()).as('shared'),
    ])
    .where('workspace_id', '=', workspaceId)
    .where((eb) => eb.or([eb('user_id', '=', userId), eb('shared', '=', 1)]))
    .executeTakeFirst();
  return { mine: Number(row?.mine ?? 0), shared: Number(row?.shared ?? 0) };
}

/**
 * Which of the two names is taken: the user's own view of that name, or (when `shared`) a shared view of
 * the workspace with it, ignoring case; `exceptId` is the view being renamed.
 */
export async function nameTaken(
  db: Db,
  scope: { workspaceId: string; userId: string; name: string; shared: boolean; exceptId?: string },
): Promise<'mine' | 'shared' | null> {
  const rows = await db
    .selectFrom('lead_views')
    .select(['user_id', 'shared'])
    .where('workspace_id', '=', scope.workspaceId)
    .where(sql`lower(name)`, '=', sql`lower(${scope.name})`)
    .where((eb) => eb.or([eb('user_id', '=', scope.userId), ...(scope.shared ? [eb('shared', '=', 1)] : [])]))
    .$if(scope.exceptId !== undefined, (qb) => qb.where('id', '!=', scope.exceptId!))
    .execute();
  if (rows.some((row) => row.user_id === scope.userId)) return 'mine';
  return rows.length > 0 ? 'shared' : null;
}

export async function insertView(db: Db, row: LeadViewRow): Promise<void> {
  await db.insertInto('lead_views').values(row).execute();
}

export async function updateView(
  db: Db,
  workspaceId: string,
  id: string,
  values: Partial<Pick<LeadViewRow, 'name' | 'query' | 'shared' | 'updated_at'>>,
): Promise<void> {
  await db
    .updateTable('lead_views')
    .set(values)
    .where('id', '=', id)
    .where('workspace_id', '=', workspaceId)
    .execute();
}

export async function deleteView(db: Db, workspaceId: string, id: string): Promise<void> {
  await db.deleteFrom('lead_views').where('id', '=', id).where('workspace_id', '=', workspaceId).execute();
}
