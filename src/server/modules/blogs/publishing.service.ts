import type { Kysely } from 'kysely';
import type { Database, SessionUser } from '../../db/types';
import type { Blog } from '../../../shared/schemas/blog';
import type { BlogAutosave, BlogDraftFields, BlogRevision } from '../../../shared/schemas/blog-publishing';
import { PUBLISHING_MESSAGES } from '../../../shared/messages';
import { forbidden, notFound } from '../../http/errors';
import { AGENCY_WORKSPACE_ID } from '../../../shared/workspace-deletion';
import { nowIso, parseJson } from '../../db/rows';
import { recordActivity } from '../activity/activity.service';
import { toBlog } from './blog-json';
import { findBlog } from './blogs.repository';
import { lockOwn, ownBlog, ownPost, refuseIfStale } from './own-post';
import { sanitizeContent } from '../../lib/sanitize-content';
import { updateBlog } from './blog-writes.repository';
import { deleteAutosave, findAutosave, saveAutosave } from './autosaves.repository';
import { findRevision, listRevisions, recordRevision, toRevision } from './revisions.repository';
import type { PreviewLinks } from './preview-links';

/** Tells crawlers to keep a preview out of any index, whatever reaches it (docs/product/blog.md#preview-links). */
export const PREVIEW_ROBOTS = 'noindex, nofollow, noarchive';

/** A post's history, the editor's unsaved copies and its preview links (docs/product/blog.md#publishing). */
export function createPublishingService(db: Kysely<Database>, previews: PreviewLinks) {
  return {
    async revisions(caller: SessionUser, blogId: string): Promise<BlogRevision[]> {
      await ownPost(db, caller, blogId);
      return (await listRevisions(db, blogId)).map(toRevision);
    },

    /** Brings back a revision's title and content (the URL stays); the restore is itself a revision. */
    async restore(caller: SessionUser, blogId: string, revisionId: string, version?: number): Promise<Blog> {
      await db.transaction().execute(async (trx) => {
        const before = await lockOwn(trx, caller, blogId);
        await refuseIfStale(trx, caller, before, version);
        const revision = await findRevision(trx, blogId, revisionId);
        if (!revision) throw notFound(PUBLISHING_MESSAGES.revisionNotFound);
        const now = nowIso();
        const next = Number(before.version) + 1;
        // Sanitised again: the rules may have grown since the revision was saved.
        const content = sanitizeContent(revision.content);
        await updateBlog(trx, blogId, { title: revision.title, content, updated_at: now, version: next });
        await recordRevision(trx, {
          blogId,
          authorId: caller.id,
          title: revision.title,
          content,
          kind: 'restored',
          version: next,
          createdAt: now,
        });
        await deleteAutosave(trx, blogId, caller.id);
        await recordActivity(trx, {
          workspaceId: caller.workspace_id,
          userId: caller.id,
          action: PUBLISHING_MESSAGES.restoredActivity(caller.username, revision.title),
        });
      });
      return ownBlog(db, caller, blogId);
    },

    async autosave(caller: SessionUser, blogId: string): Promise<BlogAutosave | null> {
      await ownPost(db, caller, blogId);
      const row = await findAutosave(db, blogId, caller.id);
      if (!row) return null;
      return {
        fields: parseJson<BlogDraftFields>(row.fields, {} as BlogDraftFields),
        baseVersion: Number(row.base_version),
        savedAt: row.saved_at,
      };
    },

    async saveAutosave(
      caller: SessionUser,
      blogId: string,
      input: { fields: BlogDraftFields; baseVersion: number },
    ): Promise<string> {
      await ownPost(db, caller, blogId);
      const savedAt = nowIso();
      await saveAutosave(db, {
        blogId,
        userId: caller.id,
        fields: JSON.stringify(input.fields),
        baseVersion: input.baseVersion,
        savedAt,
      });
      return savedAt;
    },

    async discardAutosave(caller: SessionUser, blogId: string): Promise<void> {
      await ownPost(db, caller, blogId);
      await deleteAutosave(db, blogId, caller.id);
    },

    async previewLinks(caller: SessionUser, blogId: string) {
      await ownPost(db, caller, blogId);
      return previews.list(blogId);
    },

    /**
     * Only the agency's posts: a preview is shown on the public website, which must never carry another
     * workspace's content (it would be anyone's page on the agency's address).
     */
    async createPreviewLink(caller: SessionUser, blogId: string) {
      const post = await ownPost(db, caller, blogId);
      if (caller.workspace_id !== AGENCY_WORKSPACE_ID) throw forbidden(PUBLISHING_MESSAGES.previewAgencyOnly);
      return previews.create(caller, post);
    },

    async revokePreviewLink(caller: SessionUser, blogId: string, linkId: string) {
      await ownPost(db, caller, blogId);
      await previews.revoke(blogId, linkId);
    },

    /** Anyone holding a live link reads the post as it is (not counted as a view). */
    async readPreview(token: string): Promise<Blog> {
      const blogId = await previews.blogIdOf(token);
      const scope = { workspaceId: AGENCY_WORKSPACE_ID, publishedOnly: false };
      const row = blogId && (await findBlog(db, scope, blogId));
      if (!row) throw notFound(PUBLISHING_MESSAGES.previewNotFound);
      return toBlog(row);
    },
  };
}

export type PublishingService = ReturnType<typeof createPublishingService>;
