import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { LogOut, Monitor, MonitorSmartphone, Smartphone } from 'lucide-react';
import { toast } from 'sonner';
import type { SessionView } from '../../../shared/schemas/sessions';
import { SESSION_MESSAGES as M } from '../../../shared/messages';
import { Badge } from '../ui/badge';
import { Banner } from '../ui/banner';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { cn } from '../ui/cn';
import { Spinner } from '../ui/spinner';
import { serverMessage } from '../../lib/api-client';
import { timeAgo } from '../../lib/time-ago';
import { endOtherSessions, endSession, sessionsKey, useActiveSessions } from '../../lib/sessions-api';
import {
  REVOKE_SINCE_DEFAULT,
  RevokeSinceControl,
  revokeSinceIso,
  type RevokeSince,
} from './revoke-since-control';

const isPhone = (device: string) => /\b(iOS|Android)\b/.test(device);

/** A relative time ('5m ago') with the full date and time on hover and for assistive tech's reading. */
function When({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} title={new Date(iso).toLocaleString()}>
      {timeAgo(iso)}
    </time>
  );
}

function SessionRow({
  session,
  busy,
  onSignOut,
}: {
  session: SessionView;
  busy: boolean;
  onSignOut(session: SessionView): void;
}) {
  const Icon = isPhone(session.device) ? Smartphone : Monitor;
  return (
    <li className="flex items-start gap-3 py-3 first:pt-0 last:pb-0">
      <span className="mt-0.5 rounded-lg bg-slate-100 p-2 text-slate-600">
        <Icon className="size-4" aria-hidden />
      </span>
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="font-medium text-ink">{session.device}</span>
          {session.current && <Badge color="green">{M.thisDevice}</Badge>}
        </p>
        <p className="mt-0.5 break-all text-xs text-muted">{session.ip ?? 'Address unknown'}</p>
        <p className="text-xs text-muted">
          <span className="whitespace-nowrap">
            {M.signedIn}: <When iso={session.createdAt} />
          </span>{' '}
          ·{' '}
          <span className="whitespace-nowrap">
            {M.lastSeen}: <When iso={session.lastSeenAt} />
          </span>
        </p>
      </div>
      {!session.current && (
        <Button
          variant="secondary"
          size="sm"
          className="shrink-0"
          disabled={busy}
          aria-label={`${M.signOut} ${session.device}`}
          onClick={() => onSignOut(session)}
        >
          {M.signOut}
        </Button>
      )}
    </li>
  );
}

/**
 * docs/product/auth.md#sessions-on-the-server, "Active sessions": where the account is signed in, with device, address, when it signed in and
 * was last active; any other session can be signed out, or all of them at once. The Security tab of
 * Workspace Settings and Profile Settings show this same card.
 */
export function ActiveSessions({
  className,
  withIcon = true,
}: {
  className?: string;
  /** The Security tab's cards lead with an icon; Profile Settings' cards with the title alone. */
  withIcon?: boolean;
}) {
  const headingId = useId();
  const sessions = useActiveSessions();
  const queryClient = useQueryClient();
  /** The session being signed out, or 'others' while "Sign out everywhere else" runs. */
  const [pending, setPending] = useState<string | null>(null);
  /** "Also revoke what I made in the last…" (docs/security.md#lasting-credentials). */
  const [revoke, setRevoke] = useState<RevokeSince>(REVOKE_SINCE_DEFAULT);

  async function run(key: string, action: () => Promise<string>, failure: string) {
    setPending(key);
    try {
      toast.success(await action());
    } catch (error) {
      toast.error(serverMessage(error) ?? failure);
    } finally {
      setPending(null);
      void queryClient.invalidateQueries({ queryKey: sessionsKey });
    }
  }

  let body;
  if (sessions.isPending) body = <Spinner label={M.loading} />;
  else if (sessions.isError)
    body = (
      <div className="space-y-3">
        <Banner message={serverMessage(sessions.error) ?? M.loadFailed} />
        <Button variant="secondary" size="sm" onClick={() => void sessions.refetch()}>
          Try again
        </Button>
      </div>
    );
  else if (sessions.data.length === 0)
    body = (
      <p className="rounded-xl border border-dashed border-line bg-white px-6 py-8 text-center">
        No active sessions.
      </p>
    );
  else {
    // This device first, then the most recently active.
    const list = [...sessions.data].sort((a, b) => Number(b.current) - Number(a.current));
    body = (
      <ul aria-label={M.title} className="divide-y divide-line" aria-busy={sessions.isFetching}>
        {list.map((session) => (
          <SessionRow
            key={session._id}
            session={session}
            busy={pending !== null}
            onSignOut={(s) => void run(s._id, () => endSession(s._id), `Could not sign out of ${s.device}.`)}
          />
        ))}
      </ul>
    );
  }

  return (
    <Card role="region" aria-labelledby={headingId} className={className}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          {withIcon ? (
            <h2 id={headingId} className="flex items-center gap-2 text-sm font-semibold text-ink">
              <span className="rounded-lg bg-brand-50 p-2 text-brand-700">
                <MonitorSmartphone className="size-4" aria-hidden />
              </span>
              {M.title}
            </h2>
          ) : (
            <h2 id={headingId} className="text-base font-semibold text-ink">
              {M.title}
            </h2>
          )}
          <p className={cn('text-sm text-muted', withIcon ? 'mt-2' : 'mt-3')}>{M.intro}</p>
        </div>
        <Button
          variant="secondary"
          size="sm"
          className="sm:shrink-0"
          disabled={pending !== null || !sessions.isSuccess}
          onClick={() =>
            void run(
              'others',
              () => endOtherSessions(revokeSinceIso(revoke)),
              'Could not sign out the other sessions.',
            )
          }
        >
          <LogOut className="size-4" aria-hidden />
          {pending === 'others' ? 'Signing out...' : M.signOutOthers}
        </Button>
      </div>
      <RevokeSinceControl className="mt-3" value={revoke} onChange={setRevoke} disabled={pending !== null} />
      <div className="mt-4 text-sm text-muted">{body}</div>
    </Card>
  );
}
