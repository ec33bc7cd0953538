import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { serverMessage } from '../../lib/api-client';
import { Switch } from '../ui/switch';
import { setTwoFactorPolicy, twoFactorStatusKey, useTwoFactorStatus } from '../../lib/two-factor-api';

/**
 * The workspace's rule, for its Business Admin or an Admin: every member signs in with a second factor.
 * The server refuses it until the person turning it on has one (so they are never locked out).
 */
export function TwoFactorPolicy() {
  const status = useTwoFactorStatus();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const required = status.data?.requiredByWorkspace ?? false;

  async function change(next: boolean) {
    if (busy) return;
    setBusy(true);
    try {
      toast.success((await setTwoFactorPolicy(next)).message);
      await queryClient.invalidateQueries({ queryKey: twoFactorStatusKey });
    } catch (caught) {
      toast.error(serverMessage(caught) ?? 'Could not change the rule.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Switch
      label="Require two-factor sign-in"
      description={
        required
          ? 'On for this workspace: members without it set it up at their next sign-in.'
          : 'Off for this workspace'
      }
      checked={required}
      onChange={(next) => void change(next)}
    />
  );
}
