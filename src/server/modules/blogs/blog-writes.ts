import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database, SessionUser } from '../../db/types';
import { nowIso } from '../../db/rows';
import type { Blog, BlogFields, BlogStatus } from '../../../shared/schemas/blog';
import { BLOG_MESSAGES } from '../../../shared/messages';
import { badRequest } from '../../http/errors';
import type { AuditKind } from '../../../shared/audit';
import { recordActivity } from '../activity/activity.service';
import { findCategory } from '../categories/categories.service';
import { deleteMediaIfUnused, insertMedia, processImage, type ProcessedImage } from '../media/media.service';
import { assertStorageRoom } from '../../lib/plan-limits';
import { parseBlogFields, type BlogFormInput } from './blog-form';
import { deleteBlog, insertBlog, moveSlug, takenBlogSlugs, updateBlog } from './blog-writes.repository';
import { lockOwn, ownBlog, ownPost, refuseIfStale } from './own-post';
import { sanitizeContent } from '../../lib/sanitize-content';
import { firstFreeSlug, slugBase } from '../../db/unique-slug';
import { retryOnUniqueViolation } from '../../db/unique-violation';
import { checkedPublishAt } from './schedule';
import { keepOriginalIfFirst, recordRevision } from './revisions.repository';
import { deleteAutosave } from './autosaves.repository';
import { postPublished } from '../webhooks/webhooks.service';

/** A checked form: sanitised content, a category of the workspace, a decoded image. */
interface PreparedPost {
  fields: BlogFields;
  content: string;
  categoryId: string;
  image: ProcessedImage | null;
  /** When a draft publishes itself (checked against the clock), or null. */
  publishAt: string | null;
}

/** What the blog writes need besides the database (docs/product/blog.md#publishing). */
export interface BlogWriteOptions {
  clock: () => Date;
  /** A post was scheduled or rescheduled: the scheduler plans its next run again. */
  onScheduled(): void;
}

/** The overview's activity line: "admin published 'Title'". */
function activityVerb(before: BlogStatus | null, after: BlogStatus): string {
  if (before === null) return after === 'published' ? 'published' : 'created';
  return before === after || after === 'draft' ? 'updated' : after;
}

/** The verbs the audit log lists: a post going public (created, saved, published or republished) or going away. */
const AUDITED_VERBS: Partial<Record<string, AuditKind>> = {
  published: 'post-published',
  deleted: 'post-deleted',
};

