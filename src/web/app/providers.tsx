import { lazy, Suspense, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { SessionProvider, useSession } from '../lib/session';
import { NotificationsProvider } from '../lib/notifications-context';
import { PageMetaProvider, type PageMetaCollector } from '../lib/page-meta';
import { BrandTokens } from '../lib/site-settings';
import { AppToaster } from './app-toaster';

// Only a signed-in session has permissions to watch: a visitor's page never loads this.
const PermissionRefresh = lazy(() =>
  import('../features/auth/permission-refresh').then((m) => ({ default: m.PermissionRefresh })),
);

function SignedInWatch() {
  const { status } = useSession();
  if (status !== 'signed-in') return null;
  return (
    <Suspense fallback={null}>
      <PermissionRefresh />
    </Suspense>
  );
}

/** Everything every page needs; the router is added by each entry (browser or server). */
/** `queryClient` is made once per page load (browser) or per request (server), holding any preloaded data. */
export function Providers({
  meta,
  queryClient,
  children,
}: {
  meta: PageMetaCollector;
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <PageMetaProvider collector={meta}>
      <QueryClientProvider client={queryClient}>
        <BrandTokens />
        <SessionProvider>
          <NotificationsProvider>
            <SignedInWatch />
            {children}
          </NotificationsProvider>
          <AppToaster />
        </SessionProvider>
      </QueryClientProvider>
    </PageMetaProvider>
  );
}
