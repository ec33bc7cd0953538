import type { LeadDateFilter } from '../../shared/schemas/leads';

const MINUTE_MS = 60_000;

/** Creation times from `from` (inclusive) up to `to` (exclusive), as ISO-8601 UTC; an open end is absent. */
export interface DateRange {
  from?: string;
  to?: string;
}

export interface DateRangeInput {
  now: Date;
  /** Minutes the user's clock is behind UTC, like Date#getTimezoneOffset (India: -330). */
  tzOffset: number;
  /** Custom range, whole local days (YYYY-MM-DD), both inclusive. */
  from?: string;
  to?: string;
}

/**
 * Date filters in the user's own calendar (docs/product/leads.md#search-and-filters): "today" in Mumbai starts at 18:30 UTC the day before.
 * The offset is the browser's current one, so a range crossing a daylight-saving change may be off by
 * that hour at its far end; India has no DST. "Last 7 days" is today and the six days before it (seven
 * calendar days), likewise 30 and 90. Returns null when nothing is filtered.
 */
export function leadDateRange(filter: LeadDateFilter, input: DateRangeInput): DateRange | null {
  const offsetMs = input.tzOffset * MINUTE_MS;
  // The user's wall-clock time, read through the UTC getters.
  const local = new Date(input.now.getTime() - offsetMs);
  const y = local.getUTCFullYear();
  const m = local.getUTCMonth();
  const d = local.getUTCDate();
  // Date.UTC rolls day 0 or day 32 over into the neighbouring month, which the presets rely on.
  const startOf = (year: number, month: number, day: number) =>
    new Date(Date.UTC(year, month, day) + offsetMs).toISOString();
  const lastDays = (days: number) => ({ from: startOf(y, m, d - days + 1), to: startOf(y, m, d + 1) });

  switch (filter) {
    case 'all':
      return null;
    case 'today':
      return { from: startOf(y, m, d), to: startOf(y, m, d + 1) };
    case 'yesterday':
      return { from: startOf(y, m, d - 1), to: startOf(y, m, d) };
    case 'last7days':
      return lastDays(7);
    case 'last30days':
      return lastDays(30);
    case 'last90days':
      return lastDays(90);
    case 'thismonth':
      return { from: startOf(y, m, 1), to: startOf(y, m + 1, 1) };
    case 'lastmonth':
      return { from: startOf(y, m - 1, 1), to: startOf(y, m, 1) };
    case 'custom': {
      if (!input.from && !input.to) return null;
      const day = (text: string, plus: number) => {
        const [year, month, date] = text.split('-').map(Number) as [number, number, number];
        return startOf(year, month - 1, date + plus);
      };
      return {
        ...(input.from ? { from: day(input.from, 0) } : {}),
        // Inclusive of the whole "to" day: the range ends where the next day starts.
        ...(input.to ? { to: day(input.to, 1) } : {}),
      };
    }
  }
}

/** The user's calendar day (YYYY-MM-DD) of a stored UTC instant, for the export's Date column. */
export function localDay(iso: string, tzOffset: number): string {
  return new Date(Date.parse(iso) - tzOffset * MINUTE_MS).toISOString().slice(0, 10);
}
