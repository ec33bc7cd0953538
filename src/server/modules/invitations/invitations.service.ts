import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { SessionUser } from '../../db/types';
import { INVITATION_MESSAGES as M, EMAIL_CONFIRMATION_MESSAGES } from '../../../shared/messages';
import { INVITATION } from '../../../shared/mail';
import type { InvitationView } from '../../../shared/schemas/mail';
import type { InvitationAccepted } from '../../../shared/schemas/invitation-accept';
import { newOneTimeToken } from '../../auth/one-time-token';
import { HttpError, forbidden, notFound } from '../../http/errors';
import type { Limiter } from '../../limits/limiter';
import type { LimitStore } from '../../limits/limit-store';
import { enqueueMail } from '../../mail/outbox';
import { hasTransport } from '../../mail/transport';
import type { Mailer } from '../../mail/mailer';
import { existingAccountInvitationMail, invitationMail, plainMailName } from '../../mail/templates';
import { recordActivity } from '../activity/activity.service';
import { findUserByEmail } from '../users/users.service';
import { assertMemberRoom } from '../../lib/plan-limits';
import { joinByInvitation } from './invitation-accept';
import {
  findOpenInvitation,
  insertInvitation,
  listPendingInvitations,
  revokeInvitation,
  revokePendingTo,
  workspaceName,
} from './invitations.repository';

/** What sign-up uses of invitations. */
export { acceptInvitation } from './invitation-accept';

/** How many invitations a workspace sends (docs/product/workspace.md#invitations), counted in the shared store by workspace id. */
export interface InvitationLimits {
  perHour: Limiter;
  perDay: Limiter;
}

export const invitationLimits = (store: LimitStore): InvitationLimits => ({
  perHour: store.limiter({
    name: 'invitations-hour',
    limit: INVITATION.hourlyLimit,
    windowMs: INVITATION.hourlyWindowMs,
  }),
  perDay: store.limiter({
    name: 'invitations-day',
    limit: INVITATION.dailyLimit,
    windowMs: INVITATION.dailyWindowMs,
  }),
});

const tooMany = (waitSeconds: number) =>
  new HttpError(429, M.tooMany(waitSeconds), undefined, { 'Retry-After': String(waitSeconds) });

/**
 * 'Invite Members' in Workspace Settings (docs/product/workspace.md#invitations): a single-use link that signs up a Team Member, or, for
 * an address that already has an account, lets it sign in and join (docs/product/workspace.md#invitations).
 */
