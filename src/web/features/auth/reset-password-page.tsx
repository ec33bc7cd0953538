import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PASSWORD_MIN_LENGTH } from '../../../shared/constants';
import { AUTH_MESSAGES, PASSWORD_RESET_MESSAGES as M } from '../../../shared/messages';
import { PageMeta } from '../../lib/page-meta';
import { useHydrated } from '../../lib/hydration';
import { Banner } from '../../components/ui/banner';
import { Button, ButtonLink } from '../../components/ui/button';
import { PasswordField } from '../../components/ui/field';
import { isHttpError, serverMessage } from '../../lib/api-client';
import { AuthLayout } from './auth-layout';
import { resetPassword } from './password-reset-api';
import {
  REVOKE_SINCE_DEFAULT,
  RevokeSinceControl,
  revokeSinceIso,
  type RevokeSince,
} from '../../components/sessions/revoke-since-control';

const linkClass = 'font-semibold text-brand-700 underline-offset-2 hover:underline';

/** The page a reset link opens (docs/product/auth.md#password-reset): a new password, twice, under the spec's password rules. */
export function ResetPasswordPage() {
  const hydrated = useHydrated();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [revoke, setRevoke] = useState<RevokeSince>(REVOKE_SINCE_DEFAULT);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState('');
  const [error, setError] = useState(token ? '' : M.invalidLink);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setError('');
    if (password !== confirm) return setError(AUTH_MESSAGES.passwordsMismatch);
    if (password.length < PASSWORD_MIN_LENGTH) return setError(AUTH_MESSAGES.passwordTooShort);
    setBusy(true);
    try {
      setDone(await resetPassword(token, password, confirm, revokeSinceIso(revoke)));
    } catch (caught) {
      setError(
        serverMessage(caught) ??
          (isHttpError(caught) && !caught.response ? AUTH_MESSAGES.cannotConnect : AUTH_MESSAGES.unexpected),
      );
    } finally {
      setBusy(false);
    }
  }

  const linkBroken = error === M.invalidLink;
  return (
    <AuthLayout
      title={M.resetTitle}
      subtitle={
        <Link to="/login" className={linkClass}>
          Back to sign in
        </Link>
      }
    >
      <PageMeta title="Reset Password" description={M.resetTitle} noindex />
      {done ? (
        <div className="space-y-5">
          <Banner message={done} tone="success" />
          <ButtonLink to="/login" size="lg" className="w-full">
            Sign in
          </ButtonLink>
        </div>
      ) : (
        <form onSubmit={onSubmit} noValidate className="space-y-5" aria-label={M.resetTitle}>
          {error && <Banner message={error} />}
          {linkBroken && (
            <p className="text-sm">
              <Link to="/forgot-password" className={linkClass}>
                Request a new link
              </Link>
            </p>
          )}
          <PasswordField
            label="New Password"
            name="password"
            autoComplete="new-password"
            required
            disabled={!token}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <PasswordField
            label="Confirm Password"
            name="confirmPassword"
            autoComplete="new-password"
            required
            disabled={!token}
            value={confirm}
            onChange={(event) => setConfirm(event.target.value)}
          />
          <RevokeSinceControl value={revoke} onChange={setRevoke} disabled={!token} />
          <Button type="submit" size="lg" className="w-full" disabled={busy || !hydrated || !token}>
            {busy ? M.resetBusy : M.resetButton}
          </Button>
        </form>
      )}
    </AuthLayout>
  );
}
