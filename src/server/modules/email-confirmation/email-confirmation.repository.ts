import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/types';
import { EMAIL_CONFIRMATION, WAITING_ROOM_WORKSPACE_ID } from '../../../shared/email-confirmation';
import { hashToken, newOneTimeToken } from '../../auth/one-time-token';

type Db = Kysely<Database> | Transaction<Database>;

/** Every unused link of the account is spent. */
export async function spendConfirmationTokens(trx: Db, userId: string, now: Date): Promise<void> {
  await trx
    .updateTable('email_confirmations')
    .set({ used_at: now.toISOString() })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}

/** A new single-use link for the account; earlier unused links are spent (only the newest mail works). */
export async function newConfirmationToken(trx: Db, userId: string, now: Date): Promise<string> {
  const { token, hash } = newOneTimeToken();
  await spendConfirmationTokens(trx, userId, now);
  await trx
    .insertInto('email_confirmations')
    .values({
      token_hash: hash,
      user_id: userId,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + EMAIL_CONFIRMATION.tokenTtlMs).toISOString(),
      used_at: null,
    })
    .execute();
  return token;
}

/**
 * Uses a link: the account it proves, or null when the link is unknown, spent or expired. The one
 * conditional UPDATE decides between two requests racing with the same link.
 */
export async function useConfirmationToken(
  trx: Transaction<Database>,
  token: string,
  now: Date,
): Promise<string | null> {
  const used = await trx
    .updateTable('email_confirmations')
    .set({ used_at: now.toISOString() })
    .where('token_hash', '=', hashToken(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .returning('user_id')
    .executeTakeFirst();
  return used?.user_id ?? null;
}

export async function markEmailConfirmed(
  trx: Transaction<Database>,
  userId: string,
  now: Date,
): Promise<void> {
  await trx
    .updateTable('users')
    .set({ email_confirmed_at: now.toISOString(), updated_at: now.toISOString() })
    .where('id', '=', userId)
    .execute();
}

/** The domain the workspace's owner claimed at sign-up and has not proven yet, if any. */
export async function pendingDomainOf(trx: Transaction<Database>, workspaceId: string) {
  const workspace = await trx
    .selectFrom('workspaces')
    .select(['pending_domain'])
    .where('id', '=', workspaceId)
    .executeTakeFirst();
  return workspace?.pending_domain ?? null;
}

/** Settles the workspace's claim: the domain becomes its own (`domain`), or the claim is dropped (null). */
export async function settleDomainClaim(
  trx: Transaction<Database>,
  workspaceId: string,
  domain: string | null,
): Promise<void> {
  await trx
    .updateTable('workspaces')
    .set(domain === null ? { pending_domain: null } : { domain, pending_domain: null })
    .where('id', '=', workspaceId)
    .execute();
}

/**
 * A member leaving the waiting room for `workspaceId`; `signInAgain` raises their session version (the
 * workspace requires a second factor they do not have yet).
 */
export async function moveOutOfWaitingRoom(
  trx: Transaction<Database>,
  userId: string,
  workspaceId: string,
  options: { now: Date; signInAgain: boolean },
): Promise<void> {
  await trx
    .updateTable('users')
    .set((eb) => ({
      workspace_id: workspaceId,
      pending_workspace_id: null,
      updated_at: options.now.toISOString(),
      ...(options.signInAgain ? { session_version: eb('session_version', '+', 1) } : {}),
    }))
    .where('id', '=', userId)
    .execute();
}

/** What the waiting room holds of a member (their sign-up line, their confirmation mail) moves with them. */
export async function moveWaitingRoomTraces(
  trx: Transaction<Database>,
  user: { id: string; email: string },
  workspaceId: string,
): Promise<void> {
  await trx
    .updateTable('activity')
    .set({ workspace_id: workspaceId })
    .where('workspace_id', '=', WAITING_ROOM_WORKSPACE_ID)
    .where('user_id', '=', user.id)
    .execute();
  await trx
    .updateTable('mail_outbox')
    .set({ workspace_id: workspaceId })
    .where('workspace_id', '=', WAITING_ROOM_WORKSPACE_ID)
    .where('to_address', '=', user.email)
    .execute();
}

/** The addresses of the workspace's confirmed Admins and Business Admins. */
export async function confirmedAdminEmails(
  trx: Transaction<Database>,
  workspaceId: string,
): Promise<string[]> {
  const admins = await trx
    .selectFrom('users')
    .select('email')
    .where('workspace_id', '=', workspaceId)
    .where('role', 'in', ['Admin', 'Business Admin'])
    .where('email_confirmed_at', 'is not', null)
    .execute();
  return admins.map((admin) => admin.email);
}

/** Accounts still unconfirmed that were created before `before` (one address only, when given), oldest first. */
export function unconfirmedBefore(db: Db, before: string, email: string | undefined, limit: number) {
  return db
    .selectFrom('users')
    .select(['id', 'workspace_id'])
    .where('email_confirmed_at', 'is', null)
    .where('created_at', '<', before)
    .$if(email !== undefined, (q) => q.where('email', '=', email!))
    .orderBy('created_at')
    .limit(limit)
    .execute();
}

/** Erases the account if it is still unconfirmed; answers whether this call did. */
export async function deleteIfUnconfirmed(trx: Transaction<Database>, userId: string): Promise<boolean> {
  const deleted = await trx
    .deleteFrom('users')
    .where('id', '=', userId)
    .where('email_confirmed_at', 'is', null)
    .executeTakeFirst();
  return Number(deleted.numDeletedRows) === 1;
}

/** Erases the workspace if nobody is in it any more (everything of it goes by ON DELETE CASCADE). */
export async function deleteWorkspaceIfEmpty(trx: Transaction<Database>, workspaceId: string): Promise<void> {
  const others = await trx
    .selectFrom('users')
    .select('id')
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirst();
  if (!others) await trx.deleteFrom('workspaces').where('id', '=', workspaceId).execute();
}
