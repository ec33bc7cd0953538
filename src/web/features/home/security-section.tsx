import type { ComponentType, SVGProps } from 'react';
import { DatabaseBackup, LockKeyhole, ScrollText, UserCog } from 'lucide-react';

interface Safeguard {
  title: string;
  text: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
}

/** Only what the product really does (docs/architecture.md#trust-model, docs/product/public-site.md#legal-pages policy figures): no invented badges. */
const SAFEGUARDS: Safeguard[] = [
  {
    title: 'Encryption',
    text: 'Passwords are never stored, only salted scrypt hashes of them. Every session is a signed token that expires after 7 days, and a deactivated account is shut out on its next request.',
    icon: LockKeyhole,
  },
  {
    title: 'Roles and permissions',
    text: 'Fourteen roles and eleven module permissions decide who sees what. The server checks the current role on every request, so a change applies at once.',
    icon: UserCog,
  },
  {
    title: 'Audit activity',
    text: 'Sign-ins, role and permission changes, published posts and new leads are written to your workspace activity feed, with who did it and when.',
    icon: ScrollText,
  },
  {
    title: 'Backups',
    text: 'Everything in a workspace lives in one transactional database, so it is backed up and restored as a whole. A deleted workspace stays recoverable for 30 days.',
    icon: DatabaseBackup,
  },
];

/** The #security anchor: how the product protects a workspace's data. */
export function SecuritySection() {
  return (
    <section
      id="security"
      aria-labelledby="security-heading"
      className="scroll-mt-16 bg-slate-900 py-16 text-slate-300 outline-none sm:py-20"
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <div className="max-w-2xl">
          <p className="text-sm font-semibold uppercase tracking-wider text-brand-200">Security</p>
          <h2 id="security-heading" className="mt-2 text-3xl font-bold tracking-tight text-white sm:text-4xl">
            Your data, protected by design
          </h2>
          <p className="mt-4 text-lg">
            Client lists, invoices and team records deserve care. Here is how every workspace is kept safe.
          </p>
        </div>
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {SAFEGUARDS.map((item) => (
            <li key={item.title} className="rounded-2xl border border-slate-700 bg-slate-800/60 p-6">
              <span className="grid size-11 place-items-center rounded-xl bg-brand-600/20 text-brand-200">
                <item.icon className="size-5" aria-hidden />
              </span>
              <h3 className="mt-5 text-lg font-semibold text-white">{item.title}</h3>
              <p className="mt-2 text-sm leading-6">{item.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
