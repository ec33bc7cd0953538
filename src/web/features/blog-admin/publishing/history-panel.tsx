import { useState } from 'react';
import type { Blog } from '../../../../shared/schemas/blog';
import type { BlogRevision } from '../../../../shared/schemas/blog-publishing';
import { Banner } from '../../../components/ui/banner';
import { cn } from '../../../components/ui/cn';
import { SidePanel } from '../../../components/ui/side-panel';
import { Spinner } from '../../../components/ui/spinner';
import { serverMessage } from '../../../lib/api-client';
import { useRevisions } from './blog-publishing-api';
import { formatDateTime } from './publish-time';
import { DiffLegend, TextDiff } from './revision-diff';
import { RevisionRestore } from './revision-restore';

const KIND_LABELS: Record<BlogRevision['kind'], string> = { saved: 'Saved', restored: 'Restored' };

/** 'Saved by alice, Nov 21, 2026, 3:04 PM': how a revision is named in the list and above its comparison. */
export function revisionName(revision: BlogRevision): string {
  return `${KIND_LABELS[revision.kind]} by ${revision.author.username}, ${formatDateTime(revision.createdAt)}`;
}

/**
 * The History side panel (docs/product/blog.md#revisions): the post's kept versions, newest first. Choosing one compares its
 * title and content with what the editor holds now, and offers to restore it.
 */
export default function HistoryPanel({
  postId,
  version,
  title,
  content,
  onClose,
  onRestored,
  onReload,
}: {
  postId: string;
  /** The post's version the editor holds, named by the restore. */
  version: number | undefined;
  title: string;
  content: string;
  onClose(): void;
  onRestored(blog: Blog): void;
  onReload(blog: Blog): void;
}) {
  const revisions = useRevisions(postId);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const selected = revisions.data?.find((r) => r.id === selectedId) ?? null;

  return (
    <SidePanel title="History" onClose={onClose}>
      {revisions.isPending ? (
        <Spinner label="Loading history..." />
      ) : revisions.isError ? (
        <Banner message={serverMessage(revisions.error) ?? 'Could not load the history of this post.'} />
      ) : revisions.data.length === 0 ? (
        <p className="text-sm text-muted">No earlier versions yet. Each save keeps one.</p>
      ) : (
        <div className="space-y-6">
          <ol aria-label="Versions, newest first" className="space-y-1.5">
            {revisions.data.map((revision) => (
              <li key={revision.id}>
                <button
                  type="button"
                  aria-pressed={revision.id === selectedId}
                  aria-label={revisionName(revision)}
                  onClick={() => setSelectedId(revision.id)}
                  className={cn(
                    'w-full rounded-lg border px-3 py-2 text-left text-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
                    revision.id === selectedId
                      ? 'border-brand-600 bg-brand-50 text-ink'
                      : 'border-line text-ink hover:bg-slate-50',
                  )}
                >
                  <span className="font-medium">{KIND_LABELS[revision.kind]}</span>
                  <span className="text-muted"> by {revision.author.username}</span>
                  <span className="block text-xs text-muted">
                    <time dateTime={revision.createdAt}>{formatDateTime(revision.createdAt)}</time>
                  </span>
                </button>
              </li>
            ))}
          </ol>
          {selected && (
            <section aria-label={`Compare: ${revisionName(selected)}`} className="space-y-4">
              <h3 className="text-sm font-semibold uppercase tracking-wide text-muted">
                Compared with the editor
              </h3>
              <DiffLegend />
              <TextDiff label="Title" before={selected.title} after={title} />
              <TextDiff label="Content" before={selected.content} after={content} />
              <RevisionRestore
                key={selected.id}
                postId={postId}
                revisionId={selected.id}
                version={version}
                onRestored={onRestored}
                onReload={onReload}
              />
            </section>
          )}
        </div>
      )}
    </SidePanel>
  );
}
