import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ArrowLeft, Check, Download, Paperclip, Undo2 } from 'lucide-react';
import { PORTAL_PROJECT_MESSAGES as M } from '../../../shared/messages';
import type { PortalTask } from '../../../shared/schemas/portal-projects';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { TextAreaField } from '../../components/ui/textarea-field';
import {
  approvePortalTask,
  portalFileUrl,
  portalTask,
  postPortalComment,
  requestPortalChanges,
  uploadPortalFile,
} from './portal-api';
import { dayText, momentText, sizeText, usePortalData } from './portal-data';
import { Loading, TaskStatusBadge, portalLinkClass } from './portal-projects';

type Notice = { message: string; tone: 'success' | 'error' } | null;
const failed = (error: unknown): Notice => ({
  message: error instanceof Error ? error.message : 'Something went wrong.',
  tone: 'error',
});

/** "Approve" or "Ask for changes" (with a note) on a task in review. */
function Review({ task, onDone }: { task: PortalTask; onDone(notice: Notice): void }) {
  const [asking, setAsking] = useState(false);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const run = async (work: () => Promise<{ message: string }>) => {
    setBusy(true);
    try {
      onDone({ message: (await work()).message, tone: 'success' });
    } catch (error) {
      onDone(failed(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card className="space-y-3 border-purple-200 bg-purple-50/60" aria-labelledby="portal-review">
      <h2 id="portal-review" className="text-base font-bold text-ink">
        {M.reviewTitle}
      </h2>
      <p className="text-sm text-muted">{M.reviewIntro}</p>
      {asking ? (
        <form
          className="space-y-3"
          onSubmit={(event: FormEvent) => {
            event.preventDefault();
            void run(() => requestPortalChanges(task._id, note.trim()));
          }}
        >
          <TextAreaField
            label={M.noteLabel}
            value={note}
            onChange={(e) => setNote(e.target.value)}
            required
          />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={busy || !note.trim()}>
              {M.sendChanges}
            </Button>
            <Button type="button" variant="secondary" onClick={() => setAsking(false)} disabled={busy}>
              {M.cancel}
            </Button>
          </div>
        </form>
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => void run(() => approvePortalTask(task._id))} disabled={busy}>
            <Check className="size-4" aria-hidden /> {M.approve}
          </Button>
          <Button variant="secondary" onClick={() => setAsking(true)} disabled={busy}>
            <Undo2 className="size-4" aria-hidden /> {M.askForChanges}
          </Button>
        </div>
      )}
    </Card>
  );
}

function Comments({ task, onDone }: { task: PortalTask; onDone(notice: Notice): void }) {
  const [body, setBody] = useState('');
  const [busy, setBusy] = useState(false);
  if (!task.comments) return null;
  return (
    <Card className="space-y-3">
      <h2 className="text-base font-bold text-ink">{M.commentsTitle}</h2>
      {task.comments.length === 0 && <p className="text-sm text-muted">{M.commentsEmpty}</p>}
      <ul className="space-y-3">
        {task.comments.map((c) => (
          <li
            key={c._id}
            className={`rounded-xl p-3 text-sm ${c.author.kind === 'client' ? 'bg-brand-50' : 'bg-slate-50'}`}
          >
            <p className="flex flex-wrap justify-between gap-2 text-xs text-muted">
              <span className="font-semibold text-ink">{c.author.name}</span>
              <time dateTime={c.createdAt}>{momentText(c.createdAt)}</time>
            </p>
            <p className="mt-1 whitespace-pre-wrap break-words text-ink">{c.body}</p>
          </li>
        ))}
      </ul>
      <form
        className="space-y-2"
        onSubmit={(event) => {
          event.preventDefault();
          setBusy(true);
          postPortalComment(task._id, body.trim())
            .then(
              (answer) => {
                setBody('');
                onDone({ message: answer.message, tone: 'success' });
              },
              (error: unknown) => onDone(failed(error)),
            )
            .finally(() => setBusy(false));
        }}
      >
        <TextAreaField label={M.commentLabel} value={body} onChange={(e) => setBody(e.target.value)} />
        <Button type="submit" size="sm" variant="secondary" disabled={busy || !body.trim()}>
          {M.commentButton}
        </Button>
      </form>
    </Card>
  );
}

function Files({ task, onDone }: { task: PortalTask; onDone(notice: Notice): void }) {
  const [busy, setBusy] = useState(false);
  if (!task.attachments) return null;
  return (
    <Card className="space-y-3">
      <h2 className="text-base font-bold text-ink">{M.filesTitle}</h2>
      {task.attachments.length === 0 && <p className="text-sm text-muted">{M.filesEmpty}</p>}
      <ul className="space-y-2">
        {task.attachments.map((file) => (
          <li
            key={file._id}
            className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-line px-3 py-2 text-sm"
          >
            <a
              href={portalFileUrl(file._id)}
              download={file.name}
              className="flex min-w-0 items-center gap-2 font-medium text-ink hover:underline"
              aria-label={M.download(file.name)}
            >
              <Download className="size-4 shrink-0 text-muted" aria-hidden />
              <span className="truncate">{file.name}</span>
            </a>
            <span className="text-xs text-muted">
              {sizeText(file.size)} · {file.uploadedBy}
            </span>
          </li>
        ))}
      </ul>
      <label className="inline-flex cursor-pointer items-center gap-2 rounded-lg border border-line bg-white px-3 py-2 text-sm font-semibold text-ink shadow-sm hover:bg-slate-50 focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand-600">
        <Paperclip className="size-4" aria-hidden />
        {busy ? 'Uploading...' : M.uploadLabel}
        <input
          type="file"
          className="sr-only"
          disabled={busy}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (!file) return;
            setBusy(true);
            uploadPortalFile(task._id, file)
              .then(
                (message) => onDone({ message, tone: 'success' }),
                (error: unknown) => onDone(failed(error)),
              )
              .finally(() => setBusy(false));
          }}
        />
      </label>
      <p className="text-xs text-muted">{M.uploadHint}</p>
    </Card>
  );
}

