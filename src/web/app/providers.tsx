import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Toaster } from 'sonner';
import { TOAST } from '../../shared/constants';
import { SessionProvider } from '../lib/session';
import { PermissionRefresh } from '../features/auth/permission-refresh';
import { NotificationsProvider } from '../lib/notifications-context';
import { PageMetaProvider, type PageMetaCollector } from '../lib/page-meta';
import { BrandTokens } from '../lib/site-settings';

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
            <PermissionRefresh />
            {children}
          </NotificationsProvider>
          <Toaster
            position={TOAST.appPosition}
            offset={{ top: TOAST.appTopOffsetPx }}
            mobileOffset={{ top: TOAST.appTopOffsetPx }}
            duration={TOAST.durationMs}
            visibleToasts={TOAST.visibleToasts}
            gap={TOAST.gap}
            hotkey={[...TOAST.hotkey]}
            richColors
            closeButton
          />
        </SessionProvider>
      </QueryClientProvider>
    </PageMetaProvider>
  );
}
