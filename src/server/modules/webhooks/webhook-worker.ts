import type { FastifyBaseLogger } from 'fastify';
import type { Transaction } from 'kysely';
import { BLOCKED_STATUSES, type UserStatus } from '../../../shared/roles';
import { WEBHOOK_MESSAGES as M } from '../../../shared/messages';
import { WEBHOOK_LIMITS, webhookHoldMs, webhookRetryDelayMs } from '../../../shared/webhooks';
import type { Database, WebhookDeliveryRow, WebhookRow } from '../../db/types';
import { createPollingJob } from '../../lib/polling-job';
import type { Mailer } from '../../mail/mailer';
import { enqueueMail } from '../../mail/outbox';
import { webhookPausedMail } from '../../mail/templates';
import { notifyUser } from '../notifications/notifications.service';
import { findUserById, workspaceOwnerId } from '../users/users.service';
import { WEBHOOK_TEST_EVENT } from '../../../shared/webhooks';
import { onQueued } from './webhook-signal';
import { sendWebhook, type AttemptResult, type WebhookTargetRules } from './webhook-sender';
import {
  claimDueDeliveries,
  clearFailing,
  holdWebhook,
  pauseIfFailingSince,
  pruneDeliveries,
  recordAttempt,
  recordFailure,
  webhooksByIds,
} from './webhooks.repository';

/** How often each instance looks for due deliveries (others' events, retries); its own go at once. */
const POLL_INTERVAL_MS = 5_000;
/** A claim is held this long: well past one attempt's 10 s, so a live worker never loses its claim. */
export const DELIVERY_LEASE_MS = 120_000;
/**
 * Deliveries one instance sends at once. Each slot takes the next due delivery as soon as its last one
 * ends, so a receiver that answers only at the 10 s time-out holds its own slot, never the others.
 */
const SLOTS = 5;
/** Of them, what one workspace may have in flight, across instances (docs/decisions/0016-webhooks.md#fairness). */
export const IN_FLIGHT_PER_WORKSPACE = 2;
/** Attempts one drain makes at most: a flood of due deliveries goes over several drains. */
const ATTEMPTS_PER_DRAIN = 100;
/** Finished deliveries stay in the log this long. */
const LOG_KEPT_MS = 30 * 24 * 60 * 60 * 1000;
const PRUNE_EVERY_MS = 60 * 60 * 1000;

export interface WebhookWorker {
  /** Delivers what is due now, then polls; main.ts starts it once listening. */
  start(): Promise<void>;
  /** No round after this one; waits for the round under way. */
  stop(): Promise<void>;
  /** Delivers everything due now; answers how many attempts were made (tests drive it). */
  deliverDue(): Promise<number>;
}

/**
 * Delivers the webhook outbox (docs/decisions/0016-webhooks.md), in every instance: each delivery is
 * claimed by one worker with a lease, sent with the same body (and event id) on every attempt, retried
 * on the schedule of src/shared/webhooks.ts, and the webhook is paused, its owner told, after 3 days of
 * failures without a success.
 */
