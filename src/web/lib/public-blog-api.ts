import { BLOG_LIMITS } from '../../shared/blog';
import type { Blog, BlogPagination, BlogSummary, Category } from '../../shared/schemas/blog';
import { api, isHttpError } from './api-client';

/**
 * The public website's blog reads (home teaser, /blog, /blog/{slug}). The server preloads the same data
 * under publicQueryKeys (src/server/render/page-data.ts) in exactly the shapes these functions return, so a
 * server-rendered page hydrates without a request. Every call sends `scope=public`: the agency's
 * published posts whoever is signed in.
 */

/** publicQueryKeys.homeTeaser(): GET /api/blogs?status=published&limit=3&scope=public, posts only. */
export interface HomeTeaserData {
  blogs: BlogSummary[];
}

/** publicQueryKeys.blogList(page, category). */
export interface BlogListData {
  blogs: BlogSummary[];
  pagination: BlogPagination;
}

const PUBLIC = { scope: 'public', status: 'published' } as const;

/** Home teaser (docs/product/public-site.md#home-page): up to 3 published posts, newest first (lists carry no content). */
export async function fetchHomeTeaser(): Promise<HomeTeaserData> {
  const { data } = await api.get<BlogListData>('blogs', {
    params: { ...PUBLIC, limit: BLOG_LIMITS.homeTeaserLimit },
  });
  return { blogs: data.blogs };
}

/** Public list (docs/product/blog.md#public-blog-list, docs/product/api.md#calls): 12 per page, optionally one category (by slug). */
export async function fetchBlogList(page: number, category: string | null): Promise<BlogListData> {
  const params: Record<string, string | number> = { ...PUBLIC, page, limit: BLOG_LIMITS.publicPageSize };
  if (category) params.category = category;
  const { data } = await api.get<BlogListData>('blogs', { params });
  return { blogs: data.blogs, pagination: data.pagination };
}

/** The agency's categories, for the filter bar. */
export async function fetchPublicCategories(): Promise<Category[]> {
  const { data } = await api.get<Category[]>('categories', { params: { scope: 'public' } });
  return data;
}

/**
 * One published post by slug, counting one view; `null` when there is none (404). An old slug answers
 * with the renamed post (the browser follows the 301), whose `slug` then differs from the one asked for.
 */
export async function fetchBlogPost(slug: string): Promise<Blog | null> {
  try {
    const { data } = await api.get<Blog>(`blogs/${encodeURIComponent(slug)}`, {
      params: { scope: 'public' },
    });
    return data;
  } catch (error) {
    if (isHttpError(error) && error.response?.status === 404) return null;
    throw error;
  }
}

/** A draft through its preview link (docs/product/blog.md#preview-links); null when the link is unknown or revoked. */
export async function fetchBlogPreview(token: string): Promise<Blog | null> {
  try {
    const { data } = await api.get<{ blog: Blog }>(`previews/${encodeURIComponent(token)}`);
    return data.blog;
  } catch (error) {
    if (isHttpError(error) && error.response?.status === 404) return null;
    throw error;
  }
}

/** Cuts (docs/product/blog.md#numbers): the first `max` characters plus '...', only when the text is longer. */
export function cutText(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length > max ? `${chars.slice(0, max).join('')}...` : text;
}
