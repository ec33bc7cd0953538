/**
 * Money is an integer count of its currency's minor units (paise, cents) with its ISO 4217 code, never a
 * float. These are the one way an amount is shown and read back (budgets, rates, later invoices).
 */

/** The digits after the decimal point the currency has (INR 2, JPY 0, KWD 3). */
export function minorDigits(currency: string): number {
  return (
    new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2
  );
}

/** Rupees in Indian digit grouping (1,23,45,678.90), other currencies in international grouping. */
const locale = (currency: string) => (currency === 'INR' ? 'en-IN' : 'en-US');

/**
 * An amount as people read it: ₹1,23,456.78, $1,234.50, ¥1,235. The minor units are split with integer
 * arithmetic and only then formatted, so no float ever rounds a paisa.
 */
export function formatMoney(minor: number, currency: string): string {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`not a whole number of minor units: ${minor}`);
  const digits = minorDigits(currency);
  const scale = 10n ** BigInt(digits);
  const value = BigInt(minor);
  const negative = value < 0n;
  const magnitude = negative ? -value : value;
  const whole = magnitude / scale;
  const fraction = (magnitude % scale).toString().padStart(digits, '0');
  const parts = new Intl.NumberFormat(locale(currency), {
    style: 'currency',
    currency,
    maximumFractionDigits: 0,
    minimumFractionDigits: 0,
  }).formatToParts(whole);
  const text = parts.map((part) => part.value).join('');
  // The whole part formatted with its symbol and grouping; the fraction appended to its last digit.
  const lastDigit = text.search(/\d(?!.*\d)/);
  const shown = digits > 0 ? `${text.slice(0, lastDigit + 1)}.${fraction}${text.slice(lastDigit + 1)}` : text;
  return negative ? `-${shown}` : shown;
}

/**
 * What a person typed ("1,23,456.78", "1234.5", "₹ 99") as minor units, or null when it is not an amount of
 * this currency: more decimals than it has, letters, or past the safe integer range.
 */
export function parseMoney(text: string, currency: string): number | null {
  // A sign, a currency symbol (either order), the digits with their grouping dropped, an optional fraction.
  const match = /^(-?)[^\d.-]*(-?)(\d*)(?:\.(\d*))?$/.exec(text.replace(/[\s,_]/g, ''));
  if (!match || (match[1] && match[2])) return null;
  const [, before, after, whole = '', fraction = ''] = match;
  if (whole === '' && fraction === '') return null;
  const digits = minorDigits(currency);
  if (fraction.length > digits) return null;
  const minor = BigInt(`${whole || '0'}${fraction.padEnd(digits, '0')}`) * (before || after ? -1n : 1n);
  return minor >= BigInt(Number.MIN_SAFE_INTEGER) && minor <= BigInt(Number.MAX_SAFE_INTEGER)
    ? Number(minor)
    : null;
}

/**
 * Minor units as a plain decimal with the currency's digits, no symbol or grouping (12345 INR → "123.45",
 * 1234 JPY → "1234"): what a CSV holds for a spreadsheet and a form field shows to edit.
 */
export function minorToDecimal(minor: number, currency: string): string {
  const digits = minorDigits(currency);
  if (digits === 0) return String(minor);
  const sign = minor < 0 ? '-' : '';
  const text = String(Math.abs(minor)).padStart(digits + 1, '0');
  return `${sign}${text.slice(0, -digits)}.${text.slice(-digits)}`;
}
