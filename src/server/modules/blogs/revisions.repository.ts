import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { BlogRow, Database } from '../../db/types';
import { PUBLISHING_LIMITS } from '../../../shared/blog';
import type { BlogRevision } from '../../../shared/schemas/blog-publishing';

type Db = Kysely<Database> | Transaction<Database>;

export interface NewRevision {
  blogId: string;
  authorId: string | null;
  title: string;
  content: string;
  kind: BlogRevision['kind'];
  /** The post's version this save made. */
  version: number;
  createdAt: string;
}

/** Keeps one revision and drops the post's oldest beyond PUBLISHING_LIMITS.revisionsKept. */
export async function recordRevision(trx: Db, revision: NewRevision): Promise<void> {
  await trx
    .insertInto('blog_revisions')
    .values({
      id: randomUUID(),
      blog_id: revision.blogId,
      author_id: revision.authorId,
      title: revision.title,
      content: revision.content,
      kind: revision.kind,
      version: revision.version,
      created_at: revision.createdAt,
    })
    .execute();
  const kept = trx
    .selectFrom('blog_revisions')
    .select('version')
    .where('blog_id', '=', revision.blogId)
    .orderBy('version', 'desc')
    .limit(PUBLISHING_LIMITS.revisionsKept);
  await trx
    .deleteFrom('blog_revisions')
    .where('blog_id', '=', revision.blogId)
    .where('version', 'not in', kept)
    .execute();
}

/**
 * A post saved before revisions existed (or before this release) has none: its state before the first
 * change is kept as the first revision, so History can always go back to it.
 */
export async function keepOriginalIfFirst(trx: Db, before: BlogRow): Promise<void> {
  const any = await trx
    .selectFrom('blog_revisions')
    .select('id')
    .where('blog_id', '=', before.id)
    .limit(1)
    .executeTakeFirst();
  if (any) return;
  await recordRevision(trx, {
    blogId: before.id,
    authorId: before.author_id,
    title: before.title,
    content: before.content,
    kind: 'saved',
    version: Number(before.version),
    createdAt: before.updated_at,
  });
}

export function listRevisions(db: Db, blogId: string) {
  return db
    .selectFrom('blog_revisions')
    .leftJoin('users', 'users.id', 'blog_revisions.author_id')
    .select([
      'blog_revisions.id',
      'blog_revisions.title',
      'blog_revisions.content',
      'blog_revisions.kind',
      'blog_revisions.created_at',
      'users.username',
    ])
    .where('blog_revisions.blog_id', '=', blogId)
    .orderBy('blog_revisions.version', 'desc')
    .limit(PUBLISHING_LIMITS.revisionsKept)
    .execute();
}

export function findRevision(db: Db, blogId: string, revisionId: string) {
  return db
    .selectFrom('blog_revisions')
    .select(['id', 'title', 'content'])
    .where('blog_id', '=', blogId)
    .where('id', '=', revisionId)
    .executeTakeFirst();
}

export function toRevision(row: Awaited<ReturnType<typeof listRevisions>>[number]): BlogRevision {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    kind: row.kind as BlogRevision['kind'],
    author: { username: row.username ?? '' },
    createdAt: row.created_at,
  };
}
