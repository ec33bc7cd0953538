import { useParams } from 'react-router';
import { Eye } from 'lucide-react';
import { BLOG_MESSAGES, PUBLISHING_MESSAGES } from '../../../shared/messages';
import { Spinner } from '../../components/ui/spinner';
import { usePublicBlogPreview } from './blog-api';
import { BlogPostArticle } from './blog-post-article';
import { BlogPostNotFound } from './blog-post-page';

/**
 * /blog/preview/{token} (docs/product/blog.md#preview-links): a draft exactly as it will look, under a banner saying it is a
 * preview. The server sends it uncached with noindex; an unknown or revoked link is the missing post.
 */
export function BlogPreviewPage() {
  const token = useParams().token ?? '';
  const preview = usePublicBlogPreview(token);

  if (preview.isPending) return <Spinner label={BLOG_MESSAGES.loadingBlog} />;
  if (!preview.data) return <BlogPostNotFound />;
  return (
    <>
      <p
        role="status"
        className="flex items-center justify-center gap-2 border-b border-amber-300 bg-amber-50 px-4 py-3 text-center text-sm font-medium text-amber-900"
      >
        <Eye className="size-4 shrink-0" aria-hidden />
        {PUBLISHING_MESSAGES.previewBanner}
      </p>
      <BlogPostArticle blog={preview.data} preview />
    </>
  );
}
