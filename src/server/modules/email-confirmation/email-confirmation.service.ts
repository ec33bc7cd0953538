import type { Transaction } from 'kysely';
import type { Database, SessionUser, UserRow } from '../../db/types';
import {
  EMAIL_CONFIRMATION_MESSAGES as M,
  WAITING_ROOM_WORKSPACE_ID,
} from '../../../shared/email-confirmation';
import { AUTH_MESSAGES } from '../../../shared/messages';
import { emailDomain } from '../../../shared/text';
import type { ConfirmEmailAnswer } from '../../../shared/schemas/email-confirmation';
import { badRequest, conflict } from '../../http/errors';
import type { Limiter } from '../../limits/limiter';
import { tooMany } from '../../limits/per-address';
import { enqueueMail } from '../../mail/outbox';
import type { Mailer } from '../../mail/mailer';
import { emailConfirmationMail, memberJoinedMail } from '../../mail/templates';
import { recordActivity } from '../activity/activity.service';
import { hasTwoFactor, workspaceRequiresTwoFactor } from '../two-factor/two-factor.repository';
import { findWorkspaceByDomain } from '../workspaces/workspaces.repository';
import { assertMemberRoom } from '../workspaces/plan-limits';
import { newConfirmationToken, useConfirmationToken } from './email-confirmation.repository';

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
    const workspace = await trx
      .selectFrom('workspaces')
      .select(['pending_domain'])
      .where('id', '=', workspaceId)
      .executeTakeFirst();
    const domain = workspace?.pending_domain;
    if (!domain) return null;
    const owner = await trx
      .selectFrom('workspaces')
      .select('id')
      .where('domain', '=', domain)
      .executeTakeFirst();
    await trx
      .updateTable('workspaces')
      .set(owner ? { pending_domain: null } : { domain, pending_domain: null })
      .where('id', '=', workspaceId)
      .execute();
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
    await trx
      .updateTable('users')
      .set((eb) => ({
        workspace_id: workspace.id,
        pending_workspace_id: null,
        updated_at: now.toISOString(),
        ...(signInAgain ? { session_version: eb('session_version', '+', 1) } : {}),
      }))
      .where('id', '=', user.id)
      .execute();
    // What the waiting room holds of them (their sign-up line, their confirmation mail) moves with them, so
    // the workspace's erasure one day leaves nothing of them behind.
    await trx
      .updateTable('activity')
      .set({ workspace_id: workspace.id })
      .where('workspace_id', '=', WAITING_ROOM_WORKSPACE_ID)
      .where('user_id', '=', user.id)
      .execute();
    await trx
      .updateTable('mail_outbox')
      .set({ workspace_id: workspace.id })
      .where('workspace_id', '=', WAITING_ROOM_WORKSPACE_ID)
      .where('to_address', '=', user.email)
      .execute();
    await recordActivity(trx, {
      workspaceId: workspace.id,
      userId: user.id,
      action: `${user.username} (${user.email}) joined by e-mail domain as a Team Member`,
    });
    const admins = await trx
      .selectFrom('users')
      .select('email')
      .where('workspace_id', '=', workspace.id)
      .where('role', 'in', ['Admin', 'Business Admin'])
      .where('email_confirmed_at', 'is not', null)
      .execute();
    const link = mailer.link('/dashboard/users-roles', {});
    for (const admin of admins)
      await enqueueMail(
        trx,
        {
          workspaceId: workspace.id,
          kind: 'member-joined',
          via: 'platform',
          to: admin.email,
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
    await trx
      .updateTable('users')
      .set({ email_confirmed_at: now.toISOString(), updated_at: now.toISOString() })
      .where('id', '=', user.id)
      .execute();
    await trx
      .updateTable('email_confirmations')
      .set({ used_at: now.toISOString() })
      .where('user_id', '=', user.id)
      .where('used_at', 'is', null)
      .execute();
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
        const user = userId
          ? await trx.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst()
          : undefined;
        if (!user) throw badRequest(M.invalidLink);
        return prove(trx, user, siteName, now);
      });
      mailer.worker.kick();
      return answer;
    },
  };
}

export type EmailConfirmationService = ReturnType<typeof createEmailConfirmationService>;
