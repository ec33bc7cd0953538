import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PORTAL_FINANCE_MESSAGES as M } from '../../src/shared/messages';
import { createTestApp, uniqueEmail, type TestApp } from './support/test-app';
import { testClock, type TestClock } from './support/leads';
import { call, insertUser, insertWorkspace, type TestUser } from './support/users';
import {
  FINANCE_PROFILE,
  financeClientSignedIn,
  makeEstimate,
  makeInvoice,
  portalCall,
} from './support/portal-finance';

/**
 * Estimates and invoices in the client portal (docs/product/portal.md#estimates,
 * docs/product/portal.md#invoices-and-paying) on SQLite and PostgreSQL: what the client reads (the staff's
 * figures exactly), answering an estimate and what the agency then sees, the balance, the past-due flag,
 * the statement, how to pay with the UPI QR, and "I have paid" until the payment is recorded.
 */
describe('the client portal’s estimates and invoices', () => {
  let t: TestApp;
  let clock: TestClock;
  let boss: TestUser;
  let client: Awaited<ReturnType<typeof financeClientSignedIn>>;
  const contact = { name: 'Meera Nair', email: uniqueEmail('meera.test') };
  const portal = (url: string) => portalCall(t, client.headers, 'GET', url);
  const notice = (id: string, body: object) =>
    portalCall(t, client.headers, 'POST', `/api/portal/invoices/${id}/payment-notice`, body);
  const staffInvoice = async (id: string) =>
    (await call(t.app, 'GET', `/api/invoices/${id}`, boss.headers)).json();

  beforeAll(async () => {
    clock = testClock('2026-11-01T09:00:00.000Z');
    t = await createTestApp({ clock: clock.read });
    const studio = await insertWorkspace(t, { name: 'Portal Money Studio' });
    await t.database.handle.db
      .updateTable('workspaces')
      .set({ plan: 'Business' })
      .where('id', '=', studio.id)
      .execute();
    boss = await insertUser(t, { workspaceId: studio.id, role: 'Business Admin', username: 'pf-boss' });
    await call(t.app, 'PUT', '/api/finance/settings', boss.headers, FINANCE_PROFILE);
    client = await financeClientSignedIn(t, boss, 'Nair Textiles', contact);
  });
  afterAll(async () => t?.close());

  it('lists the sent estimates only and shows one with the figures staff see', async () => {
    const draft = await makeEstimate(t, boss, client.clientId, {
      issueDate: '2026-11-01',
      validUntil: '2026-12-01',
      send: false,
    });
    const sent = await makeEstimate(t, boss, client.clientId, {
      issueDate: '2026-11-01',
      validUntil: '2026-12-01',
    });
    const list = (await portal('/api/portal/estimates')).json().estimates;
    expect(list.map((e: { _id: string }) => e._id)).toEqual([sent]);
    const staff = (await call(t.app, 'GET', `/api/estimates/${sent}`, boss.headers)).json();
    expect(list[0]).toEqual({
      _id: sent,
      number: staff.number,
      state: 'sent',
      issueDate: '2026-11-01',
      validUntil: '2026-12-01',
      currency: 'INR',
      total: staff.totals.total,
    });
    const one = (await portal(`/api/portal/estimates/${sent}`)).json();
    expect(one).toMatchObject({
      number: staff.number,
      state: 'sent',
      canAnswer: true,
      totals: staff.totals,
      lines: staff.lines,
      terms: '50 % on acceptance, the rest on delivery.',
      notes: 'Thank you for the brief.',
      acceptance: null,
      decline: null,
    });
    expect(one.totals.total).toBe(11_800_000);
    const pdf = await portal(`/api/portal/estimates/${sent}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(draft).not.toBe(sent);
  });

  it('shows staff who accepted in the portal, when, from where and the PDF hash; and a decline with its reason', async () => {
    const id = await makeEstimate(t, boss, client.clientId, {
      issueDate: '2026-11-01',
      validUntil: '2026-12-01',
    });
    const accepted = await portalCall(t, client.headers, 'POST', `/api/portal/estimates/${id}/accept`, {
      name: 'Meera Nair',
      agreed: true,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().message).toBe(M.accepted(accepted.json().estimate.number));
    const staff = (await call(t.app, 'GET', `/api/estimates/${id}`, boss.headers)).json();
    expect(staff.state).toBe('accepted');
    expect(staff.acceptance).toMatchObject({
      acceptedBy: 'Meera Nair',
      acceptedOn: '2026-11-01',
      recordedAt: '2026-11-01T09:00:00.000Z',
      via: 'portal',
      ip: '198.51.100.23',
      recordedBy: '',
    });
    expect(staff.acceptance.pdfSha256).toMatch(/^[0-9a-f]{64}$/);
    // The audit log and the bell say so, and "Make project" stays the agency's.
    const audit = await t.database.handle.db
      .selectFrom('activity')
      .select(['kind', 'action', 'user_id'])
      .where('action', '=', M.acceptedActivity('Meera Nair', staff.number))
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ kind: 'estimate-accepted', user_id: null });
    const bell = await t.database.handle.db
      .selectFrom('user_notifications')
      .select(['user_id', 'title'])
      .where('kind', '=', 'estimate-answered')
      .execute();
    expect(bell).toEqual([{ user_id: boss.id, title: M.answeredTitle(staff.number, true) }]);
    const project = await call(t.app, 'POST', `/api/estimates/${id}/project`, boss.headers, {
      project: { name: 'Nair rebrand', status: 'active', billingType: 'fixed' },
    });
    expect(project.statusCode, project.body).toBe(200);

    const declined = await makeEstimate(t, boss, client.clientId, {
      issueDate: '2026-11-01',
      validUntil: '2026-12-01',
    });
    const answer = await portalCall(t, client.headers, 'POST', `/api/portal/estimates/${declined}/decline`, {
      reason: 'We chose to do it in-house.',
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().estimate.decline).toMatchObject({ reason: 'We chose to do it in-house.' });
    expect((await call(t.app, 'GET', `/api/estimates/${declined}`, boss.headers)).json()).toMatchObject({
      state: 'declined',
      declineReason: 'We chose to do it in-house.',
      declinedVia: 'portal',
      declinedName: 'Meera Nair',
    });
  });

  it('hashes a PDF drawn at acceptance for an estimate sent before hashes were kept', async () => {
    const id = await makeEstimate(t, boss, client.clientId, {
      issueDate: '2026-11-01',
      validUntil: '2026-12-01',
    });
    await t.database.handle.db
      .updateTable('estimates')
      .set({ sent_pdf_sha256: null })
      .where('id', '=', id)
      .execute();
    const accepted = await portalCall(t, client.headers, 'POST', `/api/portal/estimates/${id}/accept`, {
      name: 'Meera Nair',
      agreed: true,
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().estimate.acceptance.pdfSha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('lists invoices to pay first with their balance, flags past-due ones, and shows how to pay with a UPI QR', async () => {
    clock.now = new Date('2026-11-02T09:00:00.000Z');
    const first = await makeInvoice(t, boss, client.clientId, {
      issueDate: '2026-11-02',
      unitPrice: 100_000,
    });
    const second = await makeInvoice(t, boss, client.clientId, {
      issueDate: '2026-11-02',
      unitPrice: 50_000,
    });
    const draft = await makeInvoice(t, boss, client.clientId, { issueDate: '2026-11-02', final: false });
    // ₹1,180 and ₹590; the second paid in full, the first ₹180 in part.
    await call(t.app, 'POST', '/api/payments', boss.headers, {
      clientId: client.clientId,
      date: '2026-11-02',
      amount: 59_000 + 18_000,
      method: 'upi',
      reference: 'UPI-77',
      allocations: [
        { invoiceId: second, amount: 59_000 },
        { invoiceId: first, amount: 18_000 },
      ],
    });
    clock.now = new Date('2026-11-20T09:00:00.000Z');
    const list = (await portal('/api/portal/invoices')).json().invoices;
    expect(list.map((i: { _id: string }) => i._id)).toEqual([first, second]);
    expect(list[0]).toMatchObject({
      balance: 100_000,
      total: 118_000,
      pastDue: true,
      state: 'overdue',
      dueDate: '2026-11-17',
    });
    expect(list[1]).toMatchObject({ balance: 0, pastDue: false, state: 'paid' });
    expect(list.map((i: { _id: string }) => i._id)).not.toContain(draft);

    const one = (await portal(`/api/portal/invoices/${first}`)).json();
    const staff = await staffInvoice(first);
    expect(one).toMatchObject({
      balance: staff.balance,
      totals: staff.totals,
      lines: staff.lines,
      paidAmount: 18_000,
      pastDue: true,
      payments: [{ date: '2026-11-02', amount: 18_000, method: 'upi' }],
      howToPay: {
        bankDetails: ['HDFC Bank, MG Road', 'A/c 50200012345678', 'IFSC HDFC0000123'],
        upiId: 'portalstudio@okaxis',
      },
    });
    expect(one.howToPay.upiLink).toContain('upi://pay?pa=portalstudio%40okaxis');
    expect(one.howToPay.upiLink).toContain('am=1000.00');
    expect(one.howToPay.upiQr).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(one.howToPay.upiQr.split(',')[1], 'base64').toString()).toContain('<svg');
    // Nothing due: no QR.
    expect((await portal(`/api/portal/invoices/${second}`)).json().howToPay).toMatchObject({
      upiLink: null,
      upiQr: null,
    });
    const pdf = await portal(`/api/portal/invoices/${first}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    // The statement is the staff's, figure for figure.
    const mine = (await portal('/api/portal/statement?from=2026-11-01&to=2026-11-30')).json();
    const theirs = (
      await call(
        t.app,
        'GET',
        `/api/clients/${client.clientId}/statement?from=2026-11-01&to=2026-11-30`,
        boss.headers,
      )
    ).json();
    expect(mine).toEqual(theirs);
    expect(mine.closing).toBe(100_000);
  });

  it('shows no QR without a UPI id', async () => {
    await call(t.app, 'PUT', '/api/finance/settings', boss.headers, { ...FINANCE_PROFILE, upiId: '' });
    try {
      const id = (await portal('/api/portal/invoices')).json().invoices[0]._id;
      expect((await portal(`/api/portal/invoices/${id}`)).json().howToPay).toMatchObject({
        upiId: null,
        upiLink: null,
        upiQr: null,
      });
    } finally {
      await call(t.app, 'PUT', '/api/finance/settings', boss.headers, FINANCE_PROFILE);
    }
  });

  it('tells the agency "I have paid" and sets it aside when the payment is recorded', async () => {
    const id = await makeInvoice(t, boss, client.clientId, { issueDate: '2026-11-20', unitPrice: 200_000 });
    const { number } = await staffInvoice(id);
    expect((await notice(id, { amount: 236_001, paidOn: '2026-11-20', method: 'upi' })).json().message).toBe(
      M.amountOverBalance('₹2,360.00'),
    );
    expect((await notice(id, { paidOn: '2026-11-21', method: 'upi' })).statusCode).toBe(400);
    expect((await notice(id, { paidOn: '2026-11-20', method: 'paypal' })).statusCode).toBe(400);
    expect(
      (await notice(id, { paidOn: '2026-11-20', method: 'upi', reference: 'x'.repeat(101) })).statusCode,
    ).toBe(400);

    const sent = await notice(id, {
      amount: 236_000,
      paidOn: '2026-11-20',
      method: 'bank_transfer',
      reference: 'NEFT-123456',
      note: 'Paid from our HDFC account.',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json().message).toBe(M.noticeSent);
    expect(sent.json().invoice.paymentNotices).toMatchObject([
      {
        paidOn: '2026-11-20',
        amount: 236_000,
        method: 'bank_transfer',
        reference: 'NEFT-123456',
        handled: false,
      },
    ]);
    // The staff's invoice page, bell and audit log.
    expect((await staffInvoice(id)).paymentNotices).toMatchObject([
      {
        contactName: 'Meera Nair',
        amount: 236_000,
        paidOn: '2026-11-20',
        method: 'bank_transfer',
        reference: 'NEFT-123456',
        note: 'Paid from our HDFC account.',
      },
    ]);
    const bell = await t.database.handle.db
      .selectFrom('user_notifications')
      .select(['user_id', 'title', 'message'])
      .where('kind', '=', 'payment-notice')
      .execute();
    expect(bell).toEqual([
      {
        user_id: boss.id,
        title: M.noticeTitle(number),
        message: M.noticeMessage('Meera Nair', number, '₹2,360.00', '2026-11-20'),
      },
    ]);
    const audit = await t.database.handle.db
      .selectFrom('activity')
      .select('kind')
      .where('action', '=', M.noticeActivity('Meera Nair', number))
      .execute();
    expect(audit).toEqual([{ kind: 'payment-notice' }]);

    // Recording the payment answers it.
    const paid = await call(t.app, 'POST', '/api/payments', boss.headers, {
      clientId: client.clientId,
      date: '2026-11-20',
      amount: 236_000,
      method: 'bank_transfer',
      reference: 'NEFT-123456',
      allocations: [{ invoiceId: id, amount: 236_000 }],
    });
    expect(paid.statusCode, paid.body).toBe(201);
    expect((await staffInvoice(id)).paymentNotices).toEqual([]);
    expect((await portal(`/api/portal/invoices/${id}`)).json().paymentNotices).toMatchObject([
      { handled: true },
    ]);
    const row = await t.database.handle.db
      .selectFrom('invoice_payment_notices')
      .select(['handled_by', 'handled_at'])
      .where('invoice_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ handled_by: boss.id, handled_at: '2026-11-20T09:00:00.000Z' });

    // Nothing left to pay: 409.
    const late = await notice(id, { paidOn: '2026-11-20', method: 'upi' });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(M.nothingToPay);
  });

  it('lets staff dismiss a notice, and limits notices to 10 an hour per contact', async () => {
    const id = await makeInvoice(t, boss, client.clientId, { issueDate: '2026-11-20' });
    const sent = await notice(id, { paidOn: '2026-11-19', method: 'cash' });
    expect(sent.statusCode).toBe(201);
    const [waiting] = (await staffInvoice(id)).paymentNotices;
    const dismissed = await call(
      t.app,
      'POST',
      `/api/invoices/${id}/payment-notices/${waiting._id}/dismiss`,
      boss.headers,
    );
    expect(dismissed.statusCode, dismissed.body).toBe(200);
    expect(dismissed.json().invoice.paymentNotices).toEqual([]);
    expect(
      (await call(t.app, 'POST', `/api/invoices/${id}/payment-notices/${waiting._id}/dismiss`, boss.headers))
        .statusCode,
    ).toBe(404);

    // Two notices were sent above: eight more pass, the eleventh waits.
    for (let i = 0; i < 8; i += 1)
      expect((await notice(id, { paidOn: '2026-11-19', method: 'cash' })).statusCode).toBe(201);
    const over = await notice(id, { paidOn: '2026-11-19', method: 'cash' });
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
  });
});
