/** Botgit (docs/product/botgit.md#botgit-settings): limits and defaults, free of zod (the extension imports them). */

/** Scraper defaults and ranges (docs/product/botgit.md#botgit-settings). */
export const BOTGIT_DEFAULTS = {
  autoScrape: false,
  scrapeInterval: 24,
  maxProfiles: 100,
  saveEmails: true,
  savePhones: true,
  notifyOnComplete: true,
} as const;

export const BOTGIT_LIMITS = {
  intervalMin: 1,
  intervalMax: 168,
  maxProfilesMin: 1,
  maxProfilesMax: 1000,
  /** Profiles one ingest request may carry. */
  batchMax: 100,
  urlMax: 2048,
  nameMax: 200,
  emailMax: 254,
  phoneMax: 40,
  roleMax: 300,
  locationMax: 200,
  searchMax: 200,
  pageSizeDefault: 50,
  pageSizeMax: 100,
  /** Ids one delete, export or add-to-leads request may name. */
  idsMax: 1000,
} as const;

/**
 * The key two scrapes of one profile share (docs/product/botgit.md#ingest): scheme, host case, default port, a trailing slash,
 * the query and the fragment do not matter. Null when the text is not an http(s) URL.
 */
export function profileUrlKey(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const path = url.pathname.replace(/\/+$/, '');
  return `${url.host.toLowerCase()}${path}`;
}

/** The stored form of a profile URL: without its query and fragment (tracking noise). */
export function cleanProfileUrl(text: string): string {
  const url = new URL(text.trim());
  url.search = '';
  url.hash = '';
  return url.toString();
}

/** docs/product/botgit.md#scraped-data: dates in the table read 'dd - Mon - yyyy', or '-' when missing. */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
export function formatScrapedDate(iso: string | null | undefined): string {
  if (!iso) return '-';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '-';
  const day = String(date.getDate()).padStart(2, '0');
  return `${day} - ${MONTHS[date.getMonth()]} - ${date.getFullYear()}`;
}

/** A LinkedIn profile becomes a lead with source LinkedIn; any other site, Other (docs/product/botgit.md#scraped-data). */
export function leadSourceFor(profileUrl: string): 'LinkedIn' | 'Other' {
  const key = profileUrlKey(profileUrl) ?? '';
  return /^([a-z0-9-]+\.)*linkedin\.com(\/|:|$)/.test(key) ? 'LinkedIn' : 'Other';
}
