import type { Webhook, WebhookDelivery } from '../../../shared/schemas/webhooks';
import { WEBHOOK_EVENTS, type WebhookDeliveryEvent, type WebhookEvent } from '../../../shared/webhooks';
import { parseJson } from '../../db/rows';
import type { WebhookDeliveryRow, WebhookRow } from '../../db/types';

/** A webhook as the API shows it: never its secret. */
export function toWebhook(row: WebhookRow): Webhook {
  const events = parseJson<string[]>(row.events, []);
  return {
    _id: row.id,
    url: row.url,
    events: WEBHOOK_EVENTS.filter((event) => events.includes(event)) as WebhookEvent[],
    active: row.active === 1,
    pausedReason: row.active === 1 ? null : row.paused_reason,
    failingSince: row.failing_since,
    heldUntil: row.held_until,
    createdAt: row.created_at,
  };
}

export function toDelivery(row: WebhookDeliveryRow): WebhookDelivery {
  return {
    _id: row.id,
    eventId: row.event_id,
    event: row.event as WebhookDeliveryEvent,
    status: row.status,
    attempts: Number(row.attempts),
    responseCode: row.response_code === null ? null : Number(row.response_code),
    error: row.last_error,
    responseExcerpt: row.response_excerpt,
    createdAt: row.created_at,
    lastAttemptAt: row.last_attempt_at,
    nextAttemptAt: row.status === 'queued' ? row.next_attempt_at : null,
    deliveredAt: row.delivered_at,
  };
}
