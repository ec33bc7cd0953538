import type { Ref } from 'react';
import { ArrowLeft } from 'lucide-react';
import { BLOG_MESSAGES } from '../../../shared/messages';
import type { Category } from '../../../shared/schemas/blog';
import { Banner } from '../../components/ui/banner';
import { Spinner } from '../../components/ui/spinner';
import { serverMessage } from '../../lib/api-client';
import { useBlog } from './blog-admin-api';
import { BlogEditorForm } from './blog-editor-form';

/** Editor mode (docs/product/blog.md#editor): loads an existing post first ('Loading blog...'), then shows the form. */
export function BlogEditor({
  blogId,
  categories,
  categoriesFailed,
  headingRef,
  onDone,
  onManageCategories,
}: {
  blogId: string | null;
  categories: readonly Category[] | undefined;
  categoriesFailed: boolean;
  headingRef: Ref<HTMLHeadingElement>;
  onDone(): void;
  onManageCategories(): void;
}) {
  const existing = useBlog(blogId);
  const loading = blogId !== null && existing.isPending;

  return (
    <div className="space-y-5">
      <div className="flex items-center gap-3">
        <button
          type="button"
          onClick={onDone}
          aria-label="Back to the blog list"
          className="rounded-lg p-2 text-muted hover:bg-slate-100 hover:text-ink"
        >
          <ArrowLeft className="size-5" aria-hidden />
        </button>
        <div className="min-w-0">
          <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-bold tracking-tight outline-none">
            {blogId ? 'Edit Blog' : 'Create New Blog'}
          </h1>
          <p className="mt-0.5 text-sm text-muted">
            {/* An existing post's edits are autosaved as a private copy (docs/product/blog.md#autosave); the post waits for submit. */}
            {blogId
              ? 'The previews follow what you type; your edits are kept as a private copy until you update the post.'
              : 'The previews follow what you type; nothing is saved until you submit.'}
          </p>
        </div>
      </div>

      {loading ? (
        <Spinner label={BLOG_MESSAGES.loadingBlog} />
      ) : existing.isError ? (
        <Banner message={serverMessage(existing.error) ?? BLOG_MESSAGES.notFound} />
      ) : (
        <BlogEditorForm
          key={blogId ?? 'new'}
          blog={existing.data ?? null}
          categories={categories}
          categoriesFailed={categoriesFailed}
          onDone={onDone}
          onManageCategories={onManageCategories}
        />
      )}
    </div>
  );
}
