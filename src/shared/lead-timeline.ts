/**
 * A lead's timeline (docs/product/leads.md#timeline): where it came from and what happened to it since.
 */

/** Where a lead was made: the dashboard's form, the public contact form, an import, Botgit, the API, a new workspace's samples. */
export const LEAD_ORIGINS = ['dashboard', 'form', 'import', 'botgit', 'api', 'sample'] as const;
export type LeadOrigin = (typeof LEAD_ORIGINS)[number];

/** What the timeline records as it happens (the creation and the mails are read from the lead and the outbox). */
export const LEAD_EVENT_KINDS = [
  'status',
  'owner',
  'note',
  'notes-edited',
  'follow-up-set',
  'follow-up-done',
  'contact-message',
  'merged',
  'follow-up-cleared',
  'client',
] as const;
export type LeadEventKind = (typeof LEAD_EVENT_KINDS)[number];

/** Each kind's details, stored as JSON beside the event. */
export interface LeadEventData {
  status: { from: string; to: string };
  owner: { from: string | null; to: string | null };
  note: { text: string };
  'notes-edited': Record<string, never>;
  'follow-up-set': { day: string; note: string };
  'follow-up-done': { day: string | null; note: string };
  /** Cleared without being done: the day and note it had. */
  'follow-up-cleared': { day: string | null; note: string };
  'contact-message': { subject: string; message: string };
  /** The lead merged into this one, as it was: its name, e-mail, origin and creation time. */
  merged: { name: string; email: string; origin: LeadOrigin | null; createdAt: string };
  /** Converted into a client: a new one (`linked` false) or one the workspace already had. */
  client: { clientId: string; name: string; linked: boolean };
}

/** A note added to the timeline, at most this long (trimmed). */
export const LEAD_NOTE_MAX = 5000;

/** Entries a page of the timeline holds: this many unless asked, never more than the maximum. */
export const LEAD_TIMELINE_PAGE = { default: 50, max: 100 } as const;
