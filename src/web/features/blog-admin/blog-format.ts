import type { BlogStatus } from '../../../shared/schemas/blog';
import type { BadgeColor } from '../../lib/badge-color';

const SHORT_DATE = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** docs/product/blog.md#blog-management: the created date in the short US format, e.g. 'Nov 21, 2026'. */
export function shortDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : SHORT_DATE.format(date);
}

export const STATUS_COLORS: Record<BlogStatus, BadgeColor> = {
  draft: 'grey',
  published: 'green',
  archived: 'amber',
};

/** The one-click move of each status (docs/product/blog.md#blog-management): draft → published, published → archived, archived → published. */
export const STATUS_ACTIONS: Record<BlogStatus, { label: string; next: BlogStatus }> = {
  draft: { label: 'Publish', next: 'published' },
  published: { label: 'Archive', next: 'archived' },
  archived: { label: 'Republish', next: 'published' },
};
