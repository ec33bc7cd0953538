import type { FastifyBaseLogger } from 'fastify';
import { PASSWORD_RESET_MESSAGES as M } from '../../../shared/messages';
import { PASSWORD_RESET } from '../../../shared/mail';
import { BLOCKED_STATUSES, type UserStatus } from '../../../shared/roles';
import type { PasswordWork } from '../../auth/password-work';
import { hashToken, newOneTimeToken } from '../../auth/one-time-token';
import { HttpError, badRequest } from '../../http/errors';
import type { Limiter } from '../../limits/limiter';
import type { LimitStore } from '../../limits/limit-store';
import { addressKey } from '../../limits/address-key';
import { enqueueMail } from '../../mail/outbox';
import { afterAnswer } from '../../lib/after-answer';
import type { Mailer } from '../../mail/mailer';
import { passwordResetMail } from '../../mail/templates';
import { recordActivity } from '../activity/activity.service';
import { findUserByEmail } from '../users/users.service';
import { isWorkspaceDeleted } from '../workspace-deletion/workspace-deletion.service';
import type { EmailConfirmationService } from '../email-confirmation/email-confirmation.service';
import {
  endSessions,
  revokeCredentialsMadeSince,
  type RevokedCredentials,
} from '../sessions/sessions.service';
import { endUnprovenSetUp } from './unproven-set-up';
import { findLiveReset, insertReset, setPassword, spendResets, useReset } from './password-reset.repository';

export interface PasswordResetLimits {
  perIp: Limiter;
  perEmail: Limiter;
}

export const resetLimits = (store: LimitStore): PasswordResetLimits => ({
  perIp: store.limiter({
    name: 'reset-ip',
    limit: PASSWORD_RESET.perIpLimit,
    windowMs: PASSWORD_RESET.perIpWindowMs,
  }),
  perEmail: store.limiter({
    name: 'reset-email',
    limit: PASSWORD_RESET.perEmailLimit,
    windowMs: PASSWORD_RESET.perEmailWindowMs,
  }),
});

/** 'Forgot password?' (docs/product/auth.md#password-reset): a single-use link by e-mail, then a new password that ends old sessions. */
export function createPasswordResetService(
  mailer: Mailer,
  log: FastifyBaseLogger,
  limits: PasswordResetLimits,
  passwords: PasswordWork,
  confirmation: Pick<EmailConfirmationService, 'prove'>,
) {
  const { db } = mailer;

  /** The look-up, the link and the mail of a reset request, done after its answer. */
  async function sendLink(email: string): Promise<void> {
    if ((await limits.perEmail.take(email)) > 0) return;
    const user = await findUserByEmail(db, email);
    if (!user || BLOCKED_STATUSES.includes(user.status as UserStatus)) return;
    // A deleted workspace's members are shut out until it is recovered: a new password would not help.
    if (await isWorkspaceDeleted(db, user.workspace_id)) return;

    const now = mailer.now();
    const { token, hash } = newOneTimeToken();
    const link = mailer.link('/reset-password', { token });
    // Read before the transaction: on SQLite a read outside it would wait for it to end.
    const siteName = await mailer.siteName();
    await db.transaction().execute(async (trx) => {
      await insertReset(trx, {
        tokenHash: hash,
        userId: user.id,
        createdAt: now.toISOString(),
        expiresAt: new Date(now.getTime() + PASSWORD_RESET.tokenTtlMs).toISOString(),
      });
      await enqueueMail(
        trx,
        {
          workspaceId: user.workspace_id,
          kind: 'password-reset',
          via: 'platform',
          to: user.email,
          ...passwordResetMail(siteName, { username: user.username, link }),
        },
        now,
      );
    });
    // Never logged: without a mail set-up the message waits, and only LOG_MAIL_LINKS prints its link.
    mailer.worker.kick();
  }

  return {
    /**
     * Answers the same whether or not the address has an account, and in the same time: only the per-client
     * limit is decided before answering (429 past it); the look-up, the link and the mail are made after the
     * answer has gone (docs/product/auth.md#password-reset). Per e-mail address: past the limit nothing more is sent, so neither a
     * mailbox can be flooded nor an account's existence read from the answers or their timing.
     */
    async request(email: string, clientIp: string): Promise<void> {
      const wait = await limits.perIp.take(addressKey(clientIp));
      if (wait > 0)
        throw new HttpError(429, M.tooMany(Math.ceil(wait / 60)), undefined, { 'Retry-After': String(wait) });
      afterAnswer(log, 'password reset request', () => sendLink(email));
    },

    /** Sets the new password once per link; every earlier session of the account ends. */
    async reset(token: string, password: string, revokeSince?: string): Promise<RevokedCredentials | null> {
      const hash = hashToken(token);
      const now = mailer.now().toISOString();
      const userId = await findLiveReset(db, hash, now);
      if (!userId) throw badRequest(M.invalidLink);
      const passwordHash = await passwords.hash(password);
      const siteName = await mailer.siteName();
      const revoked = await db.transaction().execute(async (trx) => {
        // The one statement that uses the link: of two requests racing with it, only one updates a row.
        if (!(await useReset(trx, hash, now))) throw badRequest(M.invalidLink);
        // Other links sent before this reset are spent too.
        await spendResets(trx, userId, now);
        const user = await setPassword(trx, userId, passwordHash, now);
        await recordActivity(trx, {
          workspaceId: user.workspace_id,
          userId,
          action: `${user.username} reset their password`,
        });
        // Every session of the account ends with the old password (docs/product/auth.md#sessions-on-the-server).
        await endSessions(trx, userId, mailer.now());
        // Proving an address nobody had proven ends what was set up before (docs/security.md#proven-addresses-and-domains).
        await endUnprovenSetUp(trx, user, siteName, mailer.now());
        // The link reached the mailbox: that proves the address, as the confirmation link would (docs/product/auth.md#proven-addresses).
        await confirmation.prove(trx, user, siteName, mailer.now());
        // Offered on the reset page: what a session used by someone else may have made goes too.
        return revokeSince ? revokeCredentialsMadeSince(trx, user, revokeSince, mailer.now()) : null;
      });
      mailer.worker.kick();
      return revoked;
    },
  };
}

export type PasswordResetService = ReturnType<typeof createPasswordResetService>;
