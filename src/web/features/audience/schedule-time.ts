const pad = (n: number) => String(Math.abs(n)).padStart(2, '0');

/**
 * A datetime-local value ("2026-12-01T09:30", the browser's own time zone) as the ISO time with its offset
 * the schedule route takes ("2026-12-01T09:30:00+01:00"); null for an empty or impossible value.
 */
export function localInputToIso(value: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!match) return null;
  const [, y, mo, d, h, mi] = match.map(Number) as number[];
  const when = new Date(y!, mo! - 1, d!, h!, mi!);
  if (Number.isNaN(when.getTime())) return null;
  const offset = -when.getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  return (
    `${when.getFullYear()}-${pad(when.getMonth() + 1)}-${pad(when.getDate())}` +
    `T${pad(when.getHours())}:${pad(when.getMinutes())}:00${sign}${pad(Math.trunc(offset / 60))}:${pad(offset % 60)}`
  );
}

/** The datetime-local value `ms` after `now`, in the browser's time zone (the input's starting value). */
export function localInputValue(now: Date, aheadMs: number): string {
  const when = new Date(now.getTime() + aheadMs);
  return (
    `${when.getFullYear()}-${pad(when.getMonth() + 1)}-${pad(when.getDate())}` +
    `T${pad(when.getHours())}:${pad(when.getMinutes())}`
  );
}

/** Short: the year only when it is not this one. */
export function when(iso: string | null): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  return date.toLocaleString(undefined, {
    month: 'short',
    day: 'numeric',
    ...(date.getFullYear() === new Date().getFullYear() ? {} : { year: 'numeric' }),
    hour: '2-digit',
    minute: '2-digit',
  });
}
