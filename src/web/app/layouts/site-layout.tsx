import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { footerVisible } from '../../../shared/site';
import { SiteHeader } from '../../components/layout/site-header';
import { SiteFooter } from '../../components/layout/site-footer';
import { HydrateLater } from '../../lib/hydrate-later';
import { PageLoading } from '../page-loading';

/** Header on every page of the site; the footer except on the hide-list (docs/product/public-site.md#header-and-footer). */
export function SiteLayout() {
  const { pathname } = useLocation();
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      {/* Each adopted in a task of its own (see hydrate-later.tsx). */}
      <HydrateLater>
        <SiteHeader />
      </HydrateLater>
      <HydrateLater>
        <main id="main" className="flex-1">
          {/* Inside <main>, so the header stays put while the next page's code loads. */}
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </main>
      </HydrateLater>
      {footerVisible(pathname) && (
        <HydrateLater>
          <SiteFooter />
        </HydrateLater>
      )}
    </div>
  );
}
