/**
 * Projects of a workspace (docs/product/projects.md#projects): the constants the server and the web share.
 */

export const PROJECT_STATUSES = ['planned', 'active', 'on_hold', 'delivered', 'cancelled'] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];

export const PROJECT_STATUS_LABELS: Record<ProjectStatus, string> = {
  planned: 'Planned',
  active: 'Active',
  on_hold: 'On hold',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

/** The statuses a project is still being worked in: the ones Solo HQ's project limit counts. */
export const OPEN_PROJECT_STATUSES: readonly ProjectStatus[] = ['planned', 'active', 'on_hold'];

export const BILLING_TYPES = ['fixed', 'hourly', 'retainer'] as const;
export type BillingType = (typeof BILLING_TYPES)[number];

/** What the end of a retainer's month does (docs/product/finance.md#retainer-invoices). */
export const RETAINER_INVOICING = ['off', 'draft', 'send'] as const;
export type RetainerInvoicing = (typeof RETAINER_INVOICING)[number];
export const RETAINER_INVOICING_LABELS: Record<RetainerInvoicing, string> = {
  off: 'Not invoiced automatically',
  draft: 'A draft invoice each month',
  send: 'An invoice sent each month',
};

export const BILLING_TYPE_LABELS: Record<BillingType, string> = {
  fixed: 'Fixed price',
  hourly: 'Hourly',
  retainer: 'Monthly retainer',
};

export const PROJECT_LIMITS = {
  nameMax: 200,
  descriptionMax: 5000,
  deliveryNoteMax: 2000,
  /** A project code: a letter or digit, then letters, digits and dashes, upper case. */
  codeMax: 16,
  teamMax: 100,
  /** Hours a budget or a retainer month may hold: 100,000 (minutes are stored). */
  budgetHoursMax: 100_000,
  /** The largest amount in minor units a budget or a rate may hold (10^13: ₹100 billion). */
  amountMax: 10_000_000_000_000,
  pageMax: 100,
} as const;

export const PROJECT_CODE_PATTERN = /^[A-Z0-9][A-Z0-9-]*$/;

/** The code a project gets when none is given: its number in the workspace, as P-001. */
export const defaultProjectCode = (number: number): string => `P-${String(number).padStart(3, '0')}`;

/** Budget shares at which the project manager is told (docs/product/projects.md#budgets). */
export const BUDGET_WARNING_PERCENTS = [80, 100] as const;

/** A share of a budget used, in whole percent rounded down (null: no budget). */
export function budgetPercent(used: number, budget: number | null): number | null {
  if (budget === null || budget <= 0) return null;
  return Math.floor((used * 100) / budget);
}

/** Whole and part hours from minutes, as the screens show them: 90 → "1h 30m", 45 → "45m", 0 → "0h". */
export function formatMinutes(minutes: number): string {
  const sign = minutes < 0 ? '-' : '';
  const whole = Math.abs(minutes);
  const hours = Math.floor(whole / 60);
  const rest = whole % 60;
  if (!rest) return `${sign}${hours}h`;
  return hours ? `${sign}${hours}h ${rest}m` : `${sign}${rest}m`;
}

/** A date as YYYY-MM-DD. */
export const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Whether a YYYY-MM-DD names a real day. */
export function isIsoDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/**
 * Hours as people type them ("12", "7.5", "7:30", "1h 30m") as whole minutes, or null when it is none of
 * these or not a whole number of minutes.
 */
export function parseHours(text: string): number | null {
  const value = text.trim().toLowerCase();
  if (value === '') return null;
  const clock = /^(\d{1,6}):([0-5]\d)$/.exec(value);
  if (clock) return Number(clock[1]) * 60 + Number(clock[2]);
  const words = /^(?:(\d{1,6})\s*h)?\s*(?:(\d{1,4})\s*m)?$/.exec(value);
  if (words && (words[1] || words[2])) return Number(words[1] ?? 0) * 60 + Number(words[2] ?? 0);
  if (!/^\d{0,6}(\.\d{1,4})?$/.test(value) || value === '.') return null;
  const minutes = Number(value) * 60;
  const whole = Math.round(minutes);
  return Math.abs(minutes - whole) < 1e-9 ? whole : null;
}

/** Minutes as the shortest decimal hours that read back exactly ("7.5", "1:20" when not a decimal). */
export function hoursText(minutes: number | null): string {
  if (minutes === null) return '';
  const hours = minutes / 60;
  if (Number.isInteger(hours * 4)) return String(hours);
  return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;
}

/** A retainer's month: its hours, what rolled over into it, what was used, and the hours past both. */
export interface RetainerMonth {
  month: string;
  includedMinutes: number;
  rolledOverMinutes: number;
  usedMinutes: number;
  overageMinutes: number;
  remainingMinutes: number;
}

/**
 * A monthly retainer's standing in `month` (YYYY-MM) from the minutes used in each month since it began:
 * every month brings its hours; with rollover, what a month leaves unused is added to the next (never what
 * it overran); past the month's hours and its rollover is overage, billed apart.
 */
export function retainerMonth(
  usedByMonth: ReadonlyMap<string, number>,
  includedMinutes: number,
  rollover: boolean,
  firstMonth: string,
  month: string,
): RetainerMonth {
  let carried = 0;
  let cursor = firstMonth < month ? firstMonth : month;
  for (;;) {
    const used = usedByMonth.get(cursor) ?? 0;
    const available = includedMinutes + carried;
    if (cursor === month)
      return {
        month,
        includedMinutes,
        rolledOverMinutes: carried,
        usedMinutes: used,
        overageMinutes: Math.max(0, used - available),
        remainingMinutes: Math.max(0, available - used),
      };
    carried = rollover ? Math.max(0, available - used) : 0;
    const [year, m] = cursor.split('-').map(Number) as [number, number];
    cursor = m === 12 ? `${year + 1}-01` : `${year}-${String(m + 1).padStart(2, '0')}`;
  }
}

/** The workspace's admins: they manage every project and see everyone's time (docs/product/projects.md#projects). */
export const isProjectAdmin = (role: string): boolean => role === 'Admin' || role === 'Business Admin';

/** Who edits, delivers and deletes a project and approves its time: its manager or a workspace admin. */
export const mayManageProject = (managerId: string | null, user: { id: string; role: string }): boolean =>
  managerId === user.id || isProjectAdmin(user.role);
