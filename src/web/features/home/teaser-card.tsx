import { Link } from 'react-router';
import { ArrowUpRight } from 'lucide-react';
import type { BlogSummary } from '../../../shared/schemas/blog';
import { cutText } from '../../lib/public-blog-api';
import { imageSrcSet, mediaUrl } from '../../lib/media-url';
import type { FallbackPost } from './fallback-posts';

/** Teaser cuts (docs/product/public-site.md#home-page). */
export const TEASER_CUTS = { title: 70, description: 120 } as const;
const DEFAULT_CATEGORY = 'Insights';

export interface TeaserPost {
  id: string;
  slug: string;
  title: string;
  description: string;
  category: string;
  image: { src: string; srcSet?: string; alt: string; width: number; height: number } | null;
}

export function fromBlog(blog: BlogSummary): TeaserPost {
  const image = blog.featuredImage;
  return {
    id: blog.id,
    slug: blog.slug,
    title: blog.title,
    description: blog.metaDescription,
    category: blog.category?.name || DEFAULT_CATEGORY,
    image: image
      ? {
          src: mediaUrl(image.path),
          srcSet: imageSrcSet(image),
          alt: image.altText || blog.title,
          width: image.width,
          height: image.height,
        }
      : null,
  };
}

export function fromFallback(post: FallbackPost): TeaserPost {
  return {
    id: post.id,
    slug: '',
    title: post.title,
    description: post.metaDescription,
    category: post.category,
    image: null,
  };
}

const ART: Record<string, string> = {
  'Lab Updates': 'from-brand-600 via-indigo-500 to-sky-400',
  'Digital Insights': 'from-emerald-600 via-teal-500 to-cyan-400',
  'Creative Fuel': 'from-rose-500 via-pink-500 to-amber-400',
};

/** Drawn art for posts without a picture: a category gradient with soft shapes. */
function CardArt({ category }: { category: string }) {
  return (
    <div
      className={`relative aspect-[16/9] overflow-hidden bg-gradient-to-br ${ART[category] ?? 'from-slate-600 to-slate-400'}`}
      aria-hidden
    >
      <svg viewBox="0 0 320 180" className="absolute inset-0 size-full" preserveAspectRatio="xMidYMid slice">
        <circle cx="260" cy="30" r="80" fill="white" opacity="0.14" />
        <circle cx="40" cy="170" r="60" fill="white" opacity="0.12" />
        <path d="M0 140 C80 100 160 170 320 110 V180 H0z" fill="white" opacity="0.16" />
      </svg>
    </div>
  );
}

/** One teaser card (below the fold, so its image loads lazily). Fallback posts (id contains 'fallback') do not link; the others open /blog/{slug}. */
export function TeaserCard({ post }: { post: TeaserPost }) {
  const linked = !post.id.includes('fallback');
  const title = cutText(post.title, TEASER_CUTS.title);
  return (
    <article
      className="group relative flex flex-col overflow-hidden rounded-2xl border border-line bg-white shadow-sm transition-shadow hover:shadow-md"
      data-testid="teaser-card"
    >
      {post.image ? (
        <img
          src={post.image.src}
          srcSet={post.image.srcSet}
          sizes="(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw"
          alt={post.image.alt}
          width={post.image.width}
          height={post.image.height}
          loading="lazy"
          decoding="async"
          className="aspect-[16/9] w-full object-cover"
        />
      ) : (
        <CardArt category={post.category} />
      )}
      <div className="flex flex-1 flex-col p-6">
        <p className="text-xs font-semibold uppercase tracking-wider text-brand-700">{post.category}</p>
        <h3 className="mt-2 text-lg font-semibold leading-snug text-ink">
          {linked ? (
            <Link
              to={`/blog/${encodeURIComponent(post.slug)}`}
              className="after:absolute after:inset-0 after:content-[''] group-hover:text-brand-700"
            >
              {title}
            </Link>
          ) : (
            title
          )}
        </h3>
        <p className="mt-2 flex-1 text-sm leading-6 text-muted">
          {cutText(post.description, TEASER_CUTS.description)}
        </p>
        {linked && (
          <span
            className="mt-4 inline-flex items-center gap-1 text-sm font-semibold text-brand-700"
            aria-hidden
          >
            Read article
            <ArrowUpRight className="size-4" />
          </span>
        )}
      </div>
    </article>
  );
}
