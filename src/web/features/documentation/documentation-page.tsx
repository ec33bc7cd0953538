import { PageMeta, useSiteName } from '../../lib/page-meta';
import { Prose } from '../../components/ui/prose';
import { TableOfContents } from '../../components/ui/table-of-contents';
import { ApiReference, OPENAPI_URL } from './api-reference';
import { ACCOUNT_SECTIONS } from './guide-accounts';
import { FEATURE_SECTIONS } from './guide-features';

const GUIDE = [...ACCOUNT_SECTIONS, ...FEATURE_SECTIONS];
const API_SECTION = { id: 'api-reference', title: 'API reference' };

/**
 * How to use the product (server-rendered, readable without JavaScript) and the API reference, which the
 * browser renders from GET /api/openapi.json, the document the server generates from its route schemas.
 */
export function DocumentationPage() {
  const siteName = useSiteName();
  return (
    <article className="mx-auto max-w-6xl px-4 py-12 sm:px-6 lg:py-16">
      <PageMeta
        title="Documentation"
        description={`How to use ${siteName}: sign-up types, roles and dashboard sections, lead CSV import and export, blog publishing, Botgit, and the API reference.`}
      />
      <header className="max-w-[70ch]">
        <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">Guide</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-ink sm:text-4xl">Documentation</h1>
        <Prose className="mt-4">
          <p>
            Everything you need to run your agency in {siteName}: how accounts and roles work, the dashboard
            areas with real behaviour, and the JSON API behind them.
          </p>
        </Prose>
      </header>

      <div className="mt-10 lg:grid lg:grid-cols-[minmax(0,1fr)_16rem] lg:gap-x-12">
        <TableOfContents
          items={[...GUIDE, API_SECTION]}
          className="lg:sticky lg:top-24 lg:col-start-2 lg:row-start-1 lg:self-start"
        />
        <div className="min-w-0 lg:col-start-1 lg:row-start-1">
          {GUIDE.map((section) => (
            <section
              key={section.id}
              id={section.id}
              className="mt-12 scroll-mt-24 first:mt-10 lg:first:mt-0"
            >
              <h2 className="text-2xl font-semibold tracking-tight text-ink">{section.title}</h2>
              <Prose className="mt-4">{section.body}</Prose>
            </section>
          ))}

          <section id={API_SECTION.id} className="mt-14 scroll-mt-24">
            <h2 className="text-2xl font-semibold tracking-tight text-ink">{API_SECTION.title}</h2>
            <Prose className="mt-4">
              <p>
                The API lives under <code>/api/</code> and speaks JSON. Sign in with{' '}
                <code>POST /api/login</code> and send the token it returns as{' '}
                <code>Authorization: Bearer &lt;token&gt;</code>. Errors answer{' '}
                <code>&#123; message, errors? &#125;</code> with status 400, 401, 403, 404, 409, 413, 415 or
                429. The reference below is generated from the server&apos;s own route schemas; the raw
                OpenAPI document is at <a href={OPENAPI_URL}>{OPENAPI_URL}</a>.
              </p>
            </Prose>
            <div className="mt-6">
              <ApiReference />
            </div>
          </section>
        </div>
      </div>
    </article>
  );
}
