import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  IMPORT_SOURCE,
  LEAD_DATE_FILTERS,
  LEAD_PRIORITIES,
  LEAD_SORT_FIELDS,
  LEAD_SOURCES,
  LEAD_STATUSES,
  type LeadDateFilter,
} from '../../../shared/schemas/leads';

export type LeadSortField = (typeof LEAD_SORT_FIELDS)[number];
export type SortOrder = 'asc' | 'desc';
export type LeadView = 'table' | 'board';

/** The list's filters as they live in the URL query ('' means "any"). */
export interface LeadFilters {
  search: string;
  status: string;
  priority: string;
  source: string;
  dateFilter: LeadDateFilter;
  /** 'me': "My leads". */
  owner: '' | 'me';
  /** 'due': "Due today / Overdue". */
  followUp: '' | 'due';
  from: string;
  to: string;
  sort: LeadSortField;
  order: SortOrder;
  page: number;
}

export const PAGE_SIZE = 25;
/** The board shows the newest leads of the current filter, at most one API page. */
export const BOARD_LIMIT = 100;

export const DATE_FILTER_LABELS: Record<LeadDateFilter, string> = {
  all: 'All time',
  today: 'Today',
  yesterday: 'Yesterday',
  last7days: 'Last 7 days',
  last30days: 'Last 30 days',
  last90days: 'Last 90 days',
  thismonth: 'This month',
  lastmonth: 'Last month',
  custom: 'Custom range',
};
/** Sources plus the one imported rows get (docs/product/leads.md#lead-fields). */
export const SOURCE_OPTIONS = [...LEAD_SOURCES, IMPORT_SOURCE] as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const oneOf = <T extends string>(list: readonly T[], value: string | null, fallback: T): T =>
  list.includes(value as T) ? (value as T) : fallback;

function readFilters(params: URLSearchParams): LeadFilters {
  const page = Number(params.get('page'));
  const day = (key: string) => (DAY.test(params.get(key) ?? '') ? params.get(key)! : '');
  return {
    search: params.get('search') ?? '',
    status: oneOf<string>(LEAD_STATUSES, params.get('status'), ''),
    priority: oneOf<string>(LEAD_PRIORITIES, params.get('priority'), ''),
    source: params.get('source') ?? '',
    dateFilter: oneOf(LEAD_DATE_FILTERS, params.get('dateFilter'), 'all'),
    owner: params.get('owner') === 'me' ? 'me' : '',
    followUp: params.get('followUp') === 'due' ? 'due' : '',
    from: day('from'),
    to: day('to'),
    sort: oneOf(LEAD_SORT_FIELDS, params.get('sort'), 'date'),
    order: params.get('order') === 'asc' ? 'asc' : 'desc',
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

const DEFAULTS: Partial<Record<string, string>> = {
  dateFilter: 'all',
  sort: 'date',
  order: 'desc',
  page: '1',
};

/**
 * Filters, sort, page and view kept in the URL query (a reload or a shared link keeps them). Any change
 * other than the page itself goes back to page 1; default values are left out of the URL.
 */
export function useLeadFilters() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readFilters(params), [params]);
  const view: LeadView = params.get('view') === 'board' ? 'board' : 'table';

  const update = useCallback(
    (changes: Partial<Record<keyof LeadFilters | 'view', string | number>>) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (!('page' in changes) && !('view' in changes)) next.delete('page');
          for (const [key, raw] of Object.entries(changes)) {
            const value = String(raw ?? '');
            if (!value || DEFAULTS[key] === value || (key === 'view' && value === 'table')) next.delete(key);
            else next.set(key, value);
          }
          if ((next.get('dateFilter') ?? 'all') !== 'custom') {
            next.delete('from');
            next.delete('to');
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  const active =
    Boolean(
      filters.search ||
      filters.status ||
      filters.priority ||
      filters.source ||
      filters.owner ||
      filters.followUp,
    ) || filters.dateFilter !== 'all';
  return { filters, view, update, active };
}

/** The API query for these filters (GET /api/leads and /export); empty filters are left out. */
export function listParams(filters: LeadFilters, limit: number) {
  const custom = filters.dateFilter === 'custom';
  return {
    search: filters.search.trim() || undefined,
    status: filters.status || undefined,
    priority: filters.priority || undefined,
    source: filters.source || undefined,
    owner: filters.owner || undefined,
    followUp: filters.followUp || undefined,
    dateFilter: filters.dateFilter,
    from: (custom && filters.from) || undefined,
    to: (custom && filters.to) || undefined,
    // "Today" is the user's today: the server shifts day boundaries by the browser's offset.
    tzOffset: new Date().getTimezoneOffset(),
    sort: filters.sort,
    order: filters.order,
    page: filters.page,
    limit,
  };
}
