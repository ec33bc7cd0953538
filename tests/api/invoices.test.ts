import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FINANCE_MESSAGES as M } from '../../src/shared/messages';
import { createTestApp, type TestApp } from './support/test-app';
import { testClock, type TestClock } from './support/leads';
import { call, insertUser, insertWorkspace, type TestUser } from './support/users';
import { createKey } from './support/api-keys';

type Method = 'GET' | 'PUT' | 'POST' | 'DELETE';

/** A Karnataka agency's tax profile: GSTIN 29…, invoices INV/26-27/0001 from 1 April. */
const PROFILE = {
  legalName: 'Studio Sagar Private Limited',
  addressLine1: '12 MG Road',
  city: 'Bengaluru',
  postalCode: '560001',
  country: 'IN',
  stateCode: '29',
  taxId: '29ABCDE1234F1ZW',
  currency: 'INR',
  defaultRateBp: 1800,
  defaultSac: '998361',
  fyStartMonth: 4,
  paymentTermsDays: 15,
  upiId: 'studiosagar@okhdfc',
};

const line = (over: object = {}) => ({
  description: 'Campaign design',
  sac: '998361',
  quantityMilli: 1000,
  unit: 'item',
  unitPrice: 100_000,
  category: 'standard',
  rateBp: 1800,
  ...over,
});

/**
 * Invoices, credit notes and payments (docs/product/finance.md), on SQLite and PostgreSQL: totals worked by
 * hand, numbers without gaps under concurrent finalisations and across the financial year, a final invoice
 * refused every change, credit notes, payments split and over-paid, time never billed twice; and the attacks:
 * another workspace's invoice or payment by id, a member without Finance, a changed number after finalising.
 */
