/**
 * E-mail campaigns (docs/product/marketing.md#campaigns): statuses, limits and the throttle's bounds the
 * server and the web app share. Free of zod so the public unsubscribe page imports it cheaply.
 */

export const CAMPAIGN_STATUSES = ['draft', 'scheduled', 'sending', 'paused', 'cancelled', 'sent'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

export const CAMPAIGN_STATUS_LABELS: Record<CampaignStatus, string> = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  sending: 'Sending',
  paused: 'Paused',
  cancelled: 'Cancelled',
  sent: 'Sent',
};

/** The page a marketing mail's unsubscribe link opens (its token in `?token=`); POST there is the one click. */
export const LIST_UNSUBSCRIBE_PATH = '/unsubscribe';

export const CAMPAIGNS = {
  nameMax: 120,
  utmMax: 100,
  /** Rows of the campaigns table. */
  pageSize: 25,
  /** A schedule at least this far ahead (a minute), and at most a year. */
  scheduleMinAheadMs: 60_000,
  scheduleMaxAheadMs: 366 * 24 * 60 * 60_000,
  /** The throttle's defaults (Listmonk's rate and its sliding hour) and bounds. */
  perSecondDefault: 10,
  perSecondMax: 1_000,
  perHourDefault: 10_000,
  perHourMax: 1_000_000,
  /** Audience rows copied to the recipients per step, so a million-person list never holds the writer long. */
  audienceStep: 5_000,
  /** Unsubscribe requests (page or one-click) per client address per window before 429. */
  unsubscribePerIpLimit: 60,
  unsubscribePerIpWindowMs: 15 * 60_000,
} as const;

/** The utm_campaign a campaign's links carry by default: its name in lower-case words joined by '-'. */
export function utmSlug(name: string): string {
  return (
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, CAMPAIGNS.utmMax) || 'campaign'
  );
}
