import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, SessionUser } from '../../db/types';
import { PUBLISHING_LIMITS } from '../../../shared/blog';
import { PUBLISHING_MESSAGES } from '../../../shared/messages';
import type { BlogPreviewLink } from '../../../shared/schemas/blog-publishing';
import type { SecretBox } from '../../secrets/secret-box';
import { badRequest, notFound } from '../../http/errors';
import { nowIso } from '../../db/rows';

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

  function live(blogId: string) {
    return db
      .selectFrom('blog_preview_links')
      .leftJoin('users', 'users.id', 'blog_preview_links.created_by')
      .select([
        'blog_preview_links.id',
        'blog_preview_links.token_sealed',
        'blog_preview_links.created_at',
        'users.username',
      ])
      .where('blog_preview_links.blog_id', '=', blogId)
      .where('blog_preview_links.revoked_at', 'is', null);
  }

  return {
    async list(blogId: string): Promise<BlogPreviewLink[]> {
      const rows = await live(blogId).orderBy('blog_preview_links.created_at', 'desc').execute();
      return rows.map(toLink);
    },

    /** Only a draft (scheduled or not) is shared: a published post has its own address. */
    async create(caller: SessionUser, blog: { id: string; status: string }): Promise<BlogPreviewLink> {
      if (blog.status !== 'draft') throw badRequest(PUBLISHING_MESSAGES.previewNotDraft);
      const count = await db
        .selectFrom('blog_preview_links')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('blog_id', '=', blog.id)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      if (Number(count?.n ?? 0) >= PUBLISHING_LIMITS.previewLinksMax)
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
      await db.insertInto('blog_preview_links').values(row).execute();
      return toLink({ ...row, username: caller.username });
    },

    async revoke(blogId: string, linkId: string): Promise<void> {
      const result = await db
        .updateTable('blog_preview_links')
        .set({ revoked_at: nowIso() })
        .where('id', '=', linkId)
        .where('blog_id', '=', blogId)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) throw notFound(PUBLISHING_MESSAGES.previewNotFound);
    },

    /** The post a live token opens, or undefined. */
    async blogIdOf(token: string): Promise<string | undefined> {
      if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return undefined;
      const row = await db
        .selectFrom('blog_preview_links')
        .select('blog_id')
        .where('token_hash', '=', hashOf(token))
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return row?.blog_id;
    },
  };
}

export type PreviewLinks = ReturnType<typeof createPreviewLinks>;
