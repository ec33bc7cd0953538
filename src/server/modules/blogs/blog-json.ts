import { parseJson } from '../../db/rows';
import type { Blog, BlogStatus, BlogSummary } from '../../../shared/schemas/blog';
import { toBlogImage } from '../media/media.service';
import type { BlogView } from './blogs.repository';

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
