import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { TWO_FACTOR_MESSAGES } from '../../../shared/messages';
import { serverMessage } from '../../lib/api-client';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';
import { Spinner } from '../ui/spinner';
import { CodeCheckForm } from './code-check-form';
import { Enrolment } from './enrolment';
import { RecoveryCodes } from './recovery-codes';
import { ownFactor, twoFactorStatusKey, useTwoFactorStatus } from '../../lib/two-factor-api';

type Mode = 'idle' | 'enrolling' | 'disabling' | 'renewing';

const since = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });

/** The signed-in member's own two-factor sign-in: turn on, see its state, renew codes, turn off. */
export function TwoFactorSettings() {
  const status = useTwoFactorStatus();
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<Mode>('idle');
  const [renewed, setRenewed] = useState<string[] | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: twoFactorStatusKey });
  const finish = () => {
    setMode('idle');
    void refresh();
  };

  if (status.isPending) return <Spinner label="Reading your two-factor status..." />;
  if (status.isError)
    return <p role="alert">{serverMessage(status.error) ?? 'Could not read your two-factor status.'}</p>;
  const { enabled, enabledAt, recoveryCodesLeft, requiredByWorkspace } = status.data;

  if (renewed) return <RecoveryCodes codes={renewed} onDone={() => setRenewed(null)} />;
  if (mode === 'enrolling')
    return (
      <Enrolment
        askPassword
        begin={(password) => ownFactor.begin(password ?? '')}
        confirm={async (code) => {
          const answer = await ownFactor.confirm(code);
          toast.success(answer.message);
          return answer.recoveryCodes;
        }}
        onComplete={finish}
        onCancel={() => setMode('idle')}
      />
    );

  return (
    <div className="space-y-3">
      <p className="flex flex-wrap items-center gap-2 text-ink">
        <span className="font-medium">Authenticator app</span>
        <Badge color={enabled ? 'green' : 'grey'}>{enabled ? 'On' : 'Off'}</Badge>
        {requiredByWorkspace && <Badge color="blue">Required by your workspace</Badge>}
      </p>
      {enabled && enabledAt ? (
        <p>
          On since {since(enabledAt)}. {recoveryCodesLeft} recovery code{recoveryCodesLeft === 1 ? '' : 's'}{' '}
          left.
        </p>
      ) : (
        <p>Sign-in asks for a code from your phone after the password, so a stolen password is not enough.</p>
      )}
      {mode === 'disabling' && (
        <CodeCheckForm
          action="Turn off"
          busyLabel="Turning off..."
          danger
          onCancel={() => setMode('idle')}
          onSubmit={async (code) => {
            toast.success((await ownFactor.disable(code)).message);
            finish();
          }}
        />
      )}
      {mode === 'renewing' && (
        <CodeCheckForm
          action="Make new codes"
          busyLabel="Making codes..."
          onCancel={() => setMode('idle')}
          onSubmit={async (code) => {
            const answer = await ownFactor.renewCodes(code);
            toast.success(answer.message);
            setRenewed(answer.recoveryCodes);
            finish();
          }}
        />
      )}
      {mode === 'idle' && (
        <div className="flex flex-wrap gap-2">
          {!enabled && (
            <Button size="sm" onClick={() => setMode('enrolling')}>
              Turn on two-factor sign-in
            </Button>
          )}
          {enabled && (
            <>
              <Button variant="secondary" size="sm" onClick={() => setMode('renewing')}>
                New recovery codes
              </Button>
              <Button
                variant="secondary"
                size="sm"
                disabled={requiredByWorkspace}
                title={requiredByWorkspace ? TWO_FACTOR_MESSAGES.requiredByWorkspace : undefined}
                onClick={() => setMode('disabling')}
              >
                Turn off
              </Button>
            </>
          )}
        </div>
      )}
    </div>
  );
}
