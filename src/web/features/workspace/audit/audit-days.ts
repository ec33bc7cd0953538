/**
 * The date-range picker works in calendar days; the audit API takes them as YYYY-MM-DD. Kept apart from
 * the picker's own module so the calendar itself loads only when opened.
 */
export function dayText(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** A YYYY-MM-DD day as the calendar day the picker shows. */
export function dayDate(day: string): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, date);
}
