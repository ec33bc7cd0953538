import { useEffect, useId, useRef, useState } from 'react';
import { RotateCcw } from 'lucide-react';
import { toast } from 'sonner';
import { PUBLISHING_MESSAGES } from '../../../../shared/messages';
import type { Blog } from '../../../../shared/schemas/blog';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { serverMessage } from '../../../lib/api-client';
import { conflictBlog, useRestoreRevision } from './blog-publishing-api';
import { StaleSaveNotice } from './stale-save-notice';

/** Local texts: what restoring does, and the fallback when the server gives no reason. */
export const RESTORE_EXPLAINED =
  'The title and content go back to this version, saved as a new version. Changes not yet saved in the editor are replaced.';
const RESTORE_FAILED = 'Could not restore this version.';

/**
 * 'Restore this version', asked again before it happens. It names the version the editor holds, so a
 * post changed meanwhile answers 409: reload it, or restore over the newer version.
 */
export function RevisionRestore({
  postId,
  revisionId,
  version,
  onRestored,
  onReload,
}: {
  postId: string;
  revisionId: string;
  version: number | undefined;
  onRestored(blog: Blog): void;
  onReload(blog: Blog): void;
}) {
  const restore = useRestoreRevision(postId);
  const [asking, setAsking] = useState(false);
  const [conflict, setConflict] = useState<Blog | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const run = (over: number | undefined) => {
    setFailure(null);
    setConflict(null);
    restore.mutate(
      { revisionId, version: over },
      {
        onSuccess: (blog) => {
          toast.success(PUBLISHING_MESSAGES.restoreDone);
          onRestored(blog);
        },
        onError: (error) => {
          const current = conflictBlog(error);
          if (current) setConflict(current);
          else setFailure(serverMessage(error) ?? RESTORE_FAILED);
        },
      },
    );
    setAsking(false);
  };

  if (conflict)
    return (
      <StaleSaveNotice
        overrideLabel="Restore anyway"
        busy={restore.isPending}
        onReload={() => {
          setConflict(null);
          onReload(conflict);
        }}
        onOverride={() => run(conflict.version)}
      />
    );
  return (
    <div className="space-y-3">
      {failure && <Banner message={failure} />}
      {asking ? (
        <RestoreConfirm onConfirm={() => run(version)} onCancel={() => setAsking(false)} />
      ) : (
        <Button variant="secondary" disabled={restore.isPending} onClick={() => setAsking(true)}>
          <RotateCcw className="size-4" aria-hidden />
          {restore.isPending ? 'Restoring...' : 'Restore this version'}
        </Button>
      )}
    </div>
  );
}

function RestoreConfirm({ onConfirm, onCancel }: { onConfirm(): void; onCancel(): void }) {
  const titleId = useId();
  const textId = useId();
  const box = useRef<HTMLDivElement>(null);
  // It replaces the button just pressed: keep the keyboard on the choice.
  useEffect(() => box.current?.querySelector('button')?.focus(), []);
  return (
    <div
      ref={box}
      role="alertdialog"
      aria-labelledby={titleId}
      aria-describedby={textId}
      className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-amber-900"
    >
      <p id={titleId} className="text-sm font-semibold">
        {PUBLISHING_MESSAGES.restoreTitle}
      </p>
      <p id={textId} className="mt-1 text-sm">
        {RESTORE_EXPLAINED}
      </p>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row">
        <Button size="sm" onClick={onConfirm}>
          Restore
        </Button>
        <Button size="sm" variant="secondary" onClick={onCancel}>
          Keep current
        </Button>
      </div>
    </div>
  );
}
