import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { amountInWords } from './amount-in-words';

describe('amount in words', () => {
  it('reads rupees in lakhs and crores, with paise only when there are some', () => {
    expect(amountInWords(3507498, 'INR')).toBe(
      'Indian Rupees Thirty-Five Thousand Seventy-Four and Ninety-Eight Paise Only',
    );
    expect(amountInWords(3507400, 'INR')).toBe('Indian Rupees Thirty-Five Thousand Seventy-Four Only');
    expect(amountInWords(1_23_45_678_00, 'INR')).toBe(
      'Indian Rupees One Crore Twenty-Three Lakh Forty-Five Thousand Six Hundred Seventy-Eight Only',
    );
    expect(amountInWords(10000000, 'INR')).toBe('Indian Rupees One Lakh Only');
    expect(amountInWords(100, 'INR')).toBe('Indian Rupees One Only');
    expect(amountInWords(10500, 'INR')).toBe('Indian Rupees One Hundred Five Only');
    expect(amountInWords(5, 'INR')).toBe('Indian Rupees Zero and Five Paise Only');
    expect(amountInWords(0, 'INR')).toBe('Indian Rupees Zero Only');
  });

  it('reads a count of crores past ninety-nine the Indian way too', () => {
    expect(amountInWords(1_234_00_00_000_00, 'INR')).toBe(
      'Indian Rupees One Thousand Two Hundred Thirty-Four Crore Only',
    );
    expect(amountInWords(Number.MAX_SAFE_INTEGER, 'INR')).toBe(
      'Indian Rupees Ninety Lakh Seven Thousand One Hundred Ninety-Nine Crore Twenty-Five Lakh' +
        ' Forty-Seven Thousand Four Hundred Nine and Ninety-One Paise Only',
    );
  });

  it('reads other currencies in thousands, millions and billions with their own names', () => {
    expect(amountInWords(123456705, 'USD')).toBe(
      'US Dollars One Million Two Hundred Thirty-Four Thousand Five Hundred Sixty-Seven and Five Cents Only',
    );
    expect(amountInWords(100_000_000_000, 'EUR')).toBe('Euros One Billion Only');
    expect(amountInWords(1_001_000_001, 'GBP')).toBe(
      'British Pounds Ten Million Ten Thousand and One Pence Only',
    );
    expect(amountInWords(1235, 'JPY')).toBe('Japanese Yen One Thousand Two Hundred Thirty-Five Only');
    expect(amountInWords(1250, 'KWD')).toBe('Kuwaiti Dinars One and Two Hundred Fifty Fils Only');
  });

  it('says "Minus" before a negative amount, as a credit note prints it', () => {
    expect(amountInWords(-15000, 'INR')).toBe('Minus Indian Rupees One Hundred Fifty Only');
    expect(amountInWords(-20, 'USD')).toBe('Minus US Dollars Zero and Twenty Cents Only');
  });

  it('refuses what is not a whole number of minor units', () => {
    expect(() => amountInWords(1.5, 'INR')).toThrow(RangeError);
    expect(() => amountInWords(Number.MAX_SAFE_INTEGER + 1, 'INR')).toThrow(RangeError);
  });

  it('spells every amount as words only, never a digit or a doubled space', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('INR', 'USD', 'JPY', 'KWD'),
        fc.integer({ min: -1e15, max: 1e15 }),
        (currency, minor) => {
          const words = amountInWords(minor, currency);
          return !/\d|\s{2}/.test(words) && words.endsWith(' Only');
        },
      ),
    );
  });
});
