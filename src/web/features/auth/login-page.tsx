import { useState, type FormEvent } from 'react';
import { Link, Navigate } from 'react-router';
import { toast } from 'sonner';
import { AUTH_MESSAGES } from '../../../shared/messages';
import { PASSWORD_RESET_MESSAGES } from '../../../shared/mail';
import { pathAfterLogin } from '../../../shared/roles';
import { PageMeta } from '../../app/page-meta';
import { Banner } from '../../components/ui/banner';
import { useHydrated } from '../../app/hydration';
import { Button } from '../../components/ui/button';
import { Checkbox, PasswordField, TextField } from '../../components/ui/field';
import { serverMessage } from '../../lib/api-client';
import type { AuthResult } from '../../../shared/schemas/user';
import type { SecondStepAnswer } from '../../../shared/schemas/two-factor';
import { SecondStepForm } from '../two-factor/second-step-form';
import { login } from './auth-api';
import { loginErrorMessage } from './auth-errors';
import { AuthLayout } from './auth-layout';
import { useSession } from './session';
import { useDelayedRedirect } from './use-delayed-redirect';

export function LoginPage() {
  const hydrated = useHydrated();
  const { status, signIn } = useSession();
  const { redirecting, redirect } = useDelayedRedirect();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [secondStep, setSecondStep] = useState<SecondStepAnswer | null>(null);

  if (status === 'signed-in' && !redirecting) return <Navigate to="/dashboard" replace />;

  function finish(result: Partial<AuthResult>) {
    if (!result.token || !result.user) throw new Error(AUTH_MESSAGES.invalidResponse);
    redirect(pathAfterLogin(result.user.role));
    signIn(result.token, result.user, remember);
    toast.success(AUTH_MESSAGES.loginSuccess);
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setError('');
    if (!email.trim() || !password) {
      setError(AUTH_MESSAGES.loginRequired);
      return;
    }
    setBusy(true);
    try {
      const result = await login(email.trim(), password);
      // Two-factor sign-in (issue 17): the password earned a challenge; the code step finishes it.
      if ('secondStep' in result) {
        setSecondStep(result);
        setBusy(false);
        return;
      }
      finish(result);
    } catch (caught) {
      setError(loginErrorMessage(caught));
      toast.error(serverMessage(caught) ?? AUTH_MESSAGES.loginFailed);
      setBusy(false);
    }
  }

  return (
    <AuthLayout
      title="Welcome back"
      subtitle={
        <>
          New here?{' '}
          <Link to="/signup" className="font-semibold text-brand-700 underline-offset-2 hover:underline">
            Create an account
          </Link>
        </>
      }
    >
      <PageMeta title="Login" description="Sign in to your dashboard." />
      {secondStep ? (
        <SecondStepForm
          step={secondStep}
          onSignedIn={finish}
          onBack={(message) => {
            setSecondStep(null);
            setPassword('');
            setError(message ?? '');
          }}
        />
      ) : (
        <form onSubmit={onSubmit} noValidate className="space-y-5">
          {error && <Banner message={error} />}
          <TextField
            label="Email"
            type="email"
            name="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          <PasswordField
            label="Password"
            name="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <div className="flex items-center justify-between">
            <Checkbox
              label="Remember me"
              checked={remember}
              onChange={(e) => setRemember(e.target.checked)}
            />
            <Link
              to={
                email.trim()
                  ? `/forgot-password?email=${encodeURIComponent(email.trim())}`
                  : '/forgot-password'
              }
              className="rounded text-sm font-medium text-brand-700 hover:underline"
            >
              {PASSWORD_RESET_MESSAGES.forgotLink}
            </Link>
          </div>
          <Button type="submit" size="lg" className="w-full" disabled={busy || !hydrated}>
            {busy ? 'Signing in...' : 'Continue with email'}
          </Button>
        </form>
      )}
    </AuthLayout>
  );
}
