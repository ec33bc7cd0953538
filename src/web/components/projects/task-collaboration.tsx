import { useState } from 'react';
import { Paperclip, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { PORTAL_PROJECT_MESSAGES as PM } from '../../../shared/messages';
import {
  CONTENT_VISIBILITIES,
  CONTENT_VISIBILITY_LABELS,
  type ContentVisibility,
} from '../../../shared/portal-projects';
import { mayManageProject, type ProjectView } from '../../../shared/schemas/projects';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';
import { OptionSelectField } from '../ui/option-select-field';
import { TextAreaField } from '../ui/textarea-field';
import { serverMessage } from '../../lib/api-client';
import { useSession } from '../../lib/session';
import {
  downloadAttachment,
  useAddComment,
  useAttach,
  useAttachmentVisibility,
  useCommentVisibility,
  useDeleteAttachment,
  useTaskAttachments,
  useTaskComments,
  useTaskTimeline,
} from '../../lib/tasks-api';
import { timeAgo } from '../../lib/time-ago';

const VISIBILITY_OPTIONS = CONTENT_VISIBILITIES.map((v) => ({
  value: v,
  label: CONTENT_VISIBILITY_LABELS[v],
}));
const other = (v: ContentVisibility): ContentVisibility => (v === 'client' ? 'internal' : 'client');

/** Who sees a comment or a file, as a badge: the client's own say so. */
function VisibilityBadge({ visibility, byClient }: { visibility: ContentVisibility; byClient?: boolean }) {
  if (byClient) return <Badge color="purple">From the client</Badge>;
  return visibility === 'client' ? (
    <Badge color="blue">{CONTENT_VISIBILITY_LABELS.client}</Badge>
  ) : (
    <Badge>{CONTENT_VISIBILITY_LABELS.internal}</Badge>
  );
}

/** A task's comments: each with who sees it; its author switches it; new ones internal unless chosen. */
export function TaskComments({ taskId }: { taskId: string }) {
  const { user } = useSession();
  const comments = useTaskComments(taskId);
  const add = useAddComment(taskId);
  const change = useCommentVisibility(taskId);
  const [body, setBody] = useState('');
  const [visibility, setVisibility] = useState<ContentVisibility>('internal');
  const fail = (error: unknown) => toast.error(serverMessage(error) ?? 'The comment could not be saved.');
  return (
    <section aria-labelledby="task-comments" className="space-y-3 border-t border-line pt-5">
      <h3 id="task-comments" className="text-sm font-semibold text-ink">
        Comments
      </h3>
      {comments.data?.length === 0 && <p className="text-sm text-muted">No comments yet.</p>}
      <ul className="space-y-3">
        {comments.data?.map((c) => (
          <li key={c._id} className="rounded-xl bg-slate-50 p-3 text-sm">
            <div className="flex flex-wrap items-center justify-between gap-2 text-xs text-muted">
              <span className="flex items-center gap-2">
                <span className="font-semibold text-ink">{c.author.username}</span>
                <VisibilityBadge visibility={c.visibility} byClient={c.authorKind === 'client'} />
              </span>
              <time dateTime={c.createdAt}>
                {timeAgo(c.createdAt)}
                {c.editedAt ? ' (edited)' : ''}
              </time>
            </div>
            <p className="mt-1 whitespace-pre-wrap text-ink">{c.body}</p>
            {user && c.author._id === user._id && (
              <button
                type="button"
                className="mt-1 text-xs font-semibold text-brand-700 hover:underline"
                disabled={change.isPending}
                onClick={() =>
                  change.mutate(
                    { id: c._id, body: c.body, visibility: other(c.visibility) },
                    { onError: fail },
                  )
                }
              >
                {c.visibility === 'client' ? 'Make internal' : 'Show to client'}
              </button>
            )}
          </li>
        ))}
      </ul>
      <form
        className="space-y-2"
        onSubmit={(event) => {
          event.preventDefault();
          add.mutate(
            { body, visibility },
            {
              onSuccess: () => {
                setBody('');
                setVisibility('internal');
              },
              onError: fail,
            },
          );
        }}
      >
        <TextAreaField label="Add a comment" value={body} onChange={(e) => setBody(e.target.value)} />
        <div className="flex flex-wrap items-end gap-3">
          <div className="w-48">
            <OptionSelectField
              label={PM.visibilityLabel}
              size="sm"
              value={visibility}
              onChange={(e) => setVisibility(e.target.value as ContentVisibility)}
              options={VISIBILITY_OPTIONS}
            />
          </div>
          <Button type="submit" size="sm" variant="secondary" disabled={add.isPending || !body.trim()}>
            Comment
          </Button>
        </div>
      </form>
    </section>
  );
}

const sizeText = (bytes: number) =>
  bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** A task's files: upload with who sees it, and a switch for who attached it, the manager or an admin. */
export function TaskFiles({ taskId, project }: { taskId: string; project: ProjectView }) {
  const { user } = useSession();
  const files = useTaskAttachments(taskId);
  const attach = useAttach(taskId);
  const remove = useDeleteAttachment(taskId);
  const change = useAttachmentVisibility(taskId);
  const [visibility, setVisibility] = useState<ContentVisibility>('internal');
  const fail = (error: unknown) => toast.error(serverMessage(error) ?? 'The file could not be saved.');
  const manages = user
    ? mayManageProject(project.manager?._id ?? null, { id: user._id, role: user.role })
    : false;
  return (
    <section aria-labelledby="task-files" className="space-y-3 border-t border-line pt-5">
      <h3 id="task-files" className="text-sm font-semibold text-ink">
        Files
      </h3>
      {files.data?.length === 0 && <p className="text-sm text-muted">No files yet.</p>}
      <ul className="space-y-2">
        {files.data?.map((file) => (
          <li key={file._id} className="rounded-xl border border-line px-3 py-2 text-sm">
            <div className="flex items-center justify-between gap-2">
              <button
                type="button"
                className="flex min-w-0 items-center gap-2 text-left font-medium text-ink hover:underline"
                onClick={() => void downloadAttachment(taskId, file).catch(fail)}
              >
                <Paperclip className="size-4 shrink-0 text-muted" aria-hidden />
                <span className="truncate">{file.name}</span>
              </button>
              <button
                type="button"
                className="rounded p-1 text-muted hover:bg-slate-100 hover:text-red-700"
                aria-label={`Delete ${file.name}`}
                onClick={() =>
                  remove.mutate(file._id, { onSuccess: (a) => toast.success(a.message), onError: fail })
                }
              >
                <Trash2 className="size-4" aria-hidden />
              </button>
            </div>
            <div className="mt-1 flex flex-wrap items-center gap-2 text-xs text-muted">
              <span>
                {sizeText(file.size)} · {file.uploadedBy.username}
              </span>
              <VisibilityBadge visibility={file.visibility} byClient={file.uploaderKind === 'client'} />
              {(manages || (user && file.uploadedBy._id === user._id)) && (
                <button
                  type="button"
                  className="font-semibold text-brand-700 hover:underline"
                  disabled={change.isPending}
                  onClick={() =>
                    change.mutate(
                      { id: file._id, visibility: other(file.visibility) },
                      { onSuccess: (a) => toast.success(a.message), onError: fail },
                    )
                  }
                >
                  {file.visibility === 'client' ? 'Make internal' : 'Show to client'}
                </button>
              )}
            </div>
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap items-end gap-3">
        <div className="w-48">
          <OptionSelectField
            label={PM.visibilityLabel}
            size="sm"
            value={visibility}
            onChange={(e) => setVisibility(e.target.value as ContentVisibility)}
            options={VISIBILITY_OPTIONS}
          />
        </div>
        <label className="inline-flex cursor-pointer items-center gap-2 rounded-lg border border-line bg-white px-3 py-2 text-sm font-semibold text-ink shadow-sm hover:bg-slate-50 focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand-600">
          <Paperclip className="size-4" aria-hidden />
          {attach.isPending ? 'Attaching...' : 'Attach a file'}
          <input
            type="file"
            className="sr-only"
            disabled={attach.isPending}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file)
                attach.mutate(
                  { file, visibility },
                  { onSuccess: (a) => toast.success(a.message), onError: fail },
                );
            }}
          />
        </label>
      </div>
      <p className="text-xs text-muted">PDF, images, Office documents, ZIP or plain text, up to 10 MB.</p>
    </section>
  );
}

/** What the client did on the task in the portal, newest first (GET /api/tasks/:id/timeline). */
export function TaskClientTimeline({ taskId }: { taskId: string }) {
  const timeline = useTaskTimeline(taskId);
  return (
    <section aria-labelledby="task-client-timeline" className="space-y-2 border-t border-line pt-5">
      <h3 id="task-client-timeline" className="text-sm font-semibold text-ink">
        {PM.timelineTitle}
      </h3>
      {timeline.data?.length === 0 && <p className="text-sm text-muted">{PM.timelineEmpty}</p>}
      <ol className="space-y-2 text-sm">
        {timeline.data?.map((event) => (
          <li key={event._id}>
            <span className="font-semibold text-ink">{event.actorName}</span>{' '}
            {PM.eventLabels[event.kind] ?? event.kind}{' '}
            <time className="text-xs text-muted" dateTime={event.at}>
              {timeAgo(event.at)}
            </time>
            {event.detail && <p className="mt-0.5 whitespace-pre-wrap text-muted">“{event.detail}”</p>}
          </li>
        ))}
      </ol>
    </section>
  );
}
