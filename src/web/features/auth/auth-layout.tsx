import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CheckCircle2 } from 'lucide-react';
import { Logo } from '../../components/layout/logo';

const highlights = [
  'Leads CRM with import and export',
  'Blog CMS that publishes to your site',
  'Roles and permissions for every team',
];

/** Split screen for sign-in and sign-up: the form, and a brand panel on wide screens. */
export function AuthLayout({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="grid min-h-screen lg:grid-cols-2">
      <main id="main" className="flex flex-col px-4 py-8 sm:px-10">
        <Logo />
        <div className="mx-auto flex w-full max-w-md flex-1 flex-col justify-center py-10">
          <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
          <p className="mt-2 text-sm text-muted">{subtitle}</p>
          <div className="mt-8">{children}</div>
        </div>
        <p className="text-center text-xs text-muted">
          By continuing you agree to our{' '}
          <Link to="/terms" className="font-medium text-brand-700 underline">
            Terms of Service
          </Link>{' '}
          and{' '}
          <Link to="/privacy" className="font-medium text-brand-700 underline">
            Privacy Policy
          </Link>
          .
        </p>
      </main>
      <aside className="relative hidden overflow-hidden bg-gradient-to-br from-brand-700 via-brand-800 to-brand-900 p-12 text-white lg:flex lg:flex-col lg:justify-end">
        <div className="absolute -right-24 -top-24 size-96 rounded-full bg-white/10" aria-hidden />
        <div className="absolute -left-16 top-1/3 size-64 rounded-full bg-white/5" aria-hidden />
        <p className="relative text-3xl font-semibold leading-tight">Management of Your Masterpiece</p>
        <ul className="relative mt-8 space-y-3">
          {highlights.map((item) => (
            <li key={item} className="flex items-center gap-3 text-brand-100">
              <CheckCircle2 className="size-5 text-white" aria-hidden />
              {item}
            </li>
          ))}
        </ul>
      </aside>
    </div>
  );
}
