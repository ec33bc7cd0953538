import { describe, expect, it } from 'vitest';
import { ESTIMATE_MESSAGES as M, PROJECT_MESSAGES } from '../../../shared/messages';
import type { EstimateView } from '../../../shared/schemas/estimates';
import { newLine } from '../../components/finance/invoice-draft';
import {
  addDays,
  conversionDraftOf,
  depositBeforeTax,
  estimateDraftOf,
  estimateHourMinutes,
  percentToBp,
  projectPath,
  readConversion,
  readEstimateDraft,
  withIssueDate,
} from './estimate-draft';

const line = (over: Partial<EstimateView['lines'][number]>): EstimateView['lines'][number] => ({
  _id: 'l1',
  description: 'Work',
  sac: '998361',
  quantityMilli: 1000,
  unit: 'item',
  unitPrice: 10_000_000,
  discount: 0,
  category: 'standard',
  rateBp: 1800,
  exemptReason: '',
  inclusive: false,
  net: 10_000_000,
  ...over,
});

/** The API test's estimate: ₹1,00,000 of design and 10 hours at ₹2,500, 18 % GST. */
const ESTIMATE = {
  _id: 'e1',
  number: 'EST-0001',
  clientId: 'c1',
  clientName: 'Kaveri Foods',
  issueDate: '2026-11-29',
  validUntil: '2026-12-29',
  currency: 'INR',
  placeOfSupply: '29',
  notes: '',
  terms: 'Valid for 30 days.',
  lines: [
    line({ description: 'Brand identity' }),
    line({
      _id: 'l2',
      description: 'Campaign management',
      quantityMilli: 10_000,
      unit: 'Hrs ',
      unitPrice: 250_000,
      net: 2_500_000,
    }),
  ],
  totals: {
    lineNets: [10_000_000, 2_500_000],
    subtotal: 12_500_000,
    groups: [{ category: 'standard', rateBp: 1800, base: 12_500_000, components: [], tax: 2_250_000 }],
    taxTotal: 2_250_000,
    total: 14_750_000,
  },
} as unknown as EstimateView;

describe('the estimate screen’s figures', () => {
  it('counts days as the server does, across months and years', () => {
    expect(addDays('2026-11-29', 30)).toBe('2026-12-29');
    expect(addDays('2026-12-15', 30)).toBe('2027-01-14');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('', 30)).toBe('');
    expect(addDays('29/11/2026', 30)).toBe('');
  });

  it('starts a new estimate today, valid for 30 days, and moves that date with the estimate’s own', () => {
    const draft = estimateDraftOf(null, undefined, '2026-11-29');
    expect(draft).toMatchObject({ issueDate: '2026-11-29', validUntil: '2026-12-29', clientId: '' });
    expect(draft.lines).toHaveLength(1);
    expect(withIssueDate(draft, '2026-12-01').validUntil).toBe('2026-12-31');
    // A day chosen by hand stays.
    const chosen = { ...draft, validUntil: '2027-03-01' };
    expect(withIssueDate(chosen, '2026-12-01').validUntil).toBe('2027-03-01');
    // An empty or unreadable date leaves the validity date as it was.
    expect(withIssueDate(draft, '').validUntil).toBe('2026-12-29');
  });

  it('reads the lines as the invoice editor does and refuses a validity date before the estimate’s', () => {
    const draft = {
      ...estimateDraftOf(null, undefined, '2026-11-29'),
      clientId: 'c1',
      lines: [{ ...newLine(undefined), description: 'Design', quantity: '1.5', unitPrice: '1,000.50' }],
    };
    const { input, errors } = readEstimateDraft(draft, 'INR');
    expect(errors).toEqual({});
    expect(input).toMatchObject({
      clientId: 'c1',
      validUntil: '2026-12-29',
      lines: [{ quantityMilli: 1500, unitPrice: 100_050, inclusive: false }],
    });
    const backwards = readEstimateDraft({ ...draft, clientId: '', validUntil: '2026-11-01' }, 'INR');
    expect(backwards.input).toBeUndefined();
    expect(backwards.errors).toMatchObject({ clientId: M.clientRequired, validUntil: M.validUntilInvalid });
  });

  it('shows a saved estimate back as it was typed', () => {
    const draft = estimateDraftOf(ESTIMATE, undefined);
    expect(draft.lines.map((l) => [l.quantity, l.unitPrice])).toEqual([
      ['1', '100000.00'],
      ['10', '2500.00'],
    ]);
    expect(draft).toMatchObject({ validUntil: '2026-12-29', terms: 'Valid for 30 days.' });
  });

  it('budgets the lines in hours as minutes, as the server does', () => {
    expect(estimateHourMinutes(ESTIMATE.lines)).toBe(600);
    expect(estimateHourMinutes([{ unit: 'h', quantityMilli: 1500 }])).toBe(90);
    expect(estimateHourMinutes([{ unit: 'item', quantityMilli: 1000 }])).toBeNull();
  });

  it('reads a deposit percentage into basis points', () => {
    expect(percentToBp('30')).toBe(3000);
    expect(percentToBp('12.5')).toBe(1250);
    expect(percentToBp('0.25 %')).toBe(25);
    expect(percentToBp('100')).toBe(10_000);
    expect(percentToBp('')).toBe(0);
    for (const bad of ['100.01', '101', '-5', '12.345', 'abc', '.']) expect(percentToBp(bad)).toBeNull();
  });

  it('works out the deposit before tax per tax group, rounded as the server rounds', () => {
    expect(depositBeforeTax(ESTIMATE.totals, 3000)).toBe(3_750_000);
    const two = {
      groups: [
        { base: 1001, category: 'standard', rateBp: 1800, components: [], tax: 0 },
        { base: 1001, category: 'exempt', rateBp: 0, components: [], tax: 0 },
      ],
    } as unknown as EstimateView['totals'];
    expect(depositBeforeTax(two, 5000)).toBe(1002);
  });

  it('prefills "Make project" from the estimate and reads it into the API’s body', () => {
    const draft = conversionDraftOf(ESTIMATE);
    expect(draft).toEqual({
      name: 'Kaveri Foods project',
      code: '',
      status: 'active',
      billingType: 'fixed',
      budgetAmount: '125000.00',
      budgetHours: '10',
      retainerHours: '',
      deposit: '',
    });
    expect(readConversion({ ...draft, deposit: '30' }, 'INR').input).toEqual({
      project: {
        name: 'Kaveri Foods project',
        code: '',
        status: 'active',
        billingType: 'fixed',
        budgetAmount: 12_500_000,
        budgetMinutes: 600,
        retainerMinutes: null,
      },
      depositBp: 3000,
    });
    const wrong = readConversion(
      { ...draft, name: ' ', budgetHours: 'lots', deposit: '150', billingType: 'retainer' },
      'INR',
    );
    expect(wrong.input).toBeUndefined();
    expect(wrong.errors).toMatchObject({
      name: PROJECT_MESSAGES.nameRequired,
      budgetMinutes: PROJECT_MESSAGES.hoursInvalid,
      depositBp: M.depositInvalid,
      retainerMinutes: PROJECT_MESSAGES.retainerHoursRequired,
    });
  });

  it('links the project in Projects', () => {
    expect(projectPath('p 1')).toBe('/dashboard/our-projects?project=p%201');
  });
});
