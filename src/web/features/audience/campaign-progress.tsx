import type { Campaign } from '../../../shared/schemas/campaigns';

const n = (value: number) => value.toLocaleString('en-US');

/** Sent out of the total, with what is still pending or queued and what failed or was cancelled. */
export function CampaignProgress({ progress }: { progress: Campaign['progress'] }) {
  const { total, sent, pending, queued, failed, cancelled } = progress;
  if (total === 0) return <span className="text-xs text-muted">Not started</span>;
  const share = (value: number) => `${Math.min(100, (value / total) * 100)}%`;
  const parts = [
    pending && `${n(pending)} pending`,
    queued && `${n(queued)} queued`,
    failed && `${n(failed)} failed`,
    cancelled && `${n(cancelled)} cancelled`,
  ].filter(Boolean);
  return (
    <div className="min-w-[9rem] space-y-1">
      <div
        role="progressbar"
        aria-label="Sent"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={sent}
        aria-valuetext={`${n(sent)} of ${n(total)} sent`}
        className="flex h-2 overflow-hidden rounded-full bg-slate-100"
      >
        <div className="h-full bg-brand-600" style={{ width: share(sent) }} />
        <div className="h-full bg-red-500" style={{ width: share(failed) }} />
        <div className="h-full bg-slate-400" style={{ width: share(cancelled) }} />
      </div>
      <p className="text-xs tabular-nums text-ink">
        {n(sent)} / {n(total)} sent
      </p>
      {parts.length > 0 && <p className="text-xs tabular-nums text-muted">{parts.join(' · ')}</p>}
    </div>
  );
}
