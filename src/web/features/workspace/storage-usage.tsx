import { useId } from 'react';
import { HardDrive } from 'lucide-react';
import { formatBytes, storagePercent } from './format-bytes';

/** Used of limit with a progress bar; 'Unlimited' when the plan has no limit. */
export function StorageUsage({ used, limit }: { used: number; limit: number | null }) {
  const labelId = useId();
  const percent = storagePercent(used, limit);
  return (
    <div className="rounded-2xl border border-line bg-surface p-5 shadow-sm">
      <div className="flex items-center justify-between gap-3">
        <p id={labelId} className="text-sm font-medium text-muted">
          Storage usage
        </p>
        <span className="rounded-lg bg-brand-50 p-2 text-brand-700">
          <HardDrive className="size-4" aria-hidden />
        </span>
      </div>
      <p className="mt-2 text-2xl font-bold tracking-tight text-ink" data-testid="workspace-storage">
        {formatBytes(used)}
        <span className="text-sm font-medium text-muted">
          {' '}
          of {limit === null ? 'Unlimited' : formatBytes(limit)}
        </span>
      </p>
      {percent !== null && (
        <div
          role="progressbar"
          aria-labelledby={labelId}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={`${percent}% used`}
          className="mt-3 h-2 overflow-hidden rounded-full bg-slate-100"
        >
          <div
            className={percent >= 90 ? 'h-full rounded-full bg-red-600' : 'h-full rounded-full bg-brand-600'}
            style={{ width: `${percent}%` }}
          />
        </div>
      )}
      <p className="mt-2 text-xs text-muted">
        {percent === null ? 'No storage limit on this plan' : `${percent}% used`}
      </p>
    </div>
  );
}