describe('invoices', () => {
  let t: TestApp;
  let clock: TestClock;
  let boss: TestUser;
  let pm: TestUser;
  let stranger: TestUser;
  let clientId: string;
  let mumbaiClientId: string;
  let workspaceId: string;

  const draft = async (who: { headers: { authorization: string } }, body: object = {}) =>
    call(t.app, 'POST', '/api/invoices', who.headers, {
      clientId,
      issueDate: '2026-11-29',
      lines: [line()],
      ...body,
    });
  const finalise = (id: string, who: TestUser = boss) =>
    call(t.app, 'POST', `/api/invoices/${id}/finalise`, who.headers);
  const get = async (id: string) => (await call(t.app, 'GET', `/api/invoices/${id}`, boss.headers)).json();

  beforeAll(async () => {
    clock = testClock('2026-11-29T09:00:00.000Z');
    t = await createTestApp({ clock: clock.read });
    const studio = await insertWorkspace(t, { name: 'Invoice Studio' });
    workspaceId = studio.id;
    await t.database.handle.db
      .updateTable('workspaces')
      .set({ plan: 'Business' })
      .where('id', '=', studio.id)
      .execute();
    boss = await insertUser(t, { workspaceId: studio.id, role: 'Business Admin', username: 'inv-boss' });
    pm = await insertUser(t, { workspaceId: studio.id, role: 'Project Manager', username: 'inv-pm' });
    const other = await insertWorkspace(t, { name: 'Other Invoice Studio' });
    stranger = await insertUser(t, { workspaceId: other.id, role: 'Business Admin', username: 'inv-other' });
    clientId = (
      await call(t.app, 'POST', '/api/clients', boss.headers, {
        name: 'Kaveri Foods',
        legalName: 'Kaveri Foods LLP',
        taxId: '29AAGCB7383J1Z4',
        addressLine1: '4 Residency Road',
        city: 'Bengaluru',
        country: 'IN',
        state: 'Karnataka',
        currency: 'INR',
        contacts: [{ name: 'Asha', email: 'asha@kaveri.test' }],
      })
    ).json().client._id;
    mumbaiClientId = (
      await call(t.app, 'POST', '/api/clients', boss.headers, {
        name: 'Marine Drive Media',
        country: 'IN',
        state: 'Maharashtra',
        currency: 'INR',
      })
    ).json().client._id;
  });
  afterAll(async () => t.close());

  it('keeps a tax profile, checking the GSTIN against its state', async () => {
    const fresh = (await call(t.app, 'GET', '/api/finance/settings', boss.headers)).json();
    expect(fresh).toMatchObject({
      configured: false,
      country: 'IN',
      fyStartMonth: 4,
      legalName: 'Invoice Studio',
    });
    const wrongState = await call(t.app, 'PUT', '/api/finance/settings', boss.headers, {
      ...PROFILE,
      stateCode: '27',
    });
    expect(wrongState.statusCode).toBe(400);
    expect(wrongState.json().errors).toContainEqual({ field: 'taxId', message: M.gstinInvalid });
    const badCheck = await call(t.app, 'PUT', '/api/finance/settings', boss.headers, {
      ...PROFILE,
      taxId: '29ABCDE1234F1ZX',
    });
    expect(badCheck.statusCode).toBe(400);
    const saved = await call(t.app, 'PUT', '/api/finance/settings', boss.headers, PROFILE);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      message: M.settingsSaved,
      settings: { configured: true, invoicePrefix: 'INV/' },
    });
  });

  it('totals mixed rates and an exempt line as worked by hand, CGST and SGST within the state', async () => {
    const made = await draft(boss, {
      lines: [
        // 12.5 h × ₹2,499.99 = ₹31,249.875 → 31,24,988 paise (half away from zero).
        line({ description: 'Design', quantityMilli: 12_500, unit: 'hrs', unitPrice: 249_999 }),
        // ₹1,000 less ₹50 at 5 %.
        line({ description: 'Hosting', unitPrice: 100_000, discount: 5_000, rateBp: 500 }),
        line({
          description: 'Workshop',
          unitPrice: 50_000,
          category: 'exempt',
          rateBp: 0,
          exemptReason: 'Education',
        }),
      ],
    });
    expect(made.statusCode, made.body).toBe(201);
    const invoice = made.json().invoice;
    expect(invoice).toMatchObject({
      status: 'draft',
      state: 'draft',
      number: null,
      scheme: 'gst-intra',
      placeOfSupply: '29',
    });
    expect(invoice.lines.map((l: { net: number }) => l.net)).toEqual([3_124_988, 95_000, 50_000]);
    // 18 %: 31,24,988 × 9 % = 2,81,248.92 → 2,81,249 each of CGST and SGST; 5 %: 95,000 × 2.5 % = 2,375 each.
    expect(invoice.totals.groups).toEqual([
      {
        category: 'standard',
        rateBp: 1800,
        inclusive: false,
        base: 3_124_988,
        components: [
          { name: 'CGST', rateBp: 900, amount: 281_249 },
          { name: 'SGST', rateBp: 900, amount: 281_249 },
        ],
        tax: 562_498,
      },
      {
        category: 'standard',
        rateBp: 500,
        inclusive: false,
        base: 95_000,
        components: [
          { name: 'CGST', rateBp: 250, amount: 2_375 },
          { name: 'SGST', rateBp: 250, amount: 2_375 },
        ],
        tax: 4_750,
      },
      { category: 'exempt', rateBp: 0, inclusive: false, base: 50_000, components: [], tax: 0 },
    ]);
    expect(invoice.totals).toMatchObject({ subtotal: 3_269_988, taxTotal: 567_248, total: 3_837_236 });
    expect(invoice.amountInWords).toBe(
      'Indian Rupees Thirty-Eight Thousand Three Hundred Seventy-Two and Thirty-Six Paise Only',
    );
    // The client's payment terms (30 days) from the invoice date.
    expect(invoice.dueDate).toBe('2026-12-29');
    const listed = (await call(t.app, 'GET', '/api/invoices?state=draft', boss.headers)).json().invoices;
    expect(listed.find((i: { _id: string }) => i._id === invoice._id)).toMatchObject({
      total: 3_837_236,
      balance: 3_837_236,
    });
  });

  it('takes the tax out of prices that include it, the invoice adding up to the prices agreed', async () => {
    const made = await draft(boss, {
      lines: [
        // ₹11,800 incl. 18 % → ₹10,000 + ₹1,800; 3 × ₹99.99 incl. 18 % = ₹299.97 → net 299.97 / 1.18 = ₹254.21.
        line({ description: 'Retainer', unitPrice: 1_180_000, inclusive: true }),
        line({ description: 'Boosts', quantityMilli: 3000, unitPrice: 9_999, inclusive: true }),
        line({ description: 'Print', unitPrice: 50_000, rateBp: 500 }),
      ],
    });
    const invoice = made.json().invoice;
    expect(invoice.lines.map((l: { net: number; inclusive: boolean }) => [l.net, l.inclusive])).toEqual([
      [1_000_000, true],
      [25_421, true],
      [50_000, false],
    ]);
    // Inside the prices: ₹12,099.97 − ₹10,254.21 = ₹1,845.76 of tax, CGST and SGST ₹922.88 each.
    expect(invoice.totals.groups[0]).toMatchObject({
      inclusive: true,
      base: 1_025_421,
      components: [
        { name: 'CGST', amount: 92_288 },
        { name: 'SGST', amount: 92_288 },
      ],
    });
    expect(invoice.totals.total).toBe(1_209_997 + 52_500);
  });

  it('charges IGST when the place of supply is another state', async () => {
    const invoice = (await draft(boss, { clientId: mumbaiClientId })).json().invoice;
    expect(invoice).toMatchObject({ scheme: 'gst-inter', placeOfSupply: '27' });
    expect(invoice.totals.groups[0].components).toEqual([{ name: 'IGST', rateBp: 1800, amount: 18_000 }]);
    expect(invoice.totals.total).toBe(118_000);
  });

  it('refuses lines that cannot be an invoice’s, changing nothing', async () => {
    const cases: [object, string][] = [
      [{ lines: [] }, M.linesRequired],
      [{ lines: [line({ quantityMilli: 0 })] }, M.quantityInvalid],
      [{ lines: [line({ unitPrice: 10.5 })] }, M.priceInvalid],
      [{ lines: [line({ discount: 100_001 })] }, M.discountInvalid],
      [{ lines: [line({ category: 'exempt' })] }, M.exemptReasonRequired],
      [{ dueDate: '2026-11-01' }, M.dueBeforeIssue],
      [{ clientId: randomUUID() }, M.clientNotFound],
    ];
    for (const [body, message] of cases) {
      const answer = await draft(boss, body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer.body).toContain(message);
    }
  });

  it('numbers 50 concurrent finalisations 1 to 50 without a gap or a repeat; a deleted draft leaves none', async () => {
    const deleted = (await draft(boss)).json().invoice._id;
    expect((await call(t.app, 'DELETE', `/api/invoices/${deleted}`, boss.headers)).statusCode).toBe(200);
    const ids: string[] = [];
    for (let i = 0; i < 50; i++) ids.push((await draft(boss)).json().invoice._id);
    const answers = await Promise.all(ids.map((id) => finalise(id)));
    expect(answers.map((a) => a.statusCode)).toEqual(ids.map(() => 200));
    const numbers = answers.map((a) => a.json().invoice.number as string).sort();
    expect(numbers).toEqual(
      Array.from({ length: 50 }, (_, i) => `INV/26-27/${String(i + 1).padStart(4, '0')}`),
    );
    expect(numbers.every((n) => n.length <= 16 && /^[A-Za-z0-9/-]+$/.test(n))).toBe(true);
  });

  it('refuses every change to a final invoice: edit, delete, a second finalising, a new number', async () => {
    const id = (await draft(boss)).json().invoice._id;
    const final = (await finalise(id)).json().invoice;
    expect(final).toMatchObject({
      status: 'open',
      state: 'sent',
      issueDate: '2026-11-29',
      dueDate: '2026-12-29',
    });
    const edit = await call(t.app, 'PUT', `/api/invoices/${id}`, boss.headers, {
      clientId,
      issueDate: '2026-11-29',
      lines: [line({ unitPrice: 1 })],
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toBe(M.notDraft);
    expect((await call(t.app, 'DELETE', `/api/invoices/${id}`, boss.headers)).statusCode).toBe(409);
    expect((await finalise(id)).statusCode).toBe(409);
    const after = await get(id);
    expect(after.number).toBe(final.number);
    expect(after.totals.total).toBe(118_000);
    expect(after.lines[0].unitPrice).toBe(100_000);
  });

  it('starts the series again on 1 April', async () => {
    clock.now = new Date('2027-03-31T12:00:00.000Z');
    const march = (await finalise((await draft(boss, { issueDate: '2027-03-31' })).json().invoice._id)).json()
      .invoice;
    expect(march.number).toMatch(/^INV\/26-27\/\d{4}$/);
    clock.now = new Date('2027-04-01T06:00:00.000Z');
    const april = (await finalise((await draft(boss, { issueDate: '2027-04-01' })).json().invoice._id)).json()
      .invoice;
    expect(april.number).toBe('INV/27-28/0001');
    clock.now = new Date('2026-11-29T09:00:00.000Z');
  });

  it('corrects a final invoice only by a credit note of its own series, never beyond what is left', async () => {
    const id = (
      await finalise(
        (await draft(boss, { lines: [line(), line({ description: 'Copy', unitPrice: 50_000 })] })).json()
          .invoice._id,
      )
    ).json().invoice._id;
    const tooMuch = await call(t.app, 'POST', `/api/invoices/${id}/credit-notes`, boss.headers, {
      lines: [line({ unitPrice: 200_000 })],
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().message).toBe(M.creditTooLarge('₹1,770.00'));
    const partial = await call(t.app, 'POST', `/api/invoices/${id}/credit-notes`, boss.headers, {
      reason: 'Copy not delivered',
      lines: [line({ description: 'Copy', unitPrice: 50_000 })],
    });
    expect(partial.statusCode, partial.body).toBe(201);
    const note = partial.json().invoice;
    expect(note).toMatchObject({
      kind: 'credit_note',
      number: 'CN/26-27/0001',
      corrects: { _id: id },
      notes: 'Copy not delivered',
    });
    expect(note.totals.total).toBe(59_000);
    const notes = (await call(t.app, 'GET', '/api/invoices?kind=credit_note', boss.headers)).json().invoices;
    expect(notes.find((n: { _id: string }) => n._id === note._id)).toMatchObject({
      number: 'CN/26-27/0001',
      corrects: { _id: id, number: (await get(id)).number },
    });
    expect(await get(id)).toMatchObject({ creditedAmount: 59_000, balance: 118_000, state: 'sent' });
    const rest = await call(t.app, 'POST', `/api/invoices/${id}/credit-notes`, boss.headers, {});
    expect(rest.statusCode).toBe(400);
    const remaining = await call(t.app, 'POST', `/api/invoices/${id}/credit-notes`, boss.headers, {
      lines: [line()],
    });
    expect(remaining.json().invoice.number).toBe('CN/26-27/0002');
    expect(await get(id)).toMatchObject({ status: 'credited', state: 'credited', balance: 0 });
    expect(
      (await call(t.app, 'POST', `/api/invoices/${id}/credit-notes`, boss.headers, {})).json().message,
    ).toBe(M.creditNothing);
    const draftId = (await draft(boss)).json().invoice._id;
    expect(
      (await call(t.app, 'POST', `/api/invoices/${draftId}/credit-notes`, boss.headers, {})).statusCode,
    ).toBe(409);
  });

  it('splits a payment across invoices, keeps the surplus as credit, and refunds or reuses it', async () => {
    const a = (await finalise((await draft(boss)).json().invoice._id)).json().invoice;
    const b = (await finalise((await draft(boss)).json().invoice._id)).json().invoice;
    const over = await call(t.app, 'POST', '/api/payments', boss.headers, {
      clientId,
      date: '2026-11-29',
      amount: 100_000,
      method: 'upi',
      allocations: [{ invoiceId: a._id, amount: 118_001 }],
    });
    expect(over.statusCode).toBe(400);
    const paid = await call(t.app, 'POST', '/api/payments', boss.headers, {
      clientId,
      date: '2026-11-29',
      amount: 200_000,
      method: 'bank_transfer',
      reference: 'NEFT-8812',
      allocations: [
        { invoiceId: a._id, amount: 118_000 },
        { invoiceId: b._id, amount: 50_000 },
      ],
    });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json().payment).toMatchObject({
      allocatedAmount: 168_000,
      unallocated: 32_000,
      currency: 'INR',
    });
    expect(await get(a._id)).toMatchObject({ state: 'paid', balance: 0, paidAmount: 118_000 });
    expect(await get(b._id)).toMatchObject({ state: 'partly_paid', balance: 68_000 });
    const paymentId = paid.json().payment._id;
    const tooBig = await call(t.app, 'POST', `/api/payments/${paymentId}/allocations`, boss.headers, {
      allocations: [{ invoiceId: b._id, amount: 32_001 }],
    });
    expect(tooBig.statusCode).toBe(400);
    const reuse = await call(t.app, 'POST', `/api/payments/${paymentId}/allocations`, boss.headers, {
      allocations: [{ invoiceId: b._id, amount: 30_000 }],
    });
    expect(reuse.json().payment).toMatchObject({ unallocated: 2_000 });
    const refund = await call(t.app, 'POST', `/api/payments/${paymentId}/refunds`, boss.headers, {
      date: '2026-11-30',
      amount: 2_001,
      method: 'upi',
    });
    expect(refund.statusCode).toBe(400);
    expect(refund.json().message).toBe(M.refundTooLarge('₹20.00'));
    const refunded = await call(t.app, 'POST', `/api/payments/${paymentId}/refunds`, boss.headers, {
      date: '2026-11-30',
      amount: 2_000,
      method: 'upi',
    });
    expect(refunded.statusCode).toBe(201);
    expect(refunded.json().payment).toMatchObject({ refundedAmount: 2_000, unallocated: 0 });
    expect((await call(t.app, 'DELETE', `/api/payments/${paymentId}`, boss.headers)).json().message).toBe(
      M.paymentHasRefunds,
    );
    // A payment recorded by mistake is deleted, and its invoice is owed again.
    const mistake = (
      await call(t.app, 'POST', '/api/payments', boss.headers, {
        clientId,
        date: '2026-11-29',
        amount: 38_000,
        method: 'cash',
        allocations: [{ invoiceId: b._id, amount: 38_000 }],
      })
    ).json().payment;
    expect((await get(b._id)).state).toBe('paid');
    expect((await call(t.app, 'DELETE', `/api/payments/${mistake._id}`, boss.headers)).statusCode).toBe(200);
    expect(await get(b._id)).toMatchObject({ state: 'partly_paid', balance: 38_000 });
  });

  it('gives back to its payments what a credit note takes off an invoice already paid, as the client’s credit', async () => {
    const inv = (await finalise((await draft(boss)).json().invoice._id)).json().invoice;
    const payment = (
      await call(t.app, 'POST', '/api/payments', boss.headers, {
        clientId,
        date: '2026-11-29',
        amount: 100_000,
        method: 'card',
        allocations: [{ invoiceId: inv._id, amount: 100_000 }],
      })
    ).json().payment;
    // ₹1,180 owed, ₹1,000 paid; a credit note of the whole ₹1,180 leaves ₹1,000 paid for nothing.
    await call(t.app, 'POST', `/api/invoices/${inv._id}/credit-notes`, boss.headers, {});
    expect(await get(inv._id)).toMatchObject({
      state: 'credited',
      balance: 0,
      paidAmount: 0,
      creditedAmount: 118_000,
    });
    const after = (await call(t.app, 'GET', `/api/payments/${payment._id}`, boss.headers)).json();
    expect(after).toMatchObject({ allocatedAmount: 0, unallocated: 100_000, allocations: [] });
    const credit = (
      await call(t.app, 'GET', `/api/payments?client=${clientId}&unallocated=true`, boss.headers)
    ).json();
    expect(credit.payments.map((p: { _id: string }) => p._id)).toContain(payment._id);
  });

  it('shows an unpaid invoice as Overdue after its due date, in the list’s filter too', async () => {
    const inv = (
      await finalise(
        (await draft(boss, { clientId: mumbaiClientId, dueDate: '2026-12-05' })).json().invoice._id,
      )
    ).json().invoice;
    expect(inv.dueDate).toBe('2026-12-05');
    clock.now = new Date('2026-12-06T09:00:00.000Z');
    try {
      expect((await get(inv._id)).state).toBe('overdue');
      const overdue = (
        await call(t.app, 'GET', `/api/invoices?state=overdue&client=${mumbaiClientId}`, boss.headers)
      ).json();
      expect(overdue.invoices.map((i: { _id: string }) => i._id)).toEqual([inv._id]);
    } finally {
      clock.now = new Date('2026-11-29T09:00:00.000Z');
    }
  });

  it('invoices a project’s approved billable hours once, even when asked twice at the same moment', async () => {
    const project = (
      await call(t.app, 'POST', '/api/projects', boss.headers, {
        clientId,
        name: 'Launch',
        status: 'active',
        hourlyRate: 200_000,
      })
    ).json().project;
    const db = t.database.handle.db;
    const entry = (minutes: number, status: 'approved' | 'submitted', billable = 1) => ({
      id: randomUUID(),
      workspace_id: workspaceId,
      project_id: project._id,
      task_id: null,
      user_id: boss.id,
      user_name: 'inv-boss',
      date: '2026-11-23',
      minutes,
      note: '',
      billable,
      hourly_rate: 200_000,
      amount: Math.round((minutes * 200_000) / 60),
      currency: 'INR',
      status,
      started_at: null,
      approved_by: boss.id,
      approved_at: '2026-11-28T00:00:00.000Z',
      invoiced_at: null,
      created_at: '2026-11-23T00:00:00.000Z',
      updated_at: '2026-11-23T00:00:00.000Z',
    });
    await db
      .insertInto('time_entries')
      .values([
        entry(90, 'approved'),
        entry(30, 'approved'),
        entry(60, 'submitted'),
        entry(45, 'approved', 0),
      ])
      .execute();
    const [one, two] = await Promise.all([
      call(t.app, 'POST', `/api/projects/${project._id}/invoice`, boss.headers, { groupBy: 'person' }),
      call(t.app, 'POST', `/api/projects/${project._id}/invoice`, boss.headers, { groupBy: 'person' }),
    ]);
    const statuses = [one.statusCode, two.statusCode].sort();
    expect(statuses).toEqual([201, 409]);
    const made = (one.statusCode === 201 ? one : two).json().invoice;
    expect(made.lines).toHaveLength(1);
    expect(made.lines[0]).toMatchObject({
      quantityMilli: 2000,
      unit: 'hrs',
      unitPrice: 200_000,
      net: 400_000,
    });
    expect((one.statusCode === 409 ? one : two).json().message).toBe(M.nothingToBill);
    // Deleting the draft frees its hours to be invoiced again.
    await call(t.app, 'DELETE', `/api/invoices/${made._id}`, boss.headers);
    const again = await call(t.app, 'POST', `/api/projects/${project._id}/invoice`, boss.headers, {});
    expect(again.statusCode).toBe(201);
    expect(again.json().invoice.lines[0].net).toBe(400_000);
  });

  it('answers another workspace’s invoice or payment as not found, and refuses members without Finance', async () => {
    const id = (await draft(boss)).json().invoice._id;
    const payment = (
      await call(t.app, 'POST', '/api/payments', boss.headers, {
        clientId,
        date: '2026-11-29',
        amount: 100,
        method: 'cash',
      })
    ).json().payment._id;
    for (const [method, url, body] of [
      ['GET', `/api/invoices/${id}`],
      ['PUT', `/api/invoices/${id}`, { clientId, issueDate: '2026-11-29', lines: [line()] }],
      ['DELETE', `/api/invoices/${id}`],
      ['POST', `/api/invoices/${id}/finalise`],
      ['POST', `/api/invoices/${id}/credit-notes`, {}],
      ['GET', `/api/payments/${payment}`],
      ['DELETE', `/api/payments/${payment}`],
      ['POST', `/api/payments/${payment}/refunds`, { date: '2026-11-29', amount: 1, method: 'cash' }],
    ] as [Method, string, object?][]) {
      const answer = await call(t.app, method, url, stranger.headers, body);
      expect(answer.statusCode, `${method} ${url}`).toBe(404);
    }
    // Their own payment cannot settle this workspace's invoice either.
    const theirs = (
      await call(t.app, 'POST', '/api/clients', stranger.headers, {
        name: 'Theirs',
        country: 'IN',
        state: 'Goa',
        currency: 'INR',
      })
    ).json().client._id;
    const steal = await call(t.app, 'POST', '/api/payments', stranger.headers, {
      clientId: theirs,
      date: '2026-11-29',
      amount: 100,
      method: 'cash',
      allocations: [{ invoiceId: id, amount: 100 }],
    });
    expect(steal.statusCode).toBe(404);
    expect(
      (
        await call(t.app, 'POST', '/api/payments', stranger.headers, {
          clientId,
          date: '2026-11-29',
          amount: 1,
          method: 'cash',
        })
      ).statusCode,
    ).toBe(400);
    expect((await get(id)).status).toBe('draft');
    for (const [method, url] of [
      ['GET', '/api/invoices'],
      ['GET', `/api/invoices/${id}`],
      ['POST', `/api/invoices/${id}/finalise`],
      ['GET', '/api/payments'],
      ['GET', '/api/finance/settings'],
    ] as [Method, string][])
      expect((await call(t.app, method, url, pm.headers)).statusCode, `${method} ${url}`).toBe(403);
  });

  it('lets API keys read or write invoices and payments by their scopes', async () => {
    // Making a key needs a password proved within minutes of the clock's now.
    clock.now = new Date();
    const reader = await createKey(t, boss.headers, ['invoices:read']);
    clock.now = new Date('2026-11-29T09:00:00.000Z');
    expect((await call(t.app, 'GET', '/api/invoices', reader.headers)).statusCode).toBe(200);
    expect((await draft(reader)).statusCode).toBe(403);
    expect((await call(t.app, 'GET', '/api/payments', reader.headers)).statusCode).toBe(403);
    expect((await call(t.app, 'PUT', '/api/finance/settings', reader.headers, PROFILE)).statusCode).toBe(403);
  });

  it('refuses to finalise before the tax profile is filled in', async () => {
    const bare = await insertWorkspace(t, { name: 'Bare Studio' });
    const owner = await insertUser(t, {
      workspaceId: bare.id,
      role: 'Business Admin',
      username: 'bare-boss',
    });
    const client = (
      await call(t.app, 'POST', '/api/clients', owner.headers, {
        name: 'C',
        country: 'IN',
        state: 'Goa',
        currency: 'INR',
      })
    ).json().client._id;
    const id = (await draft(owner, { clientId: client })).json().invoice._id;
    const answer = await finalise(id, owner);
    expect(answer.statusCode).toBe(409);
    expect(answer.json().message).toBe(M.profileRequired);
  });
});
