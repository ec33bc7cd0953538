import { z } from 'zod';
import { DUPLICATE_REASONS, type MergeField } from '../lead-duplicates';
import { leadViewSchema } from './leads';

/** Matches GET /api/leads/{id}/duplicates lists at most: the newest first. */
export const LEAD_DUPLICATES_SHOWN = 20;

/**
 * GET /api/leads/{id}/duplicates (docs/product/leads.md#duplicates): the workspace's other leads with the
 * lead's e-mail, phone or name and company, each with why; `total` counts them all.
 */
export const leadDuplicatesSchema = z.object({
  duplicates: z.array(z.object({ lead: leadViewSchema, reasons: z.array(z.enum(DUPLICATE_REASONS)) })),
  total: z.number(),
});
export type LeadDuplicates = z.infer<typeof leadDuplicatesSchema>;
export type LeadDuplicate = LeadDuplicates['duplicates'][number];

const choice = z.enum(['this', 'other']).default('this');
const keepShape = {
  name: choice,
  email: choice,
  phone: choice,
  company: choice,
  status: choice,
  priority: choice,
  source: choice,
  owner: choice,
  lastContact: choice,
  /** The next follow-up's day and its note, together. */
  followUp: choice,
} satisfies Record<MergeField, typeof choice>;

/**
 * POST /api/leads/{id}/merge: `otherId` is merged into this lead and removed; for each field, which lead's
 * value is kept ('this' unless said). Notes are always joined.
 */
export const leadMergeSchema = z.object({
  otherId: z.string().trim().min(1).max(100),
  keep: z.object(keepShape).strict().prefault({}),
});
export type LeadMergeInput = z.infer<typeof leadMergeSchema>;
export type LeadMergeBody = z.input<typeof leadMergeSchema>;
