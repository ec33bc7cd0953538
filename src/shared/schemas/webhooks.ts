import { z } from 'zod';
import {
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_EVENTS,
  WEBHOOK_LIMITS as L,
  WEBHOOK_TEST_EVENT,
} from '../webhooks';
import { WEBHOOK_MESSAGES as M } from '../messages';

/**
 * A webhook's URL: http(s) only, at most 2,048 characters, no user name or password in it (deliveries are
 * signed instead). Whether its host may be reached (public addresses only, https in production) is the
 * server's check, on the resolved address.
 */
export const webhookUrlSchema = z
  .string({ error: M.urlRequired })
  .trim()
  .min(1, M.urlRequired)
  .max(L.urlMax, M.urlTooLong)
  .superRefine((value, ctx) => {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      ctx.addIssue({ code: 'custom', message: M.urlInvalid });
      return;
    }
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname)
      ctx.addIssue({ code: 'custom', message: M.urlInvalid });
    else if (url.username || url.password) ctx.addIssue({ code: 'custom', message: M.urlCredentials });
  });

const eventsSchema = z
  .array(z.enum(WEBHOOK_EVENTS), { error: M.eventsRequired })
  .min(1, M.eventsRequired)
  .max(WEBHOOK_EVENTS.length)
  .transform((events) => WEBHOOK_EVENTS.filter((event) => events.includes(event)));

/** POST /api/webhooks. */
export const webhookInputSchema = z.object({ url: webhookUrlSchema, events: eventsSchema });
export type WebhookInput = z.input<typeof webhookInputSchema>;

/** PATCH /api/webhooks/:id: pause or resume, or a new URL or events. */
export const webhookUpdateSchema = z.object({
  url: webhookUrlSchema.optional(),
  events: eventsSchema.optional(),
  active: z.boolean().optional(),
});
export type WebhookUpdate = z.input<typeof webhookUpdateSchema>;

/** A webhook as the API shows it: never its secret. */
export const webhookSchema = z.object({
  _id: z.string(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  active: z.boolean(),
  /** Why it is paused, when it paused itself (3 days of failures); null otherwise. */
  pausedReason: z.string().nullable(),
  /** Since when its deliveries have failed without one success; null while they succeed. */
  failingSince: z.string().nullable(),
  /** After failures in a row its deliveries wait until then (a test event still goes); null: not held. */
  heldUntil: z.string().nullable(),
  createdAt: z.string(),
});
export type Webhook = z.infer<typeof webhookSchema>;

/** 201 of POST /api/webhooks and 200 of POST /api/webhooks/:id/secret: the secret, shown this once. */
export const webhookCreatedSchema = z.object({ webhook: webhookSchema, secret: z.string() });
export type WebhookCreated = z.infer<typeof webhookCreatedSchema>;

export const webhookListSchema = z.object({
  webhooks: z.array(webhookSchema),
  limit: z.number(),
});
export type WebhookList = z.infer<typeof webhookListSchema>;

/** One delivery of one event to one webhook, as its log shows it. */
export const webhookDeliverySchema = z.object({
  _id: z.string(),
  /** The `id` of the body: the same on every attempt and on "Send again". */
  eventId: z.string(),
  event: z.union([z.enum(WEBHOOK_EVENTS), z.literal(WEBHOOK_TEST_EVENT)]),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number(),
  /** The receiver's last HTTP status; null when no answer came (refused, timed out). */
  responseCode: z.number().nullable(),
  /** Why the last attempt failed, or null. */
  error: z.string().nullable(),
  /** The start of the receiver's last answer (at most 4 KB). */
  responseExcerpt: z.string().nullable(),
  createdAt: z.string(),
  lastAttemptAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveriesSchema = z.object({ deliveries: z.array(webhookDeliverySchema) });
export const webhookDeliveryAnswerSchema = z.object({
  message: z.string(),
  delivery: webhookDeliverySchema,
});

/** GET /api/integrations: the real state of the workspace's integrations (docs/product/integrations.md). */
export const integrationsOverviewSchema = z.object({
  email: z.object({
    /** 'own': the workspace's SMTP set-up; 'platform': the platform's; 'none': mail does not go out. */
    transport: z.enum(['own', 'platform', 'none']),
    healthy: z.boolean(),
    lastError: z.string().nullable(),
    verifiedAt: z.string().nullable(),
  }),
  botgit: z.object({
    /** Botgit extensions connected to this workspace: live keys with scraped-data:write used in 30 days. */
    connectedExtensions: z.number(),
    lastIngestAt: z.string().nullable(),
    profiles: z.number(),
  }),
  webhooks: z.object({ total: z.number(), active: z.number(), failing: z.number() }),
  /** The workspace's live API keys (managed in Credentials) and the last time one was used. */
  apiKeys: z.object({ total: z.number(), lastUsedAt: z.string().nullable() }),
});
export type IntegrationsOverview = z.infer<typeof integrationsOverviewSchema>;
