import { useEffect, useState, type FormEvent } from 'react';
import type { TwoFactorSetup } from '../../../shared/schemas/two-factor';
import { TWO_FACTOR_MESSAGES } from '../../../shared/two-factor';
import { serverMessage } from '../../lib/api-client';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { CodeField } from './code-field';
import { RecoveryCodes } from './recovery-codes';

/** Groups the secret in fours, as it is typed into an app by hand. */
const spaced = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/**
 * Setting up an authenticator app: scan the QR code (or type the secret), confirm with a first code, then
 * keep the recovery codes. Used from the Security tab, the Profile and a sign-in that requires it.
 */
export function Enrolment({
  begin,
  confirm,
  onComplete,
  onCancel,
  doneLabel,
}: {
  begin(): Promise<TwoFactorSetup>;
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
