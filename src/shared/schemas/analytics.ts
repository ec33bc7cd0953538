import { z } from 'zod';
import {
  ANALYTICS_LIMITS,
  CAMPAIGN_PARAMETERS,
  CHANNELS,
  DEVICE_CLASSES,
  type CampaignParameter,
} from '../analytics';
import { ANALYTICS_MESSAGES } from '../messages';

export * from '../analytics';

const campaignText = z.string().trim().max(ANALYTICS_LIMITS.campaignValueMax);
const campaignShape = Object.fromEntries(CAMPAIGN_PARAMETERS.map((name) => [name, campaignText.optional()]));

/**
 * POST /api/event: one page view as the beacon sends it (docs/product/analytics.md#what-is-counted), JSON in a
 * text/plain body (what navigator.sendBeacon sends without a preflight). `p`: the page's path; `r`: the
 * referring URL, on the first view of a page load only; `u`: the page's campaign parameters, none other.
 */
export const pageViewSchema = z.object({
  p: z.string().min(1).max(ANALYTICS_LIMITS.pathMax),
  r: z.string().max(ANALYTICS_LIMITS.referrerMax).optional(),
  u: z.object(campaignShape as Record<CampaignParameter, z.ZodOptional<typeof campaignText>>).optional(),
});
export type PageView = z.infer<typeof pageViewSchema>;

/**
 * The visit's last non-direct touch, as the browser kept it and the contact form sends it
 * (docs/product/analytics.md#lead-attribution): the referrer's host (never its path), the campaign
 * parameters and when (ms since 1970). Strict: a field it does not know refuses the whole claim.
 */
export const visitTouchSchema = z.strictObject({
  referrer: z
    .string()
    .trim()
    .max(253)
    .regex(/^[a-z0-9.-]*$/i)
    .optional(),
  ...(campaignShape as Record<CampaignParameter, z.ZodOptional<typeof campaignText>>),
  at: z.number().int().positive(),
});
export type VisitTouch = z.infer<typeof visitTouchSchema>;

const day = z.iso.date();

/** GET /api/analytics and its CSV export: whole UTC days, both inclusive. */
export const analyticsQuerySchema = z
  .object({
    from: day,
    to: day,
    /** Which page of every list (1 first); a page past the last has empty lists. */
    page: z.coerce.number().int().min(1).max(ANALYTICS_LIMITS.pageMax).default(1),
  })
  .refine(({ from, to }) => from <= to, { message: ANALYTICS_MESSAGES.rangeInvalid, path: ['to'] })
  .refine(({ from, to }) => daysBetween(from, to) < ANALYTICS_LIMITS.rangeMaxDays, {
    message: ANALYTICS_MESSAGES.rangeTooLong(ANALYTICS_LIMITS.rangeMaxDays),
    path: ['to'],
  });
export type AnalyticsQuery = z.infer<typeof analyticsQuerySchema>;

/** Whole days from `from` to `to` (YYYY-MM-DD): 0 for the same day. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

const count = z.number().int().nonnegative();
/** Percent with one decimal, or null when there is nothing to divide by. */
const percent = z.number().nullable();
const money = z.number();

/** PUT /api/analytics/campaigns/spend: what a campaign cost (null clears it). */
export const campaignSpendSchema = z
  .object({
    source: campaignText.toLowerCase().default(''),
    medium: campaignText.toLowerCase().default(''),
    campaign: campaignText.toLowerCase().default(''),
    spend: z.number().min(0).max(1e12).nullable(),
  })
  .refine(({ source, campaign }) => source !== '' || campaign !== '', {
    message: 'Name the campaign (its utm_source or utm_campaign).',
    path: ['campaign'],
  });
export type CampaignSpendInput = z.infer<typeof campaignSpendSchema>;

const campaignKey = { source: z.string(), medium: z.string(), campaign: z.string() };

/**
 * GET /api/analytics (docs/product/analytics.md#figures): exact counts of the range from the roll-ups, the
 * leads' side from the leads themselves. Lists hold at most ANALYTICS_LIMITS.listMax rows, largest first.
 */
export const analyticsReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** The page of the lists (pages, entry pages, sources, campaigns, the funnel by source, lead sources). */
  page: z.number().int(),
  /** Pages of ANALYTICS_LIMITS.listMax rows the longest list fills (at least 1). */
  pageCount: z.number().int(),
  /** Files of ANALYTICS_LIMITS.exportRowsMax rows the CSV export of the range takes (at least 1). */
  exportPageCount: z.number().int(),
  /** When the roll-ups last took in the page views (ISO-8601); null before the first. */
  updatedAt: z.string().nullable(),
  visitors: count,
  pageviews: count,
  visits: count,
  viewsPerVisit: z.number(),
  bounceRate: percent,
  /** Average visit duration, seconds. */
  visitDuration: z.number(),
  /** By day, or by hour (UTC) when the range is one day; every bucket present, empty ones at 0. */
  series: z.object({
    interval: z.enum(['day', 'hour']),
    points: z.array(z.object({ time: z.string(), visitors: count, pageviews: count, visits: count })),
  }),
  pages: z.array(z.object({ path: z.string(), pageviews: count, visitors: count })),
  entryPages: z.array(z.object({ path: z.string(), entries: count, bounceRate: percent })),
  sources: z.array(
    z.object({
      source: z.string(),
      channel: z.enum(CHANNELS),
      visitors: count,
      visits: count,
      bounceRate: percent,
    }),
  ),
  campaigns: z.array(
    z.object({
      ...campaignKey,
      visitors: count,
      visits: count,
      /** Contact-form messages of the range that came with this campaign. */
      contacts: count,
      /** The people who wrote them (by e-mail address). */
      leads: count,
      converted: count,
      /** Leads per 100 visitors. */
      conversionRate: percent,
      revenue: money,
      spend: money.nullable(),
      /** The campaign's leads since it began, which its spend is divided by; null without a spend. */
      leadsAllTime: count.nullable(),
      costPerLead: money.nullable(),
    }),
  ),
  devices: z.array(z.object({ device: z.enum(DEVICE_CLASSES), visitors: count })),
  browsers: z.array(z.object({ browser: z.string(), visitors: count })),
  operatingSystems: z.array(z.object({ os: z.string(), visitors: count })),
  funnel: z.object({ visitors: count, contacts: count, leads: count, converted: count }),
  conversions: z.object({
    /** The funnel by the source of the visit (for leads: the source of their last non-direct touch). */
    bySource: z.array(
      z.object({
        source: z.string(),
        visitors: count,
        contacts: count,
        leads: count,
        converted: count,
        conversionRate: percent,
      }),
    ),
    /** Every lead created in the range, whatever its origin (form, import, Botgit, dashboard), by its source. */
    leadSources: z.array(
      z.object({
        source: z.string(),
        leads: count,
        converted: count,
        revenue: money,
        averageDaysToConvert: z.number().nullable(),
      }),
    ),
    /** The value of the range's leads that are Converted. */
    revenue: money,
    /** From a lead's creation to the day it was moved to Converted, over those whose day is known. */
    averageDaysToConvert: z.number().nullable(),
  }),
});
export type AnalyticsReport = z.infer<typeof analyticsReportSchema>;
