import { TextAreaField } from '../../components/ui/textarea-field';

const TIPS = [
  { what: 'Headings', code: '<h2>Section</h2>, <h3>Sub-section</h3>' },
  { what: 'Paragraphs', code: '<p>Text</p>' },
  { what: 'Lists', code: '<ul><li>Item</li></ul> or <ol>…</ol>' },
  { what: 'Links', code: '<a href="https://…">text</a>' },
  { what: 'Images', code: '<img src="https://…" alt="What it shows">' },
  { what: 'Code', code: '<pre><code>…</code></pre>' },
];

/** Content (docs/product/blog.md#editor): an HTML textarea with structure tips (the server sanitises what it stores). */
export function BlogContentField({
  value,
  error,
  onChange,
}: {
  value: string;
  error?: string;
  onChange(value: string): void;
}) {
  return (
    <div className="space-y-2">
      <TextAreaField
        label="Content"
        rows={14}
        value={value}
        error={error}
        spellCheck
        placeholder="<h2>Introduction</h2>&#10;<p>Start writing your post…</p>"
        help="HTML. Use one <h2> per section; the post title is the page's <h1>."
        className="[&_textarea]:font-mono [&_textarea]:text-[13px] [&_textarea]:leading-relaxed"
        onChange={(e) => onChange(e.target.value)}
      />
      <details open className="rounded-lg border border-line bg-slate-50 px-3 py-2 text-xs text-muted">
        <summary className="cursor-pointer font-medium text-ink">HTML structure tips</summary>
        <dl className="mt-2 grid gap-x-3 gap-y-1 sm:grid-cols-[6rem_1fr]">
          {TIPS.map((tip) => (
            <div key={tip.what} className="contents">
              <dt className="font-medium text-ink">{tip.what}</dt>
              <dd className="break-words font-mono">{tip.code}</dd>
            </div>
          ))}
        </dl>
      </details>
    </div>
  );
}
