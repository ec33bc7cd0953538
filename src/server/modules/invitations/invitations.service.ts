import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { SessionUser } from '../../db/types';
import { toPublicUser } from '../../db/rows';
import { INVITATION, INVITATION_MESSAGES as M } from '../../../shared/mail';
import { EMAIL_CONFIRMATION_MESSAGES } from '../../../shared/email-confirmation';
import type { InvitationView } from '../../../shared/schemas/email';
import type { InvitationAccepted } from '../../../shared/schemas/invitation-accept';
import { newOneTimeToken } from '../../auth/one-time-token';
import { HttpError, conflict, forbidden, notFound } from '../../http/errors';
import type { Limiter } from '../../limits/limiter';
import type { LimitStore } from '../../limits/limit-store';
import { enqueueMail } from '../../mail/outbox';
import { hasTransport } from '../../mail/mail-settings';
import type { Mailer } from '../../mail/mailer';
import { existingAccountInvitationMail, invitationMail, plainMailName } from '../../mail/templates';
import { recordActivity } from '../activity/activity.service';
import { endSessions } from '../sessions/sessions.repository';
import { hasTwoFactor, workspaceRequiresTwoFactor } from '../two-factor/two-factor.repository';
import { findUserByEmail, lockUser } from '../users/users.repository';
import { findOpenInvitation } from './invitations.repository';
import { assertMemberRoom } from '../workspaces/plan-limits';

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

