import { lazy, Suspense, useCallback, useState } from 'react';
import { History, Share2 } from 'lucide-react';
import type { Blog } from '../../../../shared/schemas/blog';
import { Button } from '../../../components/ui/button';
import { SharePreviewPanel } from './share-preview-panel';

// The comparison library is only needed once History opens: keep it out of the editor's own chunk.
const HistoryPanel = lazy(() => import('./history-panel'));

type Panel = 'history' | 'preview' | null;

/**
 * The editor's tools for a saved post (docs/product/blog.md#publishing): History (revisions) and Share preview (drafts only;
 * a scheduled post is a draft). `post` is the post as saved, `title`/`content` as typed.
 */
export function EditorToolbar({
  post,
  title,
  content,
  onRestored,
  onReload,
}: {
  post: Blog;
  title: string;
  content: string;
  onRestored(blog: Blog): void;
  onReload(blog: Blog): void;
}) {
  const [open, setOpen] = useState<Panel>(null);
  // Stable: the side panel re-runs its focus handling whenever onClose changes.
  const close = useCallback(() => setOpen(null), []);

  return (
    <div className="flex flex-wrap justify-end gap-2">
      <Button size="sm" variant="secondary" onClick={() => setOpen('history')}>
        <History className="size-4" aria-hidden />
        History
      </Button>
      {post.status === 'draft' && (
        <Button size="sm" variant="secondary" onClick={() => setOpen('preview')}>
          <Share2 className="size-4" aria-hidden />
          Share preview
        </Button>
      )}

      {open === 'history' && (
        <Suspense fallback={null}>
          <HistoryPanel
            postId={post._id}
            version={post.version}
            title={title}
            content={content}
            onClose={close}
            onRestored={(blog) => {
              close();
              onRestored(blog);
            }}
            onReload={onReload}
          />
        </Suspense>
      )}
      {open === 'preview' && <SharePreviewPanel postId={post._id} onClose={close} />}
    </div>
  );
}
