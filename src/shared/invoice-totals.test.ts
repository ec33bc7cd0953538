import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  TAX_CATEGORIES,
  invoiceTotals,
  lineNet,
  lineTaxShares,
  mulDivRound,
  type TotalsLine,
} from './invoice-totals';

const line = (over: Partial<TotalsLine>): TotalsLine => ({
  quantityMilli: 1000,
  unitPrice: 0,
  discount: 0,
  category: 'standard',
  rateBp: 1800,
  ...over,
});

const anyLine = fc.record({
  quantityMilli: fc.integer({ min: 0, max: 1_000_000 }),
  unitPrice: fc.integer({ min: 0, max: 100_000_000 }),
  discount: fc.constant(0),
  category: fc.constantFrom(...TAX_CATEGORIES),
  rateBp: fc.constantFrom(0, 500, 1200, 1800, 2800, 1900, 2000),
});

describe('invoice totals', () => {
  it('rounds half away from zero without floats', () => {
    expect(mulDivRound(1, 1, 2)).toBe(1);
    expect(mulDivRound(-1, 1, 2)).toBe(-1);
    expect(mulDivRound(3, 1, 2)).toBe(2);
    expect(mulDivRound(1, 1, 3)).toBe(0);
    expect(mulDivRound(2, 1, 3)).toBe(1);
    expect(() => mulDivRound(Number.MAX_SAFE_INTEGER, 10, 1)).toThrow(RangeError);
  });

  it('gives the figures worked out by hand for a mixed Indian invoice within one state', () => {
    // 7.5 hours at ₹2,500.00 = ₹18,750.00; a logo at ₹9,999.99; a printed proof at 5 %: 3 × ₹333.33 = ₹999.99;
    // an exempt item ₹100.00. 18 % group base ₹28,749.99: CGST 9 % = 2,587.4991 → ₹2,587.50, SGST the same.
    // 5 % group base ₹999.99: CGST 2.5 % = 24.99975 → ₹25.00, SGST ₹25.00.
    const totals = invoiceTotals(
      [
        line({ quantityMilli: 7500, unitPrice: 250_000 }),
        line({ unitPrice: 999_999 }),
        line({ quantityMilli: 3000, unitPrice: 33_333, rateBp: 500 }),
        line({ unitPrice: 10_000, category: 'exempt', rateBp: 1800 }),
      ],
      'gst-intra',
    );
    expect(totals.lineNets).toEqual([1_875_000, 999_999, 99_999, 10_000]);
    expect(totals.subtotal).toBe(2_984_998);
    expect(totals.groups).toEqual([
      {
        category: 'standard',
        rateBp: 1800,
        inclusive: false,
        base: 2_874_999,
        components: [
          { name: 'CGST', rateBp: 900, amount: 258_750 },
          { name: 'SGST', rateBp: 900, amount: 258_750 },
        ],
        tax: 517_500,
      },
      {
        category: 'standard',
        rateBp: 500,
        inclusive: false,
        base: 99_999,
        components: [
          { name: 'CGST', rateBp: 250, amount: 2_500 },
          { name: 'SGST', rateBp: 250, amount: 2_500 },
        ],
        tax: 5_000,
      },
      { category: 'exempt', rateBp: 0, inclusive: false, base: 10_000, components: [], tax: 0 },
    ]);
    expect(totals.taxTotal).toBe(522_500);
    expect(totals.total).toBe(3_507_498);
    // The same lines to another state: IGST 18 % of ₹28,749.99 = 5,174.9982 → ₹5,175.00; 5 % of ₹999.99 → ₹50.00.
    const inter = invoiceTotals(
      [
        line({ quantityMilli: 7500, unitPrice: 250_000 }),
        line({ unitPrice: 999_999 }),
        line({ quantityMilli: 3000, unitPrice: 33_333, rateBp: 500 }),
      ],
      'gst-inter',
    );
    expect(inter.groups.map((g) => g.components)).toEqual([
      [{ name: 'IGST', rateBp: 1800, amount: 517_500 }],
      [{ name: 'IGST', rateBp: 500, amount: 5_000 }],
    ]);
  });

  it('charges no tax on zero-rated, exempt, out-of-scope and reverse-charge lines', () => {
    const totals = invoiceTotals(
      (['zero', 'exempt', 'out_of_scope', 'reverse_charge'] as const).map((category) =>
        line({ unitPrice: 12_345, category }),
      ),
      'vat',
    );
    expect(totals.taxTotal).toBe(0);
    expect(totals.total).toBe(4 * 12_345);
  });

  it('adds up for any lines: total = Σ nets + Σ taxes, each rounding within half a minor unit', () => {
    fc.assert(
      fc.property(
        fc.array(anyLine, { maxLength: 30 }),
        fc.constantFrom('gst-intra', 'gst-inter', 'vat' as const),
        (lines, scheme) => {
          const totals = invoiceTotals(lines, scheme);
          const nets = lines.map(lineNet);
          if (totals.subtotal !== nets.reduce((s, n) => s + n, 0)) return false;
          if (totals.total !== totals.subtotal + totals.groups.reduce((s, g) => s + g.tax, 0)) return false;
          if (totals.groups.reduce((s, g) => s + g.base, 0) !== totals.subtotal) return false;
          for (const [i, l] of lines.entries())
            if (Math.abs(nets[i]! - (l.quantityMilli * l.unitPrice) / 1000) > 0.5) return false;
          for (const g of totals.groups)
            for (const c of g.components)
              if (Math.abs(c.amount - (g.base * c.rateBp) / 10_000) > 0.5) return false;
          return true;
        },
      ),
    );
  });

  it('splits each group’s tax over its lines so that the lines add up to it exactly', () => {
    // Three ₹0.01 lines at 18 %: the group's ₹0.01 of tax (on ₹0.03) goes to one line, not ₹0.00 to all.
    const pennies = Array.from({ length: 3 }, () => ({
      quantityMilli: 1000,
      unitPrice: 1,
      discount: 0,
      category: 'standard' as const,
      rateBp: 1800,
    }));
    const shares = lineTaxShares(pennies, invoiceTotals(pennies, 'gst-inter'));
    expect(shares.map((s) => s.IGST).sort()).toEqual([0, 0, 1]);
    fc.assert(
      fc.property(
        fc.array(anyLine, { maxLength: 30 }),
        fc.constantFrom('gst-intra', 'gst-inter', 'vat' as const),
        (lines, scheme) => {
          const totals = invoiceTotals(lines, scheme);
          const split = lineTaxShares(lines, totals);
          for (const name of ['CGST', 'SGST', 'IGST', 'VAT'] as const) {
            const whole = totals.groups.flatMap((g) => g.components).filter((c) => c.name === name);
            const sum = whole.reduce((a, c) => a + c.amount, 0);
            if (split.reduce((a, s) => a + s[name], 0) !== sum) return false;
          }
          // A line never carries more than its rate's share of its own net, give or take a minor unit.
          return lines.every((line, i) => {
            const own = split[i]!.CGST + split[i]!.SGST + split[i]!.IGST + split[i]!.VAT;
            const rate = line.category === 'standard' ? line.rateBp : 0;
            return Math.abs(own - (totals.lineNets[i]! * rate) / 10_000) <= 2;
          });
        },
      ),
    );
  });

  it('does not depend on the order of the lines, and CGST + SGST is IGST within a paisa per rate', () => {
    fc.assert(
      fc.property(fc.array(anyLine, { minLength: 1, maxLength: 20 }), (lines) => {
        const forward = invoiceTotals(lines, 'gst-intra');
        const backward = invoiceTotals([...lines].reverse(), 'gst-intra');
        if (forward.total !== backward.total || forward.taxTotal !== backward.taxTotal) return false;
        const inter = invoiceTotals(lines, 'gst-inter');
        return forward.groups.every((g, i) => Math.abs(g.tax - inter.groups[i]!.tax) <= 1);
      }),
    );
  });
});

