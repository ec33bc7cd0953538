import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/types';

type Db = Kysely<Database> | Transaction<Database>;

/** The user's unsaved copy of a post goes (saved, or discarded). */
export async function deleteAutosave(db: Db, blogId: string, userId: string): Promise<void> {
  await db.deleteFrom('blog_autosaves').where('blog_id', '=', blogId).where('user_id', '=', userId).execute();
}

/** One copy per post and user: each autosave replaces the last. */
export async function saveAutosave(
  db: Db,
  row: { blogId: string; userId: string; fields: string; baseVersion: number; savedAt: string },
): Promise<void> {
  await db
    .insertInto('blog_autosaves')
    .values({
      blog_id: row.blogId,
      user_id: row.userId,
      fields: row.fields,
      base_version: row.baseVersion,
      saved_at: row.savedAt,
    })
    .onConflict((oc) =>
      oc.columns(['blog_id', 'user_id']).doUpdateSet({
        fields: row.fields,
        base_version: row.baseVersion,
        saved_at: row.savedAt,
      }),
    )
    .execute();
}

export function findAutosave(db: Db, blogId: string, userId: string) {
  return db
    .selectFrom('blog_autosaves')
    .select(['fields', 'base_version', 'saved_at'])
    .where('blog_id', '=', blogId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}