export function createBlogWrites(db: Kysely<Database>, options: BlogWriteOptions) {
  async function prepare(caller: SessionUser, form: BlogFormInput): Promise<PreparedPost> {
    const fields = parseBlogFields(form.fields);
    const content = sanitizeContent(fields.content);
    // Markup that was nothing but script is no content at all.
    if (!content)
      throw badRequest(BLOG_MESSAGES.contentRequired, [
        { field: 'content', message: BLOG_MESSAGES.contentRequired },
      ]);
    const category = await findCategory(db, caller.workspace_id, fields.category);
    if (!category)
      throw badRequest(BLOG_MESSAGES.categoryNotFound, [
        { field: 'category', message: BLOG_MESSAGES.categoryNotFound },
      ]);
    const publishAt = checkedPublishAt(fields, options.clock());
    // A workspace whose storage the upload alone would pass is refused before the image is processed
    // (docs/product/workspace.md#plan-limits); insertMedia checks the processed total again in its transaction.
    if (form.image) await assertStorageRoom(db, caller.workspace_id, form.image.size);
    const image = form.image ? await processImage(form.image, caller.workspace_id) : null;
    return { fields, content, categoryId: category.id, image, publishAt };
  }

  async function log(trx: Transaction<Database>, caller: SessionUser, verb: string, title: string) {
    await recordActivity(trx, {
      workspaceId: caller.workspace_id,
      userId: caller.id,
      action: `${caller.username} ${verb} '${title}'`,
      kind: AUDITED_VERBS[verb],
    });
  }

  return {
    /** POST /api/blogs: the signed-in user is the author; the slug is made unique in the workspace. */
    async create(caller: SessionUser, form: BlogFormInput): Promise<Blog> {
      const post = await prepare(caller, form);
      const id = randomUUID();
      const workspaceId = caller.workspace_id;
      await retryOnUniqueViolation(() =>
        db.transaction().execute(async (trx) => {
          const base = slugBase(post.fields.title, 'post');
          const slug = firstFreeSlug(base, await takenBlogSlugs(trx, workspaceId, base));
          const now = nowIso();
          await insertBlog(trx, {
            id,
            workspace_id: workspaceId,
            author_id: caller.id,
            category_id: post.categoryId,
            title: post.fields.title,
            slug,
            meta_description: post.fields.metaDescription,
            keywords: JSON.stringify(post.fields.keywords),
            content: post.content,
            status: post.fields.status,
            featured_media_id: post.image ? await insertMedia(trx, workspaceId, post.image) : null,
            alt_text: post.image ? post.fields.altText : '',
            views: 0,
            published_at: post.fields.status === 'published' ? now : null,
            created_at: now,
            updated_at: now,
            publish_at: post.publishAt,
            hide_from_search: post.fields.hideFromSearch === 'true' ? 1 : 0,
            canonical_url: post.fields.canonicalUrl || null,
            version: 1,
          });
          await recordRevision(trx, {
            blogId: id,
            authorId: caller.id,
            title: post.fields.title,
            content: post.content,
            kind: 'saved',
            version: 1,
            createdAt: now,
          });
          await moveSlug(trx, { id, workspaceId, oldSlug: null, wasPublic: false }, slug);
          await log(trx, caller, activityVerb(null, post.fields.status), post.fields.title);
          if (post.fields.status === 'published')
            await postPublished(
              trx,
              workspaceId,
              { id, title: post.fields.title, slug, published_at: now },
              false,
              new Date(now),
            );
        }),
      );
      if (post.publishAt) options.onScheduled();
      return ownBlog(db, caller, id);
    },

    /** PUT /api/blogs/:id (multipart): the whole form; the image is kept unless replaced or removed. */
    async update(caller: SessionUser, id: string, form: BlogFormInput): Promise<Blog> {
      await ownPost(db, caller, id);
      const post = await prepare(caller, form);
      const { fields } = post;
      await retryOnUniqueViolation(() =>
        db.transaction().execute(async (trx) => {
          const before = await lockOwn(trx, caller, id);
          await refuseIfStale(trx, caller, before, fields.version);
          const base = slugBase(fields.title, 'post');
          // A title edit that leaves the slug base alone (case, punctuation) keeps the post's URL.
          const slug =
            base === slugBase(before.title, 'post')
              ? before.slug
              : firstFreeSlug(base, await takenBlogSlugs(trx, before.workspace_id, base, id));
          const dropImage = post.image !== null || fields.removeImage === 'true';
          const mediaId = post.image
            ? await insertMedia(trx, before.workspace_id, post.image)
            : dropImage
              ? null
              : before.featured_media_id;
          const now = nowIso();
          await updateBlog(trx, id, {
            category_id: post.categoryId,
            title: fields.title,
            slug,
            meta_description: fields.metaDescription,
            keywords: JSON.stringify(fields.keywords),
            content: post.content,
            status: fields.status,
            featured_media_id: mediaId,
            alt_text: mediaId ? fields.altText : '',
            updated_at: now,
            publish_at: post.publishAt,
            hide_from_search: fields.hideFromSearch === 'true' ? 1 : 0,
            canonical_url: fields.canonicalUrl || null,
            version: Number(before.version) + 1,
          });
          if (fields.title !== before.title || post.content !== before.content) {
            await keepOriginalIfFirst(trx, before);
            await recordRevision(trx, {
              blogId: id,
              authorId: caller.id,
              title: fields.title,
              content: post.content,
              kind: 'saved',
              version: Number(before.version) + 1,
              createdAt: now,
            });
          }
          // The editor's unsaved copy is now saved.
          await deleteAutosave(trx, id, caller.id);
          if (dropImage) await deleteMediaIfUnused(trx, before.featured_media_id);
          if (slug !== before.slug) {
            const wasPublic = before.published_at !== null;
            await moveSlug(
              trx,
              { id, workspaceId: before.workspace_id, oldSlug: before.slug, wasPublic },
              slug,
            );
          }
          await log(trx, caller, activityVerb(before.status as BlogStatus, fields.status), fields.title);
          if (fields.status === 'published' && before.status !== 'published')
            await postPublished(
              trx,
              before.workspace_id,
              { id, title: fields.title, slug, published_at: before.published_at },
              false,
              new Date(now),
            );
        }),
      );
      if (post.publishAt) options.onScheduled();
      return ownBlog(db, caller, id);
    },

    /** PUT /api/blogs/:id with JSON {status}: Publish, Archive, Republish (docs/product/blog.md#blog-management). */
    async setStatus(caller: SessionUser, id: string, status: BlogStatus): Promise<Blog> {
      await db.transaction().execute(async (trx) => {
        const before = await lockOwn(trx, caller, id);
        const now = nowIso();
        await updateBlog(trx, id, {
          status,
          updated_at: now,
          // Published or archived by hand: no longer waiting for a time.
          publish_at: status === 'draft' ? before.publish_at : null,
          version: Number(before.version) + 1,
        });
        await log(trx, caller, activityVerb(before.status as BlogStatus, status), before.title);
        if (status === 'published' && before.status !== 'published')
          await postPublished(trx, before.workspace_id, before, false, new Date(now));
      });
      return ownBlog(db, caller, id);
    },

    /** DELETE /api/blogs/:id: the post, its old slugs (cascade) and its image go. */
    async remove(caller: SessionUser, id: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const before = await lockOwn(trx, caller, id);
        await deleteBlog(trx, id);
        await deleteMediaIfUnused(trx, before.featured_media_id);
        await log(trx, caller, 'deleted', before.title);
      });
    },
  };
}
