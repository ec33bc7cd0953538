/**
 * A campaign's results (docs/product/marketing.md#results): the limits the server and the web app share.
 * Free of zod so the web app imports it cheaply.
 */
export const CAMPAIGN_RESULTS = {
  /** Campaigns per page of the results overview. */
  pageSize: 25,
  /** A link target longer than this is sent as it is, not through the click redirect. */
  linkUrlMax: 2048,
  /** Links of one campaign that go through the click redirect; further ones are sent as they are. */
  linksMax: 200,
  /**
   * Click redirects and open pixels one client address may ask for per window: loose, since a mail
   * scanner or an office behind one address opens many links at once.
   */
  redirectsPerIpLimit: 600,
  redirectsPerIpWindowMs: 60_000,
} as const;

/** The campaign parameters the click redirect adds to a link (docs/product/marketing.md#results). */
export const UTM_PARAMETERS = ['utm_source', 'utm_medium', 'utm_campaign'] as const;
