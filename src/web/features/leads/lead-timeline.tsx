import { useId, useState, type FormEvent } from 'react';
import { format, formatDistanceToNow, isValid, parseISO } from 'date-fns';
import {
  ArrowRightLeft,
  CalendarCheck,
  CalendarClock,
  CalendarX,
  FilePenLine,
  Building2,
  GitMerge,
  Inbox,
  Mail,
  Sparkles,
  StickyNote,
  Trash2,
  UserRound,
  type LucideIcon,
} from 'lucide-react';
import { toast } from 'sonner';
import { LEAD_TIMELINE_MESSAGES as M } from '../../../shared/messages';
import {
  LEAD_NOTE_MAX,
  leadNoteSchema,
  type LeadTimelineEntry,
  type LeadTimelineKind,
} from '../../../shared/schemas/lead-timeline';
import { serverMessage } from '../../lib/api-client';
import { useSession } from '../../lib/session';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { cn } from '../../components/ui/cn';
import { Spinner } from '../../components/ui/spinner';
import { TextAreaField } from '../../components/ui/textarea-field';
import { formatLeadDate } from './lead-format';
import { useAddLeadNote, useDeleteLeadNote, useLeadTimeline } from './lead-timeline-api';

/** Each kind's marker: an icon on a tint of its own (the badges' shades, AA on their tint). */
const MARKERS: Record<LeadTimelineKind, { icon: LucideIcon; tone: string }> = {
  created: { icon: Sparkles, tone: 'bg-brand-100 text-brand-800' },
  status: { icon: ArrowRightLeft, tone: 'bg-blue-100 text-blue-800' },
  owner: { icon: UserRound, tone: 'bg-cyan-100 text-cyan-800' },
  note: { icon: StickyNote, tone: 'bg-amber-100 text-amber-800' },
  'notes-edited': { icon: FilePenLine, tone: 'bg-slate-100 text-slate-700' },
  'follow-up-set': { icon: CalendarClock, tone: 'bg-purple-100 text-purple-800' },
  'follow-up-done': { icon: CalendarCheck, tone: 'bg-green-100 text-green-800' },
  'follow-up-cleared': { icon: CalendarX, tone: 'bg-slate-100 text-slate-700' },
  'contact-message': { icon: Inbox, tone: 'bg-pink-100 text-pink-800' },
  merged: { icon: GitMerge, tone: 'bg-slate-100 text-slate-700' },
  client: { icon: Building2, tone: 'bg-purple-100 text-purple-800' },
  mail: { icon: Mail, tone: 'bg-green-100 text-green-800' },
};

/** What the entry says happened, as a sentence (messages/lead-timeline.ts). */
function sentence(entry: LeadTimelineEntry): string {
  const who = entry.actor?.username ?? null;
  switch (entry.kind) {
    case 'created':
      return M.created(entry.data.origin, who);
    case 'status':
      return M.status(who, entry.data.from, entry.data.to);
    case 'owner':
      return M.owner(who, entry.data.from, entry.data.to);
    case 'note':
      return M.note(who);
    case 'notes-edited':
      return M.notesEdited(who);
    case 'follow-up-set':
      return M.followUpSet(who, formatLeadDate(entry.data.day));
    case 'follow-up-done':
      return M.followUpDone(who, entry.data.day && formatLeadDate(entry.data.day));
    case 'follow-up-cleared':
      return M.followUpCleared(who, entry.data.day && formatLeadDate(entry.data.day));
    case 'contact-message':
      return M.contactMessage(entry.data.subject || M.noSubject);
    case 'merged':
      return M.merged(who, entry.data.name, entry.data.email);
    case 'client':
      return M.client(who, entry.data.name, entry.data.linked);
    case 'mail':
      return M.mail(entry.data.status, entry.data.subject, entry.data.label);
  }
}

/** The text the entry carries below its sentence, if any: always plain text, never markup. */
function body(entry: LeadTimelineEntry): string {
  switch (entry.kind) {
    case 'note':
      return entry.data.text;
    case 'contact-message':
      return entry.data.message;
    case 'follow-up-set':
    case 'follow-up-done':
    case 'follow-up-cleared':
      return entry.data.note;
    default:
      return '';
  }
}

/** "3 hours ago", with the full date and time on hover. */
function When({ at }: { at: string }) {
  const date = parseISO(at);
  if (!isValid(date)) return null;
  return (
    <time dateTime={at} title={format(date, 'MMM d, yyyy, h:mm a')} className="text-xs text-muted">
      {formatDistanceToNow(date, { addSuffix: true })}
    </time>
  );
}

/**
 * The lead's timeline in its side panel (docs/product/leads.md#timeline): "Add a note", then what happened,
 * newest first, 50 at a time with "Load older". Edits made in the panel refresh it (its query sits under
 * the leads' key).
 */
