import type { Kysely, Transaction } from 'kysely';
import { MAIL_KIND_LABELS } from '../../../shared/mail';
import { LEAD_MESSAGES, LEAD_TIMELINE_MESSAGES } from '../../../shared/messages';
import type {
  LeadTimelineEntry,
  LeadTimelinePage,
  LeadTimelineQuery,
} from '../../../shared/schemas/lead-timeline';
import type { Database, LeadEventsTable, LeadRow, SessionUser } from '../../db/types';
import { notFound } from '../../http/errors';
import { usernamesByIds } from '../users/users.service';
import { leadEventRow, type LeadEvent } from './lead-events';
import {
  contactMessagesBefore,
  deleteOwnNote,
  insertLeadEvents,
  leadEventsBefore,
  type TimelineCursor,
} from './lead-events.repository';
import { leadForTimeline, mailsToBefore } from './lead-timeline.repository';
import { lockLead } from './lead-writes.repository';

type Db = Kysely<Database> | Transaction<Database>;

/*
 * A lead's timeline (docs/product/leads.md#timeline), merged from three sources: the events recorded on the
 * lead (and the contact-form messages recorded on the workspace's other leads with its e-mail), its creation
 * read from the lead row, and the workspace's mails to its address. Each entry sorts by (time, key): the key
 * is the row's id, and '' for the creation, so at one instant it comes last. A page is cut after the last
 * entry it holds, and the next page reads each source strictly before that point, so entries neither repeat
 * nor go missing however the sources interleave.
 */

const SEPARATOR = '~';

/** The cursor a page's last entry leaves, `<ISO time>~<key>` (its shape checked by the query's schema). */
function cursorOf({ entry, key }: Keyed): string {
  return `${entry.at}${SEPARATOR}${key}`;
}

function parseCursor(value: string | undefined): TimelineCursor | null {
  if (value === undefined) return null;
  const at = value.indexOf(SEPARATOR);
  return { at: value.slice(0, at), key: value.slice(at + SEPARATOR.length) };
}

