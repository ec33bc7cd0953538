import type { Kysely, Transaction } from 'kysely';
import type { Database, InvitationRow } from '../../db/types';
import { hashToken } from '../../auth/one-time-token';
import { INVITATION_MESSAGES as M } from '../../../shared/mail';
import { badRequest } from '../../http/errors';
import { assertMemberRoom } from '../workspaces/plan-limits';

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

/**
 * Accepts an invitation inside the sign-up's transaction and answers the workspace to join. Only the
 * invited address may use it, once: of two sign-ups racing with one link, one updates the row.
 */
export async function acceptInvitation(trx: Transaction<Database>, token: string, email: string, now: Date) {
  const invitation = await findOpenInvitation(trx, token, now);
  if (!invitation) throw badRequest(M.invalidLink);
  if (invitation.email !== email.toLowerCase())
    throw badRequest(M.emailMismatch, [{ field: 'email', message: M.emailMismatch }]);
  const accepted = await trx
    .updateTable('invitations')
    .set({ accepted_at: now.toISOString() })
    .where('id', '=', invitation.id)
    .where('accepted_at', 'is', null)
    .executeTakeFirst();
  if (Number(accepted.numUpdatedRows) !== 1) throw badRequest(M.invalidLink);
  // A workspace at its plan's members takes nobody more (docs/product/workspace.md#plan-limits): 409, and the sign-up rolls back.
  await assertMemberRoom(trx, invitation.workspace_id);
  return invitation.workspace_id;
}
