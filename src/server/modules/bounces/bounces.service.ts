import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { BOUNCE_MESSAGES as M } from '../../../shared/messages';
import { BOUNCES } from '../../../shared/bounces';
import {
  bounceWebhookBodySchema,
  type Bounce,
  type BounceMailboxInput,
  type BounceSettingsAnswer,
} from '../../../shared/schemas/bounces';
import type { PageInfo } from '../../../shared/schemas/answers';
import type { BounceKind } from '../../../shared/bounces';
import type { Database, MailOutboxRow, SessionUser } from '../../db/types';
import { HttpError, badRequest, conflict, notFound, unauthorized } from '../../http/errors';
import { pageInfo } from '../../http/page-info';
import type { SecretBox } from '../../secrets/secret-box';
import type { SmtpFailure } from '../../mail/smtp-failure';
import { recordBounce } from './bounce-rules';
import { bounceKindOfSmtpRefusal, bounceKindOfStatus, normaliseStatus } from './status-codes';
import type { BounceMailboxReader } from './mailbox-reader';
import { checkBounceWebhookSignature } from './webhook-signature';
import {
  bouncePage,
  deleteMailbox,
  findMailbox,
  findWebhookByPublicKey,
  findWebhookKey,
  forgetExpiredSeen,
  rememberSeen,
  saveMailboxKeepingPassword,
  saveMailboxWithPassword,
  saveWebhookKey,
} from './bounces.repository';

export { createBounceMailboxReader, type BounceMailboxReader } from './mailbox-reader';

/**
 * For the outbox worker (wired in app.ts; the mail layer imports no module): a bulk message's refusal at
 * send time. A 5xx at RCPT is a hard bounce at once; a 4xx a soft one (docs/product/marketing.md#bounces-and-complaints).
 */
export async function recordSendFailure(
  db: Kysely<Database>,
  row: MailOutboxRow,
  failure: SmtpFailure,
  now: Date,
): Promise<void> {
  if (!failure.reply || !row.to_address) return;
  const kind = bounceKindOfSmtpRefusal(failure.reply);
  if (!kind) return;
  await recordBounce(
    db,
    {
      workspaceId: row.workspace_id,
      email: row.to_address,
      kind,
      source: 'smtp',
      status: failure.reply.enhancedStatus,
      diagnostic: failure.reply.text,
      message: { id: row.id, campaign_recipient_id: row.campaign_recipient_id },
    },
    now,
  );
}

/** Where the mailbox's password was typed for: it is never sent anywhere else. */
const passScope = (input: { host: string; port: number; user: string }) =>
  `${input.host.toLowerCase()}:${input.port}:${input.user}`;

