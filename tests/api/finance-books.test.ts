import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app';
import { testClock, type TestClock } from './support/leads';
import { call, insertUser, insertWorkspace, type TestUser } from './support/users';

const PROFILE = {
  legalName: 'Books Studio Private Limited',
  addressLine1: '1 Church Street',
  city: 'Bengaluru',
  country: 'IN',
  stateCode: '29',
  currency: 'INR',
  defaultRateBp: 1800,
  fyStartMonth: 4,
  paymentTermsDays: 30,
};
const line = (unitPrice: number, rateBp = 1800) => ({
  description: 'Work',
  sac: '998361',
  quantityMilli: 1000,
  unitPrice,
  category: 'standard',
  rateBp,
});

/**
 * The books (docs/product/finance.md#the-books), on SQLite and PostgreSQL, with figures worked by hand:
 * three invoices finalised in July, October and November (one paid in part, one partly credited), seen on
 * 29 November 2026 as Billing & Payments' figures and ageing, a client's statement with its opening
 * balance, the month's GST summary and the accountant's CSVs.
 */
describe('finance books', () => {
  let t: TestApp;
  let clock: TestClock;
  let boss: TestUser;
  let stranger: TestUser;
  let kaveri: string;
  let marine: string;

  const at = (iso: string) => (clock.now = new Date(`${iso}T09:00:00.000Z`));
  const invoice = async (clientId: string, lines: object[]) => {
    const draft = await call(t.app, 'POST', '/api/invoices', boss.headers, {
      clientId,
      issueDate: clock.now.toISOString().slice(0, 10),
      lines,
    });
    return (
      await call(t.app, 'POST', `/api/invoices/${draft.json().invoice._id}/finalise`, boss.headers)
    ).json().invoice;
  };

  beforeAll(async () => {
    clock = testClock('2026-07-01T09:00:00.000Z');
    t = await createTestApp({ clock: clock.read });
    const studio = await insertWorkspace(t, { name: 'Books Studio' });
    boss = await insertUser(t, { workspaceId: studio.id, role: 'Business Admin', username: 'books-boss' });
    const other = await insertWorkspace(t, { name: 'Other Books' });
    stranger = await insertUser(t, {
      workspaceId: other.id,
      role: 'Business Admin',
      username: 'books-other',
    });
    await call(t.app, 'PUT', '/api/finance/settings', boss.headers, PROFILE);
    const client = async (name: string, state: string) =>
      (
        await call(t.app, 'POST', '/api/clients', boss.headers, {
          name,
          country: 'IN',
          state,
          currency: 'INR',
        })
      ).json().client._id as string;
    kaveri = await client('Kaveri Foods', 'Karnataka');
    marine = await client('Marine Drive Media', 'Maharashtra');
    // July: ₹2,000 + IGST 18 % to Mumbai = ₹2,360, due 31 July, never paid.
    await invoice(marine, [line(200_000)]);
    // October: ₹500 at 5 % within Karnataka = ₹525, due 14 November; ₹200 paid on 20 November.
    at('2026-10-15');
    const october = await invoice(kaveri, [line(50_000, 500)]);
    at('2026-11-20');
    await call(t.app, 'POST', '/api/payments', boss.headers, {
      clientId: kaveri,
      date: '2026-11-20',
      amount: 20_000,
      method: 'upi',
      reference: 'UPI-1',
      allocations: [{ invoiceId: october._id, amount: 20_000 }],
    });
    // November: ₹1,000 + 18 % = ₹1,180, then ₹100 + 18 % = ₹118 credited; and one draft.
    at('2026-11-29');
    const november = await invoice(kaveri, [line(100_000)]);
    await call(t.app, 'POST', `/api/invoices/${november._id}/credit-notes`, boss.headers, {
      lines: [line(10_000)],
    });
    await call(t.app, 'POST', '/api/invoices', boss.headers, {
      clientId: kaveri,
      issueDate: '2026-11-29',
      lines: [line(1)],
    });
  });
  afterAll(async () => t.close());

  it('sums outstanding, overdue by days past due, and the months', async () => {
    const summary = (await call(t.app, 'GET', '/api/finance/summary', boss.headers)).json();
    expect(summary).toMatchObject({
      currency: 'INR',
      // ₹1,062 (November less its credit) + ₹2,360 (July) + ₹325 (October less ₹200 paid).
      outstanding: 374_700,
      openCount: 3,
      overdue: 268_500,
      overdueCount: 2,
      receivedThisMonth: 20_000,
      draftCount: 1,
      otherCurrencies: [],
    });
    expect(summary.ageing).toEqual([
      { bucket: 'current', amount: 106_200, count: 1 },
      { bucket: '1-30', amount: 32_500, count: 1 },
      { bucket: '31-60', amount: 0, count: 0 },
      { bucket: '61-90', amount: 0, count: 0 },
      { bucket: '90+', amount: 236_000, count: 1 },
    ]);
    expect(summary.months).toHaveLength(12);
    expect(summary.months[0].month).toBe('2025-12');
    const month = (m: string) => summary.months.find((row: { month: string }) => row.month === m);
    expect(month('2026-07')).toEqual({ month: '2026-07', invoiced: 236_000, received: 0 });
    expect(month('2026-10')).toEqual({ month: '2026-10', invoiced: 52_500, received: 0 });
    expect(month('2026-11')).toEqual({ month: '2026-11', invoiced: 106_200, received: 20_000 });
  });

  it('gives a client’s statement with its opening balance and a running balance', async () => {
    const statement = (
      await call(t.app, 'GET', `/api/clients/${kaveri}/statement?from=2026-11-01`, boss.headers)
    ).json();
    expect(statement).toMatchObject({
      clientName: 'Kaveri Foods',
      currency: 'INR',
      opening: 52_500,
      closing: 138_700,
    });
    expect(
      statement.entries.map(
        (e: { kind: string; debit: number; credit: number; balance: number; reference: string }) => [
          e.kind,
          e.reference,
          e.debit,
          e.credit,
          e.balance,
        ],
      ),
    ).toEqual([
      ['payment', 'UPI-1', 0, 20_000, 32_500],
      ['invoice', 'INV/26-27/0003', 118_000, 0, 150_500],
      ['credit_note', 'CN/26-27/0001', 0, 11_800, 138_700],
    ]);
    const whole = (await call(t.app, 'GET', `/api/clients/${kaveri}/statement`, boss.headers)).json();
    expect(whole).toMatchObject({ opening: 0, closing: 138_700 });
    expect(whole.entries).toHaveLength(4);
  });

  it('sums the month’s GST by rate over invoices less credit notes', async () => {
    const november = (
      await call(t.app, 'GET', '/api/finance/gst-summary?month=2026-11', boss.headers)
    ).json();
    expect(november.rows).toEqual([
      {
        category: 'standard',
        rateBp: 1800,
        taxable: 90_000,
        cgst: 8_100,
        sgst: 8_100,
        igst: 0,
        vat: 0,
        documents: 2,
      },
    ]);
    const july = (await call(t.app, 'GET', '/api/finance/gst-summary?month=2026-07', boss.headers)).json();
    expect(july.totals).toEqual({ taxable: 200_000, cgst: 0, sgst: 0, igst: 36_000, vat: 0 });
    expect(
      (await call(t.app, 'GET', '/api/finance/gst-summary?month=2026-13', boss.headers)).statusCode,
    ).toBe(400);
  });

  it('exports invoices and payments as CSV for the accountant', async () => {
    const invoices = await call(t.app, 'GET', '/api/invoices/export.csv', boss.headers);
    expect(invoices.headers['content-type']).toContain('text/csv');
    const rows = invoices.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(rows).toHaveLength(5);
    expect(rows[1]).toBe(
      '"INV/26-27/0001","Invoice","Overdue","Marine Drive Media","","27","2026-07-01","2026-07-31","INR","2000.00","360.00","2360.00","0.00","0.00","2360.00"',
    );
    expect(rows[4]).toContain('"CN/26-27/0001","Credit note","Issued"');
    const payments = await call(t.app, 'GET', '/api/payments/export.csv', boss.headers);
    expect(payments.body).toContain(
      '"2026-11-20","Payment","Kaveri Foods","UPI","UPI-1","INR","200.00","200.00","0.00","0.00"',
    );
  });

  it('shows another workspace nothing of these books', async () => {
    expect((await call(t.app, 'GET', `/api/clients/${kaveri}/statement`, stranger.headers)).statusCode).toBe(
      404,
    );
    const theirs = (await call(t.app, 'GET', '/api/finance/summary', stranger.headers)).json();
    expect(theirs).toMatchObject({ outstanding: 0, openCount: 0, draftCount: 0 });
    const csv = (await call(t.app, 'GET', '/api/invoices/export.csv', stranger.headers)).body;
    expect(csv.trim().split('\r\n')).toHaveLength(1);
  });
});
