import type { Blog } from '../../../shared/blog';

// UTC on both sides: the server's and the reader's time zones differ, and hydration must see one date.
const SHORT_DATE = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});
const LONG_DATE = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/**
 * The date readers see: when the post was published (a republished post keeps its first date); a
 * scheduled draft's preview shows the date it will carry.
 */
export const postDate = (
  blog: Pick<Blog, 'publishedAt' | 'createdAt'> & Partial<Pick<Blog, 'publishAt'>>,
): string => blog.publishedAt ?? blog.publishAt ?? blog.createdAt;

function format(formatter: Intl.DateTimeFormat, iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : formatter.format(date);
}

/** Spec §2 list: short US format, e.g. 'Nov 21, 2026'. */
export const shortDate = (iso: string) => format(SHORT_DATE, iso);
/** Spec §2 post: long US format, e.g. 'November 21, 2026'. */
export const longDate = (iso: string) => format(LONG_DATE, iso);

export const viewsText = (views: number) =>
  `${views.toLocaleString('en-US')} ${views === 1 ? 'view' : 'views'}`;