/** The roles that own their workspace: they may not leave it to others while it still has members. */
const OWNER_ROLES = ['Business Admin', 'Freelancer'];

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
      const rows = await db
        .selectFrom('invitations')
        .leftJoin('users', 'users.id', 'invitations.invited_by')
        .select([
          'invitations.id',
          'invitations.email',
          'invitations.created_at',
          'invitations.expires_at',
          'users.username as invited_by',
        ])
        .where('invitations.workspace_id', '=', caller.workspace_id)
        .where('accepted_at', 'is', null)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', mailer.now().toISOString())
        .orderBy('invitations.created_at', 'desc')
        .limit(INVITATION.listLimit)
        .execute();
      return rows.map((r) => ({
        _id: r.id,
        email: r.email,
        createdAt: r.created_at,
        expiresAt: r.expires_at,
        invitedBy: r.invited_by,
      }));
    },

    /**
     * Invites an address (a new invitation replaces a pending one to the same address). The link is in
     * the answer too: the inviter may pass it on another way, and it works before mail is set up.
     *
     * Only a confirmed Admin or Business Admin invites, within the workspace's limits. An address that
     * already has an account is answered exactly like a new one (docs/product/workspace.md#invitations: the 409 it used to get let
     * anyone list the accounts): the same status and body, an invitation row, a sign-up link of the same
     * form. Its owner is mailed a sign-in link instead, and joins with POST /invitations/:token/accept.
     * Both mails are the platform's: sent by its own set-up and kept in its log, never the inviting
     * workspace's, whose SMTP server and delivery log would otherwise show which mail went out.
     */
    async invite(caller: SessionUser, email: string): Promise<{ invitation: InvitationView; link: string }> {
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
      const result = await db
        .updateTable('invitations')
        .set({ revoked_at: mailer.now().toISOString() })
        .where('id', '=', id)
        .where('workspace_id', '=', caller.workspace_id)
        .where('accepted_at', 'is', null)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) throw notFound(M.notFound);
    },

    /** Public: what the sign-up page shows for an invitation link. */
    async describe(token: string): Promise<{ workspaceName: string; email: string }> {
      const invitation = await findOpenInvitation(db, token, mailer.now());
      if (!invitation) throw notFound(M.invalidLink);
      const workspace = await db
        .selectFrom('workspaces')
        .select('name')
        .where('id', '=', invitation.workspace_id)
        .executeTakeFirstOrThrow();
      return { workspaceName: plainMailName(workspace.name), email: invitation.email };
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

      const result = await db.transaction().execute(async (trx) => {
        const user = await lockUser(trx, caller.id);
        if (!user) throw notFound(M.invalidLink);
        const target = await trx
          .selectFrom('workspaces')
          .select(['id', 'name'])
          .where('id', '=', invitation.workspace_id)
          .executeTakeFirstOrThrow();
        const targetName = plainMailName(target.name);
        if (user.workspace_id === target.id) throw conflict(M.alreadyInWorkspace(targetName));
        if (user.role === 'Admin') throw conflict(M.adminCannotJoin);
        const home = await trx
          .selectFrom('workspaces')
          .select('name')
          .where('id', '=', user.workspace_id)
          .executeTakeFirst();
        if (OWNER_ROLES.includes(user.role)) {
          const others = await trx
            .selectFrom('users')
            .select('id')
            .where('workspace_id', '=', user.workspace_id)
            .where('id', '!=', user.id)
            .executeTakeFirst();
          if (others) throw conflict(M.ownerWithMembers(plainMailName(home?.name ?? '')));
        }

        const used = await trx
          .updateTable('invitations')
          .set({ accepted_at: now.toISOString() })
          .where('id', '=', invitation.id)
          .where('accepted_at', 'is', null)
          .where('revoked_at', 'is', null)
          .executeTakeFirst();
        if (Number(used.numUpdatedRows) !== 1) throw notFound(M.invalidLink);
        await assertMemberRoom(trx, target.id);

        const signInAgain =
          (await workspaceRequiresTwoFactor(trx, target.id)) && !(await hasTwoFactor(trx, user.id));
        await trx
          .updateTable('users')
          .set((eb) => ({
            workspace_id: target.id,
            role: 'Team Member',
            // What the old workspace granted stays there.
            permissions: '{}',
            access: '[]',
            pending_workspace_id: null,
            updated_at: now.toISOString(),
            ...(signInAgain ? { session_version: eb('session_version', '+', 1) } : {}),
          }))
          .where('id', '=', user.id)
          .execute();
        // Leaving a workspace ends the account's other sessions (docs/product/auth.md#sessions-on-the-server): none goes on there unseen.
        await endSessions(trx, user.id, now, !signInAgain && keepSession ? { except: keepSession } : {});
        await recordActivity(trx, {
          workspaceId: user.workspace_id,
          userId: user.id,
          action: `${user.username} left to join ${targetName} by invitation`,
        });
        await recordActivity(trx, {
          workspaceId: target.id,
          userId: user.id,
          action: `${user.username} joined as Team Member by invitation`,
        });
        const moved = await trx
          .selectFrom('users')
          .selectAll()
          .where('id', '=', user.id)
          .executeTakeFirstOrThrow();
        return { workspaceName: targetName, signInAgain, user: toPublicUser(moved) };
      });
      return { success: true, ...result };
    },
  };

  async function sendInvitation(
    caller: SessionUser,
    email: string,
  ): Promise<{ invitation: InvitationView; link: string }> {
    const existing = await findUserByEmail(db, email);
    const workspace = await db
      .selectFrom('workspaces')
      .select('name')
      .where('id', '=', caller.workspace_id)
      .executeTakeFirstOrThrow();
    const now = mailer.now();
    const { token, hash } = newOneTimeToken();
    // The inviter's answer always carries the sign-up link; the sign-up page offers "sign in to join".
    const link = mailer.link('/signup', { invite: token });
    const mailInput = {
      workspaceName: workspace.name,
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
      await trx
        .updateTable('invitations')
        .set({ revoked_at: now.toISOString() })
        .where('workspace_id', '=', caller.workspace_id)
        .where('email', '=', email)
        .where('accepted_at', 'is', null)
        .where('revoked_at', 'is', null)
        .execute();
      await trx.insertInto('invitations').values(row).execute();
      await enqueueMail(trx, { workspaceId: caller.workspace_id, via: 'platform', to: email, ...mail }, now);
      await recordActivity(trx, {
        workspaceId: caller.workspace_id,
        userId: caller.id,
        action: `${caller.username} invited ${email}`,
      });
    });
    mailer.worker.kick();
    if (process.env.NODE_ENV !== 'production' && !(await hasTransport(mailer, null)))
      log.warn({ email }, 'E-mail is not set up: the invitation link is shown to the inviter only');
    return {
      invitation: {
        _id: row.id,
        email,
        createdAt: row.created_at,
        expiresAt: row.expires_at,
        invitedBy: caller.username,
      },
      link,
    };
  }
}

export type InvitationsService = ReturnType<typeof createInvitationsService>;
