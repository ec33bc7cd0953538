import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app';
import { migrateToLatest, type DatabaseHandle } from '../../src/server/db/database';
import { FINANCE_MESSAGES as M } from '../../src/shared/messages';
import { BASE_DEPS, testEngine } from './support/test-app';
import { testClock } from './support/leads';
import { migrationNames, openReleaseFixture } from './support/release-fixture';

const FIXTURE = path.resolve(import.meta.dirname, '../fixtures/release-0.7');

/** What tests/fixtures/release-0.7/make-fixture.ts used (see its README). */
const SECRET_KEY = 'release-0.7-fixture-secret-key-that-seals-secrets';
const ADMIN = { email: 'admin@release7.test', password: 'release7-admin-pass' };
/** The expense's receipt as the release was sent it. */
const RECEIPT = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** What the release answered for a document (GET /api/invoices/:id) on 27 November 2026. */
interface Figures {
  id: string;
  number: string | null;
  status: string;
  state: string;
  issueDate: string;
  dueDate: string | null;
  subtotal: number;
  taxTotal: number;
  total: number;
  paidAmount: number;
  creditedAmount: number;
  balance: number;
  amountInWords: string;
}
/** The ids the release drew and the figures it answered, per engine. */
const RECORDED = JSON.parse(fs.readFileSync(path.join(FIXTURE, 'credentials.json'), 'utf8')) as Record<
  'sqlite' | 'postgres',
  {
    adminId: string;
    clientId: string;
    projectId: string;
    projectCode: string;
    retainerProjectId: string;
    retainerProjectCode: string;
    invoices: Record<'fromProject' | 'direct' | 'creditNote' | 'draft', Figures>;
    payment: { id: string; amount: number; allocatedAmount: number; unallocated: number };
    expenseId: string;
    statementClosing: number;
  }
>;

/** The parties as the release froze them: printed lines only, no address in parts. */
const SELLER_LINES = ['12 MG Road', 'Bengaluru 560001', 'India'];
const BUYER_LINES = ['Express Towers, 14th Floor', 'Nariman Point', 'Mumbai 400021', 'India'];

/**
 * Users upgrade in place: a database written by release 0.7 (commit 4c63e1f, migrations 001-034: invoices,
 * payments and expenses, before estimates and retainer billing) opens with today's code on either engine.
 * Its invoices, credit note, payment, expense and time answer as the release left them; its PDFs still draw;
 * the invoices it froze before parties kept their address in parts still export as e-invoices, their PIN
 * and city read from the printed lines (docs/product/finance.md#e-invoices); its draft finalises with the
 * next number; and estimates and retainer invoices work on its client and projects.
 */
