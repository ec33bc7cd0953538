/**
 * Publish times as the writer sees them. A <input type="datetime-local"> holds wall-clock time without a
 * zone ('2026-11-21T15:04'); the API takes an ISO instant with its offset. Both conversions go through the
 * browser's own zone, so what the writer picks is what the server schedules.
 */

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO instant → the datetime-local value in the browser's zone ('' when absent or unreadable). */
export function isoToLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(date.getHours())}:${pad(date.getMinutes())}`
  );
}

/**
 * A datetime-local value → an ISO instant ('' for empty). Date reads a date-time without an offset as local
 * time. Anything unreadable is passed on as typed, so the shared schema reports it (publishAtInvalid).
 */
export function localInputToIso(local: string): string {
  const value = local.trim();
  if (!value) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}

/** The offset of `date` in the browser's zone, e.g. 'GMT+1' (or 'GMT' in UTC). */
function shortOffset(date: Date): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZoneName: 'shortOffset' }).formatToParts(date);
  return parts.find((p) => p.type === 'timeZoneName')?.value ?? '';
}

/** The writer's zone beside the picker, e.g. 'Europe/Berlin (GMT+1)', at the chosen time (DST aware). */
export function timeZoneLabel(at: Date = new Date()): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const offset = shortOffset(Number.isNaN(at.getTime()) ? new Date() : at);
  return offset ? `${zone} (${offset})` : zone;
}

const DATE_TIME = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});
const DATE_TIME_ZONE = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});

/** 'Nov 21, 2026, 3:04 PM' in the viewer's zone (revisions, preview links, the autosave offer). */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : DATE_TIME.format(date);
}

/** 'Nov 21, 2026, 3:04 PM GMT+1': a publish time names its zone, as readers elsewhere may see the list. */
export function formatPublishTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : DATE_TIME_ZONE.format(date);
}
