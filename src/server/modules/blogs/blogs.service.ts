import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database, SessionUser } from '../../db/types';
import type { Blog, BlogPagination, BlogSummary, blogListQuerySchema } from '../../../shared/schemas/blog';
import { BLOG_MESSAGES } from '../../../shared/messages';
import { notFound } from '../../http/errors';
import { canUseModule } from '../../../shared/access';
import { permissionSubject } from '../../db/rows';
import { AGENCY_WORKSPACE_ID } from '../../../shared/workspace-deletion';
import { findCategory } from '../categories/categories.service';
import { toBlog, toBlogSummary } from './blog-json';
import { countView } from '../../public-cache/view-counter';
import {
  findBlog,
  findRedirect,
  listBlogs,
  newestPublished,
  countIndexable,
  listPublishedSlugs,
  publishedLastModified,
  type BlogScope,
} from './blogs.repository';
import { createBlogWrites, type BlogWriteOptions } from './blog-writes';

export type BlogListQuery = z.output<typeof blogListQuerySchema>;

/**
 * The public sees the agency's published posts (docs/architecture.md#tenancy-and-authorization). A signed-in user reads their own workspace:
 * drafts and archived posts only with the blog module (SEO Management, as for writing), published ones else.
 */
export function readScope(caller: SessionUser | null): BlogScope {
  if (!caller) return { workspaceId: AGENCY_WORKSPACE_ID, publishedOnly: true };
  const editor = canUseModule(permissionSubject(caller), 'seoManagement');
  return { workspaceId: caller.workspace_id, publishedOnly: !editor };
}

const PUBLIC_SCOPE = readScope(null);

const REAL_TIME: BlogWriteOptions = { clock: () => new Date(), onScheduled: () => {} };

export function createBlogsService(db: Kysely<Database>, options: BlogWriteOptions = REAL_TIME) {
  return {
    ...createBlogWrites(db, options),

    /** GET /api/blogs: anonymous callers get published agency posts whatever they ask. */
    async list(
      caller: SessionUser | null,
      query: BlogListQuery,
    ): Promise<{ blogs: BlogSummary[]; pagination: BlogPagination }> {
      const scope = readScope(caller);
      const { page, limit } = query;
      let categoryId: string | undefined;
      if (query.category) categoryId = (await findCategory(db, scope.workspaceId, query.category))?.id;
      // An unknown category filters everything out rather than being ignored.
      const { rows, total } =
        query.category && !categoryId
          ? { rows: [], total: 0 }
          : await listBlogs(
              db,
              { ...scope, status: query.status, categoryId, scheduled: query.scheduled === 'true' },
              page,
              limit,
            );
      const totalPages = Math.ceil(total / limit);
      return {
        blogs: rows.map(toBlogSummary),
        pagination: {
          currentPage: page,
          totalPages,
          totalBlogs: total,
          hasPreviousPage: page > 1,
          hasNextPage: page < totalPages,
        },
      };
    },

    /**
     * GET /api/blogs/:idOrSlug. Staff read their own workspace's posts (not counted as views); anyone else,
     * signed in or not, reads the public site's published posts, and each such read counts one view.
     * An old slug of a renamed post answers `{ redirect: currentSlug }`.
     */
    async get(caller: SessionUser | null, idOrSlug: string): Promise<{ blog: Blog } | { redirect: string }> {
      if (caller) {
        const own = readScope(caller);
        const row = await findBlog(db, own, idOrSlug);
        if (row) return { blog: toBlog(row) };
        const redirect = await findRedirect(db, own, idOrSlug);
        if (redirect) return { redirect };
        if (caller.workspace_id === AGENCY_WORKSPACE_ID) throw notFound(BLOG_MESSAGES.notFound);
      }
      const row = await findBlog(db, PUBLIC_SCOPE, idOrSlug);
      if (row) return { blog: { ...toBlog(row), views: await countView(db, row.id) } };
      const redirect = await findRedirect(db, PUBLIC_SCOPE, idOrSlug);
      if (redirect) return { redirect };
      throw notFound(BLOG_MESSAGES.notFound);
    },

    /** The newest published posts with their content, for the feed (readers show it whole). */
    async publicFeed(limit: number): Promise<Blog[]> {
      const rows = await newestPublished(db, PUBLIC_SCOPE.workspaceId, limit);
      return rows.map(toBlog);
    },

    /** How many posts the sitemap lists (published, not hidden from search engines): its plan. */
    publicPostCount(): Promise<number> {
      return countIndexable(db, PUBLIC_SCOPE.workspaceId);
    },

    /** When a public post last changed: the sitemap's lastmod for /blog. */
    publicLastModified(): Promise<string | null> {
      return publishedLastModified(db, PUBLIC_SCOPE.workspaceId);
    },

    /** A slice of the public site's published posts for a sitemap file: slug and last change, oldest first. */
    async publicSitemapEntries(
      offset: number,
      limit: number,
    ): Promise<{ slug: string; updatedAt: string }[]> {
      const rows = await listPublishedSlugs(db, PUBLIC_SCOPE.workspaceId, offset, limit);
      return rows.map((row) => ({ slug: row.slug, updatedAt: row.updated_at }));
    },
  };
}

export type BlogsService = ReturnType<typeof createBlogsService>;

// The blog editor's publishing (revisions, preview links, scheduling), for app.ts and the pages that
// render previews: the module's one public file.
export { createPublishingService, PREVIEW_ROBOTS, type PublishingService } from './publishing.service';
