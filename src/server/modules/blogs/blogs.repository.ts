import { sql, type Kysely, type Transaction } from 'kysely';
import type { BlogRow, Database } from '../../db/types';
import { nowIso } from '../../db/rows';
import type { BlogStatus } from '../../../shared/schemas/blog';
import { selectBlogSummaries, selectBlogViews, type BlogView } from './blog-json';
import { numberedPattern } from './unique-slug';

type Db = Kysely<Database> | Transaction<Database>;

/** Which posts a caller may see: one workspace, and for the public only what is published. */
export interface BlogScope {
  workspaceId: string;
  publishedOnly: boolean;
}

/** A post by id or slug; an id match wins should another post's slug happen to equal that id. */
export function findBlog(db: Db, scope: BlogScope, idOrSlug: string): Promise<BlogView | undefined> {
  let query = selectBlogViews(db)
    .where('blogs.workspace_id', '=', scope.workspaceId)
    .where((eb) => eb.or([eb('blogs.id', '=', idOrSlug), eb('blogs.slug', '=', idOrSlug)]));
  if (scope.publishedOnly) query = query.where('blogs.status', '=', 'published');
  return query
    .orderBy(sql`case when blogs.id = ${idOrSlug} then 0 else 1 end`)
    .limit(1)
    .executeTakeFirst();
}

/** The current slug of the post an old slug belonged to, if that post is visible in the scope. */
export async function findRedirect(db: Db, scope: BlogScope, oldSlug: string): Promise<string | undefined> {
  let query = db
    .selectFrom('blog_slug_redirects')
    .innerJoin('blogs', 'blogs.id', 'blog_slug_redirects.blog_id')
    .select('blogs.slug')
    .where('blog_slug_redirects.workspace_id', '=', scope.workspaceId)
    .where('blog_slug_redirects.old_slug', '=', oldSlug);
  if (scope.publishedOnly) query = query.where('blogs.status', '=', 'published');
  return (await query.executeTakeFirst())?.slug;
}

export interface BlogListFilter extends BlogScope {
  status?: BlogStatus;
  /** A category id of the workspace, looked up by the service (an unknown category never gets here). */
  categoryId?: string;
  /** Only drafts waiting for their publish time, soonest first (docs/product/blog.md#scheduled-publishing). */
  scheduled?: boolean;
}

/** The posts a list filter matches, on `blogs` alone so an index can answer it without reading rows. */
function matching(db: Db, filter: BlogListFilter, status: BlogStatus | undefined) {
  return db
    .selectFrom('blogs')
    .where('workspace_id', '=', filter.workspaceId)
    .$if(filter.categoryId !== undefined, (q) => q.where('category_id', '=', filter.categoryId!))
    .$if(status !== undefined, (q) => q.where('status', '=', status!));
}