/** /portal/tasks/:id: the task, its comments and files (as shared), and the decision when in review. */
export function PortalTaskPage({ id }: { id: string }) {
  const { state, reload } = usePortalData(`task:${id}`, () => portalTask(id));
  const [notice, setNotice] = useState<Notice>(null);
  const done = (next: Notice) => {
    setNotice(next);
    reload();
  };
  return (
    <div className="space-y-4">
      <Loading state={state}>
        {(task) => (
          <>
            <Link
              to={`/portal/projects/${task.project._id}`}
              className={`inline-flex items-center gap-1 text-sm ${portalLinkClass}`}
            >
              <ArrowLeft className="size-4" aria-hidden /> {task.project.code} {task.project.name}
            </Link>
            {notice && <Banner message={notice.message} tone={notice.tone} />}
            <Card className="space-y-3">
              <div className="flex flex-wrap items-start justify-between gap-3">
                <h1 className="text-2xl font-bold tracking-tight text-ink">
                  <span className="text-muted">#{task.number}</span> {task.title}
                </h1>
                <TaskStatusBadge status={task.status} />
              </div>
              <p className="text-sm text-muted">
                {task.dueDate ? M.due(dayText(task.dueDate)) : M.noDue}
                {task.assignees && task.assignees.length > 0 && ` · ${task.assignees.join(', ')}`}
              </p>
              {task.description && (
                // Cleaned on the server with the blog's allowlist when it was saved.
                <div
                  className="space-y-2 text-sm leading-6 text-ink [&_a]:text-brand-700 [&_a]:underline"
                  dangerouslySetInnerHTML={{ __html: task.description }}
                />
              )}
            </Card>
            {task.canReview && <Review task={task} onDone={done} />}
            <Files task={task} onDone={done} />
            <Comments task={task} onDone={done} />
            {task.timeline.length > 0 && (
              <Card className="space-y-2">
                <h2 className="text-base font-bold text-ink">{M.timelineHeading}</h2>
                <ol className="space-y-2 text-sm">
                  {task.timeline.map((event) => (
                    <li key={event._id}>
                      <span className="font-medium text-ink">{event.actorName}</span>{' '}
                      {M.eventLabels[event.kind] ?? event.kind}{' '}
                      <time className="text-xs text-muted" dateTime={event.at}>
                        {momentText(event.at)}
                      </time>
                    </li>
                  ))}
                </ol>
              </Card>
            )}
          </>
        )}
      </Loading>
    </div>
  );
}
