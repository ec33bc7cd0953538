import { PageMeta } from '../../lib/page-meta';
import { Prose } from '../../components/ui/prose';
import { TableOfContents } from '../../components/ui/table-of-contents';
import type { LegalDoc } from './legal-types';

/**
 * The shared layout of the policy pages: heading and dates, an 'At a glance' box with the figures, a
 * table of contents (beside the text on wide screens), then the sections at a readable measure.
 */
export function LegalDocument({ doc }: { doc: LegalDoc }) {
  return (
    <article className="mx-auto max-w-5xl px-4 py-12 sm:px-6 lg:py-16">
      <PageMeta title={doc.title} description={doc.description} />
      <header className="max-w-[70ch]">
        <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">Legal</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-ink sm:text-4xl">{doc.title}</h1>
        <div className="mt-3 flex flex-wrap gap-x-6 gap-y-1 text-sm text-muted">
          {doc.dates.map((date) => (
            // One string, so the server's HTML holds the whole line as written.
            <p key={date.label}>{`${date.label}: ${date.value}`}</p>
          ))}
        </div>
        <Prose className="mt-6">{doc.intro}</Prose>
      </header>

      <div className="mt-10 lg:grid lg:grid-cols-[minmax(0,1fr)_16rem] lg:gap-x-12">
        <section
          aria-labelledby="at-a-glance"
          className="max-w-[70ch] rounded-2xl border border-brand-200 bg-brand-50 p-5 sm:p-6 lg:col-start-1 lg:row-start-1"
        >
          <h2 id="at-a-glance" className="text-lg font-semibold text-ink">
            At a glance
          </h2>
          <ul className="mt-3 list-disc space-y-2 pl-5 text-base leading-7 text-slate-800 marker:text-brand-600 [&_strong]:font-semibold [&_strong]:text-ink">
            {doc.glance.map((item, index) => (
              <li key={index}>{item}</li>
            ))}
          </ul>
        </section>
        <TableOfContents
          items={doc.sections}
          className="mt-8 lg:sticky lg:top-24 lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:mt-0 lg:self-start"
        />
        <div className="lg:col-start-1 lg:row-start-2">
          {doc.sections.map((section) => (
            <section key={section.id} id={section.id} className="mt-12 scroll-mt-24">
              <h2 className="max-w-[70ch] text-2xl font-semibold tracking-tight text-ink">{section.title}</h2>
              <Prose className="mt-4">{section.body}</Prose>
            </section>
          ))}
        </div>
      </div>
    </article>
  );
}
