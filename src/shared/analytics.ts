/**
 * Website analytics (docs/product/analytics.md): what a page view carries, how a visit's source is named,
 * and the numbers both the browser's beacon and the server apply. Free of zod and of any Node or DOM API, so
 * the beacon (src/web/analytics-beacon.ts) can take the few constants it needs without the rest.
 */

/** Where the beacon reports a page view, and the script-less pixel's address (docs/product/analytics.md#what-is-counted). */
export const ANALYTICS_EVENT_PATH = '/api/event';
export const ANALYTICS_PIXEL_PATH = '/api/event/pixel';

/** The query parameters a visit keeps (docs/product/analytics.md#sources-and-campaigns); no other parameter is ever sent or stored. */
export const CAMPAIGN_PARAMETERS = [
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_content',
  'utm_term',
  'ref',
] as const;
export type CampaignParameter = (typeof CAMPAIGN_PARAMETERS)[number];
export type CampaignFields = Partial<Record<CampaignParameter, string>>;

/**
 * The browser's storage key of the visit's last non-direct touch (docs/product/analytics.md#lead-attribution),
 * which the contact form sends with its message.
 */
export const ATTRIBUTION_STORAGE_KEY = 'visitTouch';
/** The sign-in token's storage key (src/web/lib/storage.ts): a browser holding one is staff, not a visitor. */
export const SIGNED_IN_STORAGE_KEY = 'token';

export const ANALYTICS_LIMITS = {
  /** A beacon's body; anything longer is refused unread (413). */
  eventBodyMaxBytes: 1024,
  pathMax: 300,
  referrerMax: 500,
  /** utm_* and ref values, each. */
  campaignValueMax: 100,
  /** Page views one client address (an IPv6 /64) may report a minute; past it 429, nothing kept. */
  eventsPerAddressPerMinute: 120,
  /** Addresses the per-address count holds at once; a spray of new addresses past it is refused. */
  trackedAddressesMax: 50_000,
  /**
   * Addresses one network (an IPv6 /48, an IPv4 /24) holds on its own; its further addresses share one
   * count, so a sprayed range cannot take every place and lock real visitors out.
   */
  trackedAddressesPerRange: 256,
  /**
   * Distinct user agents one address shows in a minute before its further new ones are taken for a script
   * rotating them (and not counted); the ones already seen still count.
   */
  userAgentsPerAddress: 8,
  /** Page views waiting in memory for their batch; past it new ones are dropped (and logged). */
  pendingEventsMax: 20_000,
  /** A batch is written when this many wait, or every flushEveryMs. */
  batchSize: 500,
  flushEveryMs: 1000,
  /** A gap this long between two page views of a visitor starts a new visit. */
  visitGapMs: 30 * 60 * 1000,
  /** A lead is given the last non-direct touch of this many days (docs/product/analytics.md#lead-attribution). */
  attributionWindowDays: 30,
  /** Raw page views are kept this many days by default (ANALYTICS_RAW_RETENTION_DAYS); roll-ups forever. */
  rawRetentionDays: 30,
  /** The longest date range one question may cover. */
  rangeMaxDays: 731,
  /** Rows of each list a page of GET /api/analytics holds (its `page` goes on). */
  listMax: 100,
  /** Rows of each list one file of the CSV export holds (its `page` goes on). */
  exportRowsMax: 10_000,
  /** The highest `page` one may ask for. */
  pageMax: 10_000,
  /**
   * Distinct pages, sources and campaigns one day's roll-ups keep; the rest of the day is folded into one
   * OTHER row, so strangers inventing paths or campaigns cannot grow the kept figures without end.
   */
  distinctPerDayMax: 1000,
} as const;

/** The row a day's pages, sources or campaigns past ANALYTICS_LIMITS.distinctPerDayMax are folded into. */
export const OTHER = '(other)';

/** How a source is grouped (docs/product/analytics.md#sources-and-campaigns). */
export const CHANNELS = ['direct', 'search', 'social', 'email', 'referral'] as const;
export type Channel = (typeof CHANNELS)[number];

/** The name a visit without a referrer, campaign or ref is counted under. */
export const DIRECT = 'Direct';

/** Well-known referrers: a host (and its subdomains) → the name shown and its channel; the first match wins. */
const KNOWN_HOSTS: ReadonlyArray<readonly [RegExp, string, Channel]> = [
  [/(^|\.)(mail\.google\.com)$/, 'Gmail', 'email'],
  [/(^|\.)(outlook\.live\.com|outlook\.office\.com|outlook\.office365\.com)$/, 'Outlook', 'email'],
  [/(^|\.)mail\.yahoo\.com$/, 'Yahoo Mail', 'email'],
  [/(^|\.)google\.[a-z]{2,3}(\.[a-z]{2})?$/, 'Google', 'search'],
  [/(^|\.)bing\.com$/, 'Bing', 'search'],
  [/(^|\.)duckduckgo\.com$/, 'DuckDuckGo', 'search'],
  [/(^|\.)yahoo\.com$/, 'Yahoo', 'search'],
  [/(^|\.)yandex\.[a-z]{2,3}$/, 'Yandex', 'search'],
  [/(^|\.)baidu\.com$/, 'Baidu', 'search'],
  [/(^|\.)ecosia\.org$/, 'Ecosia', 'search'],
  [/(^|\.)search\.brave\.com$/, 'Brave Search', 'search'],
  [/(^|\.)startpage\.com$/, 'Startpage', 'search'],
  [/(^|\.)(facebook\.com|fb\.com|fb\.me)$/, 'Facebook', 'social'],
  [/(^|\.)instagram\.com$/, 'Instagram', 'social'],
  [/(^|\.)(twitter\.com|x\.com|t\.co)$/, 'X (Twitter)', 'social'],
  [/(^|\.)(linkedin\.com|lnkd\.in)$/, 'LinkedIn', 'social'],
  [/(^|\.)(youtube\.com|youtu\.be)$/, 'YouTube', 'social'],
  [/(^|\.)reddit\.com$/, 'Reddit', 'social'],
  [/(^|\.)(pinterest\.[a-z.]+|pin\.it)$/, 'Pinterest', 'social'],
  [/(^|\.)tiktok\.com$/, 'TikTok', 'social'],
  [/(^|\.)(whatsapp\.com|wa\.me)$/, 'WhatsApp', 'social'],
  [/(^|\.)(t\.me|telegram\.org)$/, 'Telegram', 'social'],
  [/(^|\.)quora\.com$/, 'Quora', 'social'],
  [/(^|\.)threads\.net$/, 'Threads', 'social'],
];

