import { useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { AUTH_MESSAGES, INVITATION_MESSAGES, PASSWORD_RESET_MESSAGES } from '../../../shared/messages';
import { pathAfterLogin } from '../../../shared/roles';
import { PageMeta } from '../../lib/page-meta';
import { Banner } from '../../components/ui/banner';
import { useHydrated } from '../../lib/hydration';
import { Button } from '../../components/ui/button';
import { Checkbox, PasswordField, TextField } from '../../components/ui/field';
import { serverMessage } from '../../lib/api-client';
import type { AuthResult, PublicUser } from '../../../shared/schemas/public-user';
import type { SecondStepAnswer } from '../../../shared/schemas/two-factor';
import { SecondStepForm } from '../../components/two-factor/second-step-form';
import { login } from './auth-api';
import { endServerSession } from '../../lib/session-api';
import { loginErrorMessage } from './auth-errors';
import { AuthLayout } from './auth-layout';
import { acceptInvitation } from './invitation-api';
import { useSession } from '../../lib/session';
import { useDelayedRedirect } from './use-delayed-redirect';
import { useInvitation } from './use-invitation';
import { returnPath } from './return-path';

export function LoginPage() {
  const hydrated = useHydrated();
  const { status, user, signIn, signOut, replaceUser } = useSession();
  const { redirecting, redirect } = useDelayedRedirect();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // `/login?invite=…` (docs/product/workspace.md#invitations): an existing account signs in, then joins the inviting workspace.
  const inviteToken = params.get('invite');
  const invitation = useInvitation(inviteToken);
  // `/login?next=/connect-botgit?code=…` (docs/product/integrations.md#connect-botgit): back there once signed in.
  const next = returnPath(params.get('next'));
  const [joining, setJoining] = useState(false);
  const invitedName = invitation.status === 'valid' ? invitation.workspaceName : 'the workspace';
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [secondStep, setSecondStep] = useState<SecondStepAnswer | null>(null);

  /**
   * Joins the invitation's workspace with the session just started (or already open): a Team Member is
   * restricted, so the access-restricted page follows. A workspace that requires two-factor sign-in ends
   * the sessions of an account without a second factor: sign in again, and set one up.
   */
  async function join(token: string, signedIn: PublicUser) {
    setJoining(true);
    try {
      const joined = await acceptInvitation(token);
      if (joined.signInAgain) {
        signOut();
        setJoining(false);
        setBusy(false);
        setPassword('');
        setSecondStep(null);
        toast.success(INVITATION_MESSAGES.joinedSignInAgain(joined.workspaceName));
        navigate('/login', { replace: true });
        return;
      }
      replaceUser(joined.user);
      // A Team Member has no dashboard: the access-restricted page (docs/product/public-site.md#access-restricted), until an Admin gives a role.
      redirect('/access-restricted');
      toast.success(INVITATION_MESSAGES.joined(joined.workspaceName));
    } catch (caught) {
      // Signed in all the same: the account goes where it usually does, and is told why it did not join.
      redirect(pathAfterLogin(signedIn.role));
      toast.error(serverMessage(caught) ?? INVITATION_MESSAGES.joinFailed);
    }
  }

  if (status === 'signed-in' && !redirecting && !joining) {
    if (inviteToken && user)
      return (
        <AuthLayout
          title={INVITATION_MESSAGES.joinAction(invitedName)}
          subtitle={`Signed in as ${user.email}.`}
        >
          <PageMeta title="Login" description="Sign in to your dashboard." />
          <div className="space-y-5">
            {invitation.status === 'invalid' && <Banner message={INVITATION_MESSAGES.invalidLink} />}
            <Button
              size="lg"
              className="w-full"
              disabled={!hydrated || invitation.status !== 'valid'}
              onClick={() => void join(inviteToken, user)}
            >
              {INVITATION_MESSAGES.joinAction(invitedName)}
            </Button>
            <Button variant="ghost" className="w-full" onClick={() => void endServerSession().then(signOut)}>
              Not you? Sign out
            </Button>
          </div>
        </AuthLayout>
      );
    return <Navigate to={next ?? '/dashboard'} replace />;
  }

  function finish(result: Partial<AuthResult>) {
    if (!result.token || !result.user) throw new Error(AUTH_MESSAGES.invalidResponse);
    signIn(result.token, result.user, remember);
    if (inviteToken && invitation.status !== 'invalid') {
      void join(inviteToken, result.user);
      return;
    }
    redirect(next ?? pathAfterLogin(result.user.role));
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
      // Two-factor sign-in (docs/product/auth.md#two-factor-sign-in): the password earned a challenge; the code step finishes it.
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
      title={inviteToken ? INVITATION_MESSAGES.signInToJoinTitle(invitedName) : 'Welcome back'}
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
          {invitation.status === 'valid' && (
            <Banner message={INVITATION_MESSAGES.joining(invitation.workspaceName)} tone="info" />
          )}
          {invitation.status === 'invalid' && <Banner message={INVITATION_MESSAGES.invalidLink} />}
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
