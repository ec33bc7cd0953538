import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { ArrowRight } from 'lucide-react';
import { BLOG_MESSAGES } from '../../../shared/messages';
import { publicQueryKeys } from '../../../shared/query-keys';
import { fetchHomeTeaser } from '../../lib/public-blog-api';
import { serverDataTime } from '../../lib/server-state';
import { fallbackSet } from './fallback-posts';
import { TeaserCard, fromBlog, fromFallback, type TeaserPost } from './teaser-card';

/**
 * The fallback set's seed: when the teaser's data (or error) was recorded. The server preloads the data and
 * the dehydrated state carries that time to the browser (serverDataTime: the browser restarts the data's
 * age on arrival), so both pick the same set; kept from the first answer on, so a background refetch never
 * swaps the cards under the reader.
 */
function useFallbackSeed(recordedAt: number): number {
  const [seed, setSeed] = useState(recordedAt);
  if (seed === 0 && recordedAt !== 0) setSeed(recordedAt);
  return seed;
}

/** Latest-blog section (docs/product/public-site.md#home-page): up to 3 published posts, or the built-in ones when none or on failure. */
export function BlogTeaser() {
  const key = publicQueryKeys.homeTeaser();
  const query = useQuery({ queryKey: key, queryFn: fetchHomeTeaser });
  const seed = useFallbackSeed(serverDataTime(key) || query.dataUpdatedAt || query.errorUpdatedAt);
  const published = query.data?.blogs ?? [];
  const settled = query.data !== undefined || query.isError;
  const posts: TeaserPost[] | null = published.length
    ? published.slice(0, 3).map(fromBlog)
    : settled
      ? fallbackSet(seed).map(fromFallback)
      : null;

  return (
    <section aria-labelledby="insights-heading" className="bg-white py-16 sm:py-20">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <div>
            <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">Journal</p>
            <h2 id="insights-heading" className="mt-2 text-3xl font-bold tracking-tight text-ink sm:text-4xl">
              {BLOG_MESSAGES.teaserHeading}
            </h2>
          </div>
          <Link
            to="/blog"
            className="inline-flex items-center gap-1.5 rounded-md text-sm font-semibold text-brand-700 hover:text-brand-800"
          >
            {BLOG_MESSAGES.readAll}
            <ArrowRight className="size-4" aria-hidden />
          </Link>
        </div>
        {posts ? (
          <div className="mt-10 grid gap-6 md:grid-cols-3">
            {posts.map((post) => (
              <TeaserCard key={post.id} post={post} />
            ))}
          </div>
        ) : (
          <div className="mt-10" role="status">
            <p className="text-sm text-muted">{BLOG_MESSAGES.loadingInsights}</p>
            <div className="mt-4 grid gap-6 md:grid-cols-3" aria-hidden>
              {[0, 1, 2].map((i) => (
                <div key={i} className="h-80 animate-pulse rounded-2xl bg-slate-100" />
              ))}
            </div>
          </div>
        )}
      </div>
    </section>
  );
}
