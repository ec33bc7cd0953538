import { Link } from 'react-router';
import { Eye, ImageIcon } from 'lucide-react';
import type { BlogSummary } from '../../../shared/schemas/blog';
import { BLOG_LIMITS } from '../../../shared/blog';
import { cutText } from '../../lib/public-blog-api';
import { imageSrcSet, mediaUrl } from '../../lib/media-url';
import { postDate, usePublicDates, viewsText } from './blog-format';
import { blogPostHref } from './blog-url';

/** Public list cuts (docs/product/blog.md#public-blog-list). */
export const LIST_TITLE_CUT = BLOG_LIMITS.titleMax;
export const LIST_DESCRIPTION_CUT = 120;

/** The grid is 1, 2 or 3 columns inside a 80rem container. */
const CARD_IMAGE_SIZES = '(min-width: 1280px) 24rem, (min-width: 1024px) 31vw, (min-width: 640px) 47vw, 92vw';

/**
 * One post in the public grid (docs/product/blog.md#public-blog-list). The title is the link; it stretches over the card so the whole
 * card is clickable while the link's name stays the title. `eager` marks the first row (above the fold) and
 * `priority` the first card, whose image is likely the largest thing on a phone's first screen.
 */
export function PublicBlogCard({
  blog,
  eager,
  priority,
}: {
  blog: BlogSummary;
  eager: boolean;
  priority: boolean;
}) {
  const image = blog.featuredImage;
  const date = postDate(blog);
  const { shortDate } = usePublicDates();
  return (
    <article className="group relative flex w-full flex-col overflow-hidden rounded-2xl border border-line bg-white shadow-sm transition-shadow hover:shadow-md focus-within:ring-2 focus-within:ring-brand-600">
      <div className="aspect-video overflow-hidden bg-slate-100">
        {image ? (
          <img
            src={mediaUrl(image.path)}
            srcSet={imageSrcSet(image)}
            sizes={CARD_IMAGE_SIZES}
            width={image.width}
            height={image.height}
            alt={image.altText || blog.title}
            loading={eager ? 'eager' : 'lazy'}
            fetchPriority={priority ? 'high' : undefined}
            decoding="async"
            className="size-full object-cover transition-transform duration-300 group-hover:scale-[1.02]"
          />
        ) : (
          <div className="flex size-full items-center justify-center bg-gradient-to-br from-brand-50 to-brand-100 text-brand-500">
            <ImageIcon className="size-10" aria-hidden />
          </div>
        )}
      </div>
      <div className="flex flex-1 flex-col p-5">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs">
          {blog.category && (
            <span className="font-semibold uppercase tracking-wide text-brand-700">{blog.category.name}</span>
          )}
          <time dateTime={date} className="text-muted">
            {shortDate(date)}
          </time>
        </div>
        <h2 className="mt-2 text-lg font-semibold leading-snug text-ink">
          <Link
            to={blogPostHref(blog.slug)}
            className="outline-none after:absolute after:inset-0 after:content-[''] group-hover:text-brand-700"
          >
            {cutText(blog.title, LIST_TITLE_CUT)}
          </Link>
        </h2>
        <p className="mt-2 flex-1 text-sm leading-relaxed text-muted">
          {cutText(blog.metaDescription, LIST_DESCRIPTION_CUT)}
        </p>
        <div className="mt-4 flex items-center justify-between gap-3 border-t border-line pt-4 text-sm text-muted">
          <span className="truncate">{`By ${blog.author.username}`}</span>
          <span className="inline-flex shrink-0 items-center gap-1.5">
            <Eye className="size-4" aria-hidden />
            {viewsText(blog.views)}
          </span>
        </div>
      </div>
    </article>
  );
}
