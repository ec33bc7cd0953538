import type { Insertable, Kysely } from 'kysely';
import type { BlogPreviewLinksTable, Database } from '../../db/types';

/** A post's live (unrevoked) preview links, the newest first, with who made each. */
export function livePreviewLinks(db: Kysely<Database>, blogId: string) {
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
    .where('blog_preview_links.revoked_at', 'is', null)
    .orderBy('blog_preview_links.created_at', 'desc')
    .execute();
}

export async function countLivePreviewLinks(db: Kysely<Database>, blogId: string): Promise<number> {
  const count = await db
    .selectFrom('blog_preview_links')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('blog_id', '=', blogId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(count?.n ?? 0);
}

export async function insertPreviewLink(
  db: Kysely<Database>,
  row: Insertable<BlogPreviewLinksTable>,
): Promise<void> {
  await db.insertInto('blog_preview_links').values(row).execute();
}

/** Revokes one live link of the post; answers whether there was one. */
export async function revokePreviewLink(
  db: Kysely<Database>,
  blogId: string,
  linkId: string,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('blog_preview_links')
    .set({ revoked_at: at })
    .where('id', '=', linkId)
    .where('blog_id', '=', blogId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) !== 0;
}

/** The post a live link's token hash opens, or undefined. */
export async function blogOfPreviewToken(
  db: Kysely<Database>,
  tokenHash: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('blog_preview_links')
    .select('blog_id')
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return row?.blog_id;
}
