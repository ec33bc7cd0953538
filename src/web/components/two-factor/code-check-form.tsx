import { useState, type FormEvent } from 'react';
import { TWO_FACTOR_MESSAGES } from '../../../shared/messages';
import { serverMessage } from '../../lib/api-client';
import { Button } from '../ui/button';
import { CodeField } from './code-field';

/** Asks for a current code (or a recovery code) before an action that needs the factor's holder. */
export function CodeCheckForm({
  action,
  busyLabel,
  danger = false,
  onSubmit,
  onCancel,
}: {
  action: string;
  busyLabel: string;
  danger?: boolean;
  onSubmit(code: string): Promise<void>;
  onCancel(): void;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!code.trim()) return setError(TWO_FACTOR_MESSAGES.codeRequired);
    setBusy(true);
    setError('');
    try {
      await onSubmit(code);
    } catch (caught) {
      setError(serverMessage(caught) ?? TWO_FACTOR_MESSAGES.codeInvalid);
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      <CodeField
        value={code}
        onChange={setCode}
        error={error}
        label="Code from your app or a recovery code"
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant={danger ? 'danger' : 'primary'} size="sm" disabled={busy}>
          {busy ? busyLabel : action}
        </Button>
        <Button variant="ghost" size="sm" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
