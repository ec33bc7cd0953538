/** A lead's timeline texts (docs/product/leads.md#timeline); the sentences take names and days already formatted. */
import { LEAD_NOTE_MAX, type LeadOrigin } from '../lead-timeline';
import { groupThousands } from '../text';

/** Who did it, when nobody is recorded (an entry written without an actor). */
const SOMEONE = 'Someone';
const by = (actor: string | null) => (actor ? ` by ${actor}` : '');

export const LEAD_TIMELINE_MESSAGES = {
  heading: 'Timeline',
  listLabel: 'Timeline of this lead, newest first',
  noteLabel: 'Add a note',
  notePlaceholder: 'What happened, what was said, what comes next',
  noteButton: 'Add note',
  noteAdding: 'Adding…',
  noteAdded: 'Note added.',
  noteDelete: 'Delete note',
  noteDeleted: 'Note deleted.',
  noteDeleteConfirm: 'Delete this note? This cannot be undone.',
  noteRequired: 'Write the note first.',
  noteTooLong: `A note can be at most ${groupThousands(LEAD_NOTE_MAX)} characters.`,
  noteNotFound: 'Note not found.',
  noteFailed: 'The note could not be saved. Please try again.',
  loadOlder: 'Load older',
  loadingOlder: 'Loading…',
  loadFailed: 'The timeline could not be loaded. Please try again.',
  retry: 'Try again',
  empty: 'Nothing has happened to this lead yet.',
  otherLead: 'On another lead with this e-mail',
  noSubject: '(no subject)',

  created(origin: LeadOrigin | null, actor: string | null): string {
    switch (origin) {
      case 'form':
        return 'Created from the contact form';
      case 'import':
        return `Created from an import${by(actor)}`;
      case 'botgit':
        return `Created from Botgit${by(actor)}`;
      case 'api':
        return `Created through the API${by(actor)}`;
      case 'sample':
        return 'Created as a sample lead of the new workspace';
      case 'dashboard':
        return actor ? `Created by ${actor}` : 'Created in the dashboard';
      default:
        // Written before the timeline existed: nobody recorded where it came from.
        return actor ? `Created by ${actor}` : 'Created';
    }
  },
  status: (actor: string | null, from: string, to: string) =>
    `${actor ?? SOMEONE} moved it from ${from} to ${to}`,
  owner: (actor: string | null, from: string | null, to: string | null) =>
    to === null
      ? `${actor ?? SOMEONE} left it unassigned`
      : from === null
        ? `${actor ?? SOMEONE} assigned it to ${to}`
        : `${actor ?? SOMEONE} reassigned it from ${from} to ${to}`,
  note: (actor: string | null) => `${actor ?? SOMEONE} added a note`,
  notesEdited: (actor: string | null) => `${actor ?? SOMEONE} edited the notes`,
  followUpSet: (actor: string | null, day: string) => `${actor ?? SOMEONE} set a follow-up for ${day}`,
  followUpDone: (actor: string | null, day: string | null) =>
    day
      ? `${actor ?? SOMEONE} marked the follow-up of ${day} done`
      : `${actor ?? SOMEONE} marked the follow-up done`,
  followUpCleared: (actor: string | null, day: string | null) =>
    day ? `${actor ?? SOMEONE} cleared the follow-up of ${day}` : `${actor ?? SOMEONE} cleared the follow-up`,
  contactMessage: (subject: string) => `Message from the contact form: ${subject}`,
  client: (actor: string | null, name: string, linked: boolean) =>
    linked
      ? `${actor ?? SOMEONE} linked this lead to the client ${name}`
      : `${actor ?? SOMEONE} made this lead the client ${name}`,
  merged: (actor: string | null, name: string, email: string) =>
    `${actor ?? SOMEONE} merged ${name}${email ? ` (${email})` : ''} into this lead`,
  mail(status: 'queued' | 'sending' | 'sent' | 'failed', subject: string, label: string): string {
    const what = status === 'sent' ? 'Mail sent' : status === 'failed' ? 'Mail not delivered' : 'Mail queued';
    return `${what}: ${subject} (${label})`;
  },
} as const;
