import { useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from 'sonner';
import { TOAST } from '../../shared/constants';
import { createQueryClient } from '../lib/query-client';
import { SessionProvider } from '../features/auth/session';
import { PermissionRefresh } from '../features/auth/permission-refresh';
import { NotificationsProvider } from '../features/notifications/notifications-context';
import { PageMetaProvider, type PageMetaCollector } from './page-meta';

/** Everything every page needs; the router is added by each entry (browser or server). */
export function Providers({ meta, children }: { meta: PageMetaCollector; children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <PageMetaProvider collector={meta}>
      <QueryClientProvider client={queryClient}>
        <SessionProvider>
          <NotificationsProvider>
            <PermissionRefresh />
            {children}
          </NotificationsProvider>
          <Toaster
            position={TOAST.appPosition}
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
