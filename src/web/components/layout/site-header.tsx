import { Link, useNavigate } from 'react-router';
import { Bell, Mail } from 'lucide-react';
import { SITE_CONTACT } from '../../../shared/site';
import { useSession } from '../../features/auth/session';
import { Button, ButtonLink } from '../ui/button';
import { Logo } from './logo';

const navLink = 'rounded-md px-2 py-1 text-sm font-medium text-muted hover:text-ink';

/** Spec §2: signed-out header (mail, Products, Security, Documentation, Login); signed-in (bell, Logout). */
export function SiteHeader() {
  const { status, signOut } = useSession();
  const navigate = useNavigate();
  const signedIn = status === 'signed-in';

  const logout = () => {
    signOut();
    navigate('/');
  };

  return (
    <header className="sticky top-0 z-30 border-b border-line bg-white/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
        <Logo />
        <nav aria-label="Main" className="flex items-center gap-1 sm:gap-3">
          {status === 'checking' || status === 'offline' ? (
            <span className="h-10 w-24" aria-hidden />
          ) : signedIn ? (
            <>
              <ButtonLink to="/dashboard" variant="ghost" size="sm" className="hidden sm:inline-flex">
                Dashboard
              </ButtonLink>
              <button
                type="button"
                aria-label="Notifications"
                className="rounded-full p-2 text-muted hover:bg-slate-100 hover:text-ink"
              >
                <Bell className="size-5" aria-hidden />
              </button>
              <Button variant="secondary" size="sm" onClick={logout}>
                Logout
              </Button>
            </>
          ) : (
            <>
              <a
                href={`mailto:${SITE_CONTACT.email}`}
                className={navLink}
                aria-label={`E-mail us at ${SITE_CONTACT.email}`}
              >
                <Mail className="size-5" aria-hidden />
              </a>
              <Link to="/#products" className={`${navLink} hidden sm:inline`}>
                Products
              </Link>
              <Link to="/#security" className={`${navLink} hidden sm:inline`}>
                Security
              </Link>
              <Link to="/documentation" className={`${navLink} hidden md:inline`}>
                Documentation
              </Link>
              <ButtonLink to="/login" size="sm">
                Login
              </ButtonLink>
            </>
          )}
        </nav>
      </div>
    </header>
  );
}
