import { describe, expect, it } from 'vitest';
import { EXPENSE_MESSAGES as M } from '../../../shared/messages';
import type { ExpenseView } from '../../../shared/schemas/expenses';
import { draftOf, inputOf, type Draft } from './expense-draft';

const draft = (changes: Partial<Draft> = {}): Draft => ({
  ...draftOf(null, 'INR'),
  vendor: 'Meta Platforms',
  date: '2026-11-20',
  amount: '11,800',
  taxAmount: '1,800.50',
  category: 'advertising',
  ...changes,
});

describe('the expense form’s draft (docs/product/finance.md#expenses)', () => {
  it('sends the amounts typed as money in minor units of the currency', () => {
    const { input, errors } = inputOf(draft({ projectId: 'p1', billable: true }));
    expect(errors).toEqual({});
    expect(input).toMatchObject({
      vendor: 'Meta Platforms',
      amount: 1_180_000,
      taxAmount: 180_050,
      currency: 'INR',
      category: 'advertising',
      projectId: 'p1',
      billable: true,
    });
    // A currency without minor units, typed in lower case.
    expect(inputOf(draft({ currency: 'jpy', amount: '5,000', taxAmount: '' })).input).toMatchObject({
      amount: 5000,
      taxAmount: 0,
      currency: 'JPY',
    });
  });

  it('says what the server would, field by field, and sends nothing', () => {
    const cases: [Partial<Draft>, string, string][] = [
      [{ vendor: ' ' }, 'vendor', M.vendorRequired],
      [{ amount: '' }, 'amount', M.amountInvalid],
      [{ amount: '12.345' }, 'amount', M.amountInvalid],
      [{ amount: '0' }, 'amount', M.amountInvalid],
      [{ taxAmount: 'ten' }, 'taxAmount', M.taxInvalid],
      [{ taxAmount: '20,000' }, 'taxAmount', M.taxInvalid],
      [{ category: '' }, 'category', M.categoryInvalid],
      [{ date: '20/11/2026' }, 'date', M.dateInvalid],
      [{ billable: true, projectId: '' }, 'projectId', M.billableNeedsProject],
    ];
    for (const [changes, field, message] of cases) {
      const { input, errors } = inputOf(draft(changes));
      expect(input, JSON.stringify(changes)).toBeUndefined();
      expect(errors[field], JSON.stringify(changes)).toBe(message);
    }
  });

  it('blames only the currency when it is not one', () => {
    const { input, errors } = inputOf(draft({ currency: 'XY' }));
    expect(input).toBeUndefined();
    expect(errors).toEqual({ currency: M.currencyInvalid });
  });

  it('shows a saved expense’s amounts back as decimals', () => {
    const saved = {
      vendor: 'IndiGo',
      date: '2026-11-02',
      amount: 645_000,
      taxAmount: 0,
      currency: 'INR',
      category: 'travel',
      description: 'Flight',
      project: { _id: 'p1', code: 'P-001', name: 'Launch' },
      billable: true,
    } as ExpenseView;
    expect(draftOf(saved, 'USD')).toEqual({
      vendor: 'IndiGo',
      date: '2026-11-02',
      amount: '6450.00',
      taxAmount: '',
      currency: 'INR',
      category: 'travel',
      description: 'Flight',
      projectId: 'p1',
      billable: true,
    });
  });
});
