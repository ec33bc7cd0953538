/**
 * Reading styles for a post's HTML (the sanitiser's allowlist: headings, paragraphs, lists, quotes, code,
 * tables, figures, images, links), as Tailwind descendant variants so no global CSS is needed.
 */
export const PROSE = [
  'text-[1.0625rem] leading-8 text-slate-700 break-words',
  '[&>*:first-child]:mt-0',
  '[&_h1]:mt-12 [&_h1]:text-3xl [&_h1]:font-bold [&_h1]:tracking-tight [&_h1]:text-ink',
  '[&_h2]:mt-12 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:tracking-tight [&_h2]:text-ink',
  '[&_h3]:mt-10 [&_h3]:text-xl [&_h3]:font-semibold [&_h3]:text-ink',
  '[&_h4]:mt-8 [&_h4]:text-lg [&_h4]:font-semibold [&_h4]:text-ink',
  '[&_h5]:mt-8 [&_h5]:font-semibold [&_h5]:text-ink [&_h6]:mt-8 [&_h6]:font-semibold [&_h6]:text-ink',
  '[&_p]:mt-5',
  '[&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-2 [&_a:hover]:text-brand-900',
  '[&_strong]:font-semibold [&_strong]:text-ink [&_b]:font-semibold [&_b]:text-ink',
  '[&_ul]:mt-5 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:mt-5 [&_ol]:list-decimal [&_ol]:pl-6',
  '[&_li]:mt-2 [&_li]:pl-1 [&_li::marker]:text-slate-400',
  '[&_blockquote]:mt-6 [&_blockquote]:border-l-4 [&_blockquote]:border-brand-200 [&_blockquote]:pl-5 [&_blockquote]:italic [&_blockquote]:text-slate-600',
  '[&_hr]:my-10 [&_hr]:border-line',
  '[&_img]:mt-6 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-xl',
  '[&_figure]:mt-8 [&_figcaption]:mt-2 [&_figcaption]:text-center [&_figcaption]:text-sm [&_figcaption]:text-muted',
  '[&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1.5 [&_code]:py-0.5 [&_code]:font-mono [&_code]:text-[0.875em] [&_code]:text-ink',
  '[&_pre]:mt-6 [&_pre]:overflow-x-auto [&_pre]:rounded-xl [&_pre]:bg-slate-900 [&_pre]:p-4 [&_pre]:text-sm [&_pre]:leading-6 [&_pre]:text-slate-100',
  '[&_pre_code]:bg-transparent [&_pre_code]:p-0 [&_pre_code]:text-inherit',
  '[&_table]:mt-6 [&_table]:block [&_table]:w-full [&_table]:overflow-x-auto [&_table]:border-collapse [&_table]:text-sm',
  '[&_th]:border [&_th]:border-line [&_th]:bg-slate-50 [&_th]:px-3 [&_th]:py-2 [&_th]:text-left [&_th]:font-semibold [&_th]:text-ink',
  '[&_td]:border [&_td]:border-line [&_td]:px-3 [&_td]:py-2',
].join(' ');

/**
 * Images inside a post load lazily unless the author said otherwise (the HTML is sanitised already; the
 * same text is produced on the server and in the browser).
 */
export function lazyImages(html: string): string {
  return html.replace(/<img(?![^>]*\sloading=)/gi, '<img loading="lazy" decoding="async"');
}
