import { useId } from 'react';
import { cn } from './cn';

export interface TocItem {
  /** The id of the element the link jumps to. */
  id: string;
  title: string;
}

/** A short, numbered list of in-page links, in its own navigation landmark. */
export function TableOfContents({
  items,
  title = 'On this page',
  className,
}: {
  items: readonly TocItem[];
  title?: string;
  className?: string;
}) {
  const headingId = useId();
  return (
    <nav aria-labelledby={headingId} className={cn('rounded-2xl border border-line bg-white p-5', className)}>
      <h2 id={headingId} className="text-sm font-semibold uppercase tracking-wide text-muted">
        {title}
      </h2>
      <ol className="mt-3 list-decimal space-y-1.5 pl-5 text-sm marker:text-slate-500">
        {items.map((item) => (
          <li key={item.id} className="pl-1">
            <a
              href={`#${item.id}`}
              className="text-slate-700 underline-offset-2 hover:text-brand-700 hover:underline"
            >
              {item.title}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}
