import { z } from 'zod';
import { pageInfoSchema } from './answers';
import { LEAD_MESSAGES } from '../messages';
import {
  FOLLOW_UP_NOTE_MAX,
  LEAD_NOTES_MAX,
  LEAD_DATE_FILTERS,
  LEAD_VALUE_MAX,
  LEAD_FOLLOW_UP_FILTERS,
  LEAD_OWNER_FILTERS,
  LEAD_PRIORITIES,
  LEAD_SORT_FIELDS,
  LEAD_STATUSES,
} from '../leads';
import { LEAD_IMPORT_FIELDS } from '../lead-import-formats';
import { DUPLICATE_REASONS } from '../lead-duplicates';

export * from '../leads';

const email = z
  .string({ error: LEAD_MESSAGES.emailRequired })
  .trim()
  .toLowerCase()
  .min(1, LEAD_MESSAGES.emailRequired)
  .max(254)
  .pipe(z.email({ error: LEAD_MESSAGES.emailInvalid }));
const text = (max: number) => z.string().trim().max(max);

/** POST /api/leads: new-lead form (docs/product/leads.md#adding-a-lead). Status New, priority Medium, date and last contact today are set by the server. */
export const createLeadSchema = z.object({
  name: z.string({ error: LEAD_MESSAGES.nameRequired }).trim().min(1, LEAD_MESSAGES.nameRequired).max(200),
  email,
  phone: text(40).default(''),
  company: text(200).default(''),
  source: text(60).default('Website'),
  notes: text(LEAD_NOTES_MAX).default(''),
});
export type CreateLeadInput = z.infer<typeof createLeadSchema>;

/** PUT /api/leads/{id}: any field; any of the five statuses. */
export const updateLeadSchema = z
  .object({
    name: z.string().trim().min(1, LEAD_MESSAGES.nameRequired).max(200),
    email,
    phone: text(40),
    company: text(200),
    source: text(60),
    notes: text(LEAD_NOTES_MAX),
    status: z.enum(LEAD_STATUSES),
    priority: z.enum(LEAD_PRIORITIES),
    lastContact: z.iso.date().or(z.iso.datetime()),
    /** A member of the lead's workspace who can use Client Leads (docs/product/leads.md#owners-and-follow-ups). */
    ownerId: z.string().trim().min(1).max(100),
    /** The next follow-up's day; null clears it (and its note). */
    nextFollowUpAt: z.iso.date().nullable(),
    followUpNote: text(FOLLOW_UP_NOTE_MAX),
    /** What the lead is worth once converted (docs/product/analytics.md#conversion-tracking); null clears it. */
    value: z.number().min(0).max(LEAD_VALUE_MAX).nullable(),
  })
  .partial()
  .strip();
export type UpdateLeadInput = z.infer<typeof updateLeadSchema>;

