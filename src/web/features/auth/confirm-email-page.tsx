import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AUTH_MESSAGES, EMAIL_CONFIRMATION_MESSAGES as M } from '../../../shared/messages';
import { PageMeta } from '../../lib/page-meta';
import { Banner } from '../../components/ui/banner';
import { ButtonLink } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { isHttpError, serverMessage } from '../../lib/api-client';
import { storage } from '../../lib/storage';
import { confirmEmail } from './email-confirmation-api';
import { AuthLayout } from './auth-layout';
import { useSession } from '../../lib/session';

const linkClass = 'font-semibold text-brand-700 underline-offset-2 hover:underline';

type Outcome =
  | { kind: 'confirming' }
  /** `next`: the dashboard when this browser holds a session still valid, else sign-in. */
  | { kind: 'confirmed'; message: string; next: 'dashboard' | 'sign-in' }
  | { kind: 'failed'; message: string };

/**
 * The page the confirmation e-mail's link opens (docs/product/auth.md#proven-addresses). The token is sent once, from the browser after
 * hydration: the server's render (and a link scanner's GET) confirms nothing. A session in this browser is
 * refreshed, or ended when joining a workspace that requires two-factor sign-in ended it.
 */
export function ConfirmEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { refresh, signOut } = useSession();
  const [outcome, setOutcome] = useState<Outcome>(
    token ? { kind: 'confirming' } : { kind: 'failed', message: M.invalidLink },
  );
  const sent = useRef(false);

  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    void (async () => {
      try {
        const answer = await confirmEmail(token);
        let next: 'dashboard' | 'sign-in' = 'sign-in';
        if (answer.signInAgain) signOut();
        else if (storage.getToken()) {
          await refresh();
          if (storage.getToken()) next = 'dashboard';
        }
        setOutcome({ kind: 'confirmed', message: answer.message, next });
      } catch (caught) {
        setOutcome({
          kind: 'failed',
          message:
            serverMessage(caught) ??
            (isHttpError(caught) && !caught.response ? AUTH_MESSAGES.cannotConnect : M.invalidLink),
        });
      }
    })();
  }, [token, refresh, signOut]);

  return (
    <AuthLayout
      title={M.pageTitle}
      subtitle={
        <Link to="/login" className={linkClass}>
          Back to sign in
        </Link>
      }
    >
      <PageMeta title="Confirm E-mail" description={M.pageTitle} noindex />
      {outcome.kind === 'confirming' ? (
        <Spinner label={M.confirming} />
      ) : outcome.kind === 'confirmed' ? (
        <div className="space-y-5">
          {/* Confirmed, but the domain's workspace is gone: a notice rather than a success. */}
          <Banner
            message={outcome.message}
            tone={outcome.message === AUTH_MESSAGES.domainNotFound ? 'info' : 'success'}
          />
          {outcome.next === 'dashboard' ? (
            <ButtonLink to="/dashboard" size="lg" className="w-full">
              {M.continueToDashboard}
            </ButtonLink>
          ) : (
            <ButtonLink to="/login" size="lg" className="w-full">
              {M.signInToContinue}
            </ButtonLink>
          )}
        </div>
      ) : (
        <div className="space-y-5">
          <Banner message={outcome.message} />
          <ButtonLink to="/login" variant="secondary" size="lg" className="w-full">
            {M.signInToContinue}
          </ButtonLink>
        </div>
      )}
    </AuthLayout>
  );
}
