import { useId, type ReactNode } from 'react';
import {
  Archive,
  Calendar,
  Clock,
  Eye,
  ImageOff,
  Pencil,
  Send,
  Tag,
  Trash2,
  User,
  type LucideIcon,
} from 'lucide-react';
import type { BlogSummary } from '../../../shared/schemas/blog';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { imageSrcSet, mediaUrl } from '../../lib/media-url';
import { STATUS_ACTIONS, STATUS_COLORS, shortDate } from './blog-format';
import { formatPublishTime } from './publishing/publish-time';

const CARD_IMAGE_SIZES = '(min-width: 1280px) 22rem, (min-width: 768px) 45vw, 100vw';

/** One post in the dashboard list (docs/product/blog.md#blog-management): image, status, category, texts, numbers and the actions. */
export function BlogCard({
  blog,
  busy,
  onStatus,
  onEdit,
  onDelete,
}: {
  blog: BlogSummary;
  busy: boolean;
  onStatus(blog: BlogSummary): void;
  onEdit(blog: BlogSummary): void;
  onDelete(blog: BlogSummary): void;
}) {
  const titleId = useId();
  const action = STATUS_ACTIONS[blog.status];
  const image = blog.featuredImage;
  const keywordCount = blog.keywords.length;
  // docs/product/blog.md#scheduled-publishing: a draft with a publish time publishes itself then.
  const publishAt = blog.status === 'draft' ? blog.publishAt : null;

  return (
    <article
      aria-labelledby={titleId}
      className="flex w-full flex-col overflow-hidden rounded-2xl border border-line bg-white shadow-sm"
    >
      <div className="aspect-video bg-slate-100">
        {image ? (
          <img
            src={mediaUrl(image.path)}
            srcSet={imageSrcSet(image)}
            sizes={CARD_IMAGE_SIZES}
            width={image.width || undefined}
            height={image.height || undefined}
            alt={image.altText || blog.title}
            loading="lazy"
            decoding="async"
            className="size-full object-cover"
          />
        ) : (
          <div className="flex size-full items-center justify-center text-slate-400">
            <ImageOff className="size-8" aria-hidden />
            <span className="sr-only">No featured image</span>
          </div>
        )}
      </div>

      <div className="flex flex-1 flex-col p-4">
        <div className="flex flex-wrap items-center gap-2">
          <Badge color={STATUS_COLORS[blog.status]}>{blog.status}</Badge>
          {publishAt && <Badge color="blue">Scheduled</Badge>}
          <span className="truncate text-xs font-semibold uppercase tracking-wide text-brand-700">
            {blog.category?.name ?? 'Uncategorised'}
          </span>
        </div>
        <h3 id={titleId} className="mt-2 line-clamp-2 font-semibold leading-snug text-ink">
          {blog.title}
        </h3>
        <p className="mt-1 line-clamp-2 text-sm text-muted">{blog.metaDescription}</p>
        {publishAt && (
          <p className="mt-2 flex items-center gap-1.5 text-xs font-medium text-blue-800">
            <Clock className="size-3.5 shrink-0" aria-hidden />
            <span>
              Publishes <time dateTime={publishAt}>{formatPublishTime(publishAt)}</time>
            </span>
          </p>
        )}

        <dl className="mt-3 grid grid-cols-2 gap-x-3 gap-y-1.5 text-xs text-muted">
          <Meta icon={Eye} label="Views">
            {blog.views} {blog.views === 1 ? 'view' : 'views'}
          </Meta>
          <Meta icon={Tag} label="Keywords">
            {keywordCount} {keywordCount === 1 ? 'keyword' : 'keywords'}
          </Meta>
          <Meta icon={User} label="Author">
            {blog.author?.username ?? 'Unknown'}
          </Meta>
          <Meta icon={Calendar} label="Created">
            <time dateTime={blog.createdAt}>{shortDate(blog.createdAt)}</time>
          </Meta>
        </dl>

        {/* Slightly tighter than the default small button, so the three fit on one row of a 3-column grid. */}
        <div className="mt-auto flex flex-wrap gap-1 pt-4 [&>button]:gap-1.5 [&>button]:px-2.5 [&>button:last-child]:px-2">
          <Button
            size="sm"
            variant={blog.status === 'published' ? 'secondary' : 'primary'}
            disabled={busy}
            onClick={() => onStatus(blog)}
          >
            {blog.status === 'published' ? (
              <Archive className="size-4" aria-hidden />
            ) : (
              <Send className="size-4" aria-hidden />
            )}
            {action.label}
          </Button>
          <Button size="sm" variant="secondary" disabled={busy} onClick={() => onEdit(blog)}>
            <Pencil className="size-4" aria-hidden />
            Edit
          </Button>
          <Button
            size="sm"
            variant="ghost"
            disabled={busy}
            onClick={() => onDelete(blog)}
            className="text-red-700 hover:bg-red-50 hover:text-red-800"
          >
            <Trash2 className="size-4" aria-hidden />
            Delete
          </Button>
        </div>
      </div>
    </article>
  );
}

function Meta({ icon: Icon, label, children }: { icon: LucideIcon; label: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 items-center gap-1.5">
      <Icon className="size-3.5 shrink-0" aria-hidden />
      <dt className="sr-only">{label}</dt>
      <dd className="truncate">{children}</dd>
    </div>
  );
}
