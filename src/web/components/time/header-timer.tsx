import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Square, Timer } from 'lucide-react';
import { toast } from 'sonner';
import { serverMessage } from '../../lib/api-client';
import { useStopTimer, useTimer } from '../../lib/time-api';

/** Elapsed time as h:mm:ss from a start, ticking each second. */
function useElapsed(startedAt: string | null): string {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!startedAt) return;
    const id = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(id);
  }, [startedAt]);
  if (!startedAt) return '';
  const seconds = Math.max(0, Math.floor((now - Date.parse(startedAt)) / 1000));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${Math.floor(seconds / 3600)}:${pad(Math.floor((seconds % 3600) / 60))}:${pad(seconds % 60)}`;
}

/**
 * The running timer in the dashboard's header (docs/product/projects.md#time): the server keeps it, so it
 * shows after a reload and in every tab; Stop logs its minutes.
 */
export function HeaderTimer() {
  const timer = useTimer(true);
  const stop = useStopTimer();
  const running = timer.data ?? null;
  const elapsed = useElapsed(running?.startedAt ?? null);
  if (!running) return null;
  return (
    <div
      className="flex items-center gap-1 rounded-full border border-brand-200 bg-brand-50 py-1 pl-3 pr-1 text-sm"
      data-testid="header-timer"
    >
      <Timer className="size-4 text-brand-700" aria-hidden />
      <Link
        to={`/dashboard/our-projects?project=${running.project._id}`}
        className="hidden max-w-40 truncate font-medium text-brand-800 hover:underline sm:inline"
        title={`${running.project.code} ${running.project.name}`}
      >
        {running.project.code}
      </Link>
      <span
        className="font-mono tabular-nums text-brand-800"
        aria-label={`Timer running on ${running.project.code}: ${elapsed}`}
      >
        {elapsed}
      </span>
      <button
        type="button"
        className="ml-1 rounded-full bg-brand-600 p-1.5 text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-60"
        aria-label="Stop the timer"
        disabled={stop.isPending}
        onClick={() =>
          stop.mutate(undefined, {
            onSuccess: (answer) => toast.success(answer.message),
            onError: (error) => toast.error(serverMessage(error) ?? 'The timer could not be stopped.'),
          })
        }
      >
        <Square className="size-3.5 fill-current" aria-hidden />
      </button>
    </div>
  );
}
