/** The public list's address: `?page=` and `?category=` (a category slug), read with src/shared/blog.ts. */
/** A shareable, crawlable list address: page 1 and "all" are left out. */
export function blogListHref(page: number, category: string | null): string {
  const params = new URLSearchParams();
  if (category) params.set('category', category);
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return query ? `/blog?${query}` : '/blog';
}

export const blogPostHref = (slug: string) => `/blog/${encodeURIComponent(slug)}`;
