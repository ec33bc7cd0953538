import { z } from 'zod';
import { BLOG_MESSAGES, CATEGORY_MESSAGES } from '../messages';
import { BLOG_LIMITS, BLOG_STATUSES, parseKeywords } from '../blog';

export * from '../blog';

/** The text fields of POST /api/blogs and PUT /api/blogs/{id} (multipart; spec §3 blog form payload). */
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
});
export type BlogFields = z.infer<typeof blogFieldsSchema>;

/** PUT /api/blogs/{id} with JSON `{status}` only (Publish / Archive / Republish). */
export const blogStatusSchema = z.object({ status: z.enum(BLOG_STATUSES) }).strict();

/** GET /api/blogs query. `status` omitted means all (staff) — anonymous callers only ever get published. */
export const blogListQuerySchema = z.object({
  status: z.enum(BLOG_STATUSES).optional(),
  category: z.string().trim().max(BLOG_LIMITS.categoryFilterMax).optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(BLOG_LIMITS.pageSizeMax).default(BLOG_LIMITS.dashboardPageSize),
});

/** POST /api/categories and PUT /api/categories/{id}: name and description trimmed (spec §5). */
export const categorySchema = z.object({
  name: z
    .string({ error: CATEGORY_MESSAGES.nameRequired })
    .trim()
    .min(1, CATEGORY_MESSAGES.nameRequired)
    .max(80),
  description: z.string().trim().max(300).default(''),
});
