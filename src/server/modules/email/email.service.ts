import type { SessionUser } from '../../db/types';
import { nowIso } from '../../db/rows';
import { EMAIL_SETUP_LIMITS, EMAIL_SETUP_MESSAGES as M } from '../../../shared/mail';
import type {
  DeliveryLogEntry,
  EmailSetupAnswer,
  EmailSetupInput,
  EmailSetupView,
} from '../../../shared/schemas/email';
import { HttpError, badRequest } from '../../http/errors';
import { recordActivity } from '../activity/activity.service';
import { recordSentMail, retryQueuedNow } from '../../mail/outbox';
import { hasTransport, recordTransportHealth, workspaceTransport } from '../../mail/mail-settings';
import type { Mailer } from '../../mail/mailer';
import { senderHeader } from '../../mail/sender';
import { SmtpFailure } from '../../mail/smtp-failure';
import { sendWithSmtp } from '../../mail/smtp-send';
import { testMail } from '../../mail/templates';

/** Business Email Setup (spec §2, issue 10): one SMTP set-up per workspace, its test and delivery log. */
export function createEmailService(mailer: Mailer) {
  const { db } = mailer;

  async function storedRow(workspaceId: string) {
    return db
      .selectFrom('email_settings')
      .selectAll()
      .where('workspace_id', '=', workspaceId)
      .executeTakeFirst();
  }

  return {
    /** GET /api/email/setup: the stored set-up without its password, and whether mail goes out. */
    async get(caller: SessionUser): Promise<EmailSetupAnswer> {
      const row = await storedRow(caller.workspace_id);
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
            lastError: row.last_error,
          }
        : null;
      if (row) return { config, delivery: { transport: 'own', healthy: !row.last_error } };
      return {
        config,
        delivery: (await hasTransport(mailer, null))
          ? { transport: 'platform', healthy: true }
          : { transport: 'none', healthy: false },
      };
    },

    /** POST /api/email/setup: saves (an empty password keeps the stored one); never connects. */
    async save(caller: SessionUser, input: EmailSetupInput): Promise<void> {
      if (!senderHeader(input.from, input.auth.user))
        throw badRequest(M.fromNoAddress, [{ field: 'from', message: M.fromNoAddress }]);
      const before = await storedRow(caller.workspace_id);
      if (!input.auth.pass && !before)
        throw badRequest(M.passwordRequired, [{ field: 'auth.pass', message: M.passwordRequired }]);
      const values = {
        host: input.host,
        port: input.port,
        secure: input.secure ? 1 : 0,
        auth_user: input.auth.user,
        pass_sealed: input.auth.pass ? mailer.box.seal(input.auth.pass) : before!.pass_sealed,
        from_address: input.from,
        // New settings have not been tried yet.
        verified_at: null,
        last_error: null,
        updated_by: caller.id,
        updated_at: nowIso(),
      };
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('email_settings')
          .values({ workspace_id: caller.workspace_id, ...values })
          .onConflict((oc) => oc.column('workspace_id').doUpdateSet(values))
          .execute();
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
      const transport = await workspaceTransport(mailer, caller.workspace_id).catch(() => null);
      if (!transport) throw badRequest(M.configureFirst);
      const recipient = to ?? caller.email;
      const body = testMail(await mailer.siteName(), {
        host: transport.settings.host,
        sentBy: caller.username,
      });
      let error: string | null = null;
      try {
        await sendWithSmtp(
          transport.settings,
          { to: recipient, ...body },
          {
            allowPrivate: mailer.config.allowPrivateSmtp,
          },
        );
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
      const rows = await db
        .selectFrom('mail_outbox')
        .select([
          'id',
          'kind',
          'to_address',
          'subject',
          'status',
          'attempts',
          'last_error',
          'created_at',
          'sent_at',
          'next_attempt_at',
        ])
        .where('workspace_id', '=', caller.workspace_id)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(EMAIL_SETUP_LIMITS.logSize)
        .execute();
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

export type EmailService = ReturnType<typeof createEmailService>;
