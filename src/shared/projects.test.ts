import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  budgetPercent,
  defaultProjectCode,
  formatMinutes,
  hoursText,
  isIsoDate,
  parseHours,
  retainerMonth,
} from './projects';
import { nextDueDate } from './tasks';
import { addDays, weekStartOf } from './time';

describe('projects’ shared rules', () => {
  it('reads hours as people type them, to the minute', () => {
    expect(parseHours('12')).toBe(720);
    expect(parseHours('7.5')).toBe(450);
    expect(parseHours('7:30')).toBe(450);
    expect(parseHours('1h 30m')).toBe(90);
    expect(parseHours('45m')).toBe(45);
    expect(parseHours('0.25')).toBe(15);
    expect(parseHours('0.01')).toBeNull();
    expect(parseHours('7:75')).toBeNull();
    expect(parseHours('abc')).toBeNull();
    expect(parseHours('')).toBeNull();
  });

  it('writes minutes as hours that read back exactly', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 100_000 * 60 }), (m) => parseHours(hoursText(m)) === m));
    expect(hoursText(450)).toBe('7.5');
    expect(hoursText(80)).toBe('1:20');
    expect(formatMinutes(90)).toBe('1h 30m');
    expect(formatMinutes(120)).toBe('2h');
    expect(formatMinutes(45)).toBe('45m');
    expect(formatMinutes(0)).toBe('0h');
  });

  it('measures a budget in whole percent rounded down, and names projects P-001', () => {
    expect(budgetPercent(479, 600)).toBe(79);
    expect(budgetPercent(480, 600)).toBe(80);
    expect(budgetPercent(10, null)).toBeNull();
    expect(budgetPercent(10, 0)).toBeNull();
    expect(defaultProjectCode(7)).toBe('P-007');
    expect(defaultProjectCode(1234)).toBe('P-1234');
  });

  it('counts days and weeks in UTC, and a recurring task’s next due date', () => {
    expect(isIsoDate('2026-02-29')).toBe(false);
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(weekStartOf('2026-11-29')).toBe('2026-11-23');
    expect(weekStartOf('2026-11-23')).toBe('2026-11-23');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(nextDueDate('2026-12-04', 'weekly')).toBe('2026-12-11');
    expect(nextDueDate('2027-01-31', 'monthly')).toBe('2027-02-28');
    expect(nextDueDate('2026-12-15', 'monthly')).toBe('2027-01-15');
  });

  it('carries a retainer’s unused hours into the next month only with rollover, and bills the overage', () => {
    const used = new Map([
      ['2026-09', 8 * 60],
      ['2026-10', 14 * 60],
      ['2026-11', 13 * 60],
    ]);
    // 10 hours a month: September leaves 2, October uses 12 of 12 and overruns by 2 (not carried), November 13 of 10.
    expect(retainerMonth(used, 600, true, '2026-09', '2026-10')).toEqual({
      month: '2026-10',
      includedMinutes: 600,
      rolledOverMinutes: 120,
      usedMinutes: 840,
      overageMinutes: 120,
      remainingMinutes: 0,
    });
    expect(retainerMonth(used, 600, true, '2026-09', '2026-11')).toMatchObject({
      rolledOverMinutes: 0,
      overageMinutes: 180,
    });
    expect(retainerMonth(used, 600, false, '2026-09', '2026-10')).toMatchObject({
      rolledOverMinutes: 0,
      overageMinutes: 240,
    });
    expect(retainerMonth(used, 600, true, '2026-09', '2027-01')).toMatchObject({
      rolledOverMinutes: 600,
      remainingMinutes: 1200,
    });
    expect(retainerMonth(new Map(), 600, true, '2026-12', '2026-11')).toMatchObject({
      usedMinutes: 0,
      rolledOverMinutes: 0,
    });
  });
});
