import { useState, type FormEvent } from 'react';
import { Send } from 'lucide-react';
import { EMAIL_SETUP_MESSAGES as M } from '../../../shared/messages';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { TextField } from '../../components/ui/field';
import { serverMessage } from '../../lib/api-client';
import { useSendTestEmail } from './email-setup-api';

/** Sends a test e-mail through the saved set-up (no re-typing of the password) and says how it went. */
export function SendTestCard({ userEmail, configured }: { userEmail: string; configured: boolean }) {
  const [to, setTo] = useState('');
  const send = useSendTestEmail();
  const result = send.isSuccess
    ? send.data.message
    : send.isError
      ? (serverMessage(send.error) ?? M.testFailed)
      : '';

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    send.mutate(to.trim());
  }

  return (
    <Card>
      <h2 className="text-base font-semibold text-ink">Send a test e-mail</h2>
      <p className="mt-1 text-sm text-muted">Checks the saved settings by sending a real message.</p>
      <form onSubmit={onSubmit} noValidate className="mt-5 space-y-4" aria-label="Send a test e-mail">
        <TextField
          label="Recipient"
          type="email"
          placeholder={userEmail}
          help="Leave empty to send it to yourself."
          value={to}
          onChange={(event) => setTo(event.target.value)}
        />
        {result && <Banner message={result} />}
        {!configured && <p className="text-sm text-muted">{M.configureFirst}</p>}
        <Button type="submit" variant="secondary" disabled={!configured || send.isPending} className="w-full">
          <Send className="size-4" aria-hidden />
          {send.isPending ? 'Sending...' : 'Send test e-mail'}
        </Button>
      </form>
    </Card>
  );
}
