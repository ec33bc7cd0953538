import { z } from 'zod';
import { BOUNCE_MESSAGES as M } from '../messages';
import { BOUNCES as L, BOUNCE_KINDS, BOUNCE_SOURCES } from '../bounces';
import { pageInfoSchema } from './answers';

export * from '../bounces';

/** A DNS name or an IP literal: letters, digits, dots, hyphens and (IPv6) colons, nothing else. */
const HOST_PATTERN = /^(\[?[0-9a-f:.]+\]?|[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*)$/i;

/**
 * PUT /api/bounces/mailbox: the IMAP mailbox delivery and complaint reports arrive in. An empty `pass`
 * keeps the stored one while host, port and user are unchanged.
 */
export const bounceMailboxInputSchema = z.object({
  host: z
    .string({ error: M.hostRequired })
    .trim()
    .min(1, M.hostRequired)
    .max(L.hostMax, M.tooLong('IMAP host', L.hostMax))
    .toLowerCase()
    .regex(HOST_PATTERN, M.hostInvalid)
    .transform((host) => host.replace(/^\[|\]$/g, '')),
  port: z.coerce
    .number({ error: M.portInvalid })
    .int(M.portInvalid)
    .min(1, M.portInvalid)
    .max(65535, M.portInvalid),
  secure: z.boolean().default(true),
  user: z
    .string({ error: M.userRequired })
    .trim()
    .min(1, M.userRequired)
    .max(L.userMax, M.tooLong('Mailbox user', L.userMax)),
  pass: z.string().max(L.passMax, M.tooLong('Mailbox password', L.passMax)).default(''),
  folder: z
    .string()
    .trim()
    .max(L.folderMax, M.tooLong('Folder', L.folderMax))
    // Control characters would break the IMAP command line.
    .regex(/^[^\p{Cc}]*$/u, M.folderInvalid)
    .default('INBOX')
    .transform((folder) => folder || 'INBOX'),
});
export type BounceMailboxInput = z.infer<typeof bounceMailboxInputSchema>;

/** What is stored, never the password. */
export const bounceMailboxViewSchema = z.object({
  host: z.string(),
  port: z.number(),
  secure: z.boolean(),
  user: z.string(),
  folder: z.string(),
  passwordSet: z.literal(true),
  checkedAt: z.string().nullable(),
  lastError: z.string().nullable(),
  updatedAt: z.string(),
});
export type BounceMailboxView = z.infer<typeof bounceMailboxViewSchema>;

/** GET /api/bounces/settings: the mailbox (or null) and the provider webhook's address. */
export const bounceSettingsAnswerSchema = z.object({
  mailbox: bounceMailboxViewSchema.nullable(),
  webhook: z.object({
    /** null until a secret was made: the address exists only with one. */
    url: z.string().nullable(),
    createdAt: z.string().nullable(),
  }),
});
export type BounceSettingsAnswer = z.infer<typeof bounceSettingsAnswerSchema>;

export const bounceCheckAnswerSchema = z.object({ message: z.string(), read: z.number() });

/** POST /api/bounces/webhook-secret: the new secret, shown this once. */
export const bounceWebhookSecretAnswerSchema = z.object({
  message: z.string(),
  url: z.string(),
  secret: z.string(),
});

export const bounceSchema = z.object({
  _id: z.string(),
  email: z.string(),
  kind: z.enum(BOUNCE_KINDS),
  source: z.enum(BOUNCE_SOURCES),
  status: z.string(),
  diagnostic: z.string(),
  campaignId: z.string().nullable(),
  createdAt: z.string(),
});
export type Bounce = z.infer<typeof bounceSchema>;
export const bounceQuerySchema = z.object({
  kind: z.enum(BOUNCE_KINDS).optional(),
  page: z.coerce.number().int().min(1).default(1),
});
export const bouncesAnswerSchema = z.object({ bounces: z.array(bounceSchema), pagination: pageInfoSchema });

/**
 * The provider webhook's body (docs/product/marketing.md#provider-webhooks): a list of events, each a
 * bounce or a complaint of one address.
 */
export const bounceWebhookEventSchema = z.object({
  id: z.string().trim().min(1).max(200),
  type: z.enum(['bounce', 'complaint']),
  email: z.string().trim().min(3).max(254),
  /** RFC 3463 enhanced status ("5.1.1"); a bounce without one is soft unless `bounceType` says hard. */
  status: z.string().trim().max(20).optional(),
  bounceType: z.enum(['hard', 'soft']).optional(),
  diagnostic: z.string().max(2000).optional(),
  /** Unix seconds or ISO 8601, when the provider saw it. */
  timestamp: z.union([z.number(), z.string().max(40)]).optional(),
});
export type BounceWebhookEvent = z.infer<typeof bounceWebhookEventSchema>;
export const bounceWebhookBodySchema = z.object({
  events: z.array(bounceWebhookEventSchema).min(1).max(L.webhookEventsMax),
});
export const bounceWebhookParamsSchema = z.object({ key: z.string().min(1).max(100) });
export const bounceWebhookAnswerSchema = z.object({ message: z.string(), recorded: z.number() });
