/** Blog vocabulary, limits and shapes, free of zod so public pages can import them cheaply. */

export const BLOG_STATUSES = ['draft', 'published', 'archived'] as const;
export type BlogStatus = (typeof BLOG_STATUSES)[number];

/** Blog numbers (docs/product/blog.md#numbers). */
export const BLOG_LIMITS = {
  titleMax: 60,
  metaDescriptionMax: 160,
  keywordsMax: 5,
  dashboardPageSize: 10,
  publicPageSize: 12,
  homeTeaserLimit: 3,
  pageSizeMax: 100,
  /** Longest `category` filter (a slug) the list accepts. */
  categoryFilterMax: 120,
  contentMaxChars: 500_000,
  imageMaxBytes: 5 * 1024 * 1024,
  /** Widths of the resized WebP variants offered in srcset. */
  imageVariantWidths: [480, 960, 1600],
} as const;

/** Scheduling, autosave, revisions and preview links (docs/product/blog.md#publishing). */
export const PUBLISHING_LIMITS = {
  /** Revisions kept per post (older ones are dropped as new ones come); the History panel lists them all. */
  revisionsKept: 20,
  /** The editor saves its draft copy after this long without typing. */
  autosaveDelayMs: 2_000,
  canonicalUrlMax: 500,
  /** Live preview links per post. */
  previewLinksMax: 10,
  /** A post may be scheduled at most this far ahead. */
  scheduleMaxDays: 3_650,
} as const;

/** Comma-separated keywords → trimmed, non-empty items (docs/product/blog.md#validation). */
export function parseKeywords(text: string): string[] {
  return text
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean);
}

// The shapes the API answers are zod schemas (schemas/blog.ts); their types are re-exported here, type
// only, so public pages still load no zod.
export type { Blog, BlogImage, BlogPagination, BlogSummary, Category } from './schemas/blog';

/** '?page=' of the public blog list: a whole number from 1, anything else is page 1. */
export function parseBlogPage(raw: string | null): number {
  if (!raw || !/^\d{1,6}$/.test(raw)) return 1;
  const page = Number(raw);
  return page >= 1 ? page : 1;
}

/**
 * '?category=' of the public blog list: a category slug, or null for all posts. The server's page loader
 * and the page read the address with these two, so the preloaded query and the page's have one key.
 */
export function parseBlogCategory(raw: string | null): string | null {
  const value = raw?.trim().slice(0, BLOG_LIMITS.categoryFilterMax).trim();
  return value ? value : null;
}
