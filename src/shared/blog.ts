/**
 * Blog vocabulary and limits, free of zod so public pages can import them cheaply. The shapes the API
 * answers are zod schemas in schemas/blog.ts (which re-exports this file); public pages take their types
 * from there with `import type`, which loads no zod.
 */

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

/**
 * '?page=' of the public blog list as the address names it: 1, 2, 3… (up to six digits), `null` for page 1
 * (the default, left out of addresses), `undefined` for anything else (the server sends it to page 1).
 */
export function readBlogPage(raw: string): string | null | undefined {
  if (!/^\d{1,6}$/.test(raw)) return undefined;
  const page = Number(raw);
  if (page < 1) return undefined;
  return page === 1 ? null : String(page);
}

/** '?page=' of the public blog list as a number: page 1 when absent or not understood. */
export function parseBlogPage(raw: string | null): number {
  return Number((raw === null ? null : readBlogPage(raw)) ?? 1);
}

/**
 * '?category=' of the public blog list: a category slug (slugs are lower case, so the filter is too), or
 * null for all posts. The server's page loader and the page read the address with these two, so the
 * preloaded query and the page's have one key.
 */
export function parseBlogCategory(raw: string | null): string | null {
  const value = raw?.trim().slice(0, BLOG_LIMITS.categoryFilterMax).trim().toLowerCase();
  return value ? value : null;
}

/**
 * Whether a public list address names nothing: a category no post can be in, or a page past the last one
 * (page 1 always exists, empty or not). The page then answers 404, so such addresses are not pages.
 */
export function isMissingBlogListPage(
  page: number,
  category: string | null,
  knownCategories: readonly { slug: string }[],
  totalPages: number,
): boolean {
  if (category !== null && !knownCategories.some((c) => c.slug === category)) return true;
  return page > Math.max(1, totalPages);
}
