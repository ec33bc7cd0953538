import { randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { EMAIL_CONFIRMATION_MESSAGES, WEBHOOK_MESSAGES as M } from '../../../shared/messages';
import type { Webhook, WebhookCreated, WebhookDelivery, WebhookList } from '../../../shared/schemas/webhooks';
import type { webhookInputSchema, webhookUpdateSchema } from '../../../shared/schemas/webhooks';
import type { z } from 'zod';
import { WEBHOOK_LIMITS, WEBHOOK_TEST_EVENT } from '../../../shared/webhooks';
import { canManageIntegrations } from '../../../shared/access';
import type { Database, SessionUser, WebhookRow } from '../../db/types';
import { conflict, forbidden, notFound } from '../../http/errors';
import type { Limiter } from '../../limits/limiter';
import { tooMany } from '../../limits/per-address';
import type { SecretBox } from '../../secrets/secret-box';
import { recordActivity } from '../activity/activity.service';
import { deliveryRow, webhookBody } from './webhook-events';
import type { WebhookTargetRules } from './webhook-sender';
import { signalQueued } from './webhook-signal';
import { checkWebhookTarget } from './webhook-target';
import { toDelivery, toWebhook } from './webhook-views';
import {
  countWebhooks,
  deleteWebhook,
  deliveriesOf,
  findDelivery,
  findWebhook,
  insertDeliveries,
  insertWebhook,
  listWebhooks,
  requeueDelivery,
  updateWebhook,
  webhookCounts,
} from './webhooks.repository';
import { lockWorkspace } from '../../db/workspace-lock';
import type { Mailer } from '../../mail/mailer';
import { prepareCredentialNotice } from '../sessions/sessions.service';

/** What other modules use: queueing events in their own transaction, and the counts for the overview. */
export {
  enqueueWebhookEvent,
  enqueueWebhookEvents,
  importedLeads,
  leadsCreated,
  postPublished,
  webhookLead,
  webhookProfile,
} from './webhook-events';
export { webhookCounts } from './webhooks.repository';
export { createWebhookWorker, type WebhookWorker } from './webhook-worker';
export type { WebhookTargetRules } from './webhook-sender';

/** Who manages a workspace's integrations: its Admin or Business Admin (docs/product/integrations.md#who-manages-them). */
export function assertIntegrationManager(caller: SessionUser): void {
  if (!canManageIntegrations(caller.role)) throw forbidden(M.ownerOnly);
}

/**
 * Where a workspace's data goes is set only by a manager whose address is proven (docs/security.md#proven-addresses-and-domains):
 * someone who signed up first with a founder's address must not leave a webhook behind that outlives the
 * founder's taking the account back.
 */
function assertProvenManager(caller: SessionUser): void {
  assertIntegrationManager(caller);
  if (caller.email_confirmed_at === null) throw forbidden(EMAIL_CONFIRMATION_MESSAGES.required);
}

/** A new signing secret: 32 random bytes, shown once. */
const newSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

/** Webhooks of the caller's own workspace (docs/product/integrations.md#webhooks): another's is "not found". */
export function createWebhooksService(deps: {
  db: Kysely<Database>;
  box: SecretBox;
  rules: WebhookTargetRules;
  clock: () => Date;
  /** Mails the account each webhook it adds (docs/security.md#lasting-credentials). */
  mailer: Mailer;
  /** Test events and resends by hand, counted per webhook and per workspace. */
  manualSends: { perWebhook: Limiter; perWorkspace: Limiter };
}) {
  const { db, box, rules, clock } = deps;

  /** One more test event or resend of the webhook, or 429 past its own or its workspace's hourly share. */
  async function takeManualSend(webhook: WebhookRow): Promise<void> {
    const wait = await deps.manualSends.perWebhook.take(webhook.id);
    if (wait > 0) throw tooMany(wait, (s) => M.tooManyManualSends(Math.ceil(s / 60)));
    const workspaceWait = await deps.manualSends.perWorkspace.take(webhook.workspace_id);
    if (workspaceWait > 0) {
      await deps.manualSends.perWebhook.release(webhook.id);
      throw tooMany(workspaceWait, (s) => M.tooManyManualSends(Math.ceil(s / 60)));
    }
  }

  async function own(caller: SessionUser, id: string): Promise<WebhookRow> {
    assertIntegrationManager(caller);
    const row = await findWebhook(db, caller.workspace_id, id);
    if (!row) throw notFound(M.notFound);
    return row;
  }

  const audit = (caller: SessionUser, action: string) => ({
    workspaceId: caller.workspace_id,
    userId: caller.id,
    action: `${caller.username} ${action}`,
    kind: 'webhook-changed' as const,
  });
  const hostOf = (url: string) => new URL(url).host;

  return {
    async list(caller: SessionUser): Promise<WebhookList> {
      assertIntegrationManager(caller);
      const rows = await listWebhooks(db, caller.workspace_id);
      return { webhooks: rows.map(toWebhook), limit: WEBHOOK_LIMITS.perWorkspace };
    },

    /** POST /api/webhooks: the secret is answered this once, and kept sealed to sign deliveries. */
    async create(caller: SessionUser, input: z.output<typeof webhookInputSchema>): Promise<WebhookCreated> {
      assertProvenManager(caller);
      await checkWebhookTarget(input.url, rules);
      const secret = newSecret();
      const at = clock().toISOString();
      const row = {
        id: randomUUID(),
        workspace_id: caller.workspace_id,
        url: input.url,
        events: JSON.stringify(input.events),
        secret_sealed: box.seal(secret),
        active: 1,
        paused_reason: null,
        failing_since: null,
        failures_in_a_row: 0,
        held_until: null,
        created_by: caller.id,
        created_at: at,
        updated_at: at,
      };
      const notice = await prepareCredentialNotice(deps.mailer, caller, {
        kind: 'webhook',
        host: hostOf(input.url),
      });
      await db.transaction().execute(async (trx) => {
        await lockWorkspace(trx, caller.workspace_id);
        if ((await countWebhooks(trx, caller.workspace_id)) >= WEBHOOK_LIMITS.perWorkspace)
          throw conflict(M.limitReached);
        await insertWebhook(trx, row);
        await recordActivity(trx, audit(caller, `added a webhook to ${hostOf(input.url)}`));
        await notice(trx);
      });
      deps.mailer.worker.kick();
      return { webhook: toWebhook(row), secret };
    },

    /** PATCH /api/webhooks/:id: pause or resume (a resumed webhook starts afresh), a new URL or events. */
    async update(
      caller: SessionUser,
      id: string,
      input: z.output<typeof webhookUpdateSchema>,
    ): Promise<Webhook> {
      const current = await own(caller, id);
      if (input.url !== undefined) {
        assertProvenManager(caller);
        await checkWebhookTarget(input.url, rules);
      }
      const values = {
        // A new receiver, or a resumed webhook, is not held for the old one's failures.
        ...(input.url !== undefined ? { url: input.url, failures_in_a_row: 0, held_until: null } : {}),
        ...(input.events !== undefined ? { events: JSON.stringify(input.events) } : {}),
        ...(input.active === true
          ? { active: 1, paused_reason: null, failing_since: null, failures_in_a_row: 0, held_until: null }
          : {}),
        ...(input.active === false ? { active: 0, paused_reason: null } : {}),
        updated_at: clock().toISOString(),
      };
      const verb = input.active === true ? 'resumed' : input.active === false ? 'paused' : 'changed';
      await db.transaction().execute(async (trx) => {
        await updateWebhook(trx, caller.workspace_id, id, values);
        await recordActivity(
          trx,
          audit(caller, `${verb} the webhook to ${hostOf(values.url ?? current.url)}`),
        );
      });
      return toWebhook({ ...current, ...values });
    },

    async remove(caller: SessionUser, id: string): Promise<void> {
      const current = await own(caller, id);
      await db.transaction().execute(async (trx) => {
        if (!(await deleteWebhook(trx, caller.workspace_id, id))) throw notFound(M.notFound);
        await recordActivity(trx, audit(caller, `deleted the webhook to ${hostOf(current.url)}`));
      });
    },

    /** POST /api/webhooks/:id/secret: a new secret, shown once; the old one signs nothing more. */
    async rollSecret(caller: SessionUser, id: string): Promise<WebhookCreated> {
      const current = await own(caller, id);
      const secret = newSecret();
      const at = clock().toISOString();
      await db.transaction().execute(async (trx) => {
        await updateWebhook(trx, caller.workspace_id, id, {
          secret_sealed: box.seal(secret),
          updated_at: at,
        });
        await recordActivity(
          trx,
          audit(caller, `made a new secret for the webhook to ${hostOf(current.url)}`),
        );
      });
      return { webhook: toWebhook(current), secret };
    },

    async deliveries(caller: SessionUser, id: string): Promise<WebhookDelivery[]> {
      const webhook = await own(caller, id);
      return (await deliveriesOf(db, webhook.id, WEBHOOK_LIMITS.logSize)).map(toDelivery);
    },

    /** "Send a test event": a webhook.test delivery, sent even while the webhook is paused. */
    async sendTest(caller: SessionUser, id: string): Promise<WebhookDelivery> {
      const webhook = await own(caller, id);
      await takeManualSend(webhook);
      const now = clock();
      const body = webhookBody(
        WEBHOOK_TEST_EVENT,
        { webhookId: webhook.id, message: 'A test event from AgencyHQ: the signature checks out.' },
        now,
      );
      const row = deliveryRow(webhook.id, webhook.workspace_id, WEBHOOK_TEST_EVENT, body, now);
      await insertDeliveries(db, [row]);
      signalQueued();
      return toDelivery({
        ...row,
        attempts: 0,
        locked_until: null,
        response_code: null,
        last_error: null,
        response_excerpt: null,
        last_attempt_at: null,
        delivered_at: null,
      });
    },

    /** "Send again": the same delivery (same body, same event id) queued now, its attempts anew. */
    async resend(caller: SessionUser, id: string, deliveryId: string): Promise<WebhookDelivery> {
      const webhook = await own(caller, id);
      const found = await findDelivery(db, webhook.id, deliveryId);
      if (!found) throw notFound(M.deliveryNotFound);
      await takeManualSend(webhook);
      await requeueDelivery(db, found.id, clock());
      signalQueued();
      return toDelivery((await findDelivery(db, webhook.id, deliveryId)) ?? found);
    },

    counts: (workspaceId: string) => webhookCounts(db, workspaceId),
  };
}

export type WebhooksService = ReturnType<typeof createWebhooksService>;
