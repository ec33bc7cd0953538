import { Suspense, useState } from 'react';
import { useParams } from 'react-router';
import { Menu, X } from 'lucide-react';
import { canUseModule, defaultSectionFor, isSectionVisible } from '../../../shared/access';
import { DASHBOARD_MESSAGES } from '../../../shared/messages';
import { findSection } from '../../../shared/sections';
import type { PublicUser } from '../../../shared/schemas/public-user';
import { PageMeta } from '../../lib/page-meta';
import { sectionPage } from '../sections/registry';
import { Logo } from '../../components/layout/logo';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { EmailConfirmationBanner } from '../../features/auth/email-confirmation-notice';
import { IdentityConfirmationHost } from '../../features/auth/identity-confirmation-host';
import { useLogout } from '../../lib/use-logout';
import { NotificationBell } from '../../components/layout/notification-bell';
import { HeaderTimer } from '../../components/time/header-timer';
import { Sidebar } from './sidebar';

/** Dashboard (docs/product/dashboard.md#shell): side navigation plus content; each section deep-linkable as /dashboard/<key>. */
export function DashboardShell({ user }: { user: PublicUser }) {
  const params = useParams();
  const logout = useLogout();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const key = params['*'] || defaultSectionFor(user);
  const section = findSection(key);
  const allowed = section ? isSectionVisible(user, section.key) : false;
  const Page = sectionPage(key);

  return (
    <div className="min-h-screen lg:grid lg:grid-cols-[17rem_1fr]">
      <PageMeta
        title={section?.title ?? section?.label ?? 'Dashboard'}
        description="Your business dashboard."
      />
      <IdentityConfirmationHost />
      <aside className="sticky top-0 hidden h-screen flex-col border-r border-line bg-white lg:flex">
        <div className="px-5 py-4">
          <Logo />
        </div>
        <Sidebar user={user} activeKey={key} />
      </aside>

      {drawerOpen && (
        <div className="fixed inset-0 z-40 lg:hidden">
          <div
            className="absolute inset-0 bg-slate-900/40"
            onClick={() => setDrawerOpen(false)}
            aria-hidden
          />
          <div className="relative flex h-full w-80 max-w-[85vw] flex-col bg-white shadow-xl">
            <div className="flex items-center justify-between px-5 py-4">
              <Logo />
              <button
                type="button"
                aria-label="Close navigation"
                onClick={() => setDrawerOpen(false)}
                className="rounded-md p-2 text-muted hover:bg-slate-100"
              >
                <X className="size-5" aria-hidden />
              </button>
            </div>
            <Sidebar user={user} activeKey={key} onNavigate={() => setDrawerOpen(false)} />
          </div>
        </div>
      )}

      <div className="flex min-w-0 flex-col">
        <header className="sticky top-0 z-30 flex h-16 items-center gap-3 border-b border-line bg-white/90 px-4 backdrop-blur sm:px-6">
          <button
            type="button"
            aria-label="Open navigation"
            onClick={() => setDrawerOpen(true)}
            className="rounded-md p-2 text-muted hover:bg-slate-100 lg:hidden"
          >
            <Menu className="size-5" aria-hidden />
          </button>
          <p className="flex-1 truncate text-sm font-medium text-muted">
            {section?.title ?? section?.label ?? 'Dashboard'}
          </p>
          {canUseModule(user, 'projects') && <HeaderTimer />}
          <NotificationBell />
          <div className="hidden text-right sm:block">
            <p className="text-sm font-semibold leading-tight">{user.username}</p>
            <p className="text-xs text-muted">{user.role}</p>
          </div>
          <Button variant="secondary" size="sm" onClick={logout}>
            Logout
          </Button>
        </header>
        <main id="main" className="flex-1 px-4 py-6 sm:px-6 lg:px-8">
          <EmailConfirmationBanner user={user} className="mb-6" />
          {!section ? (
            <p role="alert" className="rounded-xl border border-line bg-white p-8 text-center text-muted">
              {DASHBOARD_MESSAGES.sectionNotFound}
            </p>
          ) : !allowed ? (
            <p role="alert" className="rounded-xl border border-line bg-white p-8 text-center text-muted">
              This section is not available for your role.
            </p>
          ) : (
            <Suspense fallback={<Spinner label={DASHBOARD_MESSAGES.loading} />}>
              <Page key={section.key} user={user} section={section} onLogout={logout} />
            </Suspense>
          )}
        </main>
      </div>
    </div>
  );
}