/** A list's total from the trigger-kept counters (migration 006): a few rows, however many posts. */
async function countBlogs(db: Db, filter: BlogListFilter, status: BlogStatus | undefined): Promise<number> {
  const row = await db
    .selectFrom('blog_counts')
    .select((eb) => eb.fn.sum<string | number | null>('n').as('n'))
    .where('workspace_id', '=', filter.workspaceId)
    .$if(filter.categoryId !== undefined, (q) => q.where('category_id', '=', filter.categoryId!))
    .$if(status !== undefined, (q) => q.where('status', '=', status!))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * Newest first, on an index: published posts by published_at (the date readers see), any other list by
 * created_at (drafts have no publish date). Ties broken by id so pages never overlap. The page's ids are
 * found on the index first and only those rows are read and joined: an offset skips index entries, not
 * posts with their content (a deep page of 100k posts stays an index walk).
 */
export async function listBlogs(
  db: Db,
  filter: BlogListFilter,
  page: number,
  limit: number,
): Promise<{ rows: Omit<BlogView, 'content'>[]; total: number }> {
  if (filter.scheduled && !filter.publishedOnly) return listScheduled(db, filter, page, limit);
  const status = filter.publishedOnly ? 'published' : filter.status;
  const total = await countBlogs(db, filter, status);
  const offset = (page - 1) * limit;
  if (offset >= total) return { rows: [], total };
  const order = status === 'published' ? 'published_at' : 'created_at';
  const ids = matching(db, filter, status)
    .select('id')
    .orderBy(order, 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset);
  // Only the id here: another indexed condition could lead the planner to walk that index instead.
  const rows = await selectBlogSummaries(db)
    .where('blogs.id', 'in', ids)
    .orderBy(`blogs.${order}`, 'desc')
    .orderBy('blogs.id', 'desc')
    .execute();
  return { rows, total };
}

/** Scheduled drafts by publish time, on the scheduled index (a few posts: counted directly). */
async function listScheduled(db: Db, filter: BlogListFilter, page: number, limit: number) {
  const scheduled = matching(db, filter, 'draft').where('publish_at', 'is not', null);
  const counted = await scheduled
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirst();
  const total = Number(counted?.n ?? 0);
  const offset = (page - 1) * limit;
  if (offset >= total) return { rows: [], total };
  const rows = await selectBlogSummaries(db)
    .where(
      'blogs.id',
      'in',
      scheduled.select('id').orderBy('publish_at').orderBy('id').limit(limit).offset(offset),
    )
    .orderBy('blogs.publish_at')
    .orderBy('blogs.id')
    .execute();
  return { rows, total };
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

/** A public read: one atomic increment, so concurrent readers are all counted. */
export async function countView(db: Db, id: string, views = 1): Promise<number> {
  const row = await db
    .updateTable('blogs')
    .set((eb) => ({ views: eb('views', '+', views) }))
    .where('id', '=', id)
    .returning('views')
    .executeTakeFirst();
  return Number(row?.views ?? 0);
}

/**
 * Published posts hidden from search engines, on their partial index. The condition is a literal so
 * both engines can match it to the index's own (a bound parameter would not prove it).
 */
function hiddenPublished(db: Db, workspaceId: string) {
  return db
    .selectFrom('blogs')
    .where('workspace_id', '=', workspaceId)
    .where('status', '=', 'published')
    .where(sql<boolean>`hide_from_search = 1`);
}

/** How many published posts of the workspace belong in the sitemap: the counters less the hidden few. */
export async function countIndexable(db: Db, workspaceId: string): Promise<number> {
  const published = await countBlogs(db, { workspaceId, publishedOnly: true }, 'published');
  const hidden = await hiddenPublished(db, workspaceId)
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirst();
  return published - Number(hidden?.n ?? 0);
}

/** The newest change among the workspace's published posts, on the public list index alone. */
export async function publishedLastModified(db: Db, workspaceId: string): Promise<string | null> {
  const row = await db
    .selectFrom('blogs')
    .select((eb) => eb.fn.max('updated_at').as('newest'))
    .where('workspace_id', '=', workspaceId)
    .where('status', '=', 'published')
    .executeTakeFirst();
  return row?.newest ?? null;
}

/**
 * The sitemap's view of published posts: slug and dates only, from the public list index (never the rows).
 * Oldest first, so a new post lands in the last file and the earlier files keep their posts.
 */
export function listPublishedSlugs(
  db: Db,
  workspaceId: string,
  offset: number,
  limit: number,
): Promise<{ slug: string; updated_at: string }[]> {
  return db
    .selectFrom('blogs')
    .select(['slug', 'updated_at'])
    .where('workspace_id', '=', workspaceId)
    .where('status', '=', 'published')
    .where('id', 'not in', hiddenPublished(db, workspaceId).select('id'))
    .orderBy('published_at', 'asc')
    .orderBy('id', 'asc')
    .limit(limit)
    .offset(offset)
    .execute();
}

/** The newest published posts with their content, on the published_at index (the feed). */
export function newestPublished(db: Db, workspaceId: string, limit: number): Promise<BlogView[]> {
  return selectBlogViews(db)
    .where('blogs.workspace_id', '=', workspaceId)
    .where('blogs.status', '=', 'published')
    .orderBy('blogs.published_at', 'desc')
    .orderBy('blogs.id', 'desc')
    .limit(limit)
    .execute();
}