/** GET /api/leads and GET /api/leads/export query. `from`/`to` are whole days (YYYY-MM-DD), inclusive. */
export const leadListQuerySchema = z.object({
  search: z.string().trim().max(200).optional(),
  status: z.enum(LEAD_STATUSES).optional(),
  priority: z.enum(LEAD_PRIORITIES).optional(),
  source: z.string().trim().max(60).optional(),
  /** "My leads". */
  owner: z.enum(LEAD_OWNER_FILTERS).optional(),
  /** "Due today / Overdue", judged in the user's own day (tzOffset). */
  followUp: z.enum(LEAD_FOLLOW_UP_FILTERS).optional(),
  dateFilter: z.enum(LEAD_DATE_FILTERS).default('all'),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  /** The browser's offset from UTC in minutes (Date#getTimezoneOffset), so "today" means the user's today. */
  tzOffset: z.coerce.number().int().min(-840).max(840).default(0),
  sort: z.enum(LEAD_SORT_FIELDS).default('date'),
  order: z.enum(['asc', 'desc']).default('desc'),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
export type LeadListQuery = z.infer<typeof leadListQuerySchema>;

/* What the lead routes answer. */

/** Lead as the API shows it (docs/product/leads.md#lead-fields); `date` is the creation time, ISO-8601. */
export const leadViewSchema = z.object({
  _id: z.string(),
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  company: z.string(),
  status: z.enum(LEAD_STATUSES),
  date: z.string(),
  source: z.string(),
  notes: z.string(),
  lastContact: z.string(),
  priority: z.enum(LEAD_PRIORITIES),
  /** Null when the owner's account was erased: "Unassigned" until someone takes the lead. */
  owner: z.object({ id: z.string(), username: z.string() }).nullable(),
  /** YYYY-MM-DD, or null for none. */
  nextFollowUpAt: z.string().nullable(),
  followUpNote: z.string(),
  /** Other leads of the workspace with its e-mail, phone or name and company (docs/product/leads.md#duplicates). */
  possibleDuplicates: z.number(),
  /**
   * Where it came from (docs/product/analytics.md#lead-attribution): a contact-form lead's visit (its source and
   * campaign), any other lead's own source; null where unknown.
   */
  attribution: z.object({
    source: z.string().nullable(),
    utmSource: z.string().nullable(),
    utmMedium: z.string().nullable(),
    utmCampaign: z.string().nullable(),
  }),
  value: z.number().nullable(),
  /** When it was moved to Converted (ISO-8601); null otherwise, or when that time is unknown. */
  convertedAt: z.string().nullable(),
});
export type Lead = z.infer<typeof leadViewSchema>;

export const leadStatsSchema = z.object({
  total: z.number(),
  new: z.number(),
  inProgress: z.number(),
  converted: z.number(),
  /** Leads of the list with a next follow-up on or before the user's today. */
  followUpsDue: z.number(),
});
export type LeadStats = z.infer<typeof leadStatsSchema>;

/** GET /api/leads */
export const leadPageSchema = z.object({
  leads: z.array(leadViewSchema),
  pagination: pageInfoSchema,
  stats: leadStatsSchema,
});
export type LeadPage = z.infer<typeof leadPageSchema>;

/** GET /api/leads/summary: the Leads Flow section's real counts. */
export const leadSummarySchema = z.object({
  byStatus: z.record(z.enum(LEAD_STATUSES), z.number()),
  /** The last 12 calendar months (UTC), oldest first, with leads created in each and how many of those converted. */
  byMonth: z.array(z.object({ month: z.string(), total: z.number(), converted: z.number() })),
});
export type LeadSummary = z.infer<typeof leadSummarySchema>;

/**
 * POST /api/leads/import's optional `mapping` field (docs/product/leads.md), JSON: column header → the lead field it
 * feeds, or null for "don't import". Columns it does not name keep their automatic match.
 */
export const leadImportMappingSchema = z
  .record(z.string().min(1).max(200), z.enum(LEAD_IMPORT_FIELDS).nullable(), {
    error: LEAD_MESSAGES.mappingInvalid,
  })
  .refine((mapping) => Object.keys(mapping).length <= 500, LEAD_MESSAGES.mappingInvalid);

/**
 * A row an import leaves out as a possible duplicate (docs/product/leads.md#duplicates): same phone, or same
 * name and company, as a lead of the workspace (`lead`) or as an earlier row of the file (`sameAsRow`).
 */
export const importDuplicateRowSchema = z.object({
  row: z.number(),
  name: z.string(),
  reason: z.enum(DUPLICATE_REASONS),
  lead: z.object({ id: z.string(), name: z.string() }).nullable(),
  sameAsRow: z.number().nullable(),
});
export type ImportDuplicateRow = z.infer<typeof importDuplicateRowSchema>;

/** Possible duplicates an import reports row by row; the count is always whole. */
export const IMPORT_DUPLICATE_ROWS_REPORTED = 100;

/** POST /api/leads/import; `skipped` counts every row not added, possible duplicates included. */
export const leadImportResultSchema = z.object({
  imported: z.number(),
  skipped: z.number(),
  errors: z.array(z.object({ row: z.number(), message: z.string() })),
  /** Present when rows were left out as possible duplicates: how many, and the first of them. */
  possibleDuplicates: z.object({ count: z.number(), rows: z.array(importDuplicateRowSchema) }).optional(),
});
export type LeadImportResult = z.infer<typeof leadImportResultSchema>;

/** GET /api/leads/owners: the members a lead may be given to (docs/product/leads.md#owners-and-follow-ups). */
export const leadOwnerOptionsSchema = z.object({
  owners: z.array(z.object({ id: z.string(), username: z.string(), name: z.string() })),
});
export type LeadOwnerOption = z.infer<typeof leadOwnerOptionsSchema>['owners'][number];

/** POST /api/leads, PUT /api/leads/{id} */
export const leadWriteAnswerSchema = z.object({ success: z.literal(true), lead: leadViewSchema });