export function createWebhookWorker(
  mailer: Mailer,
  options: { rules: WebhookTargetRules; clock: () => Date; log: FastifyBaseLogger; pollMs?: number },
): WebhookWorker {
  const { db, box } = mailer;
  const now = options.clock;
  let running: Promise<number> | undefined;
  let again = false;
  let stopped = false;
  let lastPrune = 0;
  /** Set while a drain waits for a slot: a newly queued event wakes it to claim again. */
  let wake: (() => void) | undefined;

  /** Tells the webhook's owner (its creator while in the workspace, else the workspace's own account). */
  async function tellOwner(
    trx: Transaction<Database>,
    webhook: WebhookRow,
    at: Date,
    siteName: string,
  ): Promise<void> {
    const creator = webhook.created_by ? await findUserById(trx, webhook.created_by) : undefined;
    const usable =
      creator &&
      creator.workspace_id === webhook.workspace_id &&
      !BLOCKED_STATUSES.includes(creator.status as UserStatus);
    const owner = usable
      ? creator
      : await findUserById(trx, (await workspaceOwnerId(trx, webhook.workspace_id)) ?? '');
    if (!owner) return;
    const host = new URL(webhook.url).host;
    await notifyUser(
      trx,
      {
        userId: owner.id,
        workspaceId: webhook.workspace_id,
        kind: 'webhook-paused',
        title: M.pausedTitle,
        message: M.pausedNotice(host),
        dedupeKey: `webhook-paused:${webhook.id}:${at.toISOString()}`,
      },
      at,
    );
    await enqueueMail(
      trx,
      {
        workspaceId: webhook.workspace_id,
        kind: 'webhook-paused',
        via: 'workspace',
        to: owner.email,
        ...webhookPausedMail(siteName, {
          username: owner.username,
          host,
          link: mailer.link('/dashboard/manage-integrations', {}),
        }),
      },
      at,
    );
    mailer.worker.kick();
  }

  async function record(row: WebhookDeliveryRow, webhook: WebhookRow, result: AttemptResult): Promise<void> {
    const at = now();
    const retryIn = result.ok ? null : webhookRetryDelayMs(row.attempts);
    // Read before the transaction: on SQLite a read outside it would wait for it to end.
    const siteName = result.ok ? '' : await mailer.siteName();
    await db.transaction().execute(async (trx) => {
      await recordAttempt(trx, row, {
        status: result.ok ? 'delivered' : retryIn === null ? 'failed' : 'queued',
        response_code: result.status,
        last_error: result.error,
        response_excerpt: result.excerpt,
        last_attempt_at: at.toISOString(),
        ...(result.ok ? { delivered_at: at.toISOString() } : {}),
        ...(retryIn !== null ? { next_attempt_at: new Date(at.getTime() + retryIn).toISOString() } : {}),
      });
      if (result.ok) return clearFailing(trx, webhook.id);
      // A receiver that keeps failing is held (docs/decisions/0016-webhooks.md#fairness): its other
      // deliveries wait instead of each spending an attempt, and up to 10 s of a slot, on it.
      const holdMs = webhookHoldMs(await recordFailure(trx, webhook.id, at));
      if (holdMs > 0) await holdWebhook(trx, webhook.id, new Date(at.getTime() + holdMs));
      const cutoff = new Date(at.getTime() - WEBHOOK_LIMITS.pauseAfterMs);
      if (await pauseIfFailingSince(trx, webhook.id, cutoff, M.pausedForFailures, at))
        await tellOwner(trx, webhook, at, siteName);
    });
  }

  async function deliver(row: WebhookDeliveryRow, webhook: WebhookRow | undefined): Promise<void> {
    if (!webhook) return; // deleted meanwhile: its deliveries went with it
    let secret: string;
    try {
      secret = box.open(webhook.secret_sealed);
    } catch (error) {
      options.log.error({ err: error, webhookId: webhook.id }, 'webhook secret could not be opened');
      return record(row, webhook, {
        ok: false,
        status: null,
        error: 'The signing secret could not be read',
        excerpt: null,
      });
    }
    const result = await sendWebhook({ url: webhook.url, secret }, row, now(), options.rules);
    if (!result.ok)
      // The ids and the reason: never the URL (it may carry a token) nor the secret.
      options.log.warn(
        { webhookId: webhook.id, deliveryId: row.id, attempt: row.attempts, reason: result.error },
        'webhook delivery failed',
      );
    await record(row, webhook, result);
  }

  async function drain(): Promise<number> {
    let attempted = 0;
    const inFlight = new Set<Promise<void>>();
    // Bounded: a flood of due deliveries goes over several drains, never in one endless loop.
    while (!stopped && attempted < ATTEMPTS_PER_DRAIN) {
      const free = Math.min(SLOTS - inFlight.size, ATTEMPTS_PER_DRAIN - attempted);
      const batch =
        free > 0
          ? await claimDueDeliveries(
              db,
              now(),
              DELIVERY_LEASE_MS,
              free,
              WEBHOOK_TEST_EVENT,
              IN_FLIGHT_PER_WORKSPACE,
            )
          : [];
      if (batch.length === 0) {
        // Nothing more to take now (or every slot busy): the next free slot may find a turn, and so may
        // an event queued meanwhile, which must not wait for a slow receiver's 10 s to end.
        if (inFlight.size === 0) break;
        await Promise.race([...inFlight, new Promise<void>((resolve) => (wake = resolve))]);
        wake = undefined;
        continue;
      }
      const webhooks = new Map(
        (await webhooksByIds(db, [...new Set(batch.map((row) => row.webhook_id))])).map((w) => [w.id, w]),
      );
      for (const row of batch) {
        const sending: Promise<void> = deliver(row, webhooks.get(row.webhook_id))
          .catch((error: unknown) =>
            options.log.error({ err: error, deliveryId: row.id }, 'webhook delivery failed to record'),
          )
          .finally(() => inFlight.delete(sending));
        inFlight.add(sending);
      }
      attempted += batch.length;
    }
    await Promise.all(inFlight);
    if (now().getTime() - lastPrune >= PRUNE_EVERY_MS) {
      lastPrune = now().getTime();
      await pruneDeliveries(db, new Date(lastPrune - LOG_KEPT_MS));
    }
    return attempted;
  }

  function deliverDue(): Promise<number> {
    if (running) {
      again = true;
      wake?.();
      return running;
    }
    running = drain().finally(() => {
      running = undefined;
      if (again && !stopped) {
        again = false;
        void deliverDue().catch((error: unknown) =>
          options.log.error({ err: error }, 'webhook delivery round failed'),
        );
      }
    });
    return running;
  }

  const job = createPollingJob(
    options.pollMs ?? POLL_INTERVAL_MS,
    async () => {
      await deliverDue();
    },
    (error) => options.log.error({ err: error }, 'webhook delivery round failed'),
  );
  let unsubscribe: (() => void) | undefined;

  return {
    async start() {
      if (stopped) return;
      unsubscribe ??= onQueued(() => {
        if (!stopped)
          void deliverDue().catch((error: unknown) =>
            options.log.error({ err: error }, 'webhook delivery round failed'),
          );
      });
      await job.start();
    },
    async stop() {
      stopped = true;
      unsubscribe?.();
      await job.stop();
      await running?.catch(() => undefined);
    },
    deliverDue,
  };
}
