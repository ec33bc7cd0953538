import { differenceInDays, format, isValid, parseISO } from 'date-fns';

/** A lead date ('YYYY-MM-DD' as a local day, or an ISO time) as 'MMM d, yyyy' (docs/product/leads.md#lead-fields); '-' when missing. */
export function formatLeadDate(value: string | null | undefined): string {
  if (!value) return '-';
  const date = parseISO(value);
  return isValid(date) ? format(date, 'MMM d, yyyy') : '-';
}

/** docs/product/leads.md#editing: days active is whole days since creation. */
export function daysActive(created: string, now = new Date()): number {
  const date = parseISO(created);
  return isValid(date) ? Math.max(0, differenceInDays(now, date)) : 0;
}

/** Today as 'YYYY-MM-DD' in the user's time zone (for date inputs). */
export function todayInput(): string {
  return format(new Date(), 'yyyy-MM-dd');
}

/** The user's today, YYYY-MM-DD, in their own calendar. */
export function localToday(now = new Date()): string {
  return format(now, 'yyyy-MM-dd');
}

/** A follow-up day on or before the user's today (docs/product/leads.md#owners-and-follow-ups). */
export function isFollowUpDue(day: string | null, now = new Date()): boolean {
  return day !== null && day <= localToday(now);
}
