import { KeyRound } from 'lucide-react';
import { toast } from 'sonner';
import { PORTAL_MESSAGES as M } from '../../../shared/messages';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { serverMessage } from '../../lib/api-client';
import { usePortalAccess, usePortalAccessChange } from '../../lib/portal-access-api';
import { timeAgo } from '../../lib/time-ago';

/**
 * The client portal on a client's page (docs/product/portal.md#staff-controls): each contact with an e-mail,
 * whether they may sign in, their last sign-in; give or remove access, end their sessions.
 */
export function ClientPortalCard({ clientId }: { clientId: string }) {
  const contacts = usePortalAccess(clientId);
  const { grant, remove, endSessions } = usePortalAccessChange(clientId);
  const done = (message: string) => toast.success(message);
  const failed = (error: unknown) =>
    toast.error(serverMessage(error) ?? 'That did not work. Please try again.');
  const busy = grant.isPending || remove.isPending || endSessions.isPending;

  return (
    <section aria-labelledby="client-portal" data-testid="client-portal-card">
      <h3 id="client-portal" className="flex items-center gap-2 font-semibold text-ink">
        <KeyRound className="size-4 text-brand-700" aria-hidden /> {M.cardTitle}
      </h3>
      <p className="mt-1 text-muted">{M.cardIntro}</p>
      {contacts.data?.length === 0 ? (
        <p className="mt-2 text-muted">{M.noContacts}</p>
      ) : (
        <ul className="mt-2 divide-y divide-line rounded-xl border border-line">
          {contacts.data?.map((c) => (
            <li key={c.email} className="flex flex-wrap items-center justify-between gap-3 px-3 py-2">
              <div className="min-w-0">
                <span className="font-medium text-ink">{c.name}</span>{' '}
                {c.hasAccess && <Badge color="green">Portal access</Badge>}
                <span className="block truncate text-xs text-muted">{c.email}</span>
                {c.hasAccess && (
                  <span className="block text-xs text-muted">
                    {c.lastSignInAt ? M.lastSignIn(timeAgo(c.lastSignInAt)) : M.neverSignedIn}
                    {c.activeSessions > 0 && ` · ${M.activeSessions(c.activeSessions)}`}
                  </span>
                )}
              </div>
              <div className="flex flex-wrap gap-2">
                {c.hasAccess && c.accessId ? (
                  <>
                    {c.activeSessions > 0 && (
                      <Button
                        size="sm"
                        variant="secondary"
                        disabled={busy}
                        aria-label={`${M.endSessions}: ${c.name}`}
                        onClick={() => endSessions.mutate(c.accessId!, { onSuccess: done, onError: failed })}
                      >
                        {M.endSessions}
                      </Button>
                    )}
                    <Button
                      size="sm"
                      variant="secondary"
                      disabled={busy}
                      aria-label={`${M.remove}: ${c.name}`}
                      onClick={() => remove.mutate(c.accessId!, { onSuccess: done, onError: failed })}
                    >
                      {M.remove}
                    </Button>
                  </>
                ) : (
                  <Button
                    size="sm"
                    disabled={busy}
                    aria-label={`${M.grant}: ${c.name}`}
                    onClick={() => grant.mutate(c.email, { onSuccess: done, onError: failed })}
                  >
                    {M.grant}
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
