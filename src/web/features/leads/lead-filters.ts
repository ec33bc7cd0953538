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
import type { LeadLayout, LeadViewQuery, LeadViewQueryInput } from '../../../shared/schemas/lead-views';

export type LeadSortField = (typeof LEAD_SORT_FIELDS)[number];
export type SortOrder = 'asc' | 'desc';
export type { LeadLayout };

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
  layout: 'table',
};

/** Before saved views the layout was `view=board`; such links still open the board. */
const OLD_LAYOUT_VALUES = ['table', 'board'];
const readLayout = (params: URLSearchParams): LeadLayout =>
  (params.get('layout') ?? params.get('view')) === 'board' ? 'board' : 'table';
/** `view=<id>`: the saved view the list was opened from (docs/product/leads.md#saved-views). */
const readViewId = (params: URLSearchParams): string => {
  const id = params.get('view') ?? '';
  return OLD_LAYOUT_VALUES.includes(id) || !/^[\w-]{1,100}$/.test(id) ? '' : id;
};

export type FilterChanges = Partial<Record<keyof LeadFilters | 'layout' | 'view', string | number>>;

/**
 * Filters, sort, page, layout and saved view kept in the URL query (a reload or a shared link keeps them).
 * Any change other than the page or the layout goes back to page 1; default values are left out of the URL.
 */
export function useLeadFilters() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readFilters(params), [params]);
  const layout = readLayout(params);

  const update = useCallback(
    (changes: FilterChanges) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (!('page' in changes) && !('layout' in changes)) next.delete('page');
          if ('layout' in changes && OLD_LAYOUT_VALUES.includes(next.get('view') ?? '')) next.delete('view');
          for (const [key, raw] of Object.entries(changes)) {
            const value = String(raw ?? '');
            if (!value || DEFAULTS[key] === value) next.delete(key);
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
  return { filters, layout, update, active };
}

/** The keys a saved view sets in the URL; applying one replaces all of them. */
const VIEW_KEYS = [
  'search',
  'status',
  'priority',
  'source',
  'owner',
  'followUp',
  'dateFilter',
  'from',
  'to',
  'sort',
  'order',
  'layout',
] as const satisfies readonly (keyof LeadViewQuery)[];

/** A view's query as the URL carries it: empty and default values left out, the range only when custom. */
export function viewQueryParams(
  query: Partial<Record<(typeof VIEW_KEYS)[number], string | undefined>>,
): Record<string, string> {
  const custom = query.dateFilter === 'custom';
  const out: Record<string, string> = {};
  for (const key of VIEW_KEYS) {
    const value = String(query[key] ?? '').trim();
    if (!value || DEFAULTS[key] === value || ((key === 'from' || key === 'to') && !custom)) continue;
    out[key] = value;
  }
  return out;
}

/** What the list shows now, as a saved view's query. */
export function currentViewQuery(filters: LeadFilters, layout: LeadLayout): LeadViewQueryInput {
  return viewQueryParams({ ...filters, layout });
}

/** True when the list shows exactly what the view would show. */
export function sameViewQuery(a: LeadViewQueryInput, b: LeadViewQueryInput): boolean {
  const x = viewQueryParams(a);
  const y = viewQueryParams(b);
  const keys = Object.keys(x);
  return keys.length === Object.keys(y).length && keys.every((key) => x[key] === y[key]);
}

/**
 * The saved view in the URL (`view=<id>`), and applying one: its query replaces the filters, sort, order
 * and layout in the URL, on page 1, with its id beside them (docs/product/leads.md#saved-views).
 */
export function useSavedViewParam() {
  const [params, setParams] = useSearchParams();
  const viewId = readViewId(params);
  /** The URL names a view and nothing it would set: a link to the view alone, to be applied. */
  const bare = viewId !== '' && VIEW_KEYS.every((key) => !params.has(key));

  const applyView = useCallback(
    (id: string | null, query: LeadViewQueryInput) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const key of [...VIEW_KEYS, 'page', 'view']) next.delete(key);
          for (const [key, value] of Object.entries(viewQueryParams(query))) next.set(key, value);
          if (id) next.set('view', id);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const forgetView = useCallback(
    () =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete('view');
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return { viewId, bare, applyView, forgetView };
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
