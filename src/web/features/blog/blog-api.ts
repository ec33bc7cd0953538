import { useQuery } from '@tanstack/react-query';
import { publicQueryKeys } from '../../../shared/query-keys';
import {
  fetchBlogList,
  fetchBlogPost,
  fetchBlogPreview,
  fetchPublicCategories,
} from '../../lib/public-blog-api';

/**
 * The public blog's queries, under the keys the server preloads (src/server/render/page-data.ts): a
 * server-rendered page finds its data in the cache and does not ask again on hydration.
 */

const LIST_STALE_MS = 60_000;

export function usePublicBlogList(page: number, category: string | null) {
  return useQuery({
    queryKey: publicQueryKeys.blogList(page, category),
    queryFn: () => fetchBlogList(page, category),
    staleTime: LIST_STALE_MS,
  });
}

export function usePublicCategories() {
  return useQuery({
    queryKey: publicQueryKeys.categories(),
    queryFn: fetchPublicCategories,
    staleTime: LIST_STALE_MS,
  });
}

/**
 * Each read counts a view, and the server already counted the one it rendered: the post is never stale,
 * so neither hydration nor a remount reads it again while it stays cached.
 */
export function usePublicBlogPost(slug: string) {
  return useQuery({
    queryKey: publicQueryKeys.blogPost(slug),
    queryFn: () => fetchBlogPost(slug),
    staleTime: Infinity,
  });
}

/** A draft's preview: read once (the server rendered it), and again only on a reload of the page. */
export function usePublicBlogPreview(token: string) {
  return useQuery({
    queryKey: publicQueryKeys.blogPreview(token),
    queryFn: () => fetchBlogPreview(token),
    staleTime: Infinity,
  });
}
