import type { Kysely, Transaction } from 'kysely';
import type { Database, InvitationRow } from '../../db/types';
import { hashToken } from '../../auth/one-time-token';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * An invitation that can still be accepted: not accepted, not revoked, not expired, and to a workspace that
 * is not deleted (nobody joins one while it waits for recovery or its purge).
 */
export function findOpenInvitation(db: Db, token: string, now: Date): Promise<InvitationRow | undefined> {
  return db
    .selectFrom('invitations')
    .selectAll()
    .where('token_hash', '=', hashToken(token))
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('workspaces')
          .select('workspaces.id')
          .whereRef('workspaces.id', '=', 'invitations.workspace_id')
          .where('workspaces.deleted_at', 'is', null),
      ),
    )
    .executeTakeFirst();
}

/** The workspace's pending invitations at `now`, newest first, with who sent each. */
export function listPendingInvitations(db: Db, workspaceId: string, now: string, limit: number) {
  return db
    .selectFrom('invitations')
    .leftJoin('users', 'users.id', 'invitations.invited_by')
    .select([
      'invitations.id',
      'invitations.email',
      'invitations.created_at',
      'invitations.expires_at',
      'users.username as invited_by',
    ])
    .where('invitations.workspace_id', '=', workspaceId)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('invitations.created_at', 'desc')
    .limit(limit)
    .execute();
}

export async function insertInvitation(trx: Transaction<Database>, row: InvitationRow): Promise<void> {
  await trx.insertInto('invitations').values(row).execute();
}

/** Revokes one pending invitation of the workspace; answers whether there was one. */
export async function revokeInvitation(
  db: Db,
  workspaceId: string,
  id: string,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('invitations')
    .set({ revoked_at: now })
    .where('id', '=', id)
    .where('workspace_id', '=', workspaceId)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A new invitation replaces the pending ones to the same address. */
export async function revokePendingTo(
  trx: Transaction<Database>,
  workspaceId: string,
  email: string,
  now: string,
): Promise<void> {
  await trx
    .updateTable('invitations')
    .set({ revoked_at: now })
    .where('workspace_id', '=', workspaceId)
    .where('email', '=', email)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .execute();
}

/**
 * Uses the invitation, once: of two requests racing with one link, one updates the row. `stillUnrevoked`
 * also refuses a revocation that came after the invitation was read. Answers whether this call used it.
 */
export async function markAccepted(
  trx: Transaction<Database>,
  id: string,
  now: string,
  options: { stillUnrevoked: boolean },
): Promise<boolean> {
  const used = await trx
    .updateTable('invitations')
    .set({ accepted_at: now })
    .where('id', '=', id)
    .where('accepted_at', 'is', null)
    .$if(options.stillUnrevoked, (q) => q.where('revoked_at', 'is', null))
    .executeTakeFirst();
  return Number(used.numUpdatedRows) === 1;
}

/** The workspace's name; throws when there is no such workspace. */
export async function workspaceName(db: Db, id: string): Promise<string> {
  const row = await db.selectFrom('workspaces').select('name').where('id', '=', id).executeTakeFirstOrThrow();
  return row.name;
}

export async function findWorkspaceName(db: Db, id: string): Promise<string | undefined> {
  const row = await db.selectFrom('workspaces').select('name').where('id', '=', id).executeTakeFirst();
  return row?.name;
}

/** True when the workspace has a member besides `userId`. */
export async function hasOtherMembers(
  trx: Transaction<Database>,
  workspaceId: string,
  userId: string,
): Promise<boolean> {
  const others = await trx
    .selectFrom('users')
    .select('id')
    .where('workspace_id', '=', workspaceId)
    .where('id', '!=', userId)
    .executeTakeFirst();
  return others !== undefined;
}

/**
 * The account moves into `workspaceId` as a Team Member; what its old workspace granted stays there.
 * `signInAgain` raises its session version (the workspace requires a second factor it does not have yet).
 */
export async function joinAsTeamMember(
  trx: Transaction<Database>,
  userId: string,
  workspaceId: string,
  options: { now: string; signInAgain: boolean },
): Promise<void> {
  await trx
    .updateTable('users')
    .set((eb) => ({
      workspace_id: workspaceId,
      role: 'Team Member',
      permissions: '{}',
      access: '[]',
      pending_workspace_id: null,
      updated_at: options.now,
      ...(options.signInAgain ? { session_version: eb('session_version', '+', 1) } : {}),
    }))
    .where('id', '=', userId)
    .execute();
}
