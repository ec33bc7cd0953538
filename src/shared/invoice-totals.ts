/**
 * The one totals function of finance: for estimates and invoices, the screen, the API, every document and
 * every export call this and nothing else, so a figure never differs by a paisa between them
 * (docs/decisions/0020-clients-and-money.md: money is integer minor units).
 *
 * The order of rounding is the rule, and it is the one invoices are checked by:
 * 1. each line's net = quantity × unit price − discount, rounded to minor units;
 * 2. the lines grouped by tax category and rate; each group's tax computed on the group's base and rounded
 *    half away from zero — per component when the tax is split (CGST and SGST each at half the rate, as the
 *    invoice shows them);
 * 3. the total = the sum of the nets + the sum of the taxes.
 * Quantities are whole thousandths (1.5 hours = 1500), rates whole basis points (18 % = 1800): no float
 * is ever multiplied.
 */

export const TAX_CATEGORIES = ['standard', 'zero', 'exempt', 'reverse_charge', 'out_of_scope'] as const;
export type TaxCategory = (typeof TAX_CATEGORIES)[number];

/** How a line's tax is shown: India splits GST by the place of supply; elsewhere one VAT or tax line. */
export type TaxScheme = 'gst-intra' | 'gst-inter' | 'vat';

export interface TotalsLine {
  /** Thousandths of a unit: 1 hour = 1000, 90 minutes = 1500. */
  quantityMilli: number;
  /** Minor units per unit. */
  unitPrice: number;
  /** Minor units off this line's amount (0 for none). */
  discount: number;
  category: TaxCategory;
  /** Basis points: 18 % = 1800. Only a `standard` line's rate is charged. */
  rateBp: number;
}

export interface TaxComponent {
  name: 'CGST' | 'SGST' | 'IGST' | 'VAT';
  rateBp: number;
  amount: number;
}

export interface TaxGroup {
  category: TaxCategory;
  rateBp: number;
  /** The taxable value: the sum of the group's line nets. */
  base: number;
  components: TaxComponent[];
  tax: number;
}

export interface Totals {
  lineNets: number[];
  subtotal: number;
  groups: TaxGroup[];
  taxTotal: number;
  total: number;
}

/** a × b / d, rounded half away from zero, in BigInt (no 2^53 limit on the way). */
export function mulDivRound(a: number, b: number, d: number): number {
  const product = BigInt(a) * BigInt(b);
  const divisor = BigInt(d);
  const negative = product < 0n !== divisor < 0n;
  const num = product < 0n ? -product : product;
  const den = divisor < 0n ? -divisor : divisor;
  const rounded = (num * 2n + den) / (den * 2n);
  const value = negative ? -rounded : rounded;
  if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < BigInt(Number.MIN_SAFE_INTEGER))
    throw new RangeError('amount past the safe integer range');
  return Number(value);
}

/** A line's net in minor units: quantity × price, rounded, less its discount. */
export const lineNet = (line: TotalsLine): number =>
  mulDivRound(line.quantityMilli, line.unitPrice, 1000) - line.discount;

function components(scheme: TaxScheme, rateBp: number, base: number): TaxComponent[] {
  if (scheme === 'gst-intra') {
    // CGST and SGST are each charged at half the rate and each rounded, as the invoice prints them.
    const half = rateBp / 2;
    const part = mulDivRound(base, rateBp, 20_000);
    return [
      { name: 'CGST', rateBp: half, amount: part },
      { name: 'SGST', rateBp: half, amount: part },
    ];
  }
  return [
    { name: scheme === 'gst-inter' ? 'IGST' : 'VAT', rateBp, amount: mulDivRound(base, rateBp, 10_000) },
  ];
}

/** The totals of these lines under this scheme (see the rules above). */
export function invoiceTotals(lines: readonly TotalsLine[], scheme: TaxScheme): Totals {
  const lineNets = lines.map(lineNet);
  const byGroup = new Map<string, TaxGroup>();
  lines.forEach((line, i) => {
    const rateBp = line.category === 'standard' ? line.rateBp : 0;
    const key = `${line.category}|${rateBp}`;
    const group = byGroup.get(key) ?? { category: line.category, rateBp, base: 0, components: [], tax: 0 };
    group.base += lineNets[i]!;
    byGroup.set(key, group);
  });
  const groups = [...byGroup.values()]
    .sort(
      (a, b) =>
        TAX_CATEGORIES.indexOf(a.category) - TAX_CATEGORIES.indexOf(b.category) || b.rateBp - a.rateBp,
    )
    .map((group) => {
      // Only standard-rated supplies are charged here: zero-rated, exempt and out-of-scope carry none, and
      // under reverse charge the client accounts for the tax.
      const parts =
        group.category === 'standard' && group.rateBp > 0 ? components(scheme, group.rateBp, group.base) : [];
      return { ...group, components: parts, tax: parts.reduce((sum, c) => sum + c.amount, 0) };
    });
  const subtotal = lineNets.reduce((sum, n) => sum + n, 0);
  const taxTotal = groups.reduce((sum, g) => sum + g.tax, 0);
  return { lineNets, subtotal, groups, taxTotal, total: subtotal + taxTotal };
}