interface Keyed {
  entry: LeadTimelineEntry;
  key: string;
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
/** (time, key), both descending. */
const newestFirst = (a: Keyed, b: Keyed) => compare(b.entry.at, a.entry.at) || compare(b.key, a.key);
const isBefore = (at: string, key: string, cursor: TimelineCursor | null) =>
  cursor === null || at < cursor.at || (at === cursor.at && key < cursor.key);

/** An event as the timeline answers it: the actor's username as it was then, kept once the account is erased. */
function eventEntry(row: LeadEventsTable): LeadTimelineEntry {
  return {
    id: row.id,
    kind: row.kind,
    at: row.created_at,
    actor: row.actor_name === '' ? null : { id: row.actor_id, username: row.actor_name },
    leadId: row.lead_id,
    data: JSON.parse(row.data),
  } as LeadTimelineEntry;
}

/** Newest first, `query.limit` entries before `query.before`; another workspace's lead is not found. */
export async function leadTimeline(
  db: Db,
  caller: SessionUser,
  leadId: string,
  query: LeadTimelineQuery,
): Promise<LeadTimelinePage> {
  const workspaceId = caller.workspace_id;
  const lead = await leadForTimeline(db, workspaceId, leadId);
  if (!lead) throw notFound(LEAD_MESSAGES.notFound);
  const cursor = parseCursor(query.before);
  // One more than the page from each source tells whether another page follows.
  const take = query.limit + 1;
  const email = lead.email_lower;

  const keyed: Keyed[] = (await leadEventsBefore(db, workspaceId, lead.id, cursor, take)).map((row) => ({
    entry: eventEntry(row),
    key: row.id,
  }));
  // An empty e-mail is nobody's: it matches no other lead and no mail.
  if (email !== '') {
    for (const row of await contactMessagesBefore(db, workspaceId, lead.id, email, cursor, take))
      keyed.push({ entry: eventEntry(row), key: row.id });
    for (const mail of await mailsToBefore(db, workspaceId, email, cursor, take))
      keyed.push({
        key: mail.id,
        entry: {
          id: mail.id,
          kind: 'mail',
          at: mail.created_at,
          actor: null,
          leadId: lead.id,
          data: {
            subject: mail.subject,
            mailKind: mail.kind,
            label: MAIL_KIND_LABELS[mail.kind],
            status: mail.status,
          },
        },
      });
  }
  if (isBefore(lead.created_at, '', cursor))
    keyed.push({
      key: '',
      entry: {
        id: lead.id,
        kind: 'created',
        at: lead.created_at,
        // Its creator as they are called now; nobody for the contact form, an erased account or an older lead.
        actor:
          lead.created_by !== null && lead.creator_name !== null
            ? { id: lead.created_by, username: lead.creator_name }
            : null,
        leadId: lead.id,
        data: { origin: lead.origin },
      },
    });

  keyed.sort(newestFirst);
  const entries = keyed.slice(0, query.limit);
  return {
    entries: entries.map((k) => k.entry),
    nextCursor: keyed.length > query.limit ? cursorOf(entries[entries.length - 1]!) : null,
  };
}

/** A note on the timeline, by the caller, now; the lead's notes field stays as it is. */
export async function addLeadNote(
  db: Kysely<Database>,
  caller: SessionUser,
  leadId: string,
  text: string,
  at: Date,
): Promise<LeadTimelineEntry> {
  return db.transaction().execute(async (trx) => {
    // Locked, so a lead deleted meanwhile is not found rather than a broken reference.
    if (!(await lockLead(trx, caller.workspace_id, leadId))) throw notFound(LEAD_MESSAGES.notFound);
    const row = leadEventRow(
      { workspaceId: caller.workspace_id, leadId, kind: 'note', actor: caller, data: { text } },
      at,
    );
    await insertLeadEvents(trx, [row]);
    return eventEntry(row);
  });
}

/** Only its author deletes a note; anything else (another's note, another kind, another lead) is not found. */
export async function deleteLeadNote(
  db: Db,
  caller: SessionUser,
  leadId: string,
  noteId: string,
): Promise<void> {
  if (!(await deleteOwnNote(db, caller.workspace_id, leadId, noteId, caller.id)))
    throw notFound(LEAD_TIMELINE_MESSAGES.noteNotFound);
}

type Actor = Pick<SessionUser, 'id' | 'username'>;

/**
 * What an edit did, for the timeline: the status and the owner (by username) it changed, the notes field
 * edited, a follow-up set or changed, or ended: 'done' when the user marked it so, else 'cleared'.
 */
export async function leadEditEvents(
  db: Db,
  actor: Actor,
  before: LeadRow,
  after: LeadRow,
  followUpEnd: 'done' | 'cleared',
): Promise<LeadEvent[]> {
  const base = { workspaceId: before.workspace_id, leadId: before.id, actor };
  const events: LeadEvent[] = [];
  if (after.status !== before.status)
    events.push({ ...base, kind: 'status', data: { from: before.status, to: after.status } });
  if (after.owner_id !== before.owner_id) {
    const names = await usernamesByIds(
      db,
      [before.owner_id, after.owner_id].filter((id): id is string => id !== null),
    );
    const name = (id: string | null) => (id === null ? null : (names.get(id) ?? null));
    events.push({ ...base, kind: 'owner', data: { from: name(before.owner_id), to: name(after.owner_id) } });
  }
  if (after.notes !== before.notes) events.push({ ...base, kind: 'notes-edited', data: {} });
  const followUpChanged =
    after.next_follow_up_at !== before.next_follow_up_at || after.follow_up_note !== before.follow_up_note;
  if (followUpChanged && after.next_follow_up_at !== null)
    events.push({
      ...base,
      kind: 'follow-up-set',
      data: { day: after.next_follow_up_at, note: after.follow_up_note },
    });
  else if (followUpChanged && after.follow_up_note === '')
    events.push({
      ...base,
      kind: followUpEnd === 'done' ? 'follow-up-done' : 'follow-up-cleared',
      data: { day: before.next_follow_up_at, note: before.follow_up_note },
    });
  return events;
}
