import { z } from 'zod';

/**
 * Answers shared by many routes. Each route declares what it answers (Fastify `schema.response`): the
 * server checks every JSON answer against it before sending (a field not declared is never sent), and the
 * OpenAPI description shows it.
 */
export const successSchema = z.object({ success: z.literal(true) });
export const successMessageSchema = successSchema.extend({ message: z.string() });

/** Where a page of a list sits (leads, the audit log). */
export const pageInfoSchema = z.object({
  page: z.number(),
  limit: z.number(),
  total: z.number(),
  totalPages: z.number(),
  hasNextPage: z.boolean(),
  hasPreviousPage: z.boolean(),
});
export type PageInfo = z.infer<typeof pageInfoSchema>;

/** Every refusal (4xx) and failure (5xx): a message a person can read, and per-field messages on 400s. */
export const errorAnswerSchema = z.object({
  message: z.string(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
  success: z.literal(false).optional(),
});

/** A field the server refused and why (a 400's `errors`). */
export type FieldError = NonNullable<z.infer<typeof errorAnswerSchema>['errors']>[number];

/** A record's timeline (a client's, a project's), newest first: who did what, with the kind's details. */
export const recordTimelineSchema = z.object({
  events: z.array(
    z.object({
      _id: z.string(),
      kind: z.string(),
      actor: z.string(),
      data: z.record(z.string(), z.unknown()),
      at: z.string(),
    }),
  ),
});
export type RecordTimeline = z.infer<typeof recordTimelineSchema>;
