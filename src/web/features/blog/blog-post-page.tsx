import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { BLOG_MESSAGES } from '../../../shared/messages';
import { publicQueryKeys } from '../../../shared/query-keys';
import { Spinner } from '../../components/ui/spinner';
import { HydrateLater } from '../../lib/hydrate-later';
import { usePublicBlogPost } from './blog-api';
import { BlogPostArticle } from './blog-post-article';
import { blogPostHref } from './blog-url';
import { BlogNotFound } from './blog-not-found';

/** Missing post (docs/product/blog.md#public-post): its title and sentence, with HTTP status 404 (also for drafts and archived posts). */
export function BlogPostNotFound() {
  return <BlogNotFound title={BLOG_MESSAGES.notFoundTitle} text={BLOG_MESSAGES.notFoundText} />;
}

/**
 * Public post at /blog/{slug} (docs/product/blog.md#public-post). Server-rendered from the preloaded post (whose view the server
 * counted); an old slug answers 301 on the server, and in the browser moves to the current address.
 */
export function BlogPostPage() {
  const slug = useParams().slug ?? '';
  const post = usePublicBlogPost(slug);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const renamed = post.data && post.data.slug !== slug ? post.data : null;

  useEffect(() => {
    if (!renamed) return;
    // The post is in hand: keep it under its current slug so moving there reads (and counts) nothing more.
    queryClient.setQueryData(publicQueryKeys.blogPost(renamed.slug), renamed);
    void navigate(blogPostHref(renamed.slug), { replace: true });
  }, [renamed, queryClient, navigate]);

  if (post.isPending || renamed) return <Spinner label={BLOG_MESSAGES.loadingBlog} />;
  if (!post.data) return <BlogPostNotFound />;
  // Adopted in a task of its own, after the page around it (see hydrate-later.tsx).
  return (
    <HydrateLater>
      <BlogPostArticle blog={post.data} />
    </HydrateLater>
  );
}
