import { sql, type Kysely, type Transaction } from 'kysely';
import type { BlogRow, Database } from '../../db/types';
import type { BlogStatus } from '../../../shared/schemas/blog';

type Db = Kysely<Database> | Transaction<Database>;

/** A post with what its answer shows from other tables (never the image bytes). */
export interface BlogView extends BlogRow {
  category_name: string | null;
  category_slug: string | null;
  author_username: string | null;
  media_width: number | null;
  media_height: number | null;
}

const SUMMARY_COLUMNS = [
  'blogs.id',
  'blogs.workspace_id',
  'blogs.author_id',
  'blogs.category_id',
  'blogs.title',
  'blogs.slug',
  'blogs.meta_description',
  'blogs.keywords',
  'blogs.status',
  'blogs.featured_media_id',
  'blogs.alt_text',
  'blogs.views',
  'blogs.published_at',
  'blogs.created_at',
  'blogs.updated_at',
  'blogs.publish_at',
  'blogs.hide_from_search',
  'blogs.canonical_url',
  'blogs.version',
] as const;

/**
 * The select every list reads from: the post without its content (a page of cards would otherwise read and
 * send every post's HTML), its category, author and image size.
 */
export function selectBlogSummaries(db: Db) {
  return db
    .selectFrom('blogs')
    .leftJoin('categories', 'categories.id', 'blogs.category_id')
    .leftJoin('users', 'users.id', 'blogs.author_id')
    .leftJoin('media', 'media.id', 'blogs.featured_media_id')
    .select(SUMMARY_COLUMNS)
    .select([
      'categories.name as category_name',
      'categories.slug as category_slug',
      'users.username as author_username',
      'media.width as media_width',
      'media.height as media_height',
    ]);
}

/** The select every single-post answer reads from: a summary with the content. */
export function selectBlogViews(db: Db) {
  return selectBlogSummaries(db).select('blogs.content');
}

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
