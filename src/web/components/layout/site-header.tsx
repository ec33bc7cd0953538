import { useState } from 'react';
import { useLocation } from 'react-router';
import { LayoutDashboard, Mail, Menu, X } from 'lucide-react';
import { NotificationBell } from './notification-bell';
import { useSitePreview, useSiteSettings } from '../../lib/site-settings';
import { useSession } from '../../lib/session';
import { useLogout } from '../../lib/use-logout';
import { Button, ButtonLink } from '../ui/button';
import { Logo } from './logo';
import { SiteLink } from './site-link';

const navLink = 'rounded-md px-2 py-1 text-sm font-medium text-muted hover:text-ink';

/**
 * docs/product/public-site.md#header-and-footer: signed-out header (mail, Products, Security, Documentation, Login); signed-in (bell, Logout).
 * The mail address and the links are the Web Settings' (the spec's by default); the editor's preview
 * shows the header as a signed-out visitor sees it.
 */
export function SiteHeader() {
  const session = useSession();
  const status = useSitePreview() ? 'signed-out' : session.status;
  const { contact, navigation } = useSiteSettings();
  const links = navigation.header;
  const logout = useLogout();
  const signedIn = status === 'signed-in';
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname, hash } = useLocation();
  const [menuPath, setMenuPath] = useState(pathname + hash);
  // Close the phone menu whenever the page changes.
  if (menuPath !== pathname + hash) {
    setMenuPath(pathname + hash);
    setMenuOpen(false);
  }

  return (
    <header className="sticky top-0 z-30 border-b border-line bg-white/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
        <Logo />
        <nav aria-label="Main" className="flex items-center gap-1 sm:gap-3">
          {status === 'checking' || status === 'offline' ? (
            <span className="h-10 w-24" aria-hidden />
          ) : signedIn ? (
            <>
              {/* A phone shows an icon (still named "Dashboard"): the words overflowed a 390 px header. */}
              <ButtonLink to="/dashboard" variant="ghost" size="sm">
                <LayoutDashboard className="size-5 sm:hidden" aria-hidden />
                <span className="sr-only sm:not-sr-only">Dashboard</span>
              </ButtonLink>
              <NotificationBell />
              <Button variant="secondary" size="sm" onClick={logout}>
                Logout
              </Button>
            </>
          ) : (
            <>
              <a
                href={`mailto:${contact.email}`}
                className={navLink}
                aria-label={`E-mail us at ${contact.email}`}
              >
                <Mail className="size-5" aria-hidden />
              </a>
              {links.map((item, index) => (
                <SiteLink key={index} href={item.href} className={`${navLink} hidden md:inline`}>
                  {item.label}
                </SiteLink>
              ))}
              <ButtonLink to="/login" size="sm">
                Login
              </ButtonLink>
              <button
                type="button"
                className="rounded-md p-2 text-muted hover:bg-slate-100 hover:text-ink md:hidden"
                aria-label={menuOpen ? 'Close menu' : 'Open menu'}
                aria-expanded={menuOpen}
                aria-controls="site-menu"
                onClick={() => setMenuOpen((open) => !open)}
              >
                {menuOpen ? <X className="size-5" aria-hidden /> : <Menu className="size-5" aria-hidden />}
              </button>
            </>
          )}
        </nav>
      </div>
      {menuOpen && !signedIn && (
        <nav id="site-menu" aria-label="Site" className="border-t border-line bg-white px-4 py-2 md:hidden">
          {links.map((item, index) => (
            <SiteLink
              key={index}
              href={item.href}
              className="block rounded-md px-2 py-3 text-base font-medium text-ink hover:bg-slate-50"
            >
              {item.label}
            </SiteLink>
          ))}
        </nav>
      )}
    </header>
  );
}
