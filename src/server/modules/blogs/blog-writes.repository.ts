import { sql, type Insertable, type Kysely, type Transaction, type Updateable } from 'kysely';
import type { BlogRow, BlogsTable, Database } from '../../db/types';
import { nowIso } from '../../db/rows';
import { numberedPattern } from '../../db/unique-slug';
import type { BlogStatus } from '../../../shared/schemas/blog';

type Db = Kysely<Database> | Transaction<Database>;

/* The blog posts' writes; the reads are blogs.repository.ts. */

/** docs/product/blog.md#blog-management: publishedAt is set by the first publish and kept afterwards (also under concurrent writes). */
const publishedAtFor = (status: BlogStatus, now: string) =>
  status === 'published' ? sql<string>`coalesce(published_at, ${now})` : sql<string | null>`published_at`;

export async function insertBlog(trx: Transaction<Database>, row: Insertable<BlogsTable>): Promise<void> {
  await trx.insertInto('blogs').values(row).execute();
}

/**
 * Writes the given columns of a post. With a status, published_at follows it (publishedAtFor), as of
 * `updated_at`.
 */
export async function updateBlog(
  trx: Transaction<Database>,
  id: string,
  values: Omit<Updateable<BlogsTable>, 'status' | 'published_at'> & {
    status?: BlogStatus;
    updated_at: string;
  },
): Promise<void> {
  const { status, ...rest } = values;
  await trx
    .updateTable('blogs')
    .set(
      status === undefined
        ? rest
        : { status, ...rest, published_at: publishedAtFor(status, values.updated_at) },
    )
    .where('id', '=', id)
    .execute();
}

export async function deleteBlog(trx: Transaction<Database>, id: string): Promise<void> {
  await trx.deleteFrom('blogs').where('id', '=', id).execute();
}

/** A post's id and status, if it is the workspace's. */
export function findPostStatus(
  db: Db,
  workspaceId: string,
  id: string,
): Promise<{ id: string; status: string } | undefined> {
  return db
    .selectFrom('blogs')
    .select(['id', 'status'])
    .where('id', '=', id)
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirst();
}

/**
 * Slugs a new slug built on `base` must avoid: other posts' live slugs, and old slugs that still redirect
 * to another post (so its old links keep reaching it).
 */
export async function takenBlogSlugs(db: Db, workspaceId: string, base: string, exceptId?: string) {
  const like = numberedPattern(base);
  const live = await db
    .selectFrom('blogs')
    .select('slug')
    .where('workspace_id', '=', workspaceId)
    .where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', like)]))
    .$if(exceptId !== undefined, (q) => q.where('id', '<>', exceptId!))
    .execute();
  const redirected = await db
    .selectFrom('blog_slug_redirects')
    .select('old_slug as slug')
    .where('workspace_id', '=', workspaceId)
    .where((eb) => eb.or([eb('old_slug', '=', base), eb('old_slug', 'like', like)]))
    .$if(exceptId !== undefined, (q) => q.where('blog_id', '<>', exceptId!))
    .execute();
  return [...live, ...redirected].map((row) => row.slug);
}

/**
 * A post now answers to `slug`: a redirect with that old slug would never be reached again (live slugs are
 * looked up first), so it goes; the slug it leaves keeps answering with a 301 when it was ever public.
 */
export async function moveSlug(
  db: Db,
  post: { id: string; workspaceId: string; oldSlug: string | null; wasPublic: boolean },
  slug: string,
): Promise<void> {
  await db
    .deleteFrom('blog_slug_redirects')
    .where('workspace_id', '=', post.workspaceId)
    .where('old_slug', '=', slug)
    .execute();
  if (!post.oldSlug || post.oldSlug === slug || !post.wasPublic) return;
  await db
    .insertInto('blog_slug_redirects')
    .values({
      workspace_id: post.workspaceId,
      old_slug: post.oldSlug,
      blog_id: post.id,
      created_at: nowIso(),
    })
    .onConflict((oc) => oc.columns(['workspace_id', 'old_slug']).doUpdateSet({ blog_id: post.id }))
    .execute();
}

/**
 * The post's row, locked for the rest of the transaction (a no-op update locks on both engines; SQLite has
 * no `for update`), so concurrent edits see each other's slug and image instead of a stale copy.
 */
export async function lockBlog(
  trx: Transaction<Database>,
  workspaceId: string,
  id: string,
): Promise<BlogRow | undefined> {
  const result = await trx
    .updateTable('blogs')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('id', '=', id)
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return undefined;
  return trx.selectFrom('blogs').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Publishes every draft whose time has come at `now`, in one conditional UPDATE (still a draft, time
 * passed): of two instances racing, only one changes each row. Answers the posts it published.
 */
export function publishDuePosts(
  trx: Transaction<Database>,
  now: string,
): Promise<{ id: string; workspace_id: string; title: string; slug: string; published_at: string | null }[]> {
  return trx
    .updateTable('blogs')
    .set((eb) => ({
      status: 'published',
      // The reader's date is the scheduled time, also when the server was down at that moment.
      published_at: sql<string>`coalesce(published_at, publish_at)`,
      publish_at: null,
      updated_at: now,
      version: eb('version', '+', 1),
    }))
    .where('status', '=', 'draft')
    .where('publish_at', 'is not', null)
    .where('publish_at', '<=', now)
    .returning(['id', 'workspace_id', 'title', 'slug', 'published_at'])
    .execute();
}

/** The soonest publish time of a scheduled draft, or null when none waits. */
export async function nextPublishAt(db: Db): Promise<string | null> {
  const row = await db
    .selectFrom('blogs')
    .select((eb) => eb.fn.min('publish_at').as('next'))
    .where('publish_at', 'is not', null)
    .where('status', '=', 'draft')
    .executeTakeFirst();
  return row?.next ?? null;
}
