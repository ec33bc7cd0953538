import { Suspense } from 'react';
import { matchRoutes, useRoutes, type RouteObject } from 'react-router';
import { SiteLayout } from './layouts/site-layout';
import { PageLoading } from './page-loading';
import type { PageName, Pages } from './pages';

interface PageHandle {
  page: PageName;
  preload?: () => Promise<void>;
}

/** Every route of docs/product/public-site.md#routes, built from the server's or the browser's pages (see pages.ts). */
export function appRoutes(pages: Pages): RouteObject[] {
  const page = (name: PageName) => {
    const Page = pages[name];
    return { element: <Page />, handle: { page: name, preload: Page.preload } satisfies PageHandle };
  };
  return [
    { path: 'login', ...page('Login') },
    { path: 'signup', ...page('Signup') },
    { path: 'forgot-password', ...page('ForgotPassword') },
    { path: 'reset-password', ...page('ResetPassword') },
    { path: 'recover-workspace', ...page('RecoverWorkspace') },
    { path: 'confirm-email', ...page('ConfirmEmail') },
    { path: 'connect-botgit', ...page('ConnectBotgit') },
    { path: 'dashboard/*', ...page('Dashboard') },
    { path: 'portal/*', ...page('Portal') },
    { path: 'portal/sign-in', ...page('PortalSignIn') },
    { path: 'portal/unsubscribe', ...page('PortalUnsubscribe') },
    { path: 'portal/estimates/:id', ...page('PortalEstimate') },
    { path: 'portal/invoices/:id', ...page('PortalInvoice') },
    { path: 'portal/statement', ...page('PortalStatement') },
    {
      element: <SiteLayout />,
      children: [
        { index: true, ...page('Home') },
        { path: 'pricing', ...page('Pricing') },
        { path: 'blog', ...page('BlogList') },
        { path: 'blog/:slug', ...page('BlogPost') },
        { path: 'blog/preview/:token', ...page('BlogPreview') },
        { path: 'contact', ...page('Contact') },
        { path: 'subscribe/confirm', ...page('SubscribeConfirm') },
        { path: 'subscribe/:formKey', ...page('Subscribe') },
        { path: 'unsubscribe', ...page('ListUnsubscribe') },
        { path: 'documentation', ...page('Documentation') },
        { path: 'terms', ...page('Terms') },
        { path: 'privacy', ...page('Privacy') },
        { path: 'shipping', ...page('Shipping') },
        { path: 'cancellation-refunds', ...page('CancellationRefunds') },
        { path: 'botgit-privacy', ...page('BotgitPrivacy') },
        { path: 'access-restricted', ...page('AccessRestricted') },
        { path: '*', ...page('NotFound') },
      ],
    },
  ];
}

function matchedPages(routes: RouteObject[], pathname: string): PageHandle[] {
  return (matchRoutes(routes, pathname) ?? []).flatMap((match) => {
    const handle = match.route.handle as PageHandle | undefined;
    return handle ? [handle] : [];
  });
}

/** The pages `pathname` shows, by name (the server sends their code's preload hints). */
export function pagesAt(routes: RouteObject[], pathname: string): PageName[] {
  return matchedPages(routes, pathname).map((handle) => handle.page);
}

/** Loads the code of the pages `pathname` shows, so hydration finds them ready (see lazy-page.tsx). */
export async function preloadPages(routes: RouteObject[], pathname: string): Promise<void> {
  await Promise.all(matchedPages(routes, pathname).map((handle) => handle.preload?.()));
}

export function AppRoutes({ routes }: { routes: RouteObject[] }) {
  return <Suspense fallback={<PageLoading />}>{useRoutes(routes)}</Suspense>;
}
