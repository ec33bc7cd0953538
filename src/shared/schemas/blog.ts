import { z } from 'zod';
import { BLOG_MESSAGES, CATEGORY_MESSAGES, PUBLISHING_MESSAGES } from '../messages';
import { BLOG_LIMITS, BLOG_STATUSES, PUBLISHING_LIMITS, parseKeywords } from '../blog';

export * from '../blog';

/** The text fields of POST /api/blogs and PUT /api/blogs/{id} (multipart; docs/product/blog.md#editor blog form payload). */
export const blogFieldsSchema = z.object({
  title: z
    .string({ error: BLOG_MESSAGES.titleRequired })
    .trim()
    .min(1, BLOG_MESSAGES.titleRequired)
    .max(BLOG_LIMITS.titleMax, BLOG_MESSAGES.titleTooLong),
  metaDescription: z
    .string({ error: BLOG_MESSAGES.metaDescriptionRequired })
    .trim()
    .min(1, BLOG_MESSAGES.metaDescriptionRequired)
    .max(BLOG_LIMITS.metaDescriptionMax, BLOG_MESSAGES.metaDescriptionTooLong),
  keywords: z
    .string()
    .default('')
    .transform(parseKeywords)
    .refine((list) => list.length <= BLOG_LIMITS.keywordsMax, BLOG_MESSAGES.tooManyKeywords),
  category: z.string({ error: BLOG_MESSAGES.categoryRequired }).trim().min(1, BLOG_MESSAGES.categoryRequired),
  content: z
    .string({ error: BLOG_MESSAGES.contentRequired })
    .trim()
    .min(1, BLOG_MESSAGES.contentRequired)
    .max(BLOG_LIMITS.contentMaxChars),
  status: z.enum(BLOG_STATUSES).default('draft'),
  altText: z.string().trim().max(200).default(''),
  /** 'true' removes the current featured image on update. */
  removeImage: z.enum(['true', 'false']).default('false'),
  /**
   * docs/product/blog.md#scheduled-publishing. When to publish a draft by itself: an ISO date-time with its offset; empty or absent means
   * not scheduled. Whether it lies in the future is the server's check (it owns the clock).
   */
  publishAt: z
    .string()
    .trim()
    .default('')
    .refine((v) => v === '' || isDateTime(v), PUBLISHING_MESSAGES.publishAtInvalid)
    .transform((v) => (v === '' ? null : new Date(v).toISOString())),
  /** 'true': noindex on the post's page and left out of the sitemap. */
  hideFromSearch: z.enum(['true', 'false']).default('false'),
  /** Where the post was first published, when elsewhere: its page's canonical URL. Empty means its own. */
  canonicalUrl: z
    .string()
    .trim()
    .max(PUBLISHING_LIMITS.canonicalUrlMax, PUBLISHING_MESSAGES.canonicalInvalid)
    .default('')
    .refine((v) => v === '' || isWebAddress(v), PUBLISHING_MESSAGES.canonicalInvalid),
  /**
   * The post's `version` the editor opened. When sent and no longer current, the save is refused with a
   * 409 carrying the current post (no silent overwrite); left out, the save applies as before.
   */
  version: z.coerce.number().int().min(1).optional(),
});
export type BlogFields = z.infer<typeof blogFieldsSchema>;

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/** A date with a time and an explicit zone (Z or ±hh:mm), so "when" never depends on the server's zone. */
function isDateTime(value: string): boolean {
  const match = DATE_TIME.exec(value);
  if (!match || Number.isNaN(Date.parse(value))) return false;
  // Date.parse rolls 30 February over into March: the day must exist in its month.
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return new Date(Date.UTC(year, month - 1, day)).getUTCDate() === day;
}

function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** PUT /api/blogs/{id} with JSON `{status}` only (Publish / Archive / Republish). */
export const blogStatusSchema = z.object({ status: z.enum(BLOG_STATUSES) }).strict();

