import { lazy, Suspense, useState, type ReactNode } from 'react';
import { CalendarRange, X } from 'lucide-react';
import { AUDIT_KIND_LABELS, AUDIT_KINDS } from '../../../../shared/audit';
import { auditKindFilterSchema } from '../../../../shared/schemas/audit';
import { Button } from '../../../components/ui/button';
import { OptionSelectField } from '../../../components/ui/option-select-field';
import { Spinner } from '../../../components/ui/spinner';
import type { DayRange } from '../../../components/ui/date-range-filter';
import { dayDate, dayText } from './audit-days';
import type { AuditFilters } from './audit-api';

// The calendar (react-date-range and date-fns) loads only when someone opens it.
const DateRangeFilter = lazy(() =>
  import('../../../components/ui/date-range-filter').then((module) => ({ default: module.DateRangeFilter })),
);

const KIND_OPTIONS = [
  { value: '', label: 'All kinds' },
  ...[...AUDIT_KINDS, 'other' as const].map((kind) => ({ value: kind, label: AUDIT_KIND_LABELS[kind] })),
];

/**
 * The kind select and the date-range picker of the audit log (days are whole UTC days); `actions` sit at
 * the end of the same row, above the calendar when it is open.
 */
export function AuditFiltersBar({
  filters,
  onChange,
  actions,
}: {
  filters: AuditFilters;
  onChange(filters: AuditFilters): void;
  actions?: ReactNode;
}) {
  const [pickerOpen, setPickerOpen] = useState(false);
  const range: DayRange | null =
    filters.from && filters.to ? { startDate: dayDate(filters.from), endDate: dayDate(filters.to) } : null;
  const filtered = Boolean(filters.kind || filters.from || filters.to);
  return (
    <div className="space-y-3">
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
        <OptionSelectField
          label="Kind"
          size="sm"
          className="sm:w-56"
          options={KIND_OPTIONS}
          value={filters.kind ?? ''}
          onChange={(event) => {
            const kind = auditKindFilterSchema.safeParse(event.target.value);
            onChange({ ...filters, kind: kind.success ? kind.data : undefined });
          }}
        />
        <Button
          variant="secondary"
          aria-expanded={pickerOpen}
          aria-controls="audit-date-range"
          onClick={() => setPickerOpen((open) => !open)}
        >
          <CalendarRange className="size-4" aria-hidden />
          {range ? `${filters.from} to ${filters.to}` : 'Dates'}
        </Button>
        {filtered && (
          <Button
            variant="ghost"
            onClick={() => {
              setPickerOpen(false);
              onChange({});
            }}
          >
            <X className="size-4" aria-hidden />
            Clear filters
          </Button>
        )}
        {actions && <div className="sm:ml-auto">{actions}</div>}
      </div>
      {pickerOpen && (
        <div id="audit-date-range" className="space-y-1">
          <Suspense fallback={<Spinner label="Loading the calendar..." />}>
            <DateRangeFilter
              range={range}
              onChange={(next) =>
                onChange({ ...filters, from: dayText(next.startDate), to: dayText(next.endDate) })
              }
            />
          </Suspense>
          <p className="text-xs text-muted">Days are whole days in UTC.</p>
        </div>
      )}
    </div>
  );
}
