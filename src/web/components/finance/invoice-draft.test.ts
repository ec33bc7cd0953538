import { describe, expect, it } from 'vitest';
import { invoiceTotals } from '../../../shared/invoice-totals';
import {
  newLine,
  parseQuantity,
  quantityText,
  readDraft,
  totalsLineOf,
  type InvoiceDraft,
} from './invoice-draft';

describe('the invoice editor’s figures', () => {
  it('reads a typed quantity into thousandths with no float', () => {
    expect(parseQuantity('1.5')).toBe(1500);
    expect(parseQuantity('2')).toBe(2000);
    expect(parseQuantity('0.125')).toBe(125);
    expect(parseQuantity('.5')).toBe(500);
    expect(parseQuantity('1,000')).toBe(1_000_000);
    expect(parseQuantity('0.1')).toBe(100);
    for (const bad of ['', '0', '1.2345', 'abc', '-1', '1.2.3', '.']) expect(parseQuantity(bad)).toBeNull();
  });

  it('shows thousandths back as they were typed', () => {
    expect(quantityText(1500)).toBe('1.5');
    expect(quantityText(2000)).toBe('2');
    expect(quantityText(125)).toBe('0.125');
    expect(quantityText(7250)).toBe('7.25');
  });

  it('gives the live totals the same lines the server will total', () => {
    const line = { ...newLine(undefined), description: 'Design', quantity: '1.5', unitPrice: '1,000.50' };
    expect(totalsLineOf(line, 'INR')).toMatchObject({ quantityMilli: 1500, unitPrice: 100_050 });
    const totals = invoiceTotals([totalsLineOf(line, 'INR')], 'gst-intra');
    expect(totals.subtotal).toBe(150_075);
    expect(totals.total).toBe(150_075 + 2 * 13_507);
  });

  it('turns what cannot be read into field errors', () => {
    const draft: InvoiceDraft = {
      clientId: '',
      projectId: '',
      issueDate: '2026-11-29',
      dueDate: '2026-11-01',
      placeOfSupply: '',
      pricesIncludeTax: false,
      notes: '',
      terms: '',
      lines: [{ ...newLine(undefined), quantity: 'x', unitPrice: '1.234' }],
    };
    const { input, errors } = readDraft(draft, 'INR');
    expect(input).toBeUndefined();
    expect(Object.keys(errors).sort()).toEqual(
      ['clientId', 'dueDate', 'lines.0.description', 'lines.0.quantityMilli', 'lines.0.unitPrice'].sort(),
    );
  });
});
