import { describe, expect, it } from 'vitest';
import { localInputToIso, localInputValue } from './schedule-time';

describe('localInputToIso', () => {
  it('keeps the instant the person chose, with their offset', () => {
    const iso = localInputToIso('2026-12-01T09:30')!;
    expect(iso).toMatch(/^2026-12-01T09:30:00[+-]\d{2}:\d{2}$/);
    expect(new Date(iso).getTime()).toBe(new Date(2026, 11, 1, 9, 30).getTime());
  });

  it('refuses what is not a datetime-local value', () => {
    for (const bad of ['', '2026-12-01', 'tomorrow', '2026-12-01T09:30:00Z'])
      expect(localInputToIso(bad)).toBeNull();
  });

  it('round-trips the starting value', () => {
    const now = new Date(2026, 5, 15, 23, 58);
    const value = localInputValue(now, 5 * 60_000);
    expect(value).toBe('2026-06-16T00:03');
    expect(new Date(localInputToIso(value)!).getTime()).toBe(now.getTime() + 5 * 60_000);
  });
});
