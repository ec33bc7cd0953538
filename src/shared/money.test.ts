import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatMoney, minorDigits, parseMoney } from './money';

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
});