describe('prices that include their tax', () => {
  it('gives the figures worked out by hand, adding up to exactly the prices agreed', () => {
    // ₹11,800.00 incl. 18 %: net ₹10,000.00 exactly. 3 × ₹99.99 = ₹299.97 incl. 18 %: 299.97 / 1.18 = 254.2118…
    // → ₹254.21. Group: nets ₹10,254.21, gross ₹12,099.97, tax ₹1,845.76 → CGST ₹922.88, SGST ₹922.88.
    // And ₹500.00 plus 5 %: CGST ₹12.50, SGST ₹12.50.
    const totals = invoiceTotals(
      [
        line({ unitPrice: 1_180_000, inclusive: true }),
        line({ quantityMilli: 3000, unitPrice: 9_999, inclusive: true }),
        line({ unitPrice: 50_000, rateBp: 500 }),
      ],
      'gst-intra',
    );
    expect(totals.lineNets).toEqual([1_000_000, 25_421, 50_000]);
    expect(totals.groups).toEqual([
      {
        category: 'standard',
        rateBp: 1800,
        inclusive: true,
        base: 1_025_421,
        components: [
          { name: 'CGST', rateBp: 900, amount: 92_288 },
          { name: 'SGST', rateBp: 900, amount: 92_288 },
        ],
        tax: 184_576,
      },
      {
        category: 'standard',
        rateBp: 500,
        inclusive: false,
        base: 50_000,
        components: [
          { name: 'CGST', rateBp: 250, amount: 1_250 },
          { name: 'SGST', rateBp: 250, amount: 1_250 },
        ],
        tax: 2_500,
      },
    ]);
    expect(totals.total).toBe(1_209_997 + 52_500);
  });

  it('puts the odd paisa of the tax inside a price on CGST', () => {
    // ₹1.01 incl. 18 %: net 101 / 1.18 = 85.59 → 86 paise; tax 15 paise: CGST 8, SGST 7.
    const totals = invoiceTotals([line({ unitPrice: 101, inclusive: true })], 'gst-intra');
    expect(totals.groups[0]!.components.map((c) => c.amount)).toEqual([8, 7]);
    expect(totals.total).toBe(101);
  });

  it('adds up to the gross of inclusive lines for any lines, the nets within half a paisa of gross ÷ (1 + rate)', () => {
    fc.assert(
      fc.property(
        fc.array(
          anyLine.map((l) => ({ ...l, inclusive: true })),
          { maxLength: 30 },
        ),
        fc.constantFrom('gst-intra', 'gst-inter', 'vat' as const),
        (lines, scheme) => {
          const totals = invoiceTotals(lines, scheme);
          const gross = lines.reduce((sum, l) => sum + mulDivRound(l.quantityMilli, l.unitPrice, 1000), 0);
          if (totals.total !== gross) return false;
          return lines.every((l, i) => {
            const inside = l.category === 'standard' && l.rateBp > 0 ? 10_000 + l.rateBp : 10_000;
            const exact = (mulDivRound(l.quantityMilli, l.unitPrice, 1000) * 10_000) / inside;
            return Math.abs(totals.lineNets[i]! - exact) <= 0.5;
          });
        },
      ),
    );
  });
});
