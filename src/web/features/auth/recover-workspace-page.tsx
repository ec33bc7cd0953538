import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { RotateCcw } from 'lucide-react';
import { AUTH_MESSAGES, WORKSPACE_DELETION_MESSAGES as M } from '../../../shared/messages';
import { PageMeta } from '../../lib/page-meta';
import { useHydrated } from '../../lib/hydration';
import { Banner } from '../../components/ui/banner';
import { Button, ButtonLink } from '../../components/ui/button';
import { isHttpError, serverMessage } from '../../lib/api-client';
import { AuthLayout } from './auth-layout';
import { recoverWorkspace } from './workspace-recovery-api';

const linkClass = 'font-semibold text-brand-700 underline-offset-2 hover:underline';

/**
 * The page the deletion e-mail's link opens (docs/product/workspace.md#danger-zone): one button brings the workspace back; then its
 * members sign in again with their passwords.
 */
export function RecoverWorkspacePage() {
  const hydrated = useHydrated();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState('');
  const [error, setError] = useState(token ? '' : M.recoveryLinkInvalid);

  async function onRecover() {
    setError('');
    setBusy(true);
    try {
      setDone(await recoverWorkspace(token));
    } catch (caught) {
      setError(
        serverMessage(caught) ??
          (isHttpError(caught) && !caught.response ? AUTH_MESSAGES.cannotConnect : M.recoverFailed),
      );
    } finally {
      setBusy(false);
    }
  }

  const linkBroken = error === M.recoveryLinkInvalid;
  return (
    <AuthLayout
      title={M.recoverTitle}
      subtitle={
        <Link to="/login" className={linkClass}>
          Back to sign in
        </Link>
      }
    >
      <PageMeta title="Recover Workspace" description={M.recoverTitle} noindex />
      {done ? (
        <div className="space-y-5">
          <Banner message={done} tone="success" />
          <ButtonLink to="/login" size="lg" className="w-full">
            {M.backToSignIn}
          </ButtonLink>
        </div>
      ) : linkBroken ? (
        <div className="space-y-5">
          <Banner message={error} />
          <ButtonLink to="/login" variant="secondary" size="lg" className="w-full">
            {M.backToSignIn}
          </ButtonLink>
        </div>
      ) : (
        <div className="space-y-5">
          {error && <Banner message={error} />}
          <p className="text-sm text-muted">{M.recoverHelp}</p>
          <Button size="lg" className="w-full" disabled={busy || !hydrated} onClick={() => void onRecover()}>
            <RotateCcw className="size-4" aria-hidden />
            {busy ? M.recovering : M.recoverButton}
          </Button>
        </div>
      )}
    </AuthLayout>
  );
}
