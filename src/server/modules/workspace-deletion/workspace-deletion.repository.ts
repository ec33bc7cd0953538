import { endWorkspaceSessions } from '../sessions/sessions.repository';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/types';
import type { DeletedWorkspace } from '../../../shared/schemas/workspace-deletion';

type Db = Kysely<Database> | Transaction<Database>;

/** The deleted workspaces an Admin may list at most (oldest purge first): more are recovered by link. */
export const DELETED_LIST_LIMIT = 500;

/**
 * True when the workspace is deleted and waiting for recovery or its purge, or no longer exists. Sign-in
 * refuses its members with WORKSPACE_DELETION_MESSAGES.workspaceDeleted (403).
 */
export async function isWorkspaceDeleted(db: Db, workspaceId: string): Promise<boolean> {
  const row = await db
    .selectFrom('workspaces')
    .select('deleted_at')
    .where('id', '=', workspaceId)
    .executeTakeFirst();
  return !row || row.deleted_at !== null;
}

/** What the routes need to decide about one workspace. */
export function findWorkspaceForDeletion(db: Db, id: string) {
  return db
    .selectFrom('workspaces')
    .select(['id', 'name', 'kind', 'deleted_at'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/**
 * Marks the workspace deleted, once: of two deletions racing, only the one that finds it live changes the
 * row. Answers whether this call did.
 */
export async function markDeleted(
  trx: Transaction<Database>,
  values: { id: string; deletedAt: string; deletedBy: string; purgeAfter: string; tokenHash: string },
): Promise<boolean> {
  const result = await trx
    .updateTable('workspaces')
    .set({
      deleted_at: values.deletedAt,
      deleted_by: values.deletedBy,
      purge_after: values.purgeAfter,
      recovery_token_hash: values.tokenHash,
    })
    .where('id', '=', values.id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Every member's tokens stop working at once: the guard compares each token's version with this one. */
export async function endMemberSessions(trx: Transaction<Database>, workspaceId: string): Promise<void> {
  await trx
    .updateTable('users')
    .set((eb) => ({ session_version: eb('session_version', '+', 1) }))
    .where('workspace_id', '=', workspaceId)
    .execute();
  // Their session rows end too (docs/product/auth.md#sessions-on-the-server): the lists show nothing live, and recovery revives nothing.
  await endWorkspaceSessions(trx, workspaceId, new Date());
}

/**
 * Brings a deleted workspace back as it was, while it may still be recovered (before its purge time), by
 * the recovery link's token hash or by id (Admin). The link's token is spent with it. Answers the
 * workspace, or undefined when nothing matched.
 */
export function restoreWorkspace(
  trx: Transaction<Database>,
  match: { column: 'recovery_token_hash' | 'id'; value: string },
  now: string,
) {
  return trx
    .updateTable('workspaces')
    .set({ deleted_at: null, deleted_by: null, purge_after: null, recovery_token_hash: null })
    .where(match.column, '=', match.value)
    .where('deleted_at', 'is not', null)
    .where('purge_after', '>', now)
    .returning(['id', 'name'])
    .executeTakeFirst();
}

/** Deleted workspaces that can still be recovered, the soonest to be erased first. */
export async function listDeletedWorkspaces(db: Db, now: string): Promise<DeletedWorkspace[]> {
  const rows = await db
    .selectFrom('workspaces')
    .select((eb) => [
      'workspaces.id',
      'workspaces.name',
      'workspaces.deleted_at',
      'workspaces.purge_after',
      eb
        .selectFrom('users')
        .select((count) => count.fn.countAll<string | number>().as('n'))
        .whereRef('users.workspace_id', '=', 'workspaces.id')
        .as('members'),
    ])
    .where('workspaces.deleted_at', 'is not', null)
    .where('workspaces.purge_after', '>', now)
    .orderBy('workspaces.purge_after', 'asc')
    .orderBy('workspaces.id', 'asc')
    .limit(DELETED_LIST_LIMIT)
    .execute();
  return rows.map((row) => ({
    _id: row.id,
    name: row.name,
    deletedAt: row.deleted_at ?? '',
    purgeAfter: row.purge_after ?? '',
    memberCount: Number(row.members ?? 0),
  }));
}

/** The owners the deletion e-mail goes to: active members with an owner's role. */
export function workspaceOwners(
  db: Db,
  workspaceId: string,
  roles: readonly string[],
  blocked: readonly string[],
) {
  return db
    .selectFrom('users')
    .select(['email', 'username'])
    .where('workspace_id', '=', workspaceId)
    .where('role', 'in', roles)
    .where('status', 'not in', blocked)
    .orderBy('created_at', 'asc')
    .execute();
}
