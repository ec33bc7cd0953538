/** Botgit's texts; its limits and defaults are in ../botgit.ts. */
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
  /** `skipped` counts the possible duplicates too; they are named apart when there are any. */
  addedToLeads: (added: number, skipped: number, possibleDuplicates = 0) =>
    `${added} profile${added === 1 ? '' : 's'} added to leads, ${skipped - possibleDuplicates} skipped (already a lead or no e-mail)` +
    (possibleDuplicates > 0
      ? `, ${possibleDuplicates} not added as possible duplicate${possibleDuplicates === 1 ? '' : 's'} (the phone of a lead or of another profile).`
      : '.'),
  leadsAccessNeeded: 'Adding to leads needs access to Client Leads (Data Center).',
} as const;
