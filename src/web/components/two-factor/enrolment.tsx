import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { TwoFactorSetup } from '../../../shared/schemas/two-factor';
import { TWO_FACTOR_MESSAGES } from '../../../shared/messages';
import { isHttpError, serverMessage } from '../../lib/api-client';
import { Banner } from '../ui/banner';
import { Button } from '../ui/button';
import { PasswordField } from '../ui/field';
import { Spinner } from '../ui/spinner';
import { CodeField } from './code-field';
import { RecoveryCodes } from './recovery-codes';

/** Groups the secret in fours, as it is typed into an app by hand. */
const spaced = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/** The password field's message of a refused set-up (`errors: [{ field: 'password' }]`), else the answer's. */
function passwordError(error: unknown): string {
  const list = isHttpError(error) ? (error.response?.data as { errors?: unknown } | undefined)?.errors : [];
  const item = Array.isArray(list)
    ? (list as { field?: unknown; message?: unknown }[]).find((e) => e?.field === 'password')
    : undefined;
  if (typeof item?.message === 'string') return item.message;
  return serverMessage(error) ?? 'Could not start the set-up.';
}

/**
 * docs/product/auth.md#two-factor-sign-in: the signed-in set-up first takes the account's password, so a session alone (a stolen token)
 * cannot enrol an app of its own. The server's refusal shows under the field.
 */
function PasswordStep({
  begin,
  onStarted,
  onCancel,
}: {
  begin(password: string): Promise<TwoFactorSetup>;
  onStarted(setup: TwoFactorSetup): void;
  onCancel?(): void;
}) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const field = useRef<HTMLInputElement>(null);

  useEffect(() => field.current?.focus(), []);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!password) {
      setError(TWO_FACTOR_MESSAGES.passwordRequired);
      field.current?.focus();
      return;
    }
    setBusy(true);
    setError('');
    try {
      onStarted(await begin(password));
    } catch (caught) {
      setError(passwordError(caught));
      setBusy(false);
      field.current?.focus();
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <p>Confirm it is you: enter your account password to set up an authenticator app.</p>
      <PasswordField
        ref={field}
        label="Password"
        name="current-password"
        autoComplete="current-password"
        value={password}
        error={error}
        onChange={(event) => setPassword(event.target.value)}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={busy}>
          {busy ? 'Checking...' : 'Continue'}
        </Button>
        {onCancel && (
          <Button variant="ghost" size="sm" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}

/**
 * Setting up an authenticator app: (signed in) the account's password, then scan the QR code (or type the
 * secret), confirm with a first code, then keep the recovery codes. Used from the Security tab, the Profile
 * and a sign-in that requires it (whose password step has just taken the password).
 */
export function Enrolment({
  begin,
  askPassword = false,
  confirm,
  onComplete,
  onCancel,
  doneLabel,
}: {
  /** Starts the set-up: a new secret and its QR code (with the password when `askPassword`). */
  begin(password?: string): Promise<TwoFactorSetup>;
  /** Asks for the account's password before starting (docs/product/auth.md#two-factor-sign-in: the signed-in set-up). */
  askPassword?: boolean;
  /** Answers the recovery codes once the code turned the factor on. */
  confirm(code: string): Promise<string[]>;
  onComplete(): void;
  onCancel?(): void;
  doneLabel?: string;
}) {
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [loadError, setLoadError] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);

  useEffect(() => {
    if (askPassword) return;
    let live = true;
    begin()
      .then((value) => live && setSetup(value))
      .catch((caught) => live && setLoadError(serverMessage(caught) ?? 'Could not start the set-up.'));
    return () => {
      live = false;
    };
    // Once per mount: a new set-up replaces the secret shown.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!code.trim()) return setError(TWO_FACTOR_MESSAGES.codeRequired);
    setBusy(true);
    setError('');
    try {
      setCodes(await confirm(code));
    } catch (caught) {
      setError(serverMessage(caught) ?? TWO_FACTOR_MESSAGES.codeInvalid);
    } finally {
      setBusy(false);
    }
  }

  if (codes) return <RecoveryCodes codes={codes} onDone={onComplete} doneLabel={doneLabel} />;
  if (loadError) return <Banner message={loadError} />;
  if (askPassword && !setup) return <PasswordStep begin={begin} onStarted={setSetup} onCancel={onCancel} />;
  if (!setup) return <Spinner label="Preparing your QR code..." />;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <ol className="list-decimal space-y-1 pl-5 text-sm text-muted">
        <li>Open an authenticator app (Google Authenticator, 1Password, Authy...).</li>
        <li>Scan this QR code, or type the key below.</li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      <div className="flex flex-col items-center gap-3 sm:flex-row sm:items-start">
        <img
          src={setup.qrCode}
          alt="QR code for your authenticator app"
          width={176}
          height={176}
          className="size-44 rounded-lg border border-line bg-white p-2"
        />
        <div className="min-w-0 text-sm">
          <p className="font-medium text-ink">Key</p>
          <p className="break-all font-mono text-ink" data-testid="two-factor-secret">
            {spaced(setup.secret)}
          </p>
          <p className="mt-1 text-xs text-muted">Time-based, 6 digits, every 30 seconds.</p>
        </div>
      </div>
      <CodeField value={code} onChange={setCode} error={error} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={busy}>
          {busy ? TWO_FACTOR_MESSAGES.verifying : TWO_FACTOR_MESSAGES.verify}
        </Button>
        {onCancel && (
          <Button variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}
