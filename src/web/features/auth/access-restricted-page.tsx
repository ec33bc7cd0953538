import { ShieldAlert } from 'lucide-react';
import { AUTH_MESSAGES, PROFILE_MESSAGES, EMAIL_CONFIRMATION_MESSAGES as M } from '../../../shared/messages';
import { PageMeta } from '../../lib/page-meta';
import { ButtonLink } from '../../components/ui/button';
import { ResendLinkButton } from './email-confirmation-notice';
import { useSession } from '../../lib/session';

/**
 * /access-restricted (docs/product/public-site.md#access-restricted); also shown in place of the dashboard to restricted users. A Team Member who
 * signed up by domain and has not yet opened the confirmation link is told where it went (docs/product/auth.md#proven-addresses). A
 * 'User' account, kept out of the dashboard (docs/product/roles-and-access.md#dashboard-access), reads here what its Profile Settings would have
 * said (docs/product/public-site.md#access-restricted): the restricted notice and its In Review status.
 */
export function AccessRestrictedPage() {
  const { user } = useSession();
  const waiting = user?.emailConfirmed === false;
  const inReview = user?.role === 'User';
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <PageMeta title="Access Restricted" description={AUTH_MESSAGES.notInternalTeam} />
      <span className="rounded-full bg-amber-100 p-4 text-amber-700">
        <ShieldAlert className="size-8" aria-hidden />
      </span>
      <h1 className="mt-6 text-3xl font-bold tracking-tight">Access Restricted</h1>
      <p className="mt-3 text-lg text-muted">{AUTH_MESSAGES.notInternalTeam}</p>
      {inReview && (
        <p
          role="note"
          className="mt-6 rounded-xl border border-amber-200 bg-amber-50 px-5 py-4 text-sm text-amber-900"
        >
          {PROFILE_MESSAGES.restricted}{' '}
          <span className="font-semibold">
            Status: <span data-testid="profile-status">In Review</span>
          </span>
        </p>
      )}
      {waiting && (
        <div
          role="status"
          className="mt-6 flex flex-col items-center gap-3 rounded-xl border border-amber-200 bg-amber-50 px-5 py-4 text-sm text-amber-900"
        >
          <p>{M.restrictedSent(user.email)}</p>
          <ResendLinkButton />
        </div>
      )}
      <ButtonLink to="/" className="mt-8">
        Return Home
      </ButtonLink>
    </section>
  );
}
