import { minorDigits } from './money';

/**
 * An amount spelled out as invoices print it under the total: "Indian Rupees Thirty-Five Thousand Seventy-Four
 * and Ninety-Eight Paise Only". Rupees are grouped the Indian way (thousand, lakh, crore), as a reader in India
 * checks them against ₹35,074.98; every other currency the international way (thousand, million, billion).
 */

const ONES = [
  'Zero',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

/** 1–999; "and" is left out because it separates the whole units from the fraction. */
function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  const words: string[] = [];
  if (hundreds > 0) words.push(`${ONES[hundreds]} Hundred`);
  if (rest >= 20)
    words.push(rest % 10 ? `${TENS[Math.floor(rest / 10)]}-${ONES[rest % 10]}` : TENS[rest / 10]!);
  else if (rest > 0) words.push(ONES[rest]!);
  return words.join(' ');
}

const INTERNATIONAL = ['', 'Thousand', 'Million', 'Billion', 'Trillion'];

function international(n: number): string {
  const groups: string[] = [];
  for (let scale = 0; n > 0; scale++, n = Math.floor(n / 1000)) {
    const group = n % 1000;
    if (group > 0)
      groups.unshift(scale ? `${belowThousand(group)} ${INTERNATIONAL[scale]}` : belowThousand(group));
  }
  return groups.join(' ');
}

/** Crore, lakh, thousand, hundreds; past 99 crore the count of crores is itself read the Indian way. */
function indian(n: number): string {
  const crores = Math.floor(n / 10_000_000);
  const lakhs = Math.floor(n / 100_000) % 100;
  const thousands = Math.floor(n / 1000) % 100;
  const rest = n % 1000;
  const words: string[] = [];
  if (crores > 0) words.push(`${indian(crores)} Crore`);
  if (lakhs > 0) words.push(`${belowThousand(lakhs)} Lakh`);
  if (thousands > 0) words.push(`${belowThousand(thousands)} Thousand`);
  if (rest > 0) words.push(belowThousand(rest));
  return words.join(' ');
}

/** Names of the minor unit where "Cents" would be wrong. */
const MINOR_UNIT: Record<string, string> = {
  INR: 'Paise',
  GBP: 'Pence',
  BHD: 'Fils',
  IQD: 'Fils',
  JOD: 'Fils',
  KWD: 'Fils',
  OMR: 'Baisa',
  TND: 'Millimes',
};

/** "Indian Rupees", "US Dollars", "Japanese Yen": the plural English name, each word capitalised. */
function currencyName(currency: string): string {
  const name =
    new Intl.NumberFormat('en', { style: 'currency', currency, currencyDisplay: 'name' })
      .formatToParts(2)
      .find((part) => part.type === 'currency')?.value ?? currency;
  return name.replace(/(^|\s)(\p{Ll})/gu, (_, space: string, letter: string) => space + letter.toUpperCase());
}

/** `minor` units of `currency` in words, ending "Only"; a negative amount starts "Minus". */
export function amountInWords(minor: number, currency: string): string {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`not a whole number of minor units: ${minor}`);
  const digits = minorDigits(currency);
  const scale = 10 ** digits;
  const magnitude = Math.abs(minor);
  const fraction = magnitude % scale;
  const whole = (magnitude - fraction) / scale;
  const spell = currency === 'INR' ? indian : international;
  const words = [minor < 0 ? 'Minus' : '', currencyName(currency), whole > 0 ? spell(whole) : 'Zero'];
  if (fraction > 0) words.push('and', spell(fraction), MINOR_UNIT[currency] ?? 'Cents');
  words.push('Only');
  return words.filter(Boolean).join(' ');
}
