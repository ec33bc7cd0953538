import { z } from 'zod';
import { LEAD_VIEW_MESSAGES } from '../messages';
import { LEAD_LAYOUTS, LEAD_VIEW_LIMITS } from '../lead-views';
import { leadListQuerySchema } from './leads';

export * from '../lead-views';

/**
 * A saved view's query (docs/product/leads.md#saved-views): the list's filters, sort and order with the same
 * rules as GET /api/leads, and the layout. Strict: a key the list does not know (the page, the time zone,
 * anything else) is refused, on the way in and when a stored query is read back.
 */
export const leadViewQuerySchema = z.strictObject(
  {
    ...leadListQuerySchema.pick({
      search: true,
      status: true,
      priority: true,
      source: true,
      owner: true,
      followUp: true,
      dateFilter: true,
      from: true,
      to: true,
      sort: true,
      order: true,
    }).shape,
    layout: z.enum(LEAD_LAYOUTS).default('table'),
  },
  { error: LEAD_VIEW_MESSAGES.queryInvalid },
);
export type LeadViewQuery = z.infer<typeof leadViewQuerySchema>;
export type LeadViewQueryInput = z.input<typeof leadViewQuerySchema>;

const name = z
  .string({ error: LEAD_VIEW_MESSAGES.nameRequired })
  .trim()
  .min(1, LEAD_VIEW_MESSAGES.nameRequired)
  .max(LEAD_VIEW_LIMITS.nameMax, LEAD_VIEW_MESSAGES.nameTooLong);

/** POST /api/leads/views. `shared` only for the workspace's admins. */
export const createLeadViewSchema = z.object({
  name,
  query: leadViewQuerySchema,
  shared: z.boolean().default(false),
});
export type CreateLeadViewInput = z.infer<typeof createLeadViewSchema>;

/** PUT /api/leads/views/{id}: rename, replace the query, share or stop sharing; at least one of them. */
export const updateLeadViewSchema = z
  .object({ name, query: leadViewQuerySchema, shared: z.boolean() })
  .partial()
  .refine((input) => Object.values(input).some((value) => value !== undefined), {
    error: LEAD_VIEW_MESSAGES.nothingToChange,
  });
export type UpdateLeadViewInput = z.infer<typeof updateLeadViewSchema>;

/** A saved view as the API shows it. */
export const savedLeadViewSchema = z.object({
  _id: z.string(),
  id: z.string(),
  name: z.string(),
  shared: z.boolean(),
  query: leadViewQuerySchema,
  /** Who saved it; null once their account is erased. */
  owner: z.object({ id: z.string(), username: z.string() }).nullable(),
  /** The caller saved it. */
  mine: z.boolean(),
  /** The caller may rename, update, share or delete it. */
  canChange: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SavedLeadView = z.infer<typeof savedLeadViewSchema>;

/** GET /api/leads/views: the workspace's shared views first, then the caller's own, each by name. */
export const leadViewListSchema = z.object({ views: z.array(savedLeadViewSchema) });

/** POST and PUT /api/leads/views… */
export const leadViewWriteAnswerSchema = z.object({ success: z.literal(true), view: savedLeadViewSchema });
