import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { dehydrate, hashKey, type DehydratedState } from '@tanstack/react-query';
import type { SsrRenderInput, SsrRenderOutput } from '../shared/ssr';
import { Providers } from './app/providers';
import { AppRoutes, appRoutes, pagesAt } from './app/app-routes';
import { knownPathMatcher } from './app/known-paths';
import { PAGE_MODULES } from './app/pages';
import { serverPages } from './app/pages.server';
import { headTags, type PageMetaCollector } from './lib/page-meta';
import { createQueryClient } from './lib/query-client';
import { publicQueryKeys } from '../shared/query-keys';
import { DEFAULT_LOCALE, type SiteSettings } from '../shared/site-settings';

const routes = appRoutes(serverPages);
const isKnownPath = knownPathMatcher(routes);

/**
 * The settings (and the newsletter sign-up they make) ride along with every page; their read time would make each render's bytes (and ETag) new even
 * when nothing shown changed. Their hook never counts them stale (staleTime Infinity), so the time is dropped.
 */
function withoutSettingsTimes(state: DehydratedState): DehydratedState {
  const hashes = new Set([
    hashKey(publicQueryKeys.siteSettings()),
    hashKey(publicQueryKeys.newsletterSignUp()),
  ]);
  for (const query of state.queries)
    if (hashes.has(query.queryHash)) {
      query.state.dataUpdatedAt = 0;
      query.dehydratedAt = 0;
    }
  return state;
}

/**
 * Whether no route of the app matches `pathname` (the catch-all's not-found page would show): the server
 * renders one copy of that page for every such address.
 */
export function isUnknownPath(pathname: string): boolean {
  return !isKnownPath(pathname);
}

/** Renders one page for the server, with the data the server preloaded; pages report title, description, status. */
export function render({ url, siteName, origin, queries }: SsrRenderInput): SsrRenderOutput {
  const pathname = url.split('?')[0] ?? '/';
  const meta: PageMetaCollector = { siteName, origin, path: pathname };
  const queryClient = createQueryClient();
  for (const { key, data } of queries) queryClient.setQueryData(key, data);
  // The live Web Settings (docs/product/web-settings.md) name the site and colour it in the head as on the page.
  const settings = queryClient.getQueryData<SiteSettings>(publicQueryKeys.siteSettings());
  if (settings) {
    const { siteName, brandColor, icon, shareImage } = settings.identity;
    Object.assign(meta, { siteName, brandColor, icon, shareImage });
  }
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
    state: JSON.stringify(withoutSettingsTimes(dehydrate(queryClient))),
    modules: [...new Set(pagesAt(routes, pathname).map((page) => PAGE_MODULES[page]))],
    lang: settings?.identity.locale ?? DEFAULT_LOCALE,
  };
}
