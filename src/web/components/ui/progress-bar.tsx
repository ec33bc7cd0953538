import { useId } from 'react';
import { USAGE_WARN_PERCENT } from '../../../shared/plans';
import { cn } from './cn';

/** Share of `max` that `value` is, 0–100, rounded down: 100 only once the limit is reached. */
export function percentOf(value: number, max: number): number {
  if (max <= 0 || value >= max) return 100;
  return Math.min(99, Math.max(0, Math.floor((value / max) * 100)));
}

/** The bar's colour: brand, amber past the warning share, red at the limit. */
export function progressTone(value: number, max: number): 'normal' | 'warning' | 'full' {
  if (value >= max) return 'full';
  if ((value / max) * 100 > USAGE_WARN_PERCENT) return 'warning';
  return 'normal';
}

const FILL = {
  normal: 'bg-brand-600',
  warning: 'bg-amber-500',
  full: 'bg-red-600',
} as const;

/**
 * An accessible progress bar: role="progressbar" with its value, bounds and a readable value text, named by
 * `label` (visible) or by the element `labelledBy` names.
 */
export function ProgressBar({
  value,
  max,
  label,
  labelledBy,
  valueText,
  className,
}: {
  value: number;
  max: number;
  label?: string;
  labelledBy?: string;
  valueText?: string;
  className?: string;
}) {
  const ownId = useId();
  const percent = percentOf(value, max);
  const tone = progressTone(value, max);
  return (
    <div className={className}>
      {label && (
        <p id={ownId} className="mb-1 text-sm font-medium text-muted">
          {label}
        </p>
      )}
      <div
        role="progressbar"
        aria-labelledby={labelledBy ?? (label ? ownId : undefined)}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={valueText ?? `${percent}% used`}
        data-tone={tone}
        className="h-2 overflow-hidden rounded-full bg-slate-100"
      >
        <div className={cn('h-full rounded-full', FILL[tone])} style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
