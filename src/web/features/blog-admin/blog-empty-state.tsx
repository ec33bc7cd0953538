import { FileText, Plus } from 'lucide-react';
import { BLOG_MESSAGES } from '../../../shared/messages';
import { Button } from '../../components/ui/button';

/** docs/product/blog.md#blog-management: 'No blogs found' with hints; the create button only when no filter or search is active. */
export function BlogEmptyState({ filtered, onCreate }: { filtered: boolean; onCreate(): void }) {
  return (
    <div className="rounded-2xl border border-dashed border-line bg-white px-6 py-14 text-center">
      <FileText className="mx-auto size-8 text-slate-400" aria-hidden />
      <p className="mt-3 font-semibold text-ink">{BLOG_MESSAGES.emptyDashboard}</p>
      <p className="mt-1 text-sm text-muted">
        {filtered
          ? 'Try another search term, or set the status and category filters back to all.'
          : 'Posts you write appear here. Start with a title, a meta description and some content.'}
      </p>
      {!filtered && (
        <Button className="mt-5" onClick={onCreate}>
          <Plus className="size-4" aria-hidden />
          {BLOG_MESSAGES.createFirst}
        </Button>
      )}
    </div>
  );
}
