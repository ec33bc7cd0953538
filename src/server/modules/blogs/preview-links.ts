import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, SessionUser } from '../../db/types';
import { PUBLISHING_LIMITS } from '../../../shared/blog';
import { PUBLISHING_MESSAGES } from '../../../shared/messages';
import type { BlogPreviewLink } from '../../../shared/schemas/blog-publishing';
import type { SecretBox } from '../../secrets/secret-box';
import { badRequest, notFound } from '../../http/errors';
import { nowIso } from '../../db/rows';
import {
  blogOfPreviewToken,
  countLivePreviewLinks,
  insertPreviewLink,
  livePreviewLinks,
  revokePreviewLink,
} from './preview-links.repository';

/** The public page of a preview token (under /blog, so it looks exactly like the post will). */
export const previewPath = (token: string) => `/blog/preview/${token}`;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Draft preview links: 32 random bytes (unguessable), looked up by their hash and kept sealed with
 * SECRET_KEY so the editor can copy a link again. Revoked links answer 404 like links that never were.
 */
export function createPreviewLinks(db: Kysely<Database>, box: SecretBox, siteUrl: string) {
  const toLink = (row: {
    id: string;
    token_sealed: string;
    created_at: string;
    username: string | null;
  }) => ({
    id: row.id,
    url: siteUrl + previewPath(box.open(row.token_sealed)),
    createdAt: row.created_at,
    createdBy: { username: row.username ?? '' },
  });

  return {
    async list(blogId: string): Promise<BlogPreviewLink[]> {
      const rows = await livePreviewLinks(db, blogId);
      return rows.map(toLink);
    },

    /** Only a draft (scheduled or not) is shared: a published post has its own address. */
    async create(caller: SessionUser, blog: { id: string; status: string }): Promise<BlogPreviewLink> {
      if (blog.status !== 'draft') throw badRequest(PUBLISHING_MESSAGES.previewNotDraft);
      if ((await countLivePreviewLinks(db, blog.id)) >= PUBLISHING_LIMITS.previewLinksMax)
        throw badRequest(PUBLISHING_MESSAGES.previewLimit(PUBLISHING_LIMITS.previewLinksMax));
      const token = randomBytes(32).toString('base64url');
      const row = {
        id: randomUUID(),
        blog_id: blog.id,
        token_hash: hashOf(token),
        token_sealed: box.seal(token),
        created_by: caller.id,
        created_at: nowIso(),
        revoked_at: null,
      };
      await insertPreviewLink(db, row);
      return toLink({ ...row, username: caller.username });
    },

    async revoke(blogId: string, linkId: string): Promise<void> {
      if (!(await revokePreviewLink(db, blogId, linkId, nowIso())))
        throw notFound(PUBLISHING_MESSAGES.previewNotFound);
    },

    /** The post a live token opens, or undefined. */
    async blogIdOf(token: string): Promise<string | undefined> {
      if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return undefined;
      return blogOfPreviewToken(db, hashOf(token));
    },
  };
}

export type PreviewLinks = ReturnType<typeof createPreviewLinks>;
