import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { Providers } from './app/providers';
import { AppRoutes } from './app/app-routes';
import './styles/app.css';

const siteName =
  document.querySelector('meta[name="application-name"]')?.getAttribute('content') ?? 'AgencyHQ';
const app = (
  <StrictMode>
    <Providers meta={{ siteName }}>
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
