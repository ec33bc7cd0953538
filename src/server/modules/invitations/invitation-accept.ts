import type { Transaction } from 'kysely';
import type { Database, InvitationRow, SessionUser } from '../../db/types';
import { toPublicUser } from '../../db/rows';
import { INVITATION_MESSAGES as M } from '../../../shared/messages';
import type { InvitationAccepted } from '../../../shared/schemas/invitation-accept';
import { badRequest, conflict, notFound } from '../../http/errors';
import { assertMemberRoom } from '../../lib/plan-limits';
import { plainMailName } from '../../mail/templates';
import { recordActivity } from '../activity/activity.service';
import { endSessions } from '../sessions/sessions.service';
import { hasTwoFactor, workspaceRequiresTwoFactor } from '../two-factor/two-factor.service';
import { findUserById, lockUser, settleDeparture } from '../users/users.service';
import {
  findOpenInvitation,
  findWorkspaceName,
  hasOtherMembers,
  joinAsTeamMember,
  markAccepted,
  workspaceName,
} from './invitations.repository';

/** The roles that own their workspace: they may not leave it to others while it still has members. */
const OWNER_ROLES = ['Business Admin', 'Freelancer'];

/**
 * Accepts an invitation inside the sign-up's transaction and answers the workspace to join. Only the
 * invited address may use it, once: of two sign-ups racing with one link, one updates the row.
 */
export async function acceptInvitation(trx: Transaction<Database>, token: string, email: string, now: Date) {
  const invitation = await findOpenInvitation(trx, token, now);
  if (!invitation) throw badRequest(M.invalidLink);
  if (invitation.email !== email.toLowerCase())
    throw badRequest(M.emailMismatch, [{ field: 'email', message: M.emailMismatch }]);
  if (!(await markAccepted(trx, invitation.id, now.toISOString(), { stillUnrevoked: false })))
    throw badRequest(M.invalidLink);
  // A workspace at its plan's members takes nobody more (docs/product/workspace.md#plan-limits): 409, and the sign-up rolls back.
  await assertMemberRoom(trx, invitation.workspace_id);
  return invitation.workspace_id;
}

/**
 * Signing in to join, inside its transaction (docs/product/workspace.md#invitations): the account the invitation was sent to moves into
 * the inviting workspace as a Team Member. An Admin never leaves the platform's workspace, and an owner
 * (Business Admin, Freelancer) never leaves members behind: both are refused with 409. Sessions stay
 * valid, unless the new workspace requires two-factor sign-in and the account has no second factor: then
 * they end, and the next sign-in goes through setting one up. `keepSession` is the session accepting.
 */
export async function joinByInvitation(
  trx: Transaction<Database>,
  caller: SessionUser,
  invitation: InvitationRow,
  options: { now: Date; keepSession: string | null },
): Promise<Omit<InvitationAccepted, 'success'>> {
  const { now, keepSession } = options;
  const user = await lockUser(trx, caller.id);
  if (!user) throw notFound(M.invalidLink);
  const targetId = invitation.workspace_id;
  const targetName = plainMailName(await workspaceName(trx, targetId));
  if (user.workspace_id === targetId) throw conflict(M.alreadyInWorkspace(targetName));
  if (user.role === 'Admin') throw conflict(M.adminCannotJoin);
  const home = await findWorkspaceName(trx, user.workspace_id);
  if (OWNER_ROLES.includes(user.role) && (await hasOtherMembers(trx, user.workspace_id, user.id)))
    throw conflict(M.ownerWithMembers(plainMailName(home ?? '')));

  if (!(await markAccepted(trx, invitation.id, now.toISOString(), { stillUnrevoked: true })))
    throw notFound(M.invalidLink);
  await assertMemberRoom(trx, targetId);

  const signInAgain =
    (await workspaceRequiresTwoFactor(trx, targetId)) && !(await hasTwoFactor(trx, user.id));
  await joinAsTeamMember(trx, user.id, targetId, { now: now.toISOString(), signInAgain });
  // Leaving a workspace ends the account's other sessions (docs/product/auth.md#sessions-on-the-server): none goes on there unseen.
  await endSessions(trx, user.id, now, !signInAgain && keepSession ? { except: keepSession } : {});
  await recordActivity(trx, {
    workspaceId: user.workspace_id,
    userId: user.id,
    action: `${user.username} left to join ${targetName} by invitation`,
  });
  await recordActivity(trx, {
    workspaceId: targetId,
    userId: user.id,
    action: `${user.username} joined as Team Member by invitation`,
  });
  const moved = await findUserById(trx, user.id);
  if (!moved) throw new Error('The account that accepted the invitation is gone.');
  // Its leads of the workspace it left go to that workspace's own account (docs/security.md#people-who-left).
  await settleDeparture(trx, user.id, user, moved);
  return { workspaceName: targetName, signInAgain, user: toPublicUser(moved) };
}
