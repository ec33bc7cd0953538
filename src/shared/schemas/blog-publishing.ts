import { z } from 'zod';
import { BLOG_LIMITS } from '../blog';
import { blogViewSchema } from './blog';

/* docs/product/blog.md#publishing: revisions, the editor's autosaved copy and preview links of a post. */

/** One kept version of a post's title and content: who saved it and when. */
export const blogRevisionSchema = z.object({
  id: z.string(),
  title: z.string(),
  content: z.string(),
  /** 'saved' by the editor form, 'restored' from an earlier revision. */
  kind: z.enum(['saved', 'restored']),
  author: z.object({ username: z.string() }),
  createdAt: z.string(),
});
export type BlogRevision = z.infer<typeof blogRevisionSchema>;

/** GET /api/blogs/{id}/revisions: newest first. */
export const blogRevisionListSchema = z.object({ revisions: z.array(blogRevisionSchema) });

/** POST /api/blogs/{id}/revisions/{revisionId}/restore: optional stale check like the form's. */
export const blogRestoreSchema = z.object({ version: z.number().int().min(1).optional() }).strict();

/**
 * The editor's unsaved copy (PUT /api/blogs/{id}/autosave): the form's text fields as typed, not yet
 * checked (a half-typed post may be invalid), bounded in size.
 */
const draftText = (max: number) => z.string().max(max).default('');
export const blogDraftFieldsSchema = z
  .object({
    title: draftText(500),
    metaDescription: draftText(1_000),
    keywords: draftText(1_000),
    category: draftText(200),
    content: draftText(BLOG_LIMITS.contentMaxChars),
    status: draftText(20),
    altText: draftText(500),
    publishAt: draftText(40),
    hideFromSearch: draftText(5),
    canonicalUrl: draftText(1_000),
  })
  .strict();
export type BlogDraftFields = z.infer<typeof blogDraftFieldsSchema>;

export const blogAutosaveInputSchema = z
  .object({
    fields: blogDraftFieldsSchema,
    /** The post's version the copy was typed on. */
    baseVersion: z.number().int().min(1),
  })
  .strict();

export const blogAutosaveSchema = z.object({
  fields: blogDraftFieldsSchema,
  baseVersion: z.number(),
  savedAt: z.string(),
});
export type BlogAutosave = z.infer<typeof blogAutosaveSchema>;

/** GET /api/blogs/{id}/autosave: the caller's own unsaved copy of the post, if any. */
export const blogAutosaveAnswerSchema = z.object({ autosave: blogAutosaveSchema.nullable() });
/** PUT /api/blogs/{id}/autosave */
export const blogAutosaveSavedSchema = z.object({ savedAt: z.string() });

/** A preview link of a draft: its absolute URL (from SITE_URL) holds the unguessable token. */
export const blogPreviewLinkSchema = z.object({
  id: z.string(),
  url: z.string(),
  createdAt: z.string(),
  createdBy: z.object({ username: z.string() }),
});
export type BlogPreviewLink = z.infer<typeof blogPreviewLinkSchema>;

/** GET /api/blogs/{id}/previews: the live links, newest first. */
export const blogPreviewListSchema = z.object({ previews: z.array(blogPreviewLinkSchema) });
/** POST /api/blogs/{id}/previews */
export const blogPreviewCreatedSchema = z.object({
  success: z.literal(true),
  preview: blogPreviewLinkSchema,
});

/** GET /api/previews/{token}: anyone holding the link reads the post as it will look. */
export const blogPreviewAnswerSchema = z.object({ blog: blogViewSchema });
