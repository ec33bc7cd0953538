import type { Kysely, Transaction } from 'kysely';
import type { BlogRow, Database } from '../../db/types';
import { parseJson } from '../../db/rows';
import type { Blog, BlogStatus, BlogSummary } from '../../../shared/schemas/blog';
import { toBlogImage } from '../media/media.repository';

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

/** Blog (docs/product/blog.md), exactly the shared Blog interface. */
export function toBlog(row: BlogView): Blog {
  return { ...toBlogSummary(row), content: row.content };
}

/** A post without its content, as lists answer it. */
export function toBlogSummary(row: Omit<BlogView, 'content'>): BlogSummary {
  const image =
    row.featured_media_id && row.media_width !== null && row.media_height !== null
      ? toBlogImage(
          { id: row.featured_media_id, width: Number(row.media_width), height: Number(row.media_height) },
          row.alt_text,
        )
      : null;
  return {
    _id: row.id,
    id: row.id,
    slug: row.slug,
    title: row.title,
    metaDescription: row.meta_description,
    keywords: parseJson<string[]>(row.keywords, []),
    status: row.status as BlogStatus,
    featuredImage: image,
    category:
      row.category_id && row.category_name !== null
        ? { _id: row.category_id, name: row.category_name, slug: row.category_slug ?? '' }
        : null,
    author: { username: row.author_username ?? '' },
    views: Number(row.views),
    publishedAt: row.published_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    publishAt: row.publish_at,
    hideFromSearch: Boolean(Number(row.hide_from_search)),
    canonicalUrl: row.canonical_url,
    version: Number(row.version),
  };
}
