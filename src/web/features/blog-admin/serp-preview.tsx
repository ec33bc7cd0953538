import { useId } from 'react';

/** How the post would read in a search result: title in blue, address in green, description (docs/product/blog.md#editor). */
export function SerpPreview({
  title,
  slug,
  description,
}: {
  title: string;
  slug: string;
  description: string;
}) {
  const headingId = useId();
  const host = typeof window === 'undefined' ? '' : window.location.host;
  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-line bg-white p-4 shadow-sm">
      <h2 id={headingId} className="text-sm font-semibold text-ink">
        Search result preview
      </h2>
      <div className="mt-3 rounded-xl border border-slate-200 p-3" data-testid="serp-preview">
        <p className="truncate text-xs text-[#006621]">{`${host}/blog/${slug}`}</p>
        <p
          className={`mt-0.5 line-clamp-2 text-lg leading-snug ${title ? 'text-[#1a0dab]' : 'text-slate-500'}`}
        >
          {title || 'Your SEO title appears here'}
        </p>
        <p className={`mt-1 line-clamp-3 text-sm ${description ? 'text-slate-700' : 'text-slate-500'}`}>
          {description || 'Your meta description appears here. Keep it under 160 characters.'}
        </p>
      </div>
    </section>
  );
}