/** What people type as utm_source or ref for the same places (lower case) → the name of KNOWN_HOSTS. */
const SOURCE_ALIASES: Readonly<Record<string, string>> = {
  google: 'Google',
  bing: 'Bing',
  duckduckgo: 'DuckDuckGo',
  yahoo: 'Yahoo',
  facebook: 'Facebook',
  fb: 'Facebook',
  instagram: 'Instagram',
  ig: 'Instagram',
  twitter: 'X (Twitter)',
  x: 'X (Twitter)',
  linkedin: 'LinkedIn',
  youtube: 'YouTube',
  reddit: 'Reddit',
  pinterest: 'Pinterest',
  tiktok: 'TikTok',
  whatsapp: 'WhatsApp',
  telegram: 'Telegram',
  gmail: 'Gmail',
  outlook: 'Outlook',
};

/** A source name's channel: a known name's, else 'referral' (another site, a newsletter, a partner). */
export function channelOf(source: string): Channel {
  if (source === DIRECT) return 'direct';
  return KNOWN_HOSTS.find(([, name]) => name === source)?.[2] ?? 'referral';
}

/** A host as compared and shown: lower case, without a leading `www.` and without a trailing dot. */
export function plainHost(host: string): string {
  return host
    .trim()
    .toLowerCase()
    .replace(/\.$/, '')
    .replace(/^www\./, '');
}

/** The host of an absolute http(s) URL, or '' for anything else (an app's android-app:// referrer included). */
export function hostOfUrl(url: string): string {
  const match = /^https?:\/\/([^/?#:@]+(?::[^/?#@]*)?@)?([^/?#:]+)/i.exec(url.trim());
  return match ? plainHost(match[2]!) : '';
}

/** A campaign value as kept: trimmed, lower case (one campaign whatever the link's case), at most 100 characters. */
export function campaignValue(raw: string | null | undefined): string {
  return (raw ?? '').trim().toLowerCase().slice(0, ANALYTICS_LIMITS.campaignValueMax);
}

/** What a visit came with: the referrer's host and the campaign parameters of its first page. */
export interface VisitOrigin {
  /** The referring page's host ('' for none); the site's own host counts as none. */
  referrerHost: string;
  campaign: CampaignFields;
}

/**
 * The source a visit is counted under (docs/product/analytics.md#sources-and-campaigns): its utm_source, else its
 * ref, else its referrer's host, each by its well-known name when it has one (google → Google,
 * l.facebook.com → Facebook); a referrer of the site's own host, or none, is Direct.
 */
export function sourceOf(origin: VisitOrigin, siteHost: string): string {
  const named = campaignValue(origin.campaign.utm_source) || campaignValue(origin.campaign.ref);
  if (named) return SOURCE_ALIASES[named] ?? (knownHost(named) || named);
  const host = plainHost(origin.referrerHost);
  if (!host || host === plainHost(siteHost)) return DIRECT;
  return knownHost(host) || host;
}

function knownHost(host: string): string {
  for (const [pattern, name] of KNOWN_HOSTS) if (pattern.test(host)) return name;
  return '';
}

/** Paths never counted: the API, the built files and the dashboard (staff at work, not visitors). */
const UNTRACKED_PATH = /^\/(api|assets|static|dashboard)(\/|$)/;

/**
 * A page's path as counted (docs/product/analytics.md#what-is-counted): without query or fragment, lower
 * case, without a trailing slash, as the router matches it; null when it is no public page or too long.
 */
export function countedPath(raw: string): string | null {
  const path = raw.split(/[?#]/, 1)[0]!.toLowerCase();
  if (!path.startsWith('/') || path.startsWith('//') || path.length > ANALYTICS_LIMITS.pathMax) return null;
  // eslint-disable-next-line no-control-regex -- refusing control characters is the point
  if (/[\u0000-\u001f\u007f\s]/.test(path)) return null;
  const plain = path.length > 1 ? path.replace(/\/+$/, '') || '/' : path;
  return UNTRACKED_PATH.test(plain) ? null : plain;
}

/** The campaign parameters of a query string (with or without its '?'), each as kept; others ignored. */
export function campaignFieldsOf(search: string): CampaignFields {
  const params = new URLSearchParams(search);
  const fields: CampaignFields = {};
  for (const name of CAMPAIGN_PARAMETERS) {
    const value = campaignValue(params.get(name));
    if (value) fields[name] = value;
  }
  return fields;
}

/** The device classes counted: from the user agent, never stored itself. */
export const DEVICE_CLASSES = ['desktop', 'mobile', 'tablet', 'other'] as const;
export type DeviceClass = (typeof DEVICE_CLASSES)[number];
