import type { SessionUser } from '../../db/types';
import { nowIso } from '../../db/rows';
import { EMAIL_SETUP_MESSAGES as M, EMAIL_CONFIRMATION_MESSAGES } from '../../../shared/messages';
import { EMAIL_SETUP_LIMITS } from '../../../shared/mail';
import type {
  DeliveryLogEntry,
  EmailSetupAnswer,
  EmailSetupInput,
  EmailSetupView,
} from '../../../shared/schemas/mail';
import { HttpError, badRequest, forbidden } from '../../http/errors';
import { recordActivity } from '../activity/activity.service';
import { AGENCY_WORKSPACE_ID } from '../../../shared/workspace-deletion';
import { recordSentMail, retryQueuedNow } from '../../mail/outbox';
import {
  UnusableSetup,
  findEmailSettings,
  hasTransport,
  passScope,
  recordTransportHealth,
  scopeMatches,
  smtpOptions,
  workspaceTransport,
  type Transport,
} from '../../mail/transport';
import type { Mailer } from '../../mail/mailer';
import { senderHeader } from '../../mail/sender';
import { SmtpFailure } from '../../mail/smtp-failure';
import { sendWithSmtp } from '../../mail/smtp-send';
import { takeMailSlot } from '../../lib/plan-limits';
import { testMail } from '../../mail/templates';
import { newestMail, saveKeepingPassword, saveWithPassword } from './email-setup.repository';

