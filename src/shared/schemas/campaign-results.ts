import { z } from 'zod';
import { pageInfoSchema } from './answers';

export * from '../campaign-results';

export const campaignIdParamsSchema = z.object({ id: z.string().min(1).max(100) });

/** GET /api/campaigns/reports. */
export const campaignReportsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});

/** What became of a campaign's mail, by recipient (docs/product/marketing.md#results). */
export const deliveryFiguresSchema = z.object({
  recipients: z.number(),
  /** Not yet handed to the outbox. */
  pending: z.number(),
  /** In the outbox, not yet accepted by the mail server. */
  queued: z.number(),
  /** Accepted by the mail server (a bounce may follow). */
  sent: z.number(),
  /** The mail server refused them for good, or the outbox gave up. */
  failed: z.number(),
  cancelled: z.number(),
  /** Sent less the recipients a bounce came back for. */
  delivered: z.number(),
  bouncedHard: z.number(),
  bouncedSoft: z.number(),
  unsubscribed: z.number(),
  complaints: z.number(),
  /** Recipients a mail client loaded the hidden image for, or who clicked: unreliable (`opensReliable`). */
  opens: z.number(),
  opensReliable: z.literal(false),
  /** Recipients who clicked at least one link. */
  clickers: z.number(),
});
export type DeliveryFigures = z.infer<typeof deliveryFiguresSchema>;

export const campaignSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  createdAt: z.string(),
  utm: z.object({ source: z.string(), medium: z.string(), campaign: z.string() }),
  figures: deliveryFiguresSchema,
});
export type CampaignSummary = z.infer<typeof campaignSummarySchema>;

export const linkFiguresSchema = z.object({
  position: z.number(),
  url: z.string(),
  /** Recipients who clicked this link. */
  clickers: z.number(),
  /** Every click of it, repeats and scanners included. */
  clicks: z.number(),
});

/** From the website analytics and the contact form, by the campaign's utm_* since it started. */
export const campaignFunnelSchema = z.object({
  visits: z.number(),
  contactMessages: z.number(),
  leads: z.number(),
  customers: z.number(),
});

export const campaignReportSchema = z.object({
  campaign: campaignSummarySchema,
  links: z.array(linkFiguresSchema),
  /** Null outside the agency's workspace: the website analytics are its site's only. */
  funnel: campaignFunnelSchema.nullable(),
  notes: z.object({ opens: z.string(), funnel: z.string().nullable() }),
});
export type CampaignReport = z.infer<typeof campaignReportSchema>;

export const campaignReportsSchema = z.object({
  campaigns: z.array(campaignSummarySchema),
  pagination: pageInfoSchema,
});
export type CampaignReports = z.infer<typeof campaignReportsSchema>;
