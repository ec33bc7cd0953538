import { useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { AUTH_MESSAGES, INVITATION_MESSAGES } from '../../../shared/messages';
import { PASSWORD_MIN_LENGTH } from '../../../shared/constants';
import { ROLE_FOR_USER_TYPE, pathAfterSignup, type UserType } from '../../../shared/roles';
import { emailDomain } from '../../../shared/text';
import { PageMeta } from '../../lib/page-meta';
import { Banner } from '../../components/ui/banner';
import { useHydrated } from '../../lib/hydration';
import { Button } from '../../components/ui/button';
import { PasswordField, TextField } from '../../components/ui/field';
import type { AuthResult } from '../../../shared/schemas/public-user';
import type { SecondStepAnswer } from '../../../shared/schemas/two-factor';
import { SecondStepForm } from '../../components/two-factor/second-step-form';
import { checkDomain, register } from './auth-api';
import { signupErrorMessage } from './auth-errors';
import { AuthLayout } from './auth-layout';
import { useSession } from '../../lib/session';
import { useDelayedRedirect } from './use-delayed-redirect';
import { useInvitation } from './use-invitation';
import { UserTypeChooser } from './user-type-chooser';
const EMPTY_FORM = { businessName: '', username: '', email: '', password: '', confirmPassword: '' };

export function SignupPage() {
  const hydrated = useHydrated();
  const { status, signIn } = useSession();
  const { redirecting, redirect } = useDelayedRedirect();
  const [userType, setUserType] = useState<UserType | null>(null);
  const [form, setForm] = useState(EMPTY_FORM);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  const [secondStep, setSecondStep] = useState<SecondStepAnswer | null>(null);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const invitation = useInvitation(params.get('invite'));
  // An invitation makes the visitor a Team Member of the inviting workspace, with the invited address.
  const invited = invitation.status === 'valid' ? invitation : null;
  const [invitedSeen, setInvitedSeen] = useState<string | null>(null);
  if (invited && invitedSeen !== invited.token) {
    setInvitedSeen(invited.token);
    setUserType('team-member');
    setForm({ ...EMPTY_FORM, email: invited.email });
  }

  if (status === 'signed-in' && !redirecting) return <Navigate to="/dashboard" replace />;

  const teamMember = userType === 'team-member';
  const set = (field: keyof typeof EMPTY_FORM) => (event: React.ChangeEvent<HTMLInputElement>) =>
    setForm((current) => ({ ...current, [field]: event.target.value }));

  // docs/product/auth.md#sign-up: choosing a type resets the form.
  const choose = (type: UserType) => {
    setUserType(type);
    setForm(EMPTY_FORM);
    setMessage('');
  };

  function finish(result: Partial<AuthResult>, type: UserType) {
    if (!result.token || !result.user) throw new Error(AUTH_MESSAGES.registrationFailed);
    redirect(pathAfterSignup(type));
    signIn(result.token, result.user, true);
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setMessage('');
    if (!userType) return setMessage(AUTH_MESSAGES.chooseUserType);
    if (form.password !== form.confirmPassword) return setMessage(AUTH_MESSAGES.passwordsMismatch);
    if (form.password.length < PASSWORD_MIN_LENGTH) return setMessage(AUTH_MESSAGES.passwordTooShort);

    setBusy(true);
    try {
      // The invitation proves membership: no domain check then.
      if (teamMember && !invited && (await checkDomain(emailDomain(form.email))) === 'missing') {
        setMessage(AUTH_MESSAGES.domainNotFound);
        setBusy(false);
        return;
      }
      const result = await register({
        userType,
        role: ROLE_FOR_USER_TYPE[userType],
        username: teamMember ? form.username.trim() : form.businessName.trim(),
        email: form.email.trim(),
        password: form.password,
        confirmPassword: form.confirmPassword,
        ...(teamMember ? {} : { businessName: form.businessName.trim() }),
        ...(invited ? { inviteToken: invited.token } : {}),
      });
      // The inviting workspace requires two-factor sign-in: the account exists, the session comes after
      // its set-up (the login page's second step).
      if ('secondStep' in result) {
        setSecondStep(result);
        toast.success(AUTH_MESSAGES.signupSuccess);
        setBusy(false);
        return;
      }
      finish(result, userType);
      setMessage(AUTH_MESSAGES.signupSuccess);
      toast.success(AUTH_MESSAGES.signupSuccess);
    } catch (caught) {
      setMessage(signupErrorMessage(caught));
      setBusy(false);
    }
  }

  return (
    <AuthLayout
      title="Create your account"
      subtitle={
        <>
          Already have an account?{' '}
          <Link to="/login" className="font-semibold text-brand-700 underline-offset-2 hover:underline">
            Sign in
          </Link>
        </>
      }
    >
      <PageMeta
        title="Sign Up"
        description="Create your account as a freelancer, a business owner or a team member."
      />
      {secondStep ? (
        <div className="space-y-5">
          <Banner message={AUTH_MESSAGES.signupSuccess} tone="success" />
          <SecondStepForm
            step={secondStep}
            onSignedIn={(result) => finish(result, userType ?? 'team-member')}
            // The account exists: back means the sign-in page, where the second step starts again.
            onBack={() => navigate('/login')}
          />
        </div>
      ) : (
        <form onSubmit={onSubmit} className="space-y-5">
          {invitation.status === 'valid' ? (
            <>
              <Banner message={INVITATION_MESSAGES.joining(invitation.workspaceName)} tone="info" />
              {/* Offered to everyone invited: the page never knows, nor says, whether the address has an account. */}
              <p className="text-sm">
                <Link
                  to={`/login?invite=${encodeURIComponent(invitation.token)}`}
                  className="font-semibold text-brand-700 underline-offset-2 hover:underline"
                >
                  {INVITATION_MESSAGES.signInToJoin}
                </Link>
              </p>
            </>
          ) : (
            <UserTypeChooser value={userType} onChoose={choose} />
          )}
          {invitation.status === 'invalid' && <Banner message={INVITATION_MESSAGES.invalidLink} />}

          {message && <Banner message={message} />}

          {teamMember ? (
            <>
              <TextField
                label="Username"
                name="username"
                autoComplete="username"
                required
                value={form.username}
                onChange={set('username')}
              />
              <TextField
                label="Business Email"
                type="email"
                name="email"
                autoComplete="email"
                required
                value={form.email}
                onChange={set('email')}
                readOnly={Boolean(invited)}
                help={
                  invited ? 'The address your invitation was sent to.' : AUTH_MESSAGES.teamMemberEmailHelp
                }
              />
            </>
          ) : (
            <>
              <TextField
                label={userType === 'freelancer' ? 'Name/Business Name' : 'Business Name'}
                name="businessName"
                autoComplete="organization"
                required
                value={form.businessName}
                onChange={set('businessName')}
              />
              <TextField
                label="Email"
                type="email"
                name="email"
                autoComplete="email"
                required
                value={form.email}
                onChange={set('email')}
              />
            </>
          )}
          <PasswordField
            label="Password"
            name="password"
            autoComplete="new-password"
            required
            value={form.password}
            onChange={set('password')}
          />
          <PasswordField
            label="Confirm Password"
            name="confirmPassword"
            autoComplete="new-password"
            required
            value={form.confirmPassword}
            onChange={set('confirmPassword')}
          />
          <Button type="submit" size="lg" className="w-full" disabled={busy || !hydrated}>
            {busy ? 'Creating Account...' : 'Create Account'}
          </Button>
        </form>
      )}
    </AuthLayout>
  );
}
