/**
 * Time entries (docs/product/projects.md#time): the constants and sums the server and the web share.
 */

export const TIME_ENTRY_STATUSES = ['open', 'submitted', 'approved'] as const;
export type TimeEntryStatus = (typeof TIME_ENTRY_STATUSES)[number];

export const TIME_ENTRY_STATUS_LABELS: Record<TimeEntryStatus, string> = {
  open: 'Open',
  submitted: 'Submitted',
  approved: 'Approved',
};

export const TIME_LIMITS = {
  /** One entry is at most a day. */
  minutesMax: 24 * 60,
  noteMax: 1000,
  /** Entries one list answer holds at most (a week of a busy team). */
  listMax: 1000,
  /** A report spans at most this many days. */
  reportDaysMax: 366,
  /** A timer left running stops at this many minutes (a day): nobody works 30 hours at a stretch. */
  timerMinutesMax: 24 * 60,
} as const;

export const TIME_REPORT_GROUPS = ['project', 'client', 'member', 'week'] as const;
export type TimeReportGroup = (typeof TIME_REPORT_GROUPS)[number];

/**
 * What minutes at an hourly rate are worth, in the rate's minor units, rounded half away from zero (to the
 * nearest paisa, a half up). Worked in BigInt: minutes × a large rate passes 2^53.
 */
export function timeAmount(minutes: number, hourlyRate: number | null): number {
  if (hourlyRate === null || minutes === 0) return 0;
  const product = BigInt(minutes) * BigInt(hourlyRate);
  const negative = product < 0n;
  const magnitude = negative ? -product : product;
  const rounded = (magnitude + 30n) / 60n;
  return Number(negative ? -rounded : rounded);
}

/** The Monday of the ISO week a YYYY-MM-DD falls in. */
export function weekStartOf(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  const back = (date.getUTCDay() + 6) % 7;
  return new Date(date.getTime() - back * 86_400_000).toISOString().slice(0, 10);
}

/** A YYYY-MM-DD plus some days. */
export function addDays(day: string, days: number): string {
  return new Date(new Date(`${day}T00:00:00Z`).getTime() + days * 86_400_000).toISOString().slice(0, 10);
}

/** The seven days of the week starting that Monday. */
export const weekDays = (monday: string): string[] => Array.from({ length: 7 }, (_, i) => addDays(monday, i));
