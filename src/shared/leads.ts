/** Lead vocabulary and shapes, free of zod so any page can import them cheaply. */

/** Lead vocabularies and colours (docs/product/leads.md#lead-fields). */
export const LEAD_STATUSES = ['New', 'In Progress', 'Qualified', 'Converted', 'Lost'] as const;
export const LEAD_PRIORITIES = ['High', 'Medium', 'Low'] as const;
export const LEAD_SOURCES = [
  'Website',
  'Referral',
  'Social Media',
  'Email Campaign',
  'LinkedIn',
  'Other',
] as const;
/** The source an imported row gets when its file names none. */
export const IMPORT_SOURCE = 'Import';
/** A lead's notes field, however it was written (the form, the API, an import, a merge). */
export const LEAD_NOTES_MAX = 5000;

/**
 * What one lead file may hold (docs/product/leads.md#import, docs/security.md): bounds on the parse's work,
 * far past any CRM's export (Google Contacts writes about sixty columns; a note is cut to 5,000 characters).
 * A file past one is refused whole, before it costs more than a few milliseconds at a time.
 */
export const LEAD_IMPORT_LIMITS = {
  columns: 1000,
  /** Characters of one row (the header's too), quoted line breaks included. */
  rowChars: 256 * 1024,
  /** Characters of one cell. */
  cellChars: 64 * 1024,
} as const;
export const LEAD_DATE_FILTERS = [
  'all',
  'today',
  'yesterday',
  'last7days',
  'last30days',
  'last90days',
  'thismonth',
  'lastmonth',
  'custom',
] as const;
/** "My leads": the caller's own (docs/product/leads.md#owners-and-follow-ups). */
export const LEAD_OWNER_FILTERS = ['me'] as const;
/** "Due today / Overdue": a next follow-up on or before the user's today. */
export const LEAD_FOLLOW_UP_FILTERS = ['due'] as const;
/** A follow-up's note, at most this long. */
export const FOLLOW_UP_NOTE_MAX = 1000;
/** A lead's value (docs/product/analytics.md#conversion-tracking), at most this much. */
export const LEAD_VALUE_MAX = 1e12;
export const LEAD_SORT_FIELDS = ['date', 'name', 'company', 'status', 'priority', 'lastContact'] as const;

export type LeadStatus = (typeof LEAD_STATUSES)[number];
export type LeadPriority = (typeof LEAD_PRIORITIES)[number];
export type LeadDateFilter = (typeof LEAD_DATE_FILTERS)[number];

export const LEAD_STATUS_COLORS = {
  New: 'blue',
  'In Progress': 'amber',
  Qualified: 'green',
  Converted: 'purple',
  Lost: 'red',
} as const;
export const LEAD_PRIORITY_COLORS = { High: 'red', Medium: 'amber', Low: 'green' } as const;

// The shapes the API answers are zod schemas (schemas/leads.ts), and their types live there.
