import { randomUUID } from 'node:crypto';
import type { Insertable, Kysely, Transaction } from 'kysely';
import {
  WEBHOOK_LIMITS,
  type WebhookBody,
  type WebhookDeliveryEvent,
  type WebhookEvent,
  type WebhookEventData,
  type WebhookLead,
} from '../../../shared/webhooks';
import { parseJson } from '../../db/rows';
import type { Database, LeadRow, ScrapedProfileRow, WebhookDeliveriesTable } from '../../db/types';
import { WEBHOOK_MESSAGES } from '../../../shared/messages';
import { activeWebhooksOf, insertDeliveries, waitingDeliveries } from './webhooks.repository';
import { signalQueued } from './webhook-signal';

type Db = Kysely<Database> | Transaction<Database>;

/** The exact body of a delivery, fixed when the event happens: every attempt sends these bytes. */
export function webhookBody(
  event: WebhookDeliveryEvent,
  data: WebhookBody['data'],
  now: Date,
): { id: string; payload: string } {
  const id = randomUUID();
  const body: WebhookBody = { id, event, createdAt: now.toISOString(), data };
  return { id, payload: JSON.stringify(body) };
}

/** A delivery row for one webhook, queued now. */
export function deliveryRow(
  webhookId: string,
  workspaceId: string,
  event: WebhookDeliveryEvent,
  body: { id: string; payload: string },
  now: Date,
): Insertable<WebhookDeliveriesTable> {
  return {
    id: randomUUID(),
    webhook_id: webhookId,
    workspace_id: workspaceId,
    event_id: body.id,
    event,
    payload: body.payload,
    status: 'queued',
    attempts: 0,
    next_attempt_at: now.toISOString(),
    locked_until: null,
    response_code: null,
    last_error: null,
    response_excerpt: null,
    created_at: now.toISOString(),
    last_attempt_at: null,
    delivered_at: null,
  };
}

/**
 * Queues events for the workspace's active webhooks that take them, inside the caller's transaction
 * (docs/decisions/0016-webhooks.md): each exists exactly when its cause was committed. A workspace
 * without webhooks costs one indexed read and nothing more. One event per item, each with its own id,
 * for every webhook subscribed to it.
 */
export async function enqueueWebhookEvents<E extends WebhookEvent>(
  db: Db,
  workspaceId: string,
  event: E,
  items: readonly WebhookEventData[E][],
  now: Date,
): Promise<void> {
  if (items.length === 0) return;
  const webhooks = (await activeWebhooksOf(db, workspaceId)).filter((webhook) =>
    parseJson<string[]>(webhook.events, []).includes(event),
  );
  if (webhooks.length === 0) return;
  const rows = items.flatMap((data) => {
    const body = webhookBody(event, data, now);
    return webhooks.map((webhook) => deliveryRow(webhook.id, workspaceId, event, body, now));
  });
  // A workspace's waiting deliveries have a ceiling (docs/decisions/0016-webhooks.md#fairness): what does
  // not fit is logged, not sent, where its owner reads the webhook's deliveries.
  const room = Math.max(
    0,
    WEBHOOK_LIMITS.queuedPerWorkspace -
      (await waitingDeliveries(db, workspaceId, WEBHOOK_LIMITS.queuedPerWorkspace)),
  );
  for (const row of rows.slice(room)) {
    row.status = 'failed';
    row.last_error = WEBHOOK_MESSAGES.queueFull(WEBHOOK_LIMITS.queuedPerWorkspace);
  }
  await insertDeliveries(db, rows);
  if (room > 0) signalQueued();
}

/** One event: `await enqueueWebhookEvent(trx, workspaceId, 'lead.created', data, now)`. */
export function enqueueWebhookEvent<E extends WebhookEvent>(
  db: Db,
  workspaceId: string,
  event: E,
  data: WebhookEventData[E],
  now: Date,
): Promise<void> {
  return enqueueWebhookEvents(db, workspaceId, event, [data], now);
}

type LeadFields = Pick<
  LeadRow,
  'id' | 'name' | 'email' | 'phone' | 'company' | 'status' | 'priority' | 'source' | 'notes' | 'created_at'
>;

/** A lead as events carry it. */
export function webhookLead(row: LeadFields): WebhookLead {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    company: row.company,
    status: row.status,
    priority: row.priority,
    source: row.source,
    notes: row.notes,
    createdAt: row.created_at,
  };
}

/** lead.created for each of these leads (one made in the dashboard, Botgit's 'Add to leads'). */
export function leadsCreated(
  db: Db,
  workspaceId: string,
  rows: readonly (LeadFields & { origin?: string | null })[],
  origin: string,
  now: Date,
): Promise<void> {
  return enqueueWebhookEvents(
    db,
    workspaceId,
    'lead.created',
    rows.map((row) => ({ lead: webhookLead(row), origin: row.origin ?? origin })),
    now,
  );
}

/** profile.scraped for one profile Botgit sent. */
export function webhookProfile(
  row: Pick<
    ScrapedProfileRow,
    'id' | 'profile_url' | 'name' | 'role' | 'location' | 'email' | 'phone' | 'scraped_at'
  >,
): WebhookEventData['profile.scraped']['profile'] {
  return {
    id: row.id,
    profileUrl: row.profile_url,
    name: row.name,
    role: row.role,
    location: row.location,
    email: row.email,
    phone: row.phone,
    scrapedAt: row.scraped_at,
  };
}

/** post.published for a post that just went public, by hand or on its schedule. */
export function postPublished(
  db: Db,
  workspaceId: string,
  post: { id: string; title: string; slug: string; published_at: string | null },
  scheduled: boolean,
  now: Date,
): Promise<void> {
  const publishedAt = post.published_at ?? now.toISOString();
  return enqueueWebhookEvent(
    db,
    workspaceId,
    'post.published',
    { post: { id: post.id, title: post.title, slug: post.slug, publishedAt }, scheduled },
    now,
  );
}

/**
 * Collects the leads an import adds, the first 1,000 of them, while its batches are built; `enqueue` then
 * queues their lead.created events in the import's transaction (docs/decisions/0016-webhooks.md).
 */
export function importedLeads(total: number) {
  const kept: LeadFields[] = [];
  return {
    keep<R extends LeadFields>(row: R): R {
      if (kept.length < WEBHOOK_LIMITS.importEventCap) kept.push(row);
      return row;
    },
    enqueue(db: Db, workspaceId: string, now: Date): Promise<void> {
      const sent = kept.length;
      return enqueueWebhookEvents(
        db,
        workspaceId,
        'lead.created',
        kept.map((row) => ({ lead: webhookLead(row), origin: 'import', import: { total, sent } })),
        now,
      );
    },
  };
}
