import {
  sql,
  type Expression,
  type ExpressionBuilder,
  type Kysely,
  type SqlBool,
  type Transaction,
  type Updateable,
} from 'kysely';
import type { Database, UserRow, UsersTable } from '../../db/types';
import { containsInsensitive } from '../../db/search';

type Db = Kysely<Database> | Transaction<Database>;

export function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('email', '=', email.trim().toLowerCase())
    .executeTakeFirst();
}

export function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertUser(db: Db, row: UserRow): Promise<void> {
  await db.insertInto('users').values(row).execute();
}

/** Writes the given columns of one user. */
export async function updateUser(db: Db, id: string, values: Updateable<UsersTable>): Promise<void> {
  await db.updateTable('users').set(values).where('id', '=', id).execute();
}

/** Changes the user's role only while it is still `from` (a concurrent change wins); answers whether it did. */
export async function changeRoleIfStill(
  db: Db,
  id: string,
  change: { from: string; to: string; at: string },
): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ role: change.to, updated_at: change.at })
    .where('id', '=', id)
    .where('role', '=', change.from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** A user's profile image (a data URL, or '' for none). */
export async function profileImageOf(db: Db, id: string): Promise<string> {
  const row = await db.selectFrom('users').select('profile_image').where('id', '=', id).executeTakeFirst();
  return row?.profile_image ?? '';
}

export interface UserListFilter {
  /** Only this workspace's users; all workspaces when absent (an Admin's view). */
  workspaceId?: string;
  /** Case-insensitive "contains" on name, username or e-mail. */
  search?: string;
}

function matching(filter: UserListFilter) {
  return (eb: ExpressionBuilder<Database, 'users'>) => {
    const conditions: Expression<SqlBool>[] = [];
    if (filter.workspaceId) conditions.push(eb('workspace_id', '=', filter.workspaceId));
    const term = filter.search?.trim();
    if (term)
      conditions.push(
        eb.or(['name', 'username', 'email'].map((column) => containsInsensitive(column, term))),
      );
    return eb.and(conditions);
  };
}

/** Newest first, at most `limit` rows, plus how many match in all (the list header shows the total). */
export async function listUsers(
  db: Db,
  filter: UserListFilter,
  limit: number,
): Promise<{ rows: UserRow[]; count: number }> {
  const rows = await db
    .selectFrom('users')
    .selectAll()
    .where(matching(filter))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  const total = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where(matching(filter))
    .executeTakeFirstOrThrow();
  return { rows, count: Number(total.n) };
}

export async function countActiveAdmins(db: Db, excludingId: string): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('role', '=', 'Admin')
    .where('status', '=', 'Active')
    .where('id', '!=', excludingId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Takes the lock every role/status change queues on, so two Admins demoting each other at once cannot
 * both pass the last-Admin check (PostgreSQL row lock on the upsert; SQLite runs one write transaction at a time).
 */
export async function lockAdminChanges(trx: Transaction<Database>): Promise<void> {
  await trx
    .insertInto('settings')
    .values({ key: 'lock:admin-changes', value: '' })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: '' }))
    .execute();
}

/**
 * Locks one user row for a read-modify-write (a no-op update, portable where SELECT ... FOR UPDATE is not)
 * and reads it afresh, so concurrent merges of the permissions map cannot lose each other's keys.
 */
export async function lockUser(trx: Transaction<Database>, id: string): Promise<UserRow | undefined> {
  const result = await trx
    .updateTable('users')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('id', '=', id)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return undefined;
  return findUserById(trx, id);
}

/** What deciding who may own a lead needs of a member. */
export type MemberForLeads = Pick<
  UserRow,
  'id' | 'workspace_id' | 'username' | 'name' | 'email' | 'role' | 'status' | 'permissions'
>;
const MEMBER_FOR_LEADS_COLUMNS = [
  'id',
  'workspace_id',
  'username',
  'name',
  'email',
  'role',
  'status',
  'permissions',
] as const;

export function memberForLeads(db: Db, id: string): Promise<MemberForLeads | undefined> {
  return db.selectFrom('users').select(MEMBER_FOR_LEADS_COLUMNS).where('id', '=', id).executeTakeFirst();
}

/** A workspace's members, oldest first (an import matches its owner column against them). */
export function workspaceMembersForLeads(db: Db, workspaceId: string): Promise<MemberForLeads[]> {
  return db
    .selectFrom('users')
    .select(MEMBER_FOR_LEADS_COLUMNS)
    .where('workspace_id', '=', workspaceId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** Usernames by id, for the few rows of one answer. */
export async function usernamesByIds(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'username'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((row) => [row.id, row.username]));
}

/**
 * The workspace's own account, the one its unassigned work goes to: its Business Admin, else the
 * Freelancer or SOLOHQ of a personal workspace, else an Admin (the agency's), active accounts first, the
 * oldest first. The same order migration 018 gave the leads it found.
 */
export async function workspaceOwnerId(
  db: Db,
  workspaceId: string,
  /** `excluding`: an account leaving the workspace's work, which its leads must not go back to. */
  { excluding }: { excluding?: string } = {},
): Promise<string | null> {
  let query = db
    .selectFrom('users')
    .select('id')
    .where('workspace_id', '=', workspaceId)
    .where('role', 'in', ['Business Admin', 'Freelancer', 'SOLOHQ', 'Admin']);
  if (excluding) query = query.where('id', '!=', excluding);
  const row = await query
    .orderBy(sql`case when ${sql.ref('status')} in ('Inactive', 'Terminated') then 1 else 0 end`)
    .orderBy(
      sql`case ${sql.ref('role')} when 'Business Admin' then 1 when 'Freelancer' then 2 when 'SOLOHQ' then 3 else 4 end`,
    )
    .orderBy('created_at')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  return row?.id ?? null;
}
