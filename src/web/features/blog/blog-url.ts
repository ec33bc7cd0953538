/**
 * The public list's address: `?page=` and `?category=` (a category slug), read exactly as the server's
 * loader reads them (src/server/render/page-data.ts parseBlogPage / parseBlogCategory), so the preloaded
 * query and the page's query have the same key.
 */
const CATEGORY_MAX = 120;

export function parseBlogPage(raw: string | null): number {
  if (!raw || !/^\d{1,6}$/.test(raw)) return 1;
  const page = Number(raw);
  return page >= 1 ? page : 1;
}

export function parseBlogCategory(raw: string | null): string | null {
  const value = raw?.trim().slice(0, CATEGORY_MAX).trim();
  return value ? value : null;
}

/** A shareable, crawlable list address: page 1 and "all" are left out. */
export function blogListHref(page: number, category: string | null): string {
  const params = new URLSearchParams();
  if (category) params.set('category', category);
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return query ? `/blog?${query}` : '/blog';
}

export const blogPostHref = (slug: string) => `/blog/${encodeURIComponent(slug)}`;
