import type { BlogImage, BlogStatus } from '../../../shared/schemas/blog';
import type { BadgeColor } from '../../../shared/roles';

const SHORT_DATE = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** docs/product/blog.md#blog-management: the created date in the short US format, e.g. 'Nov 21, 2026'. */
export function shortDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : SHORT_DATE.format(date);
}

/** docs/product/blog.md#post-fields: images load from the API base address plus the stored path. */
export function mediaUrl(path: string): string {
  return path.startsWith('http') || path.startsWith('/') ? path : `/api/${path}`;
}

/** The resized variants as a srcset, or undefined when the server made none. */
export function imageSrcSet(image: BlogImage): string | undefined {
  if (!image.variants?.length) return undefined;
  return image.variants.map((v) => `${mediaUrl(v.path)} ${v.width}w`).join(', ');
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
