import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate } from 'react-router';
import { WifiOff } from 'lucide-react';
import { AUTH_MESSAGES, DASHBOARD_MESSAGES } from '../../../shared/messages';
import { isKeptOutOfDashboard } from '../../../shared/access';
import { PageMeta } from '../../lib/page-meta';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { useSession } from '../../lib/session';
import { AccessRestrictedPage } from '../../features/auth/access-restricted-page';
import { SiteHeader } from '../../components/layout/site-header';

/** States before the dashboard itself keep the site header. */
function WithHeader({ children }: { children: ReactNode }) {
  return (
    <div className="min-h-screen">
      <PageMeta title="Dashboard" description="Your business dashboard." />
      <SiteHeader />
      <main id="main">{children}</main>
    </div>
  );
}

// The dashboard is client-rendered and loaded on demand: public pages never download it.
const DashboardShell = lazy(() => import('./dashboard-shell').then((m) => ({ default: m.DashboardShell })));

/** /dashboard (docs/product/dashboard.md#shell): signed out → /login; restricted users → the access-restricted page; others the dashboard. */
export function DashboardGate() {
  const { status, user, refresh } = useSession();

  if (status === 'checking')
    return (
      <WithHeader>
        <Spinner label={DASHBOARD_MESSAGES.loading} />
      </WithHeader>
    );
  if (status === 'offline') {
    return (
      <WithHeader>
        <div className="mx-auto flex max-w-md flex-col items-center px-4 py-24 text-center" role="alert">
          <WifiOff className="size-8 text-muted" aria-hidden />
          <p className="mt-4 text-base">{AUTH_MESSAGES.unableToConnect}</p>
          <Button variant="secondary" className="mt-6" onClick={() => void refresh()}>
            Try again
          </Button>
        </div>
      </WithHeader>
    );
  }
  if (status === 'signed-out' || !user) return <Navigate to="/login" replace />;
  // docs/product/roles-and-access.md#dashboard-access, both readings: Team Member and 'User' see the access-restricted page (the server agrees).
  if (isKeptOutOfDashboard(user))
    return (
      <WithHeader>
        <AccessRestrictedPage />
      </WithHeader>
    );
  return (
    <Suspense
      fallback={
        <WithHeader>
          <Spinner label={DASHBOARD_MESSAGES.loading} />
        </WithHeader>
      }
    >
      <DashboardShell user={user} />
    </Suspense>
  );
}
