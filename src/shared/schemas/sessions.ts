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

/** POST /api/sessions/end-others */
export const endedSessionsAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  ended: z.number(),
});
