import type { Blog } from '../../../shared/schemas/blog';
import { mediaUrl } from '../../lib/media-url';
import { postDate } from './blog-format';

const absolute = (origin: string, path: string) => (/^https?:\/\//.test(path) ? path : `${origin}${path}`);

/** schema.org BlogPosting for search engines (docs/product/public-site.md#search-engines); every URL absolute. */
export function blogPostingJsonLd(blog: Blog, origin: string, siteName: string, path: string): object {
  const url = absolute(origin, path);
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: blog.title,
    description: blog.metaDescription,
    datePublished: postDate(blog),
    dateModified: blog.updatedAt,
    author: { '@type': 'Person', name: blog.author.username },
    publisher: { '@type': 'Organization', name: siteName, url: absolute(origin, '/') },
    ...(blog.featuredImage ? { image: [absolute(origin, mediaUrl(blog.featuredImage.path))] } : {}),
    ...(blog.keywords.length ? { keywords: blog.keywords.join(', ') } : {}),
    ...(blog.category ? { articleSection: blog.category.name } : {}),
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    url,
  };
}