/** Business Email Setup (docs/product/email.md#business-email-setup): one SMTP set-up per workspace, its test and delivery log. */
export function createEmailSetupService(mailer: Mailer) {
  const { db } = mailer;

  /**
   * Why the caller may read but not change the set-up, or null. An unconfirmed account configures no mail
   * (docs/product/email.md#platform-mail); without SMTP_URL the agency's set-up also sends the platform's mail (resets, confirmations),
   * so only an Admin changes it.
   */
  function readOnlyReason(caller: SessionUser): string | null {
    if (caller.email_confirmed_at === null) return EMAIL_CONFIRMATION_MESSAGES.required;
    if (caller.workspace_id === AGENCY_WORKSPACE_ID && !mailer.config.smtpUrl && caller.role !== 'Admin')
      return M.agencyAdminOnly;
    return null;
  }

  const retypePassword = () =>
    badRequest(M.passwordRetype, [{ field: 'auth.pass', message: M.passwordRetype }]);

  return {
    /** GET /api/email/setup: the stored set-up without its password, whether mail goes out and who may edit. */
    async get(caller: SessionUser): Promise<EmailSetupAnswer> {
      const row = await findEmailSettings(db, caller.workspace_id);
      const reason = readOnlyReason(caller);
      const access = { editable: reason === null, readOnlyReason: reason };
      // A row changed without its password is not used (mail/transport.ts): say so whatever was last recorded.
      const lastError = row && !scopeMatches(row) ? M.setupChanged : (row?.last_error ?? null);
      const config: EmailSetupView | null = row
        ? {
            host: row.host,
            port: row.port,
            secure: row.secure === 1,
            auth: { user: row.auth_user },
            from: row.from_address,
            passwordSet: true,
            updatedAt: row.updated_at,
            verifiedAt: row.verified_at,
            lastError,
          }
        : null;
      if (row) return { config, delivery: { transport: 'own', healthy: !lastError }, ...access };
      return {
        config,
        delivery: (await hasTransport(mailer, null))
          ? { transport: 'platform', healthy: true }
          : { transport: 'none', healthy: false },
        ...access,
      };
    },

    /**
     * POST /api/email/setup: saves; never connects. An empty password keeps the stored one only for the host,
     * port and user it was typed for: changing any of them needs it typed again (docs/product/email.md#business-email-setup).
     */
    async save(caller: SessionUser, input: EmailSetupInput): Promise<void> {
      const reason = readOnlyReason(caller);
      if (reason) throw forbidden(reason);
      if (!senderHeader(input.from, input.auth.user))
        throw badRequest(M.fromNoAddress, [{ field: 'from', message: M.fromNoAddress }]);
      const before = await findEmailSettings(db, caller.workspace_id);
      if (!input.auth.pass && !before)
        throw badRequest(M.passwordRequired, [{ field: 'auth.pass', message: M.passwordRequired }]);
      const scope = passScope(input.host, input.port, input.auth.user);
      if (!input.auth.pass && before?.pass_scope !== scope) throw retypePassword();
      const values = {
        host: input.host,
        port: input.port,
        secure: input.secure ? 1 : 0,
        auth_user: input.auth.user,
        from_address: input.from,
        // New settings have not been tried yet.
        verified_at: null,
        last_error: null,
        updated_by: caller.id,
        updated_at: nowIso(),
      };
      await db.transaction().execute(async (trx) => {
        if (input.auth.pass) {
          const typed = { ...values, pass_sealed: mailer.box.seal(input.auth.pass), pass_scope: scope };
          await saveWithPassword(trx, caller.workspace_id, typed);
        } else {
          // The stored password stays, on condition that it is still the one typed for this scope (a save
          // of other settings meanwhile must not let this one move it).
          if (!(await saveKeepingPassword(trx, caller.workspace_id, values, scope))) throw retypePassword();
        }
        await recordActivity(trx, {
          workspaceId: caller.workspace_id,
          userId: caller.id,
          action: `${caller.username} ${before ? 'updated' : 'set up'} the e-mail configuration`,
          kind: 'smtp-changed',
        });
      });
      // Messages waiting for a set-up (or for a fixed one) go now.
      await retryQueuedNow(db, mailer.now());
      mailer.worker.kick();
    },

    /** POST /api/email/test: sends now through the stored set-up; the answer says why it failed. */
    async sendTest(caller: SessionUser, to: string | undefined): Promise<string> {
      let transport: Transport | null;
      try {
        transport = await workspaceTransport(mailer, caller.workspace_id);
      } catch (error) {
        // Changed without its password: nothing is sent (the reason is recorded on the set-up).
        if (error instanceof UnusableSetup) throw badRequest(error.message);
        transport = null;
      }
      if (!transport) throw badRequest(M.configureFirst);
      const recipient = to ?? caller.email;
      // A test e-mail is the workspace's mail: counted (and refused past the plan's day) before it is sent.
      await takeMailSlot(db, caller.workspace_id, 'test', mailer.now());
      const body = testMail(await mailer.siteName(), {
        host: transport.settings.host,
        sentBy: caller.username,
      });
      let error: string | null = null;
      try {
        await sendWithSmtp(transport.settings, { to: recipient, ...body }, smtpOptions(mailer.config));
      } catch (caught) {
        error = caught instanceof SmtpFailure ? caught.message : M.testFailed;
      }
      const now = mailer.now();
      await recordTransportHealth(db, transport, error, now);
      await recordSentMail(
        db,
        { workspaceId: caller.workspace_id, kind: 'test', via: 'workspace', to: recipient, ...body },
        now,
        error,
      );
      if (error) throw new HttpError(422, error);
      return M.testSent(recipient);
    },

    /** GET /api/email/messages: the workspace's newest messages. */
    async deliveryLog(caller: SessionUser): Promise<DeliveryLogEntry[]> {
      const rows = await newestMail(db, caller.workspace_id, EMAIL_SETUP_LIMITS.logSize);
      return rows.map((r) => ({
        _id: r.id,
        kind: r.kind,
        to: r.to_address,
        subject: r.subject,
        status: r.status,
        attempts: r.attempts,
        lastError: r.last_error,
        createdAt: r.created_at,
        sentAt: r.sent_at,
        nextAttemptAt: r.status === 'queued' ? r.next_attempt_at : null,
      }));
    },
  };
}

export type EmailSetupService = ReturnType<typeof createEmailSetupService>;
