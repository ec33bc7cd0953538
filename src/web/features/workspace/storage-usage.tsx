import { useId } from 'react';
import { Gauge } from 'lucide-react';
import type { WorkspaceUsage } from '../../../shared/schemas/workspace';
import { formatIndianNumber } from '../../../shared/text';
import { ProgressBar, percentOf, progressTone } from '../../components/ui/progress-bar';
import { cn } from '../../components/ui/cn';
import { formatBytes } from './format-bytes';

interface Meter {
  key: 'storage' | 'members' | 'emails' | 'projects';
  label: string;
  used: number;
  limit: number | null;
  format: (n: number) => string;
}

/** One figure of the plan: used of limit with a bar; 'Unlimited' and no bar when the plan has no limit. */
function UsageMeter({ meter }: { meter: Meter }) {
  const labelId = useId();
  const { used, limit, format } = meter;
  const percent = limit === null ? null : percentOf(used, limit);
  const tone = limit === null ? 'normal' : progressTone(used, limit);
  return (
    <div className="min-w-0">
      <p id={labelId} className="text-sm font-medium text-muted">
        {meter.label}
      </p>
      <p className="mt-1 text-lg font-bold tracking-tight text-ink" data-testid={`workspace-${meter.key}`}>
        {format(used)}
        <span className="text-sm font-medium text-muted">
          {' '}
          of {limit === null ? 'Unlimited' : format(limit)}
        </span>
      </p>
      {limit !== null && percent !== null ? (
        <>
          <ProgressBar
            className="mt-2"
            value={used}
            max={limit}
            labelledBy={labelId}
            valueText={`${format(used)} of ${format(limit)} (${percent}%)`}
          />
          <p
            className={cn(
              'mt-1.5 text-xs',
              tone === 'full'
                ? 'font-semibold text-red-700'
                : tone === 'warning'
                  ? 'text-amber-800'
                  : 'text-muted',
            )}
          >
            {tone === 'full' ? 'Limit reached' : `${percent}% used`}
          </p>
        </>
      ) : (
        <p className="mt-2 text-xs text-muted">No limit on this plan</p>
      )}
    </div>
  );
}

/** Workspace Settings → General: the plan's limits in use (docs/product/workspace.md#plan-limits), from GET /api/workspace. */
export function PlanUsage({ usage }: { usage: WorkspaceUsage }) {
  const meters: Meter[] = [
    { key: 'storage', label: 'Storage usage', ...usage.storage, format: formatBytes },
    { key: 'members', label: 'Members', ...usage.members, format: formatIndianNumber },
    { key: 'emails', label: 'E-mails today', ...usage.emailsToday, format: formatIndianNumber },
    { key: 'projects', label: 'Open projects', ...usage.openProjects, format: formatIndianNumber },
  ];
  return (
    <section
      aria-labelledby="plan-usage-title"
      className="rounded-2xl border border-line bg-surface p-5 shadow-sm"
    >
      <div className="flex items-center justify-between gap-3">
        <div>
          <h2 id="plan-usage-title" className="text-base font-semibold text-ink">
            Plan usage
          </h2>
          <p className="text-xs text-muted">{usage.planName} plan · e-mails count per day (UTC)</p>
        </div>
        <span className="rounded-lg bg-brand-50 p-2 text-brand-700">
          <Gauge className="size-4" aria-hidden />
        </span>
      </div>
      <div className="mt-4 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
        {meters.map((meter) => (
          <UsageMeter key={meter.key} meter={meter} />
        ))}
      </div>
    </section>
  );
}
