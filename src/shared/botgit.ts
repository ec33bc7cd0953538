/** Botgit (docs/product/botgit.md#botgit-settings): limits, defaults and texts, free of zod (the extension imports them). */

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

export const BOTGIT_MESSAGES = {
  /** docs/product/botgit.md#scraped-data, word for word. */
  empty: 'No scraped profiles found yet.',
  noResults: (term: string) => `No results found for "${term}". Try a different search term.`,
  noDataInRange: 'No data found for the selected date range.',
  noResultsInRange: (term: string) => `No results found for "${term}" in the selected date range.`,
  fetchFailed: (status: number, body: string) =>
    `Failed to fetch scraped data (Status: ${status}). Server response: ${body.slice(0, 100)}...`,
  parseFailed: (text: string) => `Failed to parse JSON response. Received: ${text.slice(0, 100)}...`,
  /** Our texts, in the spec's voice. */
  intervalRange: 'Scrape interval must be between 1 and 168 hours',
  maxProfilesRange: 'Maximum profiles must be between 1 and 1000',
  settingsSaved: 'Botgit settings saved successfully',
  settingsSaveFailed: 'Failed to save Botgit settings',
  profileUrlRequired: 'Profile URL is required',
  profileUrlInvalid: 'Enter a valid profile URL (http or https)',
  emailInvalid: 'Please enter a valid email address',
  tooLong: (field: string, max: number) => `${field} must be ${max} characters or less.`,
  batchTooLarge: 'Send at most 100 profiles at a time.',
  limitReached: (max: number, hours: number) =>
    `The limit of ${max} new profiles per ${hours} hour${hours === 1 ? '' : 's'} set in Botgit Settings is reached. Try again later.`,
  nothingSelected: 'Select at least one profile.',
  deleted: (count: number) => `${count} profile${count === 1 ? '' : 's'} deleted.`,
  exported: 'Profiles exported successfully!',
  addedToLeads: (added: number, skipped: number) =>
    `${added} profile${added === 1 ? '' : 's'} added to leads, ${skipped} skipped (already a lead or no e-mail).`,
  leadsAccessNeeded: 'Adding to leads needs access to Client Leads (Data Center).',
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
