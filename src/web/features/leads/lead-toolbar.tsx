import type { ChangeEvent } from 'react';
import { BellRing, LayoutGrid, Table2, UserRound, X } from 'lucide-react';
import { LEAD_DATE_FILTERS, LEAD_PRIORITIES, LEAD_STATUSES } from '../../../shared/schemas/leads';
import { Button } from '../../components/ui/button';
import { cn } from '../../components/ui/cn';
import { TextField } from '../../components/ui/field';
import { OptionSelectField } from '../../components/ui/option-select-field';
import {
  DATE_FILTER_LABELS,
  SOURCE_OPTIONS,
  type FilterChanges,
  type LeadFilters,
  type LeadLayout,
} from './lead-filters';
import { LeadViews } from './lead-views';
import { SearchBox } from '../../components/ui/search-box';

const options = (any: string, values: readonly string[]) => [
  { value: '', label: any },
  ...values.map((value) => ({ value, label: value })),
];
const STATUS_OPTIONS = options('All statuses', LEAD_STATUSES);
const PRIORITY_OPTIONS = options('All priorities', LEAD_PRIORITIES);
const SOURCE_SELECT = options('All sources', SOURCE_OPTIONS);
const DATE_OPTIONS = LEAD_DATE_FILTERS.map((value) => ({ value, label: DATE_FILTER_LABELS[value] }));

type Update = (changes: FilterChanges) => void;

/** Search, the four filters (a custom from/to range when chosen), saved views, Clear filters and the Table/Board toggle. */
export function LeadToolbar({
  filters,
  layout,
  active,
  onChange,
}: {
  filters: LeadFilters;
  layout: LeadLayout;
  active: boolean;
  onChange: Update;
}) {
  const select = (key: keyof LeadFilters) => (e: ChangeEvent<HTMLSelectElement>) =>
    onChange({ [key]: e.target.value });
  return (
    <div className="space-y-3 rounded-2xl border border-line bg-white p-3 shadow-sm">
      <div className="grid grid-cols-2 gap-2 sm:gap-3 lg:grid-cols-[minmax(0,1fr)_9.5rem_9.5rem_10rem_10.5rem]">
        <div className="col-span-2 lg:col-span-1">
          <SearchBox
            label="Search leads"
            placeholder="Search name, email, company or phone"
            value={filters.search}
            onSearch={(search) => onChange({ search })}
          />
        </div>
        <OptionSelectField
          label="Filter by status"
          hideLabel
          size="sm"
          options={STATUS_OPTIONS}
          value={filters.status}
          onChange={select('status')}
        />
        <OptionSelectField
          label="Filter by priority"
          hideLabel
          size="sm"
          options={PRIORITY_OPTIONS}
          value={filters.priority}
          onChange={select('priority')}
        />
        <OptionSelectField
          label="Filter by source"
          hideLabel
          size="sm"
          options={SOURCE_SELECT}
          value={filters.source}
          onChange={select('source')}
        />
        <OptionSelectField
          label="Filter by date"
          hideLabel
          size="sm"
          options={DATE_OPTIONS}
          value={filters.dateFilter}
          onChange={select('dateFilter')}
        />
      </div>

      {filters.dateFilter === 'custom' && (
        <div className="grid grid-cols-2 gap-2 sm:max-w-md sm:gap-3">
          <TextField
            label="From"
            type="date"
            value={filters.from}
            max={filters.to || undefined}
            onChange={(e) => onChange({ from: e.target.value })}
          />
          <TextField
            label="To"
            type="date"
            value={filters.to}
            min={filters.from || undefined}
            onChange={(e) => onChange({ to: e.target.value })}
          />
        </div>
      )}

      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <LeadViews filters={filters} layout={layout} />
        <div role="group" aria-label="Quick filters" className="mr-auto flex flex-wrap gap-2">
          <QuickFilter
            pressed={filters.owner === 'me'}
            onClick={() => onChange({ owner: filters.owner === 'me' ? '' : 'me' })}
            icon={UserRound}
            label="My leads"
          />
          <QuickFilter
            pressed={filters.followUp === 'due'}
            onClick={() => onChange({ followUp: filters.followUp === 'due' ? '' : 'due' })}
            icon={BellRing}
            label="Due today / Overdue"
          />
        </div>
        <div
          role="group"
          aria-label="View"
          className="inline-flex rounded-lg border border-line bg-canvas p-0.5"
        >
          {(
            [
              ['table', 'Table', Table2],
              ['board', 'Board', LayoutGrid],
            ] as const
          ).map(([key, label, Icon]) => (
            <button
              key={key}
              type="button"
              aria-pressed={layout === key}
              onClick={() => onChange({ layout: key })}
              className={cn(
                'inline-flex h-8 items-center gap-1.5 rounded-md px-3 text-sm font-medium',
                layout === key ? 'bg-white text-brand-700 shadow-sm' : 'text-muted hover:text-ink',
              )}
            >
              <Icon className="size-4" aria-hidden />
              {label}
            </button>
          ))}
        </div>
        {active && (
          <Button
            variant="ghost"
            size="sm"
            onClick={() =>
              onChange({
                search: '',
                status: '',
                priority: '',
                source: '',
                owner: '',
                followUp: '',
                dateFilter: 'all',
                view: '',
              })
            }
          >
            <X className="size-4" aria-hidden />
            Clear filters
          </Button>
        )}
      </div>
    </div>
  );
}

/** A filter switched on and off by one press ("My leads", "Due today / Overdue"). */
function QuickFilter({
  pressed,
  onClick,
  icon: Icon,
  label,
}: {
  pressed: boolean;
  onClick(): void;
  icon: typeof UserRound;
  label: string;
}) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      className={cn(
        'inline-flex h-9 items-center gap-1.5 rounded-full border px-3 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
        pressed
          ? 'border-brand-600 bg-brand-50 text-brand-700'
          : 'border-line bg-white text-muted hover:text-ink',
      )}
    >
      <Icon className="size-4" aria-hidden />
      {label}
    </button>
  );
}
