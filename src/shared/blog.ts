/** Blog vocabulary, limits and shapes, free of zod so public pages can import them cheaply. */

export const BLOG_STATUSES = ['draft', 'published', 'archived'] as const;
export type BlogStatus = (typeof BLOG_STATUSES)[number];

/** Spec §5/§9 blog numbers. */
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

/** Comma-separated keywords → trimmed, non-empty items (spec §5). */
export function parseKeywords(text: string): string[] {
  return text
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean);
}

export interface BlogImage {
  /** Relative to the API base (spec §7: "API base address plus the stored path"), e.g. 'media/<id>'. */
  path: string;
  altText: string;
  width: number;
  height: number;
  /** Resized WebP variants for srcset, smallest first. */
  variants: { width: number; path: string }[];
}

/** A blog as every API answer shows it (spec §3). */
export interface Blog {
  _id: string;
  id: string;
  slug: string;
  title: string;
  metaDescription: string;
  keywords: string[];
  content: string;
  status: BlogStatus;
  featuredImage: BlogImage | null;
  category: { _id: string; name: string; slug: string } | null;
  author: { username: string };
  views: number;
  publishedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/** A post as lists show it (cards, teasers): everything but its HTML content, which only its own page reads. */
export type BlogSummary = Omit<Blog, 'content'>;

export interface BlogPagination {
  currentPage: number;
  totalPages: number;
  totalBlogs: number;
  hasPreviousPage: boolean;
  hasNextPage: boolean;
}

export interface Category {
  _id: string;
  id: string;
  name: string;
  slug: string;
  description: string;
  createdAt: string;
}

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
