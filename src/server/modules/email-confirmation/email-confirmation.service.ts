import type { Transaction } from 'kysely';
import type { Database, SessionUser, UserRow } from '../../db/types';
import { WAITING_ROOM_WORKSPACE_ID } from '../../../shared/email-confirmation';
import { AUTH_MESSAGES, EMAIL_CONFIRMATION_MESSAGES as M } from '../../../shared/messages';
import { emailDomain } from '../../../shared/text';
import type { ConfirmEmailAnswer } from '../../../shared/schemas/email-confirmation';
import { badRequest, conflict } from '../../http/errors';
import type { Limiter } from '../../limits/limiter';
import { tooMany } from '../../limits/per-address';
import { enqueueMail } from '../../mail/outbox';
import type { Mailer } from '../../mail/mailer';
import { emailConfirmationMail, memberJoinedMail } from '../../mail/templates';
import { recordActivity } from '../activity/activity.service';
import { hasTwoFactor, workspaceRequiresTwoFactor } from '../two-factor/two-factor.service';
import { findUserById } from '../users/users.service';
import { findWorkspaceByDomain, workspaceOwningDomain } from '../workspaces/workspaces.service';
import { assertMemberRoom } from '../../lib/plan-limits';
import {
  confirmedAdminEmails,
  markEmailConfirmed,
  moveOutOfWaitingRoom,
  moveWaitingRoomTraces,
  newConfirmationToken,
  pendingDomainOf,
  settleDomainClaim,
  spendConfirmationTokens,
  useConfirmationToken,
} from './email-confirmation.repository';

/** What sign-up and the hourly purge use of e-mail confirmation. */
export { sweepUnconfirmed } from './unconfirmed-sweep';

type Account = Pick<UserRow, 'id' | 'workspace_id' | 'username' | 'email'>;

/**
 * Proving an account's e-mail address (docs/product/auth.md#proven-addresses): the link mailed at sign-up (and again on request), and
 * what confirming grants — a claimed domain becomes the workspace's, a Team Member who signed up by domain
 * joins that workspace. Nothing is granted on an unconfirmed claim.
 */
export function createEmailConfirmationService(mailer: Mailer, resendLimit: Limiter) {
  const { db } = mailer;

  /** Queues the confirmation mail inside the caller's transaction (platform mail: never a workspace's set-up). */
  async function queueLink(trx: Transaction<Database>, user: Account, siteName: string, now: Date) {
    const token = await newConfirmationToken(trx, user.id, now);
    const link = mailer.link('/confirm-email', { token });
    await enqueueMail(
      trx,
      {
        workspaceId: user.workspace_id,
        kind: 'email-confirmation',
        via: 'platform',
        to: user.email,
        ...emailConfirmationMail(siteName, { username: user.username, link }),
      },
      now,
    );
  }

  /** Makes the workspace's claimed domain its own, unless a confirmed workspace proved it first. */
  async function claimDomain(trx: Transaction<Database>, workspaceId: string): Promise<string | null> {
    const domain = await pendingDomainOf(trx, workspaceId);
    if (!domain) return null;
    const owner = await workspaceOwningDomain(trx, domain);
    await settleDomainClaim(trx, workspaceId, owner ? null : domain);
    return owner ? domain : null;
  }

  /** A Team Member who signed up by domain joins the workspace that owns it now, and its admins are told. */
  async function joinByDomain(trx: Transaction<Database>, user: UserRow, siteName: string, now: Date) {
    const workspace = await findWorkspaceByDomain(trx, emailDomain(user.email));
    if (!workspace) return null;
    // A workspace at its plan's members takes nobody more (docs/product/workspace.md#plan-limits): 409, the confirmation rolls back and
    // its link still works once there is room.
    await assertMemberRoom(trx, workspace.id);
    // Two-factor at every door: a workspace that requires it gets the second step at the next sign-in.
    const signInAgain =
      (await workspaceRequiresTwoFactor(trx, workspace.id)) && !(await hasTwoFactor(trx, user.id));
    await moveOutOfWaitingRoom(trx, user.id, workspace.id, { now, signInAgain });
    // What the waiting room holds of them (their sign-up line, their confirmation mail) moves with them, so
    // the workspace's erasure one day leaves nothing of them behind.
    await moveWaitingRoomTraces(trx, user, workspace.id);
    await recordActivity(trx, {
      workspaceId: workspace.id,
      userId: user.id,
      action: `${user.username} (${user.email}) joined by e-mail domain as a Team Member`,
    });
    const admins = await confirmedAdminEmails(trx, workspace.id);
    const link = mailer.link('/dashboard/users-roles', {});
    for (const to of admins)
      await enqueueMail(
        trx,
        {
          workspaceId: workspace.id,
          kind: 'member-joined',
          via: 'platform',
          to,
          ...memberJoinedMail(siteName, {
            username: user.username,
            email: user.email,
            workspaceName: workspace.name,
            link,
          }),
        },
        now,
      );
    return { name: workspace.name, signInAgain };
  }

  async function prove(
    trx: Transaction<Database>,
    user: UserRow,
    siteName: string,
    now: Date,
  ): Promise<ConfirmEmailAnswer> {
    if (user.email_confirmed_at) return { success: true, message: M.alreadyConfirmed, signInAgain: false };
    await markEmailConfirmed(trx, user.id, now);
    await spendConfirmationTokens(trx, user.id, now);
    if (user.workspace_id === WAITING_ROOM_WORKSPACE_ID) {
      const joined = await joinByDomain(trx, user, siteName, now);
      // The domain's workspace is gone (deleted, or its claim lapsed): confirmed, but still outside.
      if (!joined) return { success: true, message: AUTH_MESSAGES.domainNotFound, signInAgain: false };
      return { success: true, message: M.joined(joined.name), signInAgain: joined.signInAgain };
    }
    const taken = user.role === 'Business Admin' ? await claimDomain(trx, user.workspace_id) : null;
    return {
      success: true,
      message: taken ? M.domainTakenOnConfirm(taken) : M.confirmed,
      signInAgain: false,
    };
  }

  return {
    queueLink,

    /** POST /api/email-confirmation: a new link for the signed-in account, a few an hour. */
    async resend(caller: SessionUser): Promise<string> {
      if (caller.email_confirmed_at) throw conflict(M.alreadyConfirmed);
      const wait = await resendLimit.take(caller.id);
      if (wait > 0) throw tooMany(wait, (s) => M.tooManyResends(Math.ceil(s / 60)));
      const now = mailer.now();
      const siteName = await mailer.siteName();
      await db.transaction().execute((trx) => queueLink(trx, caller, siteName, now));
      mailer.worker.kick();
      return M.resent(caller.email);
    },

    /**
     * What proving the address grants, inside the caller's transaction: the confirmation link, and a password
     * reset link (it went to the same mailbox, so the mailbox's owner takes over an account someone else
     * signed up with their address, and the domain comes with it).
     */
    prove,

    /** POST /api/email-confirmation/confirm: the token proves the address, once. */
    async confirm(token: string): Promise<ConfirmEmailAnswer> {
      const now = mailer.now();
      const siteName = await mailer.siteName();
      const answer = await db.transaction().execute(async (trx): Promise<ConfirmEmailAnswer> => {
        const userId = await useConfirmationToken(trx, token, now);
        const user = userId ? await findUserById(trx, userId) : undefined;
        if (!user) throw badRequest(M.invalidLink);
        return prove(trx, user, siteName, now);
      });
      mailer.worker.kick();
      return answer;
    },
  };
}

export type EmailConfirmationService = ReturnType<typeof createEmailConfirmationService>;
