import { z } from 'zod';
import { LEAD_ORIGINS, LEAD_NOTE_MAX, LEAD_TIMELINE_PAGE } from '../lead-timeline';
import { MAIL_KINDS } from '../mail';
import { LEAD_TIMELINE_MESSAGES as M } from '../messages';

export * from '../lead-timeline';

/**
 * Where a page of the timeline ends: the last entry's time and key, `<ISO time>~<key>`. The next page holds
 * what comes strictly before it in (time, key) order, newest first (docs/product/leads.md#timeline).
 */
const cursor = z
  .string()
  .max(200)
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z~[0-9A-Za-z-]{0,100}$/);

/** GET /api/leads/{id}/timeline */
export const leadTimelineQuerySchema = z.object({
  before: cursor.optional(),
  limit: z.coerce.number().int().min(1).max(LEAD_TIMELINE_PAGE.max).default(LEAD_TIMELINE_PAGE.default),
});
export type LeadTimelineQuery = z.infer<typeof leadTimelineQuerySchema>;

/** POST /api/leads/{id}/notes: a note for the timeline; the lead's own notes field is left as it is. */
export const leadNoteSchema = z.object({
  text: z.string({ error: M.noteRequired }).trim().min(1, M.noteRequired).max(LEAD_NOTE_MAX, M.noteTooLong),
});
export type LeadNoteInput = z.infer<typeof leadNoteSchema>;

/** Who did it: their username then, kept when the account is erased (`id` null then); null for nobody (the contact form). */
const actor = z.object({ id: z.string().nullable(), username: z.string() }).nullable();
const followUp = z.object({ day: z.string().nullable(), note: z.string() });

const entry = <K extends string, D extends z.ZodType>(kind: K, data: D) =>
  z.object({
    /** Unique within the timeline. */
    id: z.string(),
    kind: z.literal(kind),
    /** When, ISO-8601 UTC. */
    at: z.string(),
    actor,
    /** The lead it is recorded on: another lead's for a contact message from the same e-mail. */
    leadId: z.string(),
    data,
  });

/** One entry of a lead's timeline; the browser words it (messages/lead-timeline.ts). */
export const leadTimelineEntrySchema = z.discriminatedUnion('kind', [
  /** Made from the lead row: where it came from (null for leads older than the timeline) and who added it. */
  entry('created', z.object({ origin: z.enum(LEAD_ORIGINS).nullable() })),
  entry('status', z.object({ from: z.string(), to: z.string() })),
  /** Usernames. */
  entry('owner', z.object({ from: z.string().nullable(), to: z.string().nullable() })),
  entry('note', z.object({ text: z.string() })),
  entry('notes-edited', z.object({})),
  entry('follow-up-set', z.object({ day: z.string(), note: z.string() })),
  entry('follow-up-done', followUp),
  entry('follow-up-cleared', followUp),
  entry('contact-message', z.object({ subject: z.string(), message: z.string() })),
  entry(
    'merged',
    z.object({
      name: z.string(),
      email: z.string(),
      origin: z.enum(LEAD_ORIGINS).nullable(),
      createdAt: z.string(),
    }),
  ),
  entry('client', z.object({ clientId: z.string(), name: z.string(), linked: z.boolean() })),
  /** A mail of the workspace's outbox to the lead's address: what and how it went, never its body. */
  entry(
    'mail',
    z.object({
      subject: z.string(),
      mailKind: z.enum(MAIL_KINDS),
      /** The delivery log's label of its kind. */
      label: z.string(),
      status: z.enum(['queued', 'sending', 'sent', 'failed']),
    }),
  ),
]);
export type LeadTimelineEntry = z.infer<typeof leadTimelineEntrySchema>;
export type LeadTimelineKind = LeadTimelineEntry['kind'];

/** GET /api/leads/{id}/timeline: newest first; `nextCursor` asks for the next (older) page, null at the end. */
export const leadTimelinePageSchema = z.object({
  entries: z.array(leadTimelineEntrySchema),
  nextCursor: z.string().nullable(),
});
export type LeadTimelinePage = z.infer<typeof leadTimelinePageSchema>;

/** POST /api/leads/{id}/notes */
export const leadNoteAnswerSchema = z.object({ success: z.literal(true), entry: leadTimelineEntrySchema });