/** GET /api/blogs query. `status` omitted means all (staff) — anonymous callers only ever get published. */
export const blogListQuerySchema = z.object({
  status: z.enum(BLOG_STATUSES).optional(),
  /** 'true': only drafts waiting for their publish time (docs/product/blog.md#scheduled-publishing), soonest first. */
  scheduled: z.enum(['true']).optional(),
  category: z.string().trim().max(BLOG_LIMITS.categoryFilterMax).optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(BLOG_LIMITS.pageSizeMax).default(BLOG_LIMITS.dashboardPageSize),
});

/** POST /api/categories and PUT /api/categories/{id}: name and description trimmed (docs/product/blog.md#categories). */
export const categorySchema = z.object({
  name: z
    .string({ error: CATEGORY_MESSAGES.nameRequired })
    .trim()
    .min(1, CATEGORY_MESSAGES.nameRequired)
    .max(80),
  description: z.string().trim().max(300).default(''),
});

/* What the blog and category routes answer. */

export const blogImageSchema = z.object({
  /** Relative to the API base (docs/product/blog.md#post-fields: "API base address plus the stored path"), e.g. 'media/<id>'. */
  path: z.string(),
  altText: z.string(),
  width: z.number(),
  height: z.number(),
  /** Resized WebP variants for srcset, smallest first. */
  variants: z.array(z.object({ width: z.number(), path: z.string() })),
});
export type BlogImage = z.infer<typeof blogImageSchema>;

/** A blog as every API answer shows it (docs/product/blog.md#post-fields). */
export const blogViewSchema = z.object({
  _id: z.string(),
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  metaDescription: z.string(),
  keywords: z.array(z.string()),
  content: z.string(),
  status: z.enum(BLOG_STATUSES),
  featuredImage: blogImageSchema.nullable(),
  category: z.object({ _id: z.string(), name: z.string(), slug: z.string() }).nullable(),
  author: z.object({ username: z.string() }),
  views: z.number(),
  publishedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** docs/product/blog.md#scheduled-publishing: when a draft publishes itself (null when not scheduled). */
  publishAt: z.string().nullable(),
  hideFromSearch: z.boolean(),
  canonicalUrl: z.string().nullable(),
  /** Raised by every change of the post: a save names the version it edited (stale saves get a 409). */
  version: z.number(),
});
export type Blog = z.infer<typeof blogViewSchema>;

/** A post as lists show it (cards, teasers): everything but its HTML content, which only its own page reads. */
export const blogSummarySchema = blogViewSchema.omit({ content: true });
export type BlogSummary = z.infer<typeof blogSummarySchema>;

export const blogPaginationSchema = z.object({
  currentPage: z.number(),
  totalPages: z.number(),
  totalBlogs: z.number(),
  hasPreviousPage: z.boolean(),
  hasNextPage: z.boolean(),
});
export type BlogPagination = z.infer<typeof blogPaginationSchema>;

/** GET /api/blogs */
export const blogListAnswerSchema = z.object({
  blogs: z.array(blogSummarySchema),
  pagination: blogPaginationSchema,
});
/** POST /api/blogs, PUT /api/blogs/{id} */
export const blogWriteAnswerSchema = z.object({ success: z.literal(true), blog: blogViewSchema });
/** 409 on a stale save: the post as it is now, so the editor can offer to reload it or to save anyway. */
export const blogConflictAnswerSchema = z.object({ message: z.string(), blog: blogViewSchema });
/** GET /api/blogs/{idOrSlug}: an old slug answers 301 with where the post lives now. */
export const blogRedirectAnswerSchema = z.object({ redirect: z.string() });

export const categoryViewSchema = z.object({
  _id: z.string(),
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  createdAt: z.string(),
});
export type Category = z.infer<typeof categoryViewSchema>;
/** POST /api/categories, PUT /api/categories/{id} */
export const categoryWriteAnswerSchema = z.object({ success: z.literal(true), category: categoryViewSchema });
