import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { Providers } from './app/providers';
import { AppRoutes } from './app/app-routes';
import { headTags, type PageMetaCollector } from './app/page-meta';

/** Renders one page to HTML for the server; pages report their title, description and status into `meta`. */
export function render(
  url: string,
  options: { siteName: string },
): { html: string; head: string; status: number } {
  const meta: PageMetaCollector = { siteName: options.siteName };
  const html = renderToString(
    <StrictMode>
      <Providers meta={meta}>
        <StaticRouter location={url}>
          <AppRoutes />
        </StaticRouter>
      </Providers>
    </StrictMode>,
  );
  return { html, head: headTags(meta), status: meta.status ?? 200 };
}
