import { useState, type FormEvent } from 'react';
import { Link, Navigate } from 'react-router';
import { toast } from 'sonner';
import { Briefcase, Building2, Users } from 'lucide-react';
import { AUTH_MESSAGES } from '../../../shared/messages';
import { PASSWORD_MIN_LENGTH } from '../../../shared/constants';
import {
  ROLE_FOR_USER_TYPE,
  USER_TYPES,
  USER_TYPE_LABELS,
  pathAfterSignup,
  type UserType,
} from '../../../shared/roles';
import { emailDomain } from '../../../shared/text';
import { PageMeta } from '../../app/page-meta';
import { Banner } from '../../components/ui/banner';
import { useHydrated } from '../../app/hydration';
import { Button } from '../../components/ui/button';
import { cn } from '../../components/ui/cn';
import { PasswordField, TextField } from '../../components/ui/field';
import { checkDomain, register } from './auth-api';
import { signupErrorMessage } from './auth-errors';
import { AuthLayout } from './auth-layout';
import { useSession } from './session';
import { useDelayedRedirect } from './use-delayed-redirect';

const TYPE_ICONS = { freelancer: Briefcase, 'business-owner': Building2, 'team-member': Users } as const;
const EMPTY_FORM = { businessName: '', username: '', email: '', password: '', confirmPassword: '' };

export function SignupPage() {
  const hydrated = useHydrated();
  const { status, signIn } = useSession();
  const { redirecting, redirect } = useDelayedRedirect();
  const [userType, setUserType] = useState<UserType | null>(null);
  const [form, setForm] = useState(EMPTY_FORM);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');

  if (status === 'signed-in' && !redirecting) return <Navigate to="/dashboard" replace />;

  const teamMember = userType === 'team-member';
  const set = (field: keyof typeof EMPTY_FORM) => (event: React.ChangeEvent<HTMLInputElement>) =>
    setForm((current) => ({ ...current, [field]: event.target.value }));

  // Spec §2: choosing a type resets the form.
  const choose = (type: UserType) => {
    setUserType(type);
    setForm(EMPTY_FORM);
    setMessage('');
  };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setMessage('');
    if (!userType) return setMessage(AUTH_MESSAGES.chooseUserType);
    if (form.password !== form.confirmPassword) return setMessage(AUTH_MESSAGES.passwordsMismatch);
    if (form.password.length < PASSWORD_MIN_LENGTH) return setMessage(AUTH_MESSAGES.passwordTooShort);

    setBusy(true);
    try {
      if (teamMember && (await checkDomain(emailDomain(form.email))) === 'missing') {
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
      });
      if (!result.token || !result.user) throw new Error(AUTH_MESSAGES.registrationFailed);
      redirect(pathAfterSignup(userType));
      signIn(result.token, result.user, true);
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
      <form onSubmit={onSubmit} className="space-y-5">
        <fieldset>
          <legend className="mb-2 text-sm font-medium">Which best describes you?</legend>
          <div className="grid grid-cols-3 gap-2" role="radiogroup" aria-label="Which best describes you?">
            {USER_TYPES.map((type) => {
              const Icon = TYPE_ICONS[type];
              const selected = userType === type;
              return (
                <button
                  key={type}
                  type="button"
                  role="radio"
                  aria-checked={selected}
                  onClick={() => choose(type)}
                  className={cn(
                    'flex flex-col items-center gap-1.5 rounded-xl border px-2 py-3 text-xs font-semibold transition-colors sm:text-sm',
                    selected
                      ? 'border-brand-600 bg-brand-50 text-brand-800 ring-1 ring-brand-600'
                      : 'border-line bg-white text-ink hover:border-brand-200',
                  )}
                >
                  <Icon className="size-5" aria-hidden />
                  {USER_TYPE_LABELS[type]}
                </button>
              );
            })}
          </div>
        </fieldset>

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
              help={AUTH_MESSAGES.teamMemberEmailHelp}
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
    </AuthLayout>
  );
}
