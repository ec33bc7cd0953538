import { z } from 'zod';

export const sessionViewSchema = z.object({
  _id: z.string(),
  device: z.string(),
  ip: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  /** The session of the request that asked. */
  current: z.boolean(),
});
export type SessionView = z.infer<typeof sessionViewSchema>;

/** GET /api/sessions */
export const sessionListAnswerSchema = z.object({ sessions: z.array(sessionViewSchema) });

/**
 * POST /api/sessions/end-others: optionally also the API keys and webhooks the account made since a time
 * (docs/security.md#lasting-credentials), for someone who fears a session was used by another.
 */
export const endOthersSchema = z.object({
  revokeCredentialsSince: z.iso.datetime({ offset: true }).optional(),
});
export const endedSessionsAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  ended: z.number(),
  /** What was revoked with them, when asked: the keys' names and the webhooks' hosts. */
  revoked: z.object({ apiKeys: z.array(z.string()), webhooks: z.array(z.string()) }).optional(),
});

/** POST /api/session/confirm: the password, or a two-factor code when the account has one. */
export const confirmIdentitySchema = z
  .object({
    password: z.string().max(200).optional(),
    code: z.string().trim().max(40).optional(),
  })
  .strict();
export type ConfirmIdentityInput = z.infer<typeof confirmIdentitySchema>;

/** 200 of POST /api/session/confirm: until when the session may mint credentials without asking again. */
export const identityConfirmedSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  confirmedUntil: z.string(),
});