export function createInvitationsService(mailer: Mailer, log: FastifyBaseLogger, limits: InvitationLimits) {
  const { db } = mailer;
  const siteHost = new URL(mailer.config.siteUrl).host;

  function requireInviter(caller: SessionUser) {
    if (caller.role !== 'Admin' && caller.role !== 'Business Admin') throw forbidden(M.ownerOrAdminOnly);
  }

  /**
   * One more invitation of the workspace, within the hour's and the day's limits (429 past either). Every
   * invitation counts, to a new address or not, so the limit tells the inviter nothing about addresses.
   */
  async function takeSlot(workspaceId: string): Promise<() => Promise<void>> {
    const hourWait = await limits.perHour.take(workspaceId);
    if (hourWait > 0) throw tooMany(hourWait);
    const dayWait = await limits.perDay.take(workspaceId);
    if (dayWait > 0) {
      await limits.perHour.release(workspaceId);
      throw tooMany(dayWait);
    }
    return async () => {
      await limits.perHour.release(workspaceId);
      await limits.perDay.release(workspaceId);
    };
  }

  return {
    /** Pending invitations of the caller's workspace, newest first. */
    async list(caller: SessionUser): Promise<InvitationView[]> {
      requireInviter(caller);
      const rows = await listPendingInvitations(
        db,
        caller.workspace_id,
        mailer.now().toISOString(),
        INVITATION.listLimit,
      );
      return rows.map((r) => ({
        _id: r.id,
        email: r.email,
        createdAt: r.created_at,
        expiresAt: r.expires_at,
        invitedBy: r.invited_by,
      }));
    },

    /**
     * Invites an address (a new invitation replaces a pending one to the same address). The link goes
     * only to that mailbox, never into the inviter's answer (docs/security.md#invitations): whoever signs up
     * through it has proved the address, so the account it makes starts confirmed.
     *
     * Only a confirmed Admin or Business Admin invites, within the workspace's limits. An address that
     * already has an account is answered exactly like a new one (docs/product/workspace.md#invitations: the 409 it used to get let
     * anyone list the accounts): the same status and body, an invitation row, a mail of the same kind and
     * subject. Its owner is mailed a sign-in link instead, and joins with POST /invitations/:token/accept.
     * Both mails are the platform's: sent by its own set-up and kept in its log, never the inviting
     * workspace's, whose SMTP server and delivery log would otherwise show which mail went out.
     */
    async invite(caller: SessionUser, email: string): Promise<{ invitation: InvitationView }> {
      requireInviter(caller);
      if (caller.email_confirmed_at === null) throw forbidden(EMAIL_CONFIRMATION_MESSAGES.required);
      // A workspace at its plan's members invites nobody more (docs/product/workspace.md#plan-limits).
      await assertMemberRoom(db, caller.workspace_id);
      const giveBack = await takeSlot(caller.workspace_id);
      try {
        return await sendInvitation(caller, email);
      } catch (error) {
        await giveBack();
        throw error;
      }
    },

    async revoke(caller: SessionUser, id: string): Promise<void> {
      requireInviter(caller);
      if (!(await revokeInvitation(db, caller.workspace_id, id, mailer.now().toISOString())))
        throw notFound(M.notFound);
    },

    /** Public: what the sign-up page shows for an invitation link. */
    async describe(token: string): Promise<{ workspaceName: string; email: string }> {
      const invitation = await findOpenInvitation(db, token, mailer.now());
      if (!invitation) throw notFound(M.invalidLink);
      const name = await workspaceName(db, invitation.workspace_id);
      return { workspaceName: plainMailName(name), email: invitation.email };
    },

    /**
     * Signing in to join (docs/product/workspace.md#invitations): the signed-in, confirmed account the invitation was sent to moves into
     * the inviting workspace as a Team Member. An Admin never leaves the platform's workspace, and an owner
     * (Business Admin, Freelancer) never leaves members behind: both are refused with 409. A sole owner's
     * workspace, emptied, is left as it is (its data, domain and plan stay; it can be deleted later like
     * any other). Sessions stay valid, unless the new workspace requires two-factor sign-in and the account
     * has no second factor: then they end, and the next sign-in goes through setting one up.
     */
    async accept(
      caller: SessionUser,
      token: string,
      /** The session accepting, which stays (unless 2FA is owed); the account's others end (docs/product/auth.md#sessions-on-the-server). */
      keepSession: string | null = null,
    ): Promise<InvitationAccepted> {
      const now = mailer.now();
      const invitation = await findOpenInvitation(db, token, now);
      if (!invitation) throw notFound(M.invalidLink);
      if (invitation.email !== caller.email.toLowerCase()) throw forbidden(M.emailMismatch);
      if (caller.email_confirmed_at === null) throw forbidden(EMAIL_CONFIRMATION_MESSAGES.required);

      const result = await db
        .transaction()
        .execute((trx) => joinByInvitation(trx, caller, invitation, { now, keepSession }));
      return { success: true, ...result };
    },
  };

  async function sendInvitation(caller: SessionUser, email: string): Promise<{ invitation: InvitationView }> {
    const existing = await findUserByEmail(db, email);
    const inviting = await workspaceName(db, caller.workspace_id);
    const now = mailer.now();
    const { token, hash } = newOneTimeToken();
    // The sign-up page of the link offers "sign in to join" as well.
    const link = mailer.link('/signup', { invite: token });
    const mailInput = {
      workspaceName: inviting,
      inviterName: caller.name || caller.username,
      siteHost,
    };
    const row = {
      id: randomUUID(),
      workspace_id: caller.workspace_id,
      email,
      token_hash: hash,
      invited_by: caller.id,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + INVITATION.ttlMs).toISOString(),
      accepted_at: null,
      revoked_at: null,
    };
    // Read before the transaction: on SQLite a read outside it would wait for it to end.
    const siteName = await mailer.siteName();
    // One kind and one subject for both, in the inviting workspace's own delivery log: nothing there tells
    // an address with an account from a new one (only the body differs, and the log never shows it).
    const mail = existing
      ? {
          kind: 'invitation' as const,
          ...existingAccountInvitationMail(siteName, {
            ...mailInput,
            link: mailer.link('/login', { invite: token }),
          }),
        }
      : { kind: 'invitation' as const, ...invitationMail(siteName, { ...mailInput, link }) };
    await db.transaction().execute(async (trx) => {
      await revokePendingTo(trx, caller.workspace_id, email, now.toISOString());
      await insertInvitation(trx, row);
      await enqueueMail(trx, { workspaceId: caller.workspace_id, via: 'platform', to: email, ...mail }, now);
      await recordActivity(trx, {
        workspaceId: caller.workspace_id,
        userId: caller.id,
        action: `${caller.username} invited ${email}`,
      });
    });
    mailer.worker.kick();
    // The operator learns it from the log in every environment: the inviter's screen cannot say (the link
    // is the invitee's alone), and `npm start` runs as production.
    if (!(await hasTransport(mailer, null)))
      log.warn(
        { email },
        'E-mail is not set up: the invitation waits in the queue (LOG_MAIL_LINKS prints links)',
      );
    return {
      invitation: {
        _id: row.id,
        email,
        createdAt: row.created_at,
        expiresAt: row.expires_at,
        invitedBy: caller.username,
      },
    };
  }
}

export type InvitationsService = ReturnType<typeof createInvitationsService>;
