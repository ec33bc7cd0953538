import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { dehydrate } from '@tanstack/react-query';
import type { SsrRenderInput, SsrRenderOutput } from '../shared/ssr';
import { Providers } from './app/providers';
import { AppRoutes, appRoutes, pagesAt } from './app/app-routes';
import { PAGE_MODULES } from './app/pages';
import { serverPages } from './app/pages.server';
import { headTags, type PageMetaCollector } from './app/page-meta';
import { createQueryClient } from './lib/query-client';

const routes = appRoutes(serverPages);

/** Renders one page for the server, with the data the server preloaded; pages report title, description, status. */
export function render({ url, siteName, origin, queries }: SsrRenderInput): SsrRenderOutput {
  const pathname = url.split('?')[0] ?? '/';
  const meta: PageMetaCollector = { siteName, origin, path: pathname };
  const queryClient = createQueryClient();
  for (const { key, data } of queries) queryClient.setQueryData(key, data);
  const html = renderToString(
    <StrictMode>
      <Providers meta={meta} queryClient={queryClient}>
        <StaticRouter location={url}>
          <AppRoutes routes={routes} />
        </StaticRouter>
      </Providers>
    </StrictMode>,
  );
  return {
    html,
    head: headTags(meta),
    status: meta.status ?? 200,
    state: JSON.stringify(dehydrate(queryClient)),
    modules: [...new Set(pagesAt(routes, pathname).map((page) => PAGE_MODULES[page]))],
  };
}
