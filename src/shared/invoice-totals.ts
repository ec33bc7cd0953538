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
 * A line whose price includes its tax (`inclusive`) is the exception the buyer sees: its gross (quantity ×
 * price − discount) is what it costs in all. Its net is the gross taken back to before tax (gross × 100 /
 * (100 + rate), rounded), and its group's tax is the groups' gross less their nets, split as CGST and SGST
 * with the odd paisa on CGST: the invoice then adds up to exactly the prices the client agreed. Inclusive
 * and exclusive lines of one rate are separate groups.
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
  /** The price includes the tax (see above); false or absent: tax is added. */
  inclusive?: boolean;
}

export interface TaxComponent {
  name: 'CGST' | 'SGST' | 'IGST' | 'VAT';
  rateBp: number;
  amount: number;
}

export interface TaxGroup {
  category: TaxCategory;
  rateBp: number;
  /** Lines whose prices include the tax. */
  inclusive: boolean;
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

/** A line's gross in minor units: quantity × price, rounded, less its discount (tax included or not). */
export const lineGross = (line: TotalsLine): number =>
  mulDivRound(line.quantityMilli, line.unitPrice, 1000) - line.discount;

/** Whether a line's price has tax inside it to take out: inclusive and charged at a rate. */
const taxInside = (line: TotalsLine): boolean =>
  line.inclusive === true && line.category === 'standard' && line.rateBp > 0;

/** A line's net (taxable value) in minor units: its gross, or for an inclusive price the gross before tax. */
export const lineNet = (line: TotalsLine): number =>
  taxInside(line) ? mulDivRound(lineGross(line), 10_000, 10_000 + line.rateBp) : lineGross(line);

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

/** The tax inside inclusive prices, split as the scheme prints it: the odd minor unit on CGST. */
function insideComponents(scheme: TaxScheme, rateBp: number, tax: number): TaxComponent[] {
  if (scheme === 'gst-intra') {
    const cgst = mulDivRound(tax, 1, 2);
    return [
      { name: 'CGST', rateBp: rateBp / 2, amount: cgst },
      { name: 'SGST', rateBp: rateBp / 2, amount: tax - cgst },
    ];
  }
  return [{ name: scheme === 'gst-inter' ? 'IGST' : 'VAT', rateBp, amount: tax }];
}

/** The totals of these lines under this scheme (see the rules above). */
export function invoiceTotals(lines: readonly TotalsLine[], scheme: TaxScheme): Totals {
  const lineNets = lines.map(lineNet);
  const byGroup = new Map<string, TaxGroup & { gross: number }>();
  lines.forEach((line, i) => {
    const rateBp = line.category === 'standard' ? line.rateBp : 0;
    const inclusive = taxInside(line);
    const key = `${line.category}|${rateBp}|${inclusive}`;
    const group = byGroup.get(key) ?? {
      category: line.category,
      rateBp,
      inclusive,
      base: 0,
      gross: 0,
      components: [],
      tax: 0,
    };
    group.base += lineNets[i]!;
    group.gross += lineGross(line);
    byGroup.set(key, group);
  });
  const groups = [...byGroup.values()]
    .sort(
      (a, b) =>
        TAX_CATEGORIES.indexOf(a.category) - TAX_CATEGORIES.indexOf(b.category) ||
        b.rateBp - a.rateBp ||
        Number(a.inclusive) - Number(b.inclusive),
    )
    .map(({ gross, ...group }): TaxGroup => {
      // Only standard-rated supplies are charged here: zero-rated, exempt and out-of-scope carry none, and
      // under reverse charge the client accounts for the tax.
      const charged = group.category === 'standard' && group.rateBp > 0;
      const parts = !charged
        ? []
        : group.inclusive
          ? insideComponents(scheme, group.rateBp, gross - group.base)
          : components(scheme, group.rateBp, group.base);
      return { ...group, components: parts, tax: parts.reduce((sum, c) => sum + c.amount, 0) };
    });
  const subtotal = lineNets.reduce((sum, n) => sum + n, 0);
  const taxTotal = groups.reduce((sum, g) => sum + g.tax, 0);
  return { lineNets, subtotal, groups, taxTotal, total: subtotal + taxTotal };
}

/** The group a line's tax is charged in, as `invoiceTotals` forms them. */
const groupKey = (category: TaxCategory, rateBp: number, inclusive: boolean): string =>
  `${category}|${category === 'standard' ? rateBp : 0}|${inclusive}`;

/**
 * Each line's share of its group's tax, for documents that print tax per line (the Indian e-invoice): each
 * component of a group split over its lines in proportion to their nets, the odd minor units to the largest
 * remainders, so the lines add up to the group's figure exactly and no total is computed twice.
 */
export function lineTaxShares(
  lines: readonly TotalsLine[],
  totals: Totals,
): Record<TaxComponent['name'], number>[] {
  const shares = lines.map(() => ({ CGST: 0, SGST: 0, IGST: 0, VAT: 0 }));
  for (const group of totals.groups) {
    const key = groupKey(group.category, group.rateBp, group.inclusive);
    const members = lines
      .map((line, index) => ({ index, net: totals.lineNets[index]! }))
      .filter(({ index }) => {
        const line = lines[index]!;
        return groupKey(line.category, line.rateBp, taxInside(line)) === key;
      });
    for (const component of group.components) {
      if (group.base === 0) {
        if (members[0]) shares[members[0].index]![component.name] += component.amount;
        continue;
      }
      const parts = members.map(({ index, net }) => {
        const exact = BigInt(component.amount) * BigInt(net);
        const floor = exact / BigInt(group.base);
        return { index, floor: Number(floor), rest: exact - floor * BigInt(group.base) };
      });
      let left = component.amount - parts.reduce((sum, part) => sum + part.floor, 0);
      for (const part of [...parts].sort((a, b) =>
        b.rest > a.rest ? 1 : b.rest < a.rest ? -1 : a.index - b.index,
      ))
        shares[part.index]![component.name] += part.floor + (left-- > 0 ? 1 : 0);
    }
  }
  return shares;
}
