import { z } from 'zod';
import { BOTGIT_MESSAGES as M } from '../messages';
import { BOTGIT_LIMITS as L, profileUrlKey } from '../botgit';

export * from '../botgit';

/** Botgit Settings with ranges and defaults (docs/product/botgit.md#botgit-settings) (GET/PUT /api/botgit/settings). */
export const botgitSettingsSchema = z.object({
  autoScrape: z.boolean(),
  scrapeInterval: z.coerce
    .number({ error: M.intervalRange })
    .int(M.intervalRange)
    .min(L.intervalMin, M.intervalRange)
    .max(L.intervalMax, M.intervalRange),
  maxProfiles: z.coerce
    .number({ error: M.maxProfilesRange })
    .int(M.maxProfilesRange)
    .min(L.maxProfilesMin, M.maxProfilesRange)
    .max(L.maxProfilesMax, M.maxProfilesRange),
  saveEmails: z.boolean(),
  savePhones: z.boolean(),
  notifyOnComplete: z.boolean(),
});
export type BotgitSettings = z.infer<typeof botgitSettingsSchema>;

const text = (field: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, M.tooLong(field, max))
    .nullish()
    .transform((value) => value ?? '');

/** One scraped profile as the extension sends it (docs/product/botgit.md#scraped-profile-fields fields, without id and timestamp). */
export const scrapedProfileInputSchema = z.object({
  profileUrl: z
    .string({ error: M.profileUrlRequired })
    .trim()
    .min(1, M.profileUrlRequired)
    .max(L.urlMax, M.tooLong('Profile URL', L.urlMax))
    .refine((url) => profileUrlKey(url) !== null, M.profileUrlInvalid),
  name: text('Name', L.nameMax),
  email: text('E-mail', L.emailMax).pipe(z.union([z.literal(''), z.email({ error: M.emailInvalid })])),
  phone: text('Phone', L.phoneMax),
  role: text('Role', L.roleMax),
  location: text('Location', L.locationMax),
});
export type ScrapedProfileInput = z.infer<typeof scrapedProfileInputSchema>;

/**
 * POST /api/scraped-data: one profile or a list of at most 100, each item then checked on its own;
 * `message` says why the body is neither.
 */
export function ingestItems(body: unknown): { items: unknown[] } | { message: string } {
  if (Array.isArray(body)) {
    if (body.length === 0) return { message: M.nothingSelected };
    if (body.length > L.batchMax) return { message: M.batchTooLarge };
    return { items: body };
  }
  if (typeof body === 'object' && body !== null) return { items: [body] };
  return { message: M.profileUrlRequired };
}

/** GET /api/scraped-data: search and whole local days (YYYY-MM-DD, both inclusive) in the browser's zone. */
export const scrapedListQuerySchema = z.object({
  search: z.string().trim().max(L.searchMax).optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  /** Date#getTimezoneOffset of the browser, so a day means the user's day. */
  tzOffset: z.coerce.number().int().min(-840).max(840).default(0),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(L.pageSizeMax).default(L.pageSizeDefault),
});
export type ScrapedListQuery = z.infer<typeof scrapedListQuerySchema>;

const ids = z.array(z.string().min(1).max(100)).min(1, M.nothingSelected).max(L.idsMax);

/** DELETE /api/scraped-data and POST /api/scraped-data/leads: the selected profiles. */
export const scrapedIdsSchema = z.object({ ids });

/** POST /api/scraped-data/export: the selected profiles, or (no ids) everything the filters match. */
export const scrapedExportSchema = scrapedListQuerySchema
  .omit({ page: true, limit: true })
  .extend({ ids: ids.optional() });
export type ScrapedExportInput = z.infer<typeof scrapedExportSchema>;

/* What the Botgit routes answer. */

/** Scraped profile (docs/product/botgit.md#scraped-profile-fields). */
export const scrapedProfileSchema = z.object({
  _id: z.string(),
  profileUrl: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  role: z.string(),
  location: z.string(),
  timestamp: z.string(),
});
export type ScrapedProfile = z.infer<typeof scrapedProfileSchema>;

/** GET /api/scraped-data */
export const scrapedPageSchema = z.object({
  data: z.array(scrapedProfileSchema),
  pagination: z.object({
    currentPage: z.number(),
    totalPages: z.number(),
    total: z.number(),
    limit: z.number(),
  }),
  /** Profiles in the workspace, whatever the filters (the "selected/total" count's total is the filtered one). */
  workspaceTotal: z.number(),
});
export type ScrapedPage = z.infer<typeof scrapedPageSchema>;

const ingestOutcomeSchema = z.discriminatedUnion('status', [
  z.object({ index: z.number(), status: z.enum(['created', 'updated']), _id: z.string() }),
  z.object({
    index: z.number(),
    status: z.literal('invalid'),
    message: z.string(),
    errors: z.array(z.object({ field: z.string(), message: z.string() })),
  }),
  z.object({ index: z.number(), status: z.literal('limited'), message: z.string() }),
]);
export type IngestOutcome = z.infer<typeof ingestOutcomeSchema>;

/** POST /api/scraped-data: each profile answered on its own. */
export const ingestResultSchema = z.object({
  created: z.number(),
  updated: z.number(),
  refused: z.number(),
  results: z.array(ingestOutcomeSchema),
});
export type IngestResult = z.infer<typeof ingestResultSchema>;

/** DELETE /api/scraped-data */
export const scrapedDeleteAnswerSchema = z.object({
  success: z.literal(true),
  deleted: z.number(),
  message: z.string(),
});
/** POST /api/scraped-data/leads */
export const scrapedToLeadsAnswerSchema = z.object({
  success: z.literal(true),
  added: z.number(),
  skipped: z.number(),
  /** Of the skipped, profiles left out as possible duplicates of a lead (docs/product/leads.md#duplicates). */
  possibleDuplicates: z.number(),
  message: z.string(),
});
/** GET /api/botgit/settings */
export const botgitSettingsAnswerSchema = z.object({ settings: botgitSettingsSchema });
/** PUT /api/botgit/settings */
export const botgitSettingsSavedSchema = botgitSettingsAnswerSchema.extend({
  success: z.literal(true),
  message: z.string(),
});