/** The bounce settings, the bounce log and the provider webhook (docs/product/marketing.md#bounces-and-complaints). */
export function createBouncesService(deps: {
  db: Kysely<Database>;
  box: SecretBox;
  reader: BounceMailboxReader;
  siteUrl: string;
  clock: () => Date;
}) {
  const { db, box, reader, clock } = deps;
  const webhookUrl = (publicKey: string) =>
    new URL(`/api/bounces/webhook/${publicKey}`, deps.siteUrl).toString();

  return {
    async settings(caller: SessionUser): Promise<BounceSettingsAnswer> {
      const [row, webhook] = await Promise.all([
        findMailbox(db, caller.workspace_id),
        findWebhookKey(db, caller.workspace_id),
      ]);
      return {
        mailbox: row
          ? {
              host: row.host,
              port: row.port,
              secure: row.secure === 1,
              user: row.auth_user,
              folder: row.folder,
              passwordSet: true,
              checkedAt: row.checked_at,
              lastError: row.last_error,
              updatedAt: row.updated_at,
            }
          : null,
        webhook: {
          url: webhook ? webhookUrl(webhook.public_key) : null,
          createdAt: webhook?.created_at ?? null,
        },
      };
    },

    /**
     * Saves the mailbox; never connects. An empty password keeps the stored one only for the host, port and
     * user it was typed for. Another host, user or folder is read from its start.
     */
    async saveMailbox(caller: SessionUser, input: BounceMailboxInput): Promise<void> {
      const before = await findMailbox(db, caller.workspace_id);
      const scope = passScope(input);
      const retype = () => badRequest(M.passwordRetype, [{ field: 'pass', message: M.passwordRetype }]);
      if (!input.pass && !before)
        throw badRequest(M.passwordRequired, [{ field: 'pass', message: M.passwordRequired }]);
      if (!input.pass && before?.pass_scope !== scope) throw retype();
      const restart = !before || before.pass_scope !== scope || before.folder !== input.folder;
      const values = {
        host: input.host,
        port: input.port,
        secure: input.secure ? 1 : 0,
        auth_user: input.user,
        folder: input.folder,
        checked_at: null,
        last_error: null,
        updated_by: caller.id,
        updated_at: clock().toISOString(),
      };
      if (input.pass) {
        const sealed = { ...values, pass_sealed: box.seal(input.pass), pass_scope: scope };
        await saveMailboxWithPassword(db, caller.workspace_id, sealed, restart);
      } else if (!(await saveMailboxKeepingPassword(db, caller.workspace_id, values, scope, restart))) {
        throw retype();
      }
    },

    async removeMailbox(caller: SessionUser): Promise<void> {
      if (!(await deleteMailbox(db, caller.workspace_id))) throw notFound(M.mailboxNotFound);
    },

    /** Reads the mailbox now; 409 while another check holds it, 422 with the reason when it fails. */
    async checkNow(caller: SessionUser): Promise<{ message: string; read: number }> {
      if (!(await findMailbox(db, caller.workspace_id))) throw notFound(M.mailboxNotFound);
      const result = await reader.checkMailbox(caller.workspace_id, { force: true });
      if (!result) throw conflict(M.checkBusy);
      if (result.error) throw new HttpError(422, result.error);
      return { message: M.checked(result.read), read: result.read };
    },

    async bounces(
      caller: SessionUser,
      query: { kind?: BounceKind; page: number },
    ): Promise<{ bounces: Bounce[]; pagination: PageInfo }> {
      const size = BOUNCES.pageSize;
      const { rows, total } = await bouncePage(
        db,
        caller.workspace_id,
        query.kind,
        size,
        (query.page - 1) * size,
      );
      return {
        bounces: rows.map((row) => ({
          _id: row.id,
          email: row.email,
          kind: row.kind,
          source: row.source,
          status: row.status,
          diagnostic: row.diagnostic,
          campaignId: row.campaign_id,
          createdAt: row.created_at,
        })),
        pagination: pageInfo(query.page, size, total),
      };
    },

    /** A new signing secret (the old one stops working at once), answered this once; the address stays. */
    async rotateWebhookSecret(caller: SessionUser): Promise<{ url: string; secret: string }> {
      const existing = await findWebhookKey(db, caller.workspace_id);
      // 128 random bits in the address and 256 in the secret: neither is guessable from another workspace's.
      const publicKey = existing?.public_key ?? randomBytes(16).toString('base64url');
      const secret = `whsec_${randomBytes(32).toString('base64url')}`;
      await saveWebhookKey(db, {
        workspace_id: caller.workspace_id,
        public_key: publicKey,
        secret_sealed: box.seal(secret),
        created_at: clock().toISOString(),
      });
      return { url: webhookUrl(publicKey), secret };
    },

    /**
     * POST /api/bounces/webhook/:key (docs/product/marketing.md#provider-webhooks): the raw body's HMAC is
     * checked before anything is parsed; a signature is accepted once; each event is recorded only about
     * an address this workspace sent bulk mail to.
     */
    async receiveWebhook(publicKey: string, rawBody: Buffer, signature: string | undefined): Promise<number> {
      const webhook = await findWebhookByPublicKey(db, publicKey);
      if (!webhook) throw notFound(M.webhookUnknown);
      const now = clock();
      const check = checkBounceWebhookSignature(
        signature,
        rawBody,
        box.open(webhook.secret_sealed),
        now,
        BOUNCES.webhookToleranceMs,
      );
      if (!check.ok) throw unauthorized(check.reason === 'stale' ? M.webhookStale : M.webhookSignature);
      const workspaceId = webhook.workspace_id;
      // Remembered past the tolerance on either side: a replay inside the window finds it.
      const expiresAt = new Date(now.getTime() + 2 * BOUNCES.webhookToleranceMs).toISOString();
      await forgetExpiredSeen(db, workspaceId, now.toISOString());
      if (!(await rememberSeen(db, workspaceId, `sig:${check.signature}`, expiresAt)))
        throw conflict(M.webhookReplayed);
      let body: unknown;
      try {
        body = JSON.parse(rawBody.toString('utf8'));
      } catch {
        throw badRequest(M.webhookBody);
      }
      const parsed = bounceWebhookBodySchema.safeParse(body);
      if (!parsed.success) throw badRequest(M.webhookBody);
      let recorded = 0;
      for (const event of parsed.data.events) {
        if (!(await rememberSeen(db, workspaceId, `event:${event.id}`, expiresAt))) continue;
        const status = normaliseStatus(event.status ?? '');
        const kind: BounceKind =
          event.type === 'complaint'
            ? 'complaint'
            : (event.bounceType ?? bounceKindOfStatus(status) ?? 'soft');
        const outcome = await recordBounce(
          db,
          {
            workspaceId,
            email: event.email,
            kind,
            source: 'webhook',
            status,
            diagnostic: event.diagnostic ?? '',
          },
          now,
        );
        if (outcome === 'recorded') recorded += 1;
      }
      return recorded;
    },
  };
}

export type BouncesService = ReturnType<typeof createBouncesService>;
