import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { dehydrate } from '@tanstack/react-query';
import type { SsrRenderInput, SsrRenderOutput } from '../shared/ssr';
import { Providers } from './app/providers';
import { AppRoutes } from './app/app-routes';
import { headTags, type PageMetaCollector } from './app/page-meta';
import { createQueryClient } from './lib/query-client';

/** Renders one page for the server, with the data the server preloaded; pages report title, description, status. */
export function render({ url, siteName, origin, queries }: SsrRenderInput): SsrRenderOutput {
  const meta: PageMetaCollector = { siteName, origin, path: url.split('?')[0] ?? '/' };
  const queryClient = createQueryClient();
  for (const { key, data } of queries) queryClient.setQueryData(key, data);
  const html = renderToString(
    <StrictMode>
      <Providers meta={meta} queryClient={queryClient}>
        <StaticRouter location={url}>
          <AppRoutes />
        </StaticRouter>
      </Providers>
    </StrictMode>,
  );
  return {
    html,
    head: headTags(meta),
    status: meta.status ?? 200,
    state: JSON.stringify(dehydrate(queryClient)),
  };
}
