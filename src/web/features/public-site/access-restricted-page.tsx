import { ShieldAlert } from 'lucide-react';
import { AUTH_MESSAGES } from '../../../shared/messages';
import { PageMeta } from '../../app/page-meta';
import { ButtonLink } from '../../components/ui/button';

/** Spec §2 /access-restricted; also shown in place of the dashboard to restricted users. */
export function AccessRestrictedPage() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <PageMeta title="Access Restricted" description={AUTH_MESSAGES.notInternalTeam} />
      <span className="rounded-full bg-amber-100 p-4 text-amber-700">
        <ShieldAlert className="size-8" aria-hidden />
      </span>
      <h1 className="mt-6 text-3xl font-bold tracking-tight">Access Restricted</h1>
      <p className="mt-3 text-lg text-muted">{AUTH_MESSAGES.notInternalTeam}</p>
      <ButtonLink to="/" className="mt-8">
        Return Home
      </ButtonLink>
    </section>
  );
}
