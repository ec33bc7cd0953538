import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AUTH_MESSAGES, SERVER_MESSAGES, PASSWORD_RESET_MESSAGES as M } from '../../../shared/messages';
import { PageMeta } from '../../lib/page-meta';
import { useHydrated } from '../../lib/hydration';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { isHttpError, serverMessage } from '../../lib/api-client';
import { AuthLayout } from './auth-layout';
import { requestPasswordReset } from './password-reset-api';

/**
 * 'Forgot password?' (docs/product/auth.md#password-reset): asks for the address and has a single-use link sent; the answer never
 * says whether the address has an account.
 */
export function ForgotPasswordPage() {
  const hydrated = useHydrated();
  const [params] = useSearchParams();
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ message: string; tone: 'success' | 'error' } | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!email.trim()) {
      setNotice({ message: SERVER_MESSAGES.emailRequired, tone: 'error' });
      return;
    }
    setBusy(true);
    setNotice(null);
    try {
      setNotice({ message: await requestPasswordReset(email.trim()), tone: 'success' });
    } catch (caught) {
      const message =
        serverMessage(caught) ??
        (isHttpError(caught) && !caught.response ? AUTH_MESSAGES.cannotConnect : AUTH_MESSAGES.unexpected);
      setNotice({ message, tone: 'error' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthLayout
      title={M.requestTitle}
      subtitle={
        <Link to="/login" className="font-semibold text-brand-700 underline-offset-2 hover:underline">
          Back to sign in
        </Link>
      }
    >
      <PageMeta title="Forgot Password" description={M.requestIntro} noindex />
      <form onSubmit={onSubmit} noValidate className="space-y-5" aria-label={M.requestTitle}>
        <p className="text-sm text-muted">{M.requestIntro}</p>
        {notice && <Banner message={notice.message} tone={notice.tone} />}
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <Button type="submit" size="lg" className="w-full" disabled={busy || !hydrated}>
          {busy ? M.requestBusy : M.requestButton}
        </Button>
      </form>
    </AuthLayout>
  );
}
