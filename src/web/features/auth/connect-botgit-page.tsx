import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Check, ShieldCheck, X } from 'lucide-react';
import { BOTGIT_CONNECT } from '../../../shared/api-keys';
import { BOTGIT_CONNECT_MESSAGES as M } from '../../../shared/messages';
import { PageMeta } from '../../lib/page-meta';
import { Banner } from '../../components/ui/banner';
import { Button, ButtonLink } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { serverMessage } from '../../lib/api-client';
import { useHydrated } from '../../lib/hydration';
import { useSession } from '../../lib/session';
import { AuthLayout } from './auth-layout';
import { IdentityConfirmationHost } from './identity-confirmation-host';
import { approveBotgitConnection } from './botgit-connect-api';

const linkClass = 'font-semibold text-brand-700 underline-offset-2 hover:underline';
/** How long the page waits for the extension's word before saying the request is not its own. */
const EXTENSION_WAIT_MS = 6000;

type Step = 'ready' | 'approving' | 'approved' | 'cancelled';

/**
 * Whether Botgit's content script has marked this page as the one its own extension opened for `code`
 * (docs/decisions/0017-api-keys.md): 'checking' for a few seconds, then 'confirmed' or 'unconfirmed'
 * (still watching, in case the extension answers late).
 */
function useExtensionConfirmation(code: string): 'checking' | 'confirmed' | 'unconfirmed' {
  const [state, setState] = useState<'checking' | 'confirmed' | 'unconfirmed'>('checking');
  useEffect(() => {
    if (!code) return;
    const root = document.documentElement;
    const check = () => root.getAttribute(BOTGIT_CONNECT.pageAttribute) === code;
    if (check()) {
      setState('confirmed');
      return;
    }
    const observer = new MutationObserver(() => {
      if (check()) setState('confirmed');
    });
    observer.observe(root, { attributes: true, attributeFilter: [BOTGIT_CONNECT.pageAttribute] });
    const timer = setTimeout(
      () => setState((now) => (now === 'checking' ? 'unconfirmed' : now)),
      EXTENSION_WAIT_MS,
    );
    return () => {
      observer.disconnect();
      clearTimeout(timer);
    };
  }, [code]);
  return state;
}

/**
 * Connect Botgit (docs/product/integrations.md#connect-botgit): the page Botgit's options open with the
 * request's one-time code. The signed-in user (sent through sign-in and two-factor sign-in first) sees what
 * the extension will be able to do and approves; the extension then claims its key itself. Approve is
 * offered only once this browser's extension has confirmed that it started this request.
 */
export function ConnectBotgitPage() {
  const hydrated = useHydrated();
  const [params] = useSearchParams();
  const code = params.get('code') ?? '';
  const { status, user } = useSession();
  const extension = useExtensionConfirmation(code);
  const [step, setStep] = useState<Step>('ready');
  const [error, setError] = useState('');
  const here = `${BOTGIT_CONNECT.path}?code=${encodeURIComponent(code)}`;

  async function approve() {
    setStep('approving');
    setError('');
    try {
      await approveBotgitConnection(code);
      setStep('approved');
      // Botgit's content script hears this and claims the key at once (it also asks by itself).
      window.postMessage({ type: BOTGIT_CONNECT.approvedMessage, code }, window.location.origin);
    } catch (caught) {
      setError(serverMessage(caught) ?? M.approveFailed);
      setStep('ready');
    }
  }

  let body;
  if (!code) body = <Banner message={M.missingCode} />;
  else if (!hydrated || status === 'checking') body = <Spinner label="Loading..." />;
  else if (status !== 'signed-in' || !user)
    body = (
      <div className="space-y-5">
        <p className="text-sm text-muted">{M.intro}</p>
        <ButtonLink to={`/login?next=${encodeURIComponent(here)}`} size="lg" className="w-full">
          {M.signInAction}
        </ButtonLink>
      </div>
    );
  else if (step === 'approved') body = <Banner message={M.approved} tone="success" />;
  else if (step === 'cancelled') body = <Banner message={M.cancelled} tone="info" />;
  else
    body = (
      <div className="space-y-5">
        <p className="text-sm text-ink">
          Signed in as <strong className="break-all">{user.email}</strong>. {M.intro}
        </p>
        <div className="rounded-xl border border-line bg-canvas p-4">
          <p className="text-sm font-semibold text-ink">{M.willBeAble}</p>
          <ul className="mt-2 space-y-1.5 text-sm text-ink">
            {M.abilities.map((ability) => (
              <li key={ability} className="flex gap-2">
                <Check className="mt-0.5 size-4 shrink-0 text-green-700" aria-hidden />
                <span>{ability}</span>
              </li>
            ))}
          </ul>
          <p className="mt-3 flex gap-2 text-sm text-muted">
            <X className="mt-0.5 size-4 shrink-0" aria-hidden />
            <span>{M.willNot}</span>
          </p>
        </div>
        {extension === 'checking' && <Spinner label={M.waitingForExtension} />}
        {extension === 'unconfirmed' && <Banner message={M.notFromExtension} />}
        {extension === 'confirmed' && (
          <p className="flex items-center gap-2 text-sm text-green-800" role="status">
            <ShieldCheck className="size-4 shrink-0" aria-hidden />
            This request comes from Botgit in this browser.
          </p>
        )}
        {error && <Banner message={error} />}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button
            variant="secondary"
            size="lg"
            onClick={() => setStep('cancelled')}
            disabled={step === 'approving'}
          >
            {M.cancel}
          </Button>
          {extension === 'confirmed' && (
            <Button size="lg" onClick={() => void approve()} disabled={step === 'approving'}>
              {step === 'approving' ? 'Approving...' : M.approve}
            </Button>
          )}
        </div>
      </div>
    );

  return (
    <AuthLayout
      title={status === 'signed-in' || !code ? M.title : M.signInFirst}
      subtitle={
        <Link to="/botgit-privacy" className={linkClass}>
          What Botgit collects
        </Link>
      }
    >
      <PageMeta title={M.title} description={M.intro} noindex />
      {status === 'signed-in' && <IdentityConfirmationHost />}
      {body}
    </AuthLayout>
  );
}
