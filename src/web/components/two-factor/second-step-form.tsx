import { useRef, useState, type FormEvent } from 'react';
import type { AuthResult } from '../../../shared/schemas/public-user';
import type { SecondStepAnswer } from '../../../shared/schemas/two-factor';
import { TWO_FACTOR_MESSAGES } from '../../../shared/messages';
import { serverMessage } from '../../lib/api-client';
import { Banner } from '../ui/banner';
import { Button } from '../ui/button';
import { CodeField } from './code-field';
import { Enrolment } from './enrolment';
import { signInStep } from '../../lib/two-factor-api';

/**
 * The login page after a right password, for an account with two-factor sign-in (a code, or a recovery
 * code) or in a workspace that requires it (set it up now). `onBack` returns to the password.
 */
export function SecondStepForm({
  step,
  onSignedIn,
  onBack,
}: {
  step: SecondStepAnswer;
  onSignedIn(result: AuthResult): void;
  onBack(message?: string): void;
}) {
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const signedIn = useRef<AuthResult | null>(null);

  /** An expired challenge sends the user back to the password with the reason. */
  function failed(caught: unknown, fallback: string): string {
    const message = serverMessage(caught) ?? fallback;
    if (message === TWO_FACTOR_MESSAGES.challengeExpired) onBack(message);
    return message;
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!code.trim()) return setError(TWO_FACTOR_MESSAGES.codeRequired);
    setBusy(true);
    setError('');
    try {
      onSignedIn(await signInStep.withCode(step.challengeToken, code));
    } catch (caught) {
      setError(failed(caught, TWO_FACTOR_MESSAGES.codeInvalid));
      setBusy(false);
    }
  }

  const back = (
    <Button variant="ghost" size="sm" onClick={() => onBack()}>
      Back to sign in
    </Button>
  );

  if (step.secondStep === 'setup')
    return (
      <div className="space-y-4">
        <Banner tone="info" message={TWO_FACTOR_MESSAGES.setupRequiredHelp} />
        <Enrolment
          begin={() => signInStep.begin(step.challengeToken)}
          confirm={async (value) => {
            try {
              const result = await signInStep.confirm(step.challengeToken, value);
              signedIn.current = result;
              return result.recoveryCodes;
            } catch (caught) {
              failed(caught, TWO_FACTOR_MESSAGES.codeInvalid);
              throw caught;
            }
          }}
          onComplete={() => signedIn.current && onSignedIn(signedIn.current)}
          doneLabel="I have saved them: continue"
        />
        {back}
      </div>
    );

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <div>
        <h2 className="text-lg font-semibold text-ink">{TWO_FACTOR_MESSAGES.secondStepTitle}</h2>
        <p className="mt-1 text-sm text-muted">
          {recovery ? TWO_FACTOR_MESSAGES.recoveryHelp : TWO_FACTOR_MESSAGES.secondStepHelp}
        </p>
      </div>
      <CodeField
        key={recovery ? 'recovery' : 'app'}
        value={code}
        onChange={setCode}
        error={error}
        recovery={recovery}
      />
      <Button type="submit" size="lg" className="w-full" disabled={busy}>
        {busy ? TWO_FACTOR_MESSAGES.verifying : TWO_FACTOR_MESSAGES.verify}
      </Button>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Button
          variant="ghost"
          size="sm"
          onClick={() => {
            setRecovery(!recovery);
            setCode('');
            setError('');
          }}
        >
          {recovery ? TWO_FACTOR_MESSAGES.useAuthenticatorCode : TWO_FACTOR_MESSAGES.useRecoveryCode}
        </Button>
        {back}
      </div>
    </form>
  );
}
