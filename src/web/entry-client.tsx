import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { SSR_STATE_ELEMENT_ID } from '../shared/ssr';
import { Providers } from './app/providers';
import { AppRoutes, appRoutes, preloadPages } from './app/app-routes';
import { clientPages } from './app/pages.client';
import { adoptEarlyInput, captureEarlyText, markHydrated } from './lib/hydration';
import { hydrateInParts } from './lib/hydrate-later';
import { createQueryClient } from './lib/query-client';
import { adoptServerState } from './lib/server-state';
import { drawPortalsInTheirNamespace } from './lib/svg-portals';
import './styles/app.css';

drawPortalsInTheirNamespace();

const siteName =
  document.querySelector('meta[name="application-name"]')?.getAttribute('content') ?? 'AgencyHQ';
// The configured public origin the server rendered with (SITE_URL), read back from the canonical link, so
// JSON-LD and share URLs hydrate identically however the visitor reached the site.
const canonical = document.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href;
const origin = canonical ? new URL(canonical).origin : window.location.origin;
const queryClient = createQueryClient();
const state = document.getElementById(SSR_STATE_ELEMENT_ID)?.textContent;
if (state) adoptServerState(queryClient, JSON.parse(state));

const routes = appRoutes(clientPages);
const app = (
  <StrictMode>
    <Providers meta={{ siteName, origin, path: window.location.pathname }} queryClient={queryClient}>
      <BrowserRouter>
        <AppRoutes routes={routes} />
      </BrowserRouter>
    </Providers>
  </StrictMode>
);

const root = document.getElementById('root')!;
// Server-rendered pages hydrate; the Vite dev server sends an empty root, which is rendered fresh.
if (root.firstElementChild) {
  // The current page's code first, so hydration adopts the server's HTML instead of a loading state.
  await preloadPages(routes, window.location.pathname);
  const restoreEarlyText = captureEarlyText(root);
  await hydrateInParts(
    () => hydrateRoot(root, app),
    () => adoptEarlyInput(root, restoreEarlyText),
  );
  markHydrated(root, restoreEarlyText);
} else {
  createRoot(root).render(app);
  markHydrated(root);
}
