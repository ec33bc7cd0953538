import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { MemberTwoFactor } from '../../../shared/schemas/two-factor';
import { api, serverMessage } from '../../lib/api-client';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';

const memberKey = (id: string) => ['two-factor', 'member', id] as const;

/** For an Admin in a member's side panel: is their second factor on, and a reset for a lost phone. */
export function MemberTwoFactorControl({ userId, name }: { userId: string; name: string }) {
  const queryClient = useQueryClient();
  const status = useQuery({
    queryKey: memberKey(userId),
    queryFn: async () => (await api.get<MemberTwoFactor>(`users/${userId}/two-factor`)).data,
  });
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  async function reset() {
    setBusy(true);
    try {
      toast.success((await api.delete<{ message: string }>(`users/${userId}/two-factor`)).data.message);
      await queryClient.invalidateQueries({ queryKey: memberKey(userId) });
    } catch (caught) {
      toast.error(serverMessage(caught) ?? 'Could not reset two-factor sign-in.');
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  }

  return (
    <section aria-labelledby={`member-2fa-${userId}`} className="space-y-2">
      <h3 id={`member-2fa-${userId}`} className="text-xs font-semibold uppercase tracking-wide text-muted">
        Two-factor sign-in
      </h3>
      {status.isPending ? (
        <p className="text-sm text-muted">Checking...</p>
      ) : status.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {serverMessage(status.error) ?? 'Could not read it.'}
        </p>
      ) : (
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <Badge color={status.data.enabled ? 'green' : 'grey'}>{status.data.enabled ? 'On' : 'Off'}</Badge>
          {status.data.enabled && !confirming && (
            <Button variant="secondary" size="sm" onClick={() => setConfirming(true)}>
              Reset two-factor
            </Button>
          )}
        </div>
      )}
      {confirming && (
        <div className="rounded-lg border border-line bg-canvas p-3 text-sm">
          <p className="text-ink">
            Reset two-factor sign-in of {name}? They sign in with their password alone (or set it up again
            where the workspace requires it).
          </p>
          <div className="mt-2 flex gap-2">
            <Button variant="danger" size="sm" disabled={busy} onClick={() => void reset()}>
              {busy ? 'Resetting...' : 'Reset'}
            </Button>
            <Button variant="ghost" size="sm" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
          </div>
        </div>
      )}
    </section>
  );
}
