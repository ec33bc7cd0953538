import { useState } from 'react';
import { MAILING_LIST_MESSAGES as M } from '../../../shared/messages';
import { serverMessage } from '../../lib/api-client';
import { useHydrated } from '../../lib/hydration';
import { Button } from '../ui/button';
import { cn } from '../ui/cn';
import { subscribe } from '../../lib/subscribe-api';

/**
 * A sign-up to a list's public form (POST /api/subscribe/:formKey): the list's one 202 message once done,
 * or the server's refusal (a bad address, too many sign-ups). Shared by the /subscribe page and the
 * footer's newsletter block, so both say the same.
 */
export function useSubscribeSubmit(formKey: string) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [done, setDone] = useState<string | null>(null);
  async function submit(body: { email: string; name: string }) {
    setBusy(true);
    setError('');
    try {
      setDone(await subscribe(formKey, body));
    } catch (caught) {
      setError(serverMessage(caught) ?? M.emailInvalid);
    } finally {
      setBusy(false);
    }
  }
  return { busy, error, done, submit };
}

/**
 * The list's consent text beside the button that agrees to it (the button names it as its description):
 * what a visitor accepts by subscribing. The button waits for the page's script, which sends the form.
 */
export function ConsentSubmit({
  id,
  consentText,
  busy,
  disabled = false,
  className,
  textClassName,
}: {
  id: string;
  consentText: string;
  busy: boolean;
  disabled?: boolean;
  className?: string;
  textClassName?: string;
}) {
  const hydrated = useHydrated();
  return (
    <div className={cn('space-y-4', className)}>
      <p id={id} className={cn('rounded-lg bg-canvas p-3 text-sm text-ink', textClassName)}>
        {consentText}
      </p>
      <Button
        type="submit"
        size="lg"
        className="w-full sm:w-auto"
        aria-describedby={id}
        disabled={busy || disabled || !hydrated}
      >
        {busy ? M.subscribeBusy : `${M.subscribeAgree} — ${M.subscribeButton}`}
      </Button>
    </div>
  );
}
