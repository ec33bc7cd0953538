import { Link } from 'react-router';
import { ArrowLeft, Calendar, Eye, Tag, User } from 'lucide-react';
import type { Blog } from '../../../shared/schemas/blog';
import { PageMeta, useSiteName } from '../../lib/page-meta';
import { imageSrcSet, mediaUrl } from '../../lib/media-url';
import { useSiteOrigin } from '../../lib/page-meta';
import { postDate, usePublicDates, viewsText } from './blog-format';
import { PROSE, lazyImages } from './blog-prose';
import { blogListHref, blogPostHref } from './blog-url';
import { blogPostingJsonLd } from './post-structured-data';
import { ShareButton } from './share-button';

/** The featured image spans the reading column (48rem) or the screen. */
const HERO_IMAGE_SIZES = '(min-width: 800px) 48rem, 100vw';

/**
 * One published post (docs/product/blog.md#public-post): category, long date, author, title, featured image, description, 'Tags:',
 * the sanitised HTML, view count and Share; with its search and social tags (docs/product/public-site.md#search-engines).
 */
export function BlogPostArticle({ blog, preview = false }: { blog: Blog; preview?: boolean }) {
  const siteName = useSiteName();
  const origin = useSiteOrigin();
  const path = blogPostHref(blog.slug);
  const date = postDate(blog);
  const { longDate } = usePublicDates();
  const image = blog.featuredImage;

  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
      <PageMeta
        title={blog.title}
        description={blog.metaDescription}
        // A post first published elsewhere names that address; a preview is never indexed (docs/product/blog.md#preview-links).
        canonicalPath={blog.canonicalUrl ?? path}
        noindex={preview || blog.hideFromSearch}
        type="article"
        image={image ? mediaUrl(image.path) : undefined}
        keywords={blog.keywords}
        publishedTime={date}
        jsonLd={[blogPostingJsonLd(blog, origin, siteName, path)]}
      />
      <Link
        to="/blog"
        className="inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-muted hover:text-ink"
      >
        <ArrowLeft className="size-4" aria-hidden />
        Back to Blog
      </Link>

      <article className="mt-6">
        <header>
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-muted">
            {blog.category && (
              <Link
                to={blogListHref(1, blog.category.slug)}
                className="rounded-full bg-brand-50 px-3 py-1 text-xs font-semibold uppercase tracking-wide text-brand-700 hover:bg-brand-100"
              >
                {blog.category.name}
              </Link>
            )}
            <span className="inline-flex items-center gap-1.5">
              <Calendar className="size-4" aria-hidden />
              <time dateTime={date}>{longDate(date)}</time>
            </span>
            <span className="inline-flex items-center gap-1.5">
              <User className="size-4" aria-hidden />
              {`By ${blog.author.username}`}
            </span>
          </div>
          <h1 className="mt-4 text-3xl font-bold tracking-tight text-balance text-ink sm:text-5xl sm:leading-tight">
            {blog.title}
          </h1>
        </header>

        {image && (
          <img
            src={mediaUrl(image.path)}
            srcSet={imageSrcSet(image)}
            sizes={HERO_IMAGE_SIZES}
            width={image.width}
            height={image.height}
            alt={image.altText || blog.title}
            fetchPriority="high"
            decoding="async"
            className="mt-8 h-auto w-full rounded-2xl bg-slate-100 object-cover shadow-sm"
          />
        )}

        <p className="mt-8 text-xl leading-relaxed text-slate-600">{blog.metaDescription}</p>

        {blog.keywords.length > 0 && (
          <div className="mt-6 flex flex-wrap items-center gap-2">
            <span className="inline-flex items-center gap-1.5 text-sm font-semibold text-ink">
              <Tag className="size-4" aria-hidden />
              Tags:
            </span>
            <ul className="flex flex-wrap gap-2">
              {blog.keywords.map((keyword, index) => (
                <li
                  key={`${index}-${keyword}`}
                  className="rounded-full bg-slate-100 px-3 py-1 text-xs font-medium text-slate-700"
                >
                  {keyword}
                </li>
              ))}
            </ul>
          </div>
        )}

        <div
          className={`mt-10 border-t border-line pt-10 ${PROSE}`}
          // Sanitised on the server on every write (allowlist, no scripts or handlers).
          dangerouslySetInnerHTML={{ __html: lazyImages(blog.content) }}
        />

        <footer className="mt-12 flex flex-wrap items-center justify-between gap-4 border-t border-line pt-6">
          <span className="inline-flex items-center gap-2 text-sm text-muted">
            <Eye className="size-4" aria-hidden />
            {viewsText(blog.views)}
          </span>
          <ShareButton title={blog.title} text={blog.metaDescription} />
        </footer>
      </article>
    </div>
  );
}
