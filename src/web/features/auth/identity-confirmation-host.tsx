import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { IDENTITY_MESSAGES as M } from '../../../shared/messages';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { PasswordField, TextField } from '../../components/ui/field';
import { api, serverMessage } from '../../lib/api-client';
import { registerIdentityConfirmer } from '../../lib/identity-confirmation';

/**
 * The "Confirm it's you" dialog (docs/security.md#lasting-credentials), mounted once by the pages that add
 * credentials (the dashboard, Connect Botgit). When a call is refused for want of a recent password, the
 * API client opens it; the password (or a code of the authenticator app) confirms this session for 15
 * minutes and the call goes again. Cancel leaves the refusal as the answer.
 */
export function IdentityConfirmationHost() {
  const [open, setOpen] = useState(false);
  const settle = useRef<((confirmed: boolean) => void) | undefined>(undefined);

  useEffect(
    () =>
      registerIdentityConfirmer(
        () =>
          new Promise<boolean>((resolve) => {
            settle.current = resolve;
            setOpen(true);
          }),
      ),
    [],
  );

  function finish(confirmed: boolean) {
    setOpen(false);
    settle.current?.(confirmed);
    settle.current = undefined;
  }

  return open ? <ConfirmDialog onDone={finish} /> : null;
}

function ConfirmDialog({ onDone }: { onDone(confirmed: boolean): void }) {
  const formId = useId();
  const passwordRef = useRef<HTMLInputElement>(null);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!password && !code.trim()) return setError(M.missing);
    setBusy(true);
    setError('');
    try {
      await api.post('session/confirm', password ? { password } : { code: code.trim() });
      onDone(true);
    } catch (caught) {
      setError(serverMessage(caught) ?? M.passwordWrong);
      setBusy(false);
    }
  }

  return (
    <Dialog
      title={M.title}
      description={M.intro}
      onClose={() => onDone(false)}
      initialFocus={passwordRef}
      busy={busy}
      footer={
        <>
          <Button variant="secondary" onClick={() => onDone(false)} disabled={busy}>
            {M.cancel}
          </Button>
          <Button type="submit" form={formId} disabled={busy}>
            {busy ? 'Confirming...' : M.confirm}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-4">
        <PasswordField
          ref={passwordRef}
          label={M.passwordLabel}
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <TextField
          label={M.codeLabel}
          inputMode="numeric"
          autoComplete="one-time-code"
          value={code}
          onChange={(event) => setCode(event.target.value)}
        />
        {error && <Banner message={error} />}
      </form>
    </Dialog>
  );
}
