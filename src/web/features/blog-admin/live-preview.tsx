import { useDeferredValue, useId } from 'react';

/** Only images and inline styles may load; with sandbox="" no script runs and nothing can navigate the page. */
const CSP = "default-src 'none'; img-src * data: blob:; style-src 'unsafe-inline'";
const STYLES = `
  body { margin: 0; padding: 16px; font: 15px/1.65 ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; color: #0f172a; overflow-wrap: anywhere; }
  h1, h2, h3, h4 { line-height: 1.25; margin: 1.4em 0 0.5em; }
  h1 { font-size: 1.6em; } h2 { font-size: 1.35em; } h3 { font-size: 1.15em; }
  body > :first-child { margin-top: 0; }
  p, ul, ol, pre, blockquote, figure { margin: 0 0 1em; }
  ul, ol { padding-left: 1.4em; }
  a { color: #4338ca; pointer-events: none; }
  img { max-width: 100%; height: auto; border-radius: 8px; }
  pre { background: #f1f5f9; padding: 12px; border-radius: 8px; overflow-x: auto; }
  code { font: 13px/1.5 ui-monospace, SFMono-Regular, Menlo, monospace; background: #f1f5f9; padding: 0 3px; border-radius: 4px; }
  pre code { padding: 0; }
  blockquote { border-left: 3px solid #c7d2fe; padding-left: 12px; color: #475569; }
  table { border-collapse: collapse; } td, th { border: 1px solid #e2e8f0; padding: 4px 8px; }
  .empty { color: #64748b; }
`;

function documentFor(content: string): string {
  const body = content.trim() ? content : '<p class="empty">Your content appears here as you type.</p>';
  return `<!doctype html><html><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${CSP}"><style>${STYLES}</style></head><body>${body}</body></html>`;
}

/** The post as a reader would see it, rendered from the content HTML in a sandboxed frame (docs/product/blog.md#editor). */
export function LivePreview({
  title,
  category,
  description,
  imageUrl,
  imageAlt,
  content,
}: {
  title: string;
  category: string;
  description: string;
  imageUrl: string | null;
  imageAlt: string;
  content: string;
}) {
  const headingId = useId();
  const deferredContent = useDeferredValue(content);
  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-line bg-white shadow-sm">
      <h2 id={headingId} className="px-4 pt-4 text-sm font-semibold text-ink">
        Live preview
      </h2>
      <div className="mx-4 mt-3 space-y-2 border-b border-line pb-3">
        <p className="text-xs font-semibold uppercase tracking-wide text-brand-700">
          {category || 'Category'}
        </p>
        <p className="break-words text-xl font-bold leading-tight text-ink">{title || 'Untitled post'}</p>
        {imageUrl && (
          <img src={imageUrl} alt={imageAlt} className="aspect-video w-full rounded-lg object-cover" />
        )}
        {description && <p className="text-sm text-muted">{description}</p>}
      </div>
      <iframe
        title="Live preview of the post content"
        sandbox=""
        srcDoc={documentFor(deferredContent)}
        className="block h-[26rem] w-full rounded-b-2xl"
      />
    </section>
  );
}
