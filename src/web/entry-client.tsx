import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { hydrate } from '@tanstack/react-query';
import { SSR_STATE_ELEMENT_ID } from '../shared/ssr';
import { Providers } from './app/providers';
import { AppRoutes } from './app/app-routes';
import { createQueryClient } from './lib/query-client';
import './styles/app.css';

const siteName =
  document.querySelector('meta[name="application-name"]')?.getAttribute('content') ?? 'AgencyHQ';
const queryClient = createQueryClient();
// The data the server rendered with: seeding it first makes hydration match without refetching.
const state = document.getElementById(SSR_STATE_ELEMENT_ID)?.textContent;
if (state) hydrate(queryClient, JSON.parse(state));

const app = (
  <StrictMode>
    <Providers
      meta={{ siteName, origin: window.location.origin, path: window.location.pathname }}
      queryClient={queryClient}
    >
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </Providers>
  </StrictMode>
);

const root = document.getElementById('root')!;
// Server-rendered pages hydrate; the Vite dev server sends an empty root, which is rendered fresh.
if (root.firstElementChild) hydrateRoot(root, app);
else createRoot(root).render(app);