export function LeadTimeline({ leadId }: { leadId: string }) {
  const headingId = useId();
  const timeline = useLeadTimeline(leadId);
  const me = useSession().user?.id ?? null;
  const entries = timeline.data?.pages.flatMap((page) => page.entries) ?? [];

  return (
    <section aria-labelledby={headingId} className="space-y-4" data-testid="lead-timeline">
      <h3 id={headingId} className="text-sm font-semibold">
        {M.heading}
      </h3>
      <NoteForm leadId={leadId} />
      {timeline.isPending ? (
        <Spinner label="Loading the timeline…" />
      ) : timeline.isError && entries.length === 0 ? (
        <div className="space-y-2">
          <Banner message={M.loadFailed} />
          <Button variant="secondary" size="sm" onClick={() => timeline.refetch()}>
            {M.retry}
          </Button>
        </div>
      ) : entries.length === 0 ? (
        <p className="rounded-xl bg-canvas px-3 py-2.5 text-sm text-muted">{M.empty}</p>
      ) : (
        <ol aria-label={M.listLabel} className="ml-3">
          {entries.map((entry) => (
            <TimelineItem
              key={entry.id}
              entry={entry}
              leadId={leadId}
              mine={me !== null && entry.actor?.id === me}
            />
          ))}
        </ol>
      )}
      {timeline.hasNextPage && (
        <Button
          variant="secondary"
          size="sm"
          className="w-full"
          onClick={() => timeline.fetchNextPage()}
          disabled={timeline.isFetchingNextPage}
        >
          {timeline.isFetchingNextPage ? M.loadingOlder : M.loadOlder}
        </Button>
      )}
      {timeline.isFetchNextPageError && <Banner message={M.loadFailed} />}
    </section>
  );
}

function TimelineItem({ entry, leadId, mine }: { entry: LeadTimelineEntry; leadId: string; mine: boolean }) {
  const { icon: Icon, tone } = MARKERS[entry.kind];
  const text = body(entry);
  const remove = useDeleteLeadNote(leadId);
  const deleteNote = () => {
    if (!window.confirm(M.noteDeleteConfirm)) return;
    remove.mutate(entry.id, {
      onSuccess: () => toast.success(M.noteDeleted),
      onError: (error) => toast.error(serverMessage(error) ?? M.noteNotFound),
    });
  };
  return (
    <li
      className="group relative pb-5 pl-6 last:pb-0"
      data-testid="lead-timeline-entry"
      data-kind={entry.kind}
    >
      {/* The line down to the next entry's marker; none after the oldest. */}
      <span className="absolute -left-px bottom-0 top-6 w-px bg-line group-last:hidden" aria-hidden />
      <span
        className={cn(
          'absolute -left-3 top-0 flex size-6 items-center justify-center rounded-full ring-4 ring-white',
          tone,
        )}
        aria-hidden
      >
        <Icon className="size-3.5" />
      </span>
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="break-words text-sm font-medium text-ink">{sentence(entry)}</p>
          <p className="flex flex-wrap items-center gap-x-2 gap-y-0.5">
            <When at={entry.at} />
            {entry.leadId !== leadId && <span className="text-xs text-muted">· {M.otherLead}</span>}
          </p>
        </div>
        {entry.kind === 'note' && mine && (
          <button
            type="button"
            onClick={deleteNote}
            disabled={remove.isPending}
            aria-label={M.noteDelete}
            title={M.noteDelete}
            className="-mr-1 shrink-0 rounded-md p-1.5 text-muted hover:bg-red-50 hover:text-red-700 disabled:opacity-60"
          >
            <Trash2 className="size-4" aria-hidden />
          </button>
        )}
      </div>
      {text && (
        <p className="mt-1.5 max-h-60 overflow-y-auto whitespace-pre-wrap break-words rounded-lg bg-canvas px-3 py-2 text-sm text-ink">
          {text}
        </p>
      )}
    </li>
  );
}

/** "Add a note": plain text up to 5,000 characters, checked by the API's own rule before it is sent. */
function NoteForm({ leadId }: { leadId: string }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const add = useAddLeadNote(leadId);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = leadNoteSchema.safeParse({ text });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    add.mutate(parsed.data.text, {
      onSuccess: () => {
        setText('');
        toast.success(M.noteAdded);
      },
      onError: (failure) => setError(serverMessage(failure) ?? M.noteFailed),
    });
  };

  return (
    <form onSubmit={submit} className="space-y-2">
      <TextAreaField
        label={M.noteLabel}
        value={text}
        rows={3}
        maxLength={LEAD_NOTE_MAX}
        placeholder={M.notePlaceholder}
        error={error}
        onChange={(e) => setText(e.target.value)}
        className="[&_textarea]:min-h-20"
      />
      <div className="flex justify-end">
        <Button type="submit" size="sm" disabled={add.isPending}>
          <StickyNote className="size-4" aria-hidden />
          {add.isPending ? M.noteAdding : M.noteButton}
        </Button>
      </div>
    </form>
  );
}
