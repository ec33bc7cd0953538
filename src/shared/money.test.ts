import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatMoney, minorDigits, minorToDecimal, parseMoney } from './money';
import { timeAmount } from './time';

const CURRENCIES = ['INR', 'USD', 'EUR', 'GBP', 'JPY', 'KWD'] as const;

describe('money in minor units', () => {
  it('knows each currency’s minor digits', () => {
    expect(CURRENCIES.map(minorDigits)).toEqual([2, 2, 2, 2, 0, 3]);
  });

  it('shows rupees in Indian grouping and others in international grouping, without float artefacts', () => {
    expect(formatMoney(1234567890, 'INR')).toBe('₹1,23,45,678.90');
    expect(formatMoney(5, 'INR')).toBe('₹0.05');
    expect(formatMoney(-150, 'INR')).toBe('-₹1.50');
    expect(formatMoney(123450, 'USD')).toBe('$1,234.50');
    expect(formatMoney(1235, 'JPY')).toBe('¥1,235');
    expect(formatMoney(1001, 'KWD')).toMatch(/1\.001$/);
    // 0.1 + 0.2 in rupees: added as paise, shown exactly.
    expect(formatMoney(10 + 20, 'INR')).toBe('₹0.30');
    expect(() => formatMoney(1.5, 'INR')).toThrow(RangeError);
  });

  it('reads back what it shows, for any whole amount of minor units', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CURRENCIES),
        fc.integer({ min: -1e13, max: 1e13 }),
        (currency, minor) => parseMoney(formatMoney(minor, currency), currency) === minor,
      ),
    );
  });

  it('reads what people type, and refuses what is no amount of the currency', () => {
    expect(parseMoney('1,23,456.78', 'INR')).toBe(12345678);
    expect(parseMoney('1234.5', 'INR')).toBe(123450);
    expect(parseMoney('₹ 99', 'INR')).toBe(9900);
    expect(parseMoney('.5', 'USD')).toBe(50);
    expect(parseMoney('1235', 'JPY')).toBe(1235);
    expect(parseMoney('-₹1.50', 'INR')).toBe(-150);
    expect(parseMoney('₹-1.50', 'INR')).toBe(-150);
    expect(parseMoney('--1', 'INR')).toBeNull();
    for (const bad of ['', '.', 'abc', '12.345', '1.2.3', '12a', '9'.repeat(20)])
      expect(parseMoney(bad, 'INR'), bad).toBeNull();
    expect(parseMoney('1.5', 'JPY')).toBeNull();
  });

  it('writes minor units as a plain decimal that reads back exactly', () => {
    expect(minorToDecimal(12345, 'INR')).toBe('123.45');
    expect(minorToDecimal(5, 'INR')).toBe('0.05');
    expect(minorToDecimal(-150, 'INR')).toBe('-1.50');
    expect(minorToDecimal(1234, 'JPY')).toBe('1234');
    fc.assert(
      fc.property(
        fc.constantFrom(...CURRENCIES),
        fc.integer({ min: -1e13, max: 1e13 }),
        (currency, minor) => parseMoney(minorToDecimal(minor, currency), currency) === minor,
      ),
    );
  });

  it('values minutes at an hourly rate to the nearest minor unit, half away from zero, past 2^53', () => {
    expect(timeAmount(90, 150_000)).toBe(225_000);
    expect(timeAmount(1, 100)).toBe(2); // 1.67 paise
    expect(timeAmount(1, 90)).toBe(2); // 1.5 paise, half up
    expect(timeAmount(1, 89)).toBe(1);
    expect(timeAmount(30, null)).toBe(0);
    expect(timeAmount(1440, 10_000_000_000_000)).toBe(240_000_000_000_000);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1440 }), fc.integer({ min: 0, max: 1e9 }), (minutes, rate) => {
        const exact = (minutes * rate) / 60;
        return Math.abs(timeAmount(minutes, rate) - exact) <= 0.5;
      }),
    );
  });
});
