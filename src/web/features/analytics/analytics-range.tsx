import { lazy, Suspense, useState } from 'react';
import { CalendarRange } from 'lucide-react';
import { ANALYTICS_MESSAGES } from '../../../shared/messages';
import { cn } from '../../components/ui/cn';
import { Spinner } from '../../components/ui/spinner';
import type { DayRange } from './analytics-api';

// The calendar (react-date-range) loads only when a custom range is asked for.
const DateRangeFilter = lazy(() =>
  import('../../components/ui/date-range-filter').then((m) => ({ default: m.DateRangeFilter })),
);

/** The periods offered (docs/product/analytics.md#dashboard-sections): today, the last 7, 30 or 90 days, or custom. */
export const PERIODS = [
  { key: 'today', label: 'Today', days: 1 },
  { key: '7d', label: '7 days', days: 7 },
  { key: '30d', label: '30 days', days: 30 },
  { key: '90d', label: '90 days', days: 90 },
  { key: 'custom', label: 'Custom', days: 0 },
] as const;
export type PeriodKey = (typeof PERIODS)[number]['key'];

const DAY_MS = 86_400_000;
const utcDay = (time: number) => new Date(time).toISOString().slice(0, 10);
/** A calendar day as the picker shows it (the browser's own), named as the API's UTC day. */
const pickedDay = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
const asLocalDate = (day: string) => {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y!, m! - 1, d!);
};

/** The last `days` whole UTC days up to today. */
export function lastDays(days: number, now = Date.now()): DayRange {
  return { from: utcDay(now - (days - 1) * DAY_MS), to: utcDay(now) };
}

export interface PeriodState {
  period: PeriodKey;
  range: DayRange;
}

/** The period a section shows; starts at the last 30 days. */
export function usePeriod() {
  return useState<PeriodState>(() => ({ period: '30d', range: lastDays(30) }));
}

/** The period buttons and, for Custom, the product's date-range picker. */
export function PeriodPicker({ value, onChange }: { value: PeriodState; onChange(next: PeriodState): void }) {
  const [pickerOpen, setPickerOpen] = useState(value.period === 'custom');
  return (
    <div className="space-y-2">
      <div role="radiogroup" aria-label="Period" className="flex flex-wrap gap-1.5">
        {PERIODS.map((p) => {
          const checked = value.period === p.key;
          return (
            <button
              key={p.key}
              type="button"
              role="radio"
              aria-checked={checked}
              onClick={() => {
                if (p.key === 'custom') {
                  setPickerOpen((open) => !open || value.period !== 'custom');
                  onChange({ period: 'custom', range: value.range });
                } else {
                  setPickerOpen(false);
                  onChange({ period: p.key, range: lastDays(p.days) });
                }
              }}
              className={cn(
                'inline-flex h-9 items-center gap-1.5 rounded-lg border px-3 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
                checked
                  ? 'border-brand-600 bg-brand-600 text-white shadow-sm'
                  : 'border-line bg-white text-ink hover:bg-slate-50',
              )}
            >
              {p.key === 'custom' && <CalendarRange className="size-4" aria-hidden />}
              {p.label}
            </button>
          );
        })}
      </div>
      <p className="text-xs text-muted" data-testid="analytics-range">
        {value.range.from === value.range.to ? value.range.from : `${value.range.from} to ${value.range.to}`}
        {' · '}
        {ANALYTICS_MESSAGES.utcDays}
      </p>
      {pickerOpen && value.period === 'custom' && (
        <Suspense fallback={<Spinner label="Loading the calendar..." />}>
          <DateRangeFilter
            range={{ startDate: asLocalDate(value.range.from), endDate: asLocalDate(value.range.to) }}
            onChange={(next) =>
              onChange({
                period: 'custom',
                range: { from: pickedDay(next.startDate), to: pickedDay(next.endDate) },
              })
            }
          />
        </Suspense>
      )}
    </div>
  );
}
