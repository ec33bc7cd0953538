import type { Blog } from '../../../shared/schemas/blog';
import { longPublicDate, shortPublicDate } from '../../../shared/public-dates';
import { useSiteSettings } from '../../lib/site-settings';

/**
 * The date readers see: when the post was published (a republished post keeps its first date); a
 * scheduled draft's preview shows the date it will carry.
 */
export const postDate = (
  blog: Pick<Blog, 'publishedAt' | 'createdAt'> & Partial<Pick<Blog, 'publishAt'>>,
): string => blog.publishedAt ?? blog.publishAt ?? blog.createdAt;

/**
 * The public dates in the Web Settings' locale and time zone (the server's and the reader's own zones
 * never count, so hydration sees one date). By default those of docs/product/blog.md: the list in the short US format
 * ('Nov 21, 2026'), the post in the long US format ('November 21, 2026'); both in UTC.
 */
export function usePublicDates() {
  const { locale, timeZone } = useSiteSettings().identity;
  return {
    shortDate: (iso: string) => shortPublicDate(iso, { locale, timeZone }),
    longDate: (iso: string) => longPublicDate(iso, { locale, timeZone }),
  };
}

export const viewsText = (views: number) =>
  `${views.toLocaleString('en-US')} ${views === 1 ? 'view' : 'views'}`;
