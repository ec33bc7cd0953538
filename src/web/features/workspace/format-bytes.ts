const UNITS = ['KB', 'MB', 'GB', 'TB'] as const;

/** Storage sizes as the spec's sample reads them ('8.5 GB'): binary steps, at most one decimal. */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 1024) return `${Math.max(0, Math.round(bytes || 0))} B`;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const rounded = Math.round(value * 10) / 10;
  return `${rounded.toLocaleString('en-IN', { maximumFractionDigits: 1 })} ${UNITS[unit]}`;
}

/** Share of the limit used, 0–100; null when the storage is unlimited. */
export function storagePercent(used: number, limit: number | null): number | null {
  if (limit === null) return null;
  if (limit <= 0) return 100;
  return Math.min(100, Math.max(0, Math.round((used / limit) * 100)));
}