describe('upgrading a release 0.7 database', () => {
  let handle: DatabaseHandle;
  let app: FastifyInstance;
  let cleanup: () => Promise<void>;
  let token = '';
  const recorded = RECORDED[testEngine()];
  const { fromProject, direct, creditNote, draft } = recorded.invoices;
  // A few days after the release's, in the same financial year: the numbers and states are fixed.
  const clock = testClock('2026-12-01T09:00:00.000Z');

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    app.inject({
      method,
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(payload ? { payload } : {}),
    });
  const json = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, status = 200) => {
    const response = await call(method, url, payload);
    expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(status);
    return response.json();
  };
  const row = (id: string) =>
    handle.db.selectFrom('invoices').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  beforeAll(async () => {
    const fixture = await openReleaseFixture(FIXTURE);
    cleanup = fixture.dispose;
    handle = fixture.handle;
    await migrateToLatest(handle.db);
    app = await buildApp({
      ...BASE_DEPS,
      config: { ...BASE_DEPS.config, siteUrl: 'http://release7.example' },
      secretKey: SECRET_KEY,
      database: handle,
      clock: clock.read,
    });
    await app.ready();
    token = (await json('POST', '/api/login', ADMIN)).token;
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await cleanup?.();
  });

  it('has run every migration the code knows, after the release’s thirty-four', async () => {
    const { applied, known } = await migrationNames(handle);
    expect(applied).toEqual(known);
    expect(applied).toContain('034-expenses');
    expect(applied).toContain('035-estimates');
    expect(applied).toContain('036-retainer-billing');
    expect(await handle.db.selectFrom('estimates').select('id').execute()).toEqual([]);
    expect(await handle.db.selectFrom('retainer_invoices').select('month').execute()).toEqual([]);
  });

  it('answers every invoice and the credit note with the release’s numbers, totals, states and amounts', async () => {
    for (const figures of [fromProject, direct, creditNote, draft]) {
      const view = await json('GET', `/api/invoices/${figures.id}`);
      expect(
        {
          id: view._id,
          number: view.number,
          status: view.status,
          state: view.state,
          issueDate: view.issueDate,
          dueDate: view.dueDate,
          subtotal: view.totals.subtotal,
          taxTotal: view.totals.taxTotal,
          total: view.totals.total,
          paidAmount: view.paidAmount,
          creditedAmount: view.creditedAmount,
          balance: view.balance,
          amountInWords: view.amountInWords,
        },
        figures.number ?? 'draft',
      ).toEqual(figures);
      // The same as the stored row: figures, frozen parties and lines.
      const stored = await row(figures.id);
      expect(view).toMatchObject({
        number: stored.number,
        status: stored.status,
        scheme: 'gst-inter',
        placeOfSupply: '27',
        seller: JSON.parse(stored.seller),
        buyer: JSON.parse(stored.buyer),
      });
      expect(view.totals.total).toBe(Number(stored.total));
      expect(view.paidAmount).toBe(Number(stored.paid_amount));
      expect(view.creditedAmount).toBe(Number(stored.credited_amount));
      expect(view.seller).toMatchObject({ addressLines: SELLER_LINES, taxId: '29ABCDE1234F1ZW' });
      expect(view.buyer).toMatchObject({
        name: 'Harbour Line Logistics LLP',
        addressLines: BUYER_LINES,
        taxId: '27AAPFU0939F1ZV',
        stateCode: '27',
        email: 'meera@harbourline.test',
      });
      // Frozen before the parties kept their address in parts.
      expect(view.seller.address).toBeUndefined();
      expect(view.buyer.address).toBeUndefined();
      const lines = await handle.db
        .selectFrom('invoice_lines')
        .select(['description', 'net'])
        .where('invoice_id', '=', figures.id)
        .orderBy('position')
        .execute();
      expect(view.lines.map((l: { description: string; net: number }) => [l.description, l.net])).toEqual(
        lines.map((l) => [l.description, Number(l.net)]),
      );
    }
    // What each was made of.
    const billed = await json('GET', `/api/invoices/${fromProject.id}`);
    expect(billed.lines.map((l: { description: string }) => l.description)).toEqual([
      `${recorded.projectCode} Brand refresh: admin`,
      'Expense: Print Hub Mumbai, Brand book proofs (2026-11-25)',
    ]);
    expect(billed.totals.groups[0].components).toEqual([{ name: 'IGST', rateBp: 1800, amount: 405_000 }]);
    expect(billed.payments).toEqual([
      expect.objectContaining({ paymentId: recorded.payment.id, amount: 1_500_000 }),
    ]);
    const mixed = await json('GET', `/api/invoices/${direct.id}`);
    expect(
      mixed.totals.groups.map((g: { category: string; base: number; tax: number }) => [
        g.category,
        g.base,
        g.tax,
      ]),
    ).toEqual([
      ['standard', 4_000_000, 720_000],
      ['exempt', 1_450_000, 0],
    ]);
    expect(mixed.creditNotes).toEqual([
      expect.objectContaining({ _id: creditNote.id, number: 'CN/26-27/0001' }),
    ]);
    const note = await json('GET', `/api/invoices/${creditNote.id}`);
    expect(note).toMatchObject({
      kind: 'credit_note',
      corrects: { _id: direct.id, number: 'INV/26-27/0002' },
    });
    // The lists find them.
    const listed = (await json('GET', '/api/invoices')).invoices.map(
      (i: { number: string | null }) => i.number,
    );
    expect(listed.sort()).toEqual([null, 'INV/26-27/0001', 'INV/26-27/0002'].sort());
    const notes = (await json('GET', '/api/invoices?kind=credit_note')).invoices;
    expect(notes.map((n: { _id: string }) => n._id)).toEqual([creditNote.id]);
  });

  it('still draws each document’s PDF', async () => {
    for (const { id } of [fromProject, direct, creditNote, draft]) {
      const pdf = await call('GET', `/api/invoices/${id}/pdf`);
      expect(pdf.statusCode, pdf.body.slice(0, 200)).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
  });

  it('exports the release’s final invoices as e-invoices, the PIN and city read from the printed addresses', async () => {
    const seller = {
      Gstin: '29ABCDE1234F1ZW',
      LglNm: 'Release Seven Studio Private Limited',
      Addr1: '12 MG Road',
      Loc: 'Bengaluru',
      Pin: 560001,
      Stcd: '29',
    };
    const buyer = {
      Gstin: '27AAPFU0939F1ZV',
      LglNm: 'Harbour Line Logistics LLP',
      Pos: '27',
      Addr1: 'Express Towers, 14th Floor',
      Addr2: 'Nariman Point',
      Loc: 'Mumbai',
      Pin: 400021,
      Stcd: '27',
    };
    const cases = [
      [fromProject, 'INV', { AssVal: 22_500, IgstVal: 4_050, TotInvVal: 26_550 }],
      [direct, 'INV', { AssVal: 54_500, IgstVal: 7_200, TotInvVal: 61_700 }],
      [creditNote, 'CRN', { AssVal: 7_000, IgstVal: 0, TotInvVal: 7_000 }],
    ] as const;
    for (const [figures, type, values] of cases) {
      const answer = await call('GET', `/api/invoices/${figures.id}/e-invoice`);
      expect(answer.statusCode, `${figures.number}: ${answer.body}`).toBe(200);
      const einvoice = answer.json();
      expect(einvoice.TranDtls).toMatchObject({ TaxSch: 'GST', SupTyp: 'B2B', RegRev: 'N' });
      expect(einvoice.DocDtls).toEqual({ Typ: type, No: figures.number, Dt: '27/11/2026' });
      expect(einvoice.SellerDtls).toMatchObject(seller);
      // The seller's printed address has no second line: none is made up from its city line.
      expect(einvoice.SellerDtls.Addr2).toBeUndefined();
      expect(einvoice.BuyerDtls).toMatchObject(buyer);
      expect(einvoice.ValDtls).toMatchObject({ CgstVal: 0, SgstVal: 0, ...values });
      const items = einvoice.ItemList as { TotItemVal: number }[];
      expect(Math.round(items.reduce((sum, item) => sum + item.TotItemVal, 0) * 100)).toBe(
        Math.round(values.TotInvVal * 100),
      );
    }
    const noteJson = (await call('GET', `/api/invoices/${creditNote.id}/e-invoice`)).json();
    expect(noteJson.RefDtls).toEqual({ PrecDocDtls: [{ InvNo: 'INV/26-27/0002', InvDt: '27/11/2026' }] });
    const refused = await call('GET', `/api/invoices/${draft.id}/e-invoice`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(M.eInvoiceDraft);
  });

  it('keeps the payment and its allocation, and the client’s statement balances', async () => {
    const payment = await json('GET', `/api/payments/${recorded.payment.id}`);
    expect(payment).toMatchObject({
      kind: 'receipt',
      clientId: recorded.clientId,
      date: '2026-11-27',
      amount: recorded.payment.amount,
      method: 'bank_transfer',
      reference: 'NEFT-HL-7001',
      allocatedAmount: recorded.payment.allocatedAmount,
      unallocated: recorded.payment.unallocated,
      allocations: [{ invoiceId: fromProject.id, number: 'INV/26-27/0001', amount: 1_500_000 }],
    });
    const stored = await handle.db
      .selectFrom('payment_allocations')
      .select(['invoice_id', 'amount'])
      .where('payment_id', '=', recorded.payment.id)
      .execute();
    expect(stored.map((a) => [a.invoice_id, Number(a.amount)])).toEqual([[fromProject.id, 1_500_000]]);

    const statement = await json('GET', `/api/clients/${recorded.clientId}/statement`);
    expect(statement.closing).toBe(recorded.statementClosing);
    // Two invoices, less the credit note and the whole payment: ₹26,550 + ₹61,700 − ₹7,000 − ₹20,000.
    expect(statement.closing).toBe(2_655_000 + 6_170_000 - 700_000 - 2_000_000);
    let balance = statement.opening as number;
    for (const entry of statement.entries as { debit: number; credit: number; balance: number }[]) {
      balance += entry.debit - entry.credit;
      expect(entry.balance).toBe(balance);
    }
    expect(balance).toBe(statement.closing);
    expect(statement.entries.map((e: { kind: string }) => e.kind).sort()).toEqual(
      ['credit_note', 'invoice', 'invoice', 'payment'].sort(),
    );

    // The client's credit left on the old payment settles more of the old invoice.
    const used = await json('POST', `/api/payments/${recorded.payment.id}/allocations`, {
      allocations: [{ invoiceId: fromProject.id, amount: 500_000 }],
    });
    expect(used.payment).toMatchObject({ allocatedAmount: 2_000_000, unallocated: 0 });
    expect(await json('GET', `/api/invoices/${fromProject.id}`)).toMatchObject({
      state: 'partly_paid',
      paidAmount: 2_000_000,
      balance: 655_000,
    });
  });

  it('lets the release’s draft be edited and finalised, with the next number and no gap', async () => {
    const edited = await json('PUT', `/api/invoices/${draft.id}`, {
      clientId: recorded.clientId,
      issueDate: '2026-12-01',
      lines: [
        {
          description: 'Festive campaign concepts',
          sac: '998361',
          quantityMilli: 1000,
          unit: 'item',
          unitPrice: 3_000_000,
          category: 'standard',
          rateBp: 1800,
        },
        {
          description: 'Festive campaign copy',
          sac: '998361',
          quantityMilli: 2000,
          unit: 'item',
          unitPrice: 500_000,
          category: 'standard',
          rateBp: 1800,
        },
      ],
    });
    expect(edited.invoice).toMatchObject({ status: 'draft', number: null });
    expect(edited.invoice.totals).toMatchObject({ subtotal: 4_000_000, taxTotal: 720_000, total: 4_720_000 });
    const final = (await json('POST', `/api/invoices/${draft.id}/finalise`)).invoice;
    expect(final).toMatchObject({ number: 'INV/26-27/0003', status: 'open', issueDate: '2026-12-01' });
    // Made today, its parties keep their address in parts; the e-invoice reads the same as the old ones'.
    expect(final.buyer.address).toEqual({
      line1: 'Express Towers, 14th Floor',
      line2: 'Nariman Point',
      city: 'Mumbai',
      postalCode: '400021',
    });
    const fresh = (await call('GET', `/api/invoices/${draft.id}/e-invoice`)).json();
    const old = (await call('GET', `/api/invoices/${direct.id}/e-invoice`)).json();
    expect(fresh.SellerDtls).toEqual(old.SellerDtls);
    expect(fresh.BuyerDtls).toEqual(old.BuyerDtls);
    // The next credit note follows the release's too.
    const note = await json(
      'POST',
      `/api/invoices/${draft.id}/credit-notes`,
      {
        lines: [
          {
            description: 'Festive campaign copy',
            sac: '998361',
            quantityMilli: 1000,
            unit: 'item',
            unitPrice: 500_000,
            category: 'standard',
            rateBp: 1800,
          },
        ],
      },
      201,
    );
    expect(note.invoice.number).toBe('CN/26-27/0002');
  });

  it('keeps the expense approved and billed, its receipt byte for byte', async () => {
    const expense = await json('GET', `/api/expenses/${recorded.expenseId}`);
    expect(expense).toMatchObject({
      vendor: 'Print Hub Mumbai',
      amount: 590_000,
      taxAmount: 90_000,
      status: 'approved',
      billable: true,
      invoiceId: fromProject.id,
      project: { _id: recorded.projectId, code: recorded.projectCode },
      receipt: { name: 'print-hub-receipt.png', contentType: 'image/png', size: RECEIPT.length },
    });
    const receipt = await call('GET', `/api/expenses/${recorded.expenseId}/receipt`);
    expect(receipt.statusCode).toBe(200);
    expect(receipt.headers['content-type']).toBe('image/png');
    expect(receipt.rawPayload.equals(RECEIPT)).toBe(true);
  });

  it('answers the projects with no retainer fee and invoicing off, their billed time staying billed', async () => {
    const project = await json('GET', `/api/projects/${recorded.projectId}`);
    expect(project).toMatchObject({
      code: recorded.projectCode,
      billingType: 'hourly',
      hourlyRate: 250_000,
      budgetMinutes: 2400,
      budgetAmount: 50_000_000,
      retainerFee: null,
      retainerInvoicing: 'off',
      usage: { approvedMinutes: 420, approvedAmount: 1_750_000, expenseAmount: 590_000 },
    });
    const retainer = await json('GET', `/api/projects/${recorded.retainerProjectId}`);
    expect(retainer).toMatchObject({
      billingType: 'retainer',
      retainerMinutes: 600,
      retainerFee: null,
      retainerInvoicing: 'off',
    });
    const entries = await handle.db
      .selectFrom('time_entries')
      .select(['status', 'invoice_id'])
      .where('project_id', '=', recorded.projectId)
      .execute();
    expect(entries).toHaveLength(3);
    expect(entries.every((e) => e.status === 'approved' && e.invoice_id === fromProject.id)).toBe(true);
    const again = await call('POST', `/api/projects/${recorded.projectId}/invoice`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(M.nothingToBill);
    // The monthly run leaves the release's retainers alone: none was set to invoice itself.
    expect(await app.retainers.sweep()).toBe(0);
  });

  it('makes an estimate for the release’s client', async () => {
    const made = await json(
      'POST',
      '/api/estimates',
      {
        clientId: recorded.clientId,
        issueDate: '2026-12-01',
        validUntil: '2026-12-31',
        lines: [
          {
            description: 'Website redesign',
            sac: '998361',
            quantityMilli: 40_000,
            unit: 'hrs',
            unitPrice: 250_000,
            category: 'standard',
            rateBp: 1800,
          },
        ],
      },
      201,
    );
    expect(made.estimate).toMatchObject({
      number: 'EST-0001',
      status: 'draft',
      clientId: recorded.clientId,
      clientName: 'Harbour Line Logistics',
      scheme: 'gst-inter',
      currency: 'INR',
    });
    expect(made.estimate.totals).toMatchObject({
      subtotal: 10_000_000,
      taxTotal: 1_800_000,
      total: 11_800_000,
    });
    expect(made.estimate.totals.groups[0].components).toEqual([
      { name: 'IGST', rateBp: 1800, amount: 1_800_000 },
    ]);
  });

  it('invoices a month of the release’s retainer once it is given a fee, its old time marked billed', async () => {
    const url = `/api/projects/${recorded.retainerProjectId}/retainer-invoice`;
    const feeless = await call('POST', url, { month: '2026-10' });
    expect(feeless.statusCode).toBe(409);
    expect(feeless.json().message).toBe(M.retainerNotBillable);

    const project = await json('GET', `/api/projects/${recorded.retainerProjectId}`);
    const saved = await json('PUT', `/api/projects/${recorded.retainerProjectId}`, {
      clientId: recorded.clientId,
      name: project.name,
      code: project.code,
      status: project.status,
      billingType: 'retainer',
      retainerMinutes: 600,
      hourlyRate: 200_000,
      startDate: project.startDate,
      managerId: project.manager._id,
      retainerFee: 6_000_000,
    });
    expect(saved.project).toMatchObject({ retainerFee: 6_000_000, retainerInvoicing: 'off' });

    const made = await json('POST', url, { month: '2026-10' }, 201);
    // October: 12 hours logged in the release against 10, so 2 hours at ₹2,000 beyond the ₹60,000 fee.
    expect(made.invoice.lines).toEqual([
      expect.objectContaining({
        description: `${recorded.retainerProjectCode} Social retainer: retainer for October 2026 (10 hours a month)`,
        quantityMilli: 1000,
        unitPrice: 6_000_000,
      }),
      expect.objectContaining({ quantityMilli: 2000, unit: 'hrs', unitPrice: 200_000, net: 400_000 }),
    ]);
    expect(made.invoice.totals).toMatchObject({ subtotal: 6_400_000, taxTotal: 1_152_000, total: 7_552_000 });
    const entries = await handle.db
      .selectFrom('time_entries')
      .select('invoice_id')
      .where('project_id', '=', recorded.retainerProjectId)
      .execute();
    expect(entries.map((e) => e.invoice_id)).toEqual([made.invoice._id, made.invoice._id]);
    expect((await call('POST', url, { month: '2026-10' })).statusCode).toBe(409);
    expect((await call('POST', `/api/projects/${recorded.retainerProjectId}/invoice`, {})).statusCode).toBe(
      409,
    );
  });
});
