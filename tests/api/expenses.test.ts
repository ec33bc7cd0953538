import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPENSE_MESSAGES as M, FINANCE_MESSAGES, TIME_MESSAGES } from '../../src/shared/messages';
import { createTestApp, type TestApp } from './support/test-app';
import { testClock } from './support/leads';
import { multipartBody } from './support/multipart';
import { call, insertUser, insertWorkspace, type TestUser } from './support/users';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

/**
 * Expenses (docs/product/finance.md#expenses), on SQLite and PostgreSQL: submitted with a receipt checked by
 * its content and counted in storage, approved by a workspace admin only, counted against the project's
 * money budget, billed on to the client once; and the attacks: another workspace's expense or receipt by
 * id, a receipt that is not an image or PDF, approving one's own claim, SOLOHQ outside the section.
 */
describe('expenses', () => {
  let t: TestApp;
  let boss: TestUser;
  let claimant: TestUser;
  let stranger: TestUser;
  let solo: TestUser;
  let workspaceId: string;
  let clientId: string;
  let projectId: string;

  const expense = (who: TestUser, body: object = {}) =>
    call(t.app, 'POST', '/api/expenses', who.headers, {
      vendor: 'Meta Platforms',
      date: '2026-11-20',
      amount: 1_180_000,
      taxAmount: 180_000,
      currency: 'INR',
      category: 'advertising',
      description: 'Launch ads',
      projectId,
      billable: true,
      ...body,
    });
  const upload = (who: TestUser, id: string, file: { name: string; type: string; bytes: Buffer }) => {
    const body = multipartBody(
      {},
      { file: { filename: file.name, contentType: file.type, bytes: file.bytes } },
    );
    return t.app.inject({
      method: 'PUT',
      url: `/api/expenses/${id}/receipt`,
      headers: { ...who.headers, ...body.headers },
      payload: body.payload,
    });
  };
  const decide = (who: TestUser, id: string, action: 'approve' | 'reject', note = '') =>
    call(t.app, 'POST', `/api/expenses/${id}/decision`, who.headers, { action, note });
  const stored = async () =>
    Number(
      (
        await t.database.handle.db
          .selectFrom('workspace_storage')
          .select('bytes')
          .where('workspace_id', '=', workspaceId)
          .executeTakeFirstOrThrow()
      ).bytes,
    );

  beforeAll(async () => {
    t = await createTestApp({ clock: testClock('2026-11-29T09:00:00.000Z').read });
    const studio = await insertWorkspace(t, { name: 'Expense Studio' });
    workspaceId = studio.id;
    await t.database.handle.db
      .updateTable('workspaces')
      .set({ plan: 'Business' })
      .where('id', '=', studio.id)
      .execute();
    boss = await insertUser(t, { workspaceId: studio.id, role: 'Business Admin', username: 'exp-boss' });
    claimant = await insertUser(t, {
      workspaceId: studio.id,
      role: 'Project Manager',
      username: 'exp-pm',
      permissions: JSON.stringify({ financeManagement: true }),
    });
    const other = await insertWorkspace(t, { name: 'Other Expense Studio' });
    stranger = await insertUser(t, { workspaceId: other.id, role: 'Business Admin', username: 'exp-other' });
    const soloSpace = await insertWorkspace(t, { name: 'Solo Expenses' });
    solo = await insertUser(t, { workspaceId: soloSpace.id, role: 'SOLOHQ', username: 'exp-solo' });
    await call(t.app, 'PUT', '/api/finance/settings', boss.headers, {
      legalName: 'Expense Studio LLP',
      addressLine1: '1 Road',
      country: 'IN',
      stateCode: '29',
      currency: 'INR',
      defaultRateBp: 1800,
      fyStartMonth: 4,
      paymentTermsDays: 30,
    });
    clientId = (
      await call(t.app, 'POST', '/api/clients', boss.headers, {
        name: 'Ad Client',
        country: 'IN',
        state: 'Karnataka',
        currency: 'INR',
      })
    ).json().client._id;
    projectId = (
      await call(t.app, 'POST', '/api/projects', boss.headers, {
        clientId,
        name: 'Launch',
        status: 'active',
        budgetAmount: 2_000_000,
        hourlyRate: 100_000,
      })
    ).json().project._id;
  });
  afterAll(async () => t.close());

  it('refuses what cannot be an expense, changing nothing', async () => {
    const cases: [object, string][] = [
      [{ vendor: '' }, M.vendorRequired],
      [{ amount: 0 }, M.amountInvalid],
      [{ amount: 10.5 }, M.amountInvalid],
      [{ taxAmount: 2_000_000 }, M.taxInvalid],
      [{ currency: 'XYZ' }, M.currencyInvalid],
      [{ category: 'yachts' }, M.categoryInvalid],
      [{ projectId: null, billable: true }, M.billableNeedsProject],
    ];
    for (const [body, message] of cases) {
      const answer = await expense(claimant, body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer.body).toContain(message);
    }
    expect((await call(t.app, 'GET', '/api/expenses', boss.headers)).json().expenses).toEqual([]);
  });

  it('takes an image or PDF receipt checked by its bytes, counted in storage, and refuses anything else', async () => {
    const id = (await expense(claimant)).json().expense._id;
    const before = await stored();
    const svg = await upload(claimant, id, { name: 'receipt.png', type: 'image/png', bytes: SVG });
    expect(svg.statusCode).toBe(415);
    expect(svg.json().message).toBe(M.receiptType);
    const text = await upload(claimant, id, {
      name: 'receipt.pdf',
      type: 'application/pdf',
      bytes: Buffer.from('not a pdf'),
    });
    expect(text.statusCode).toBe(415);
    expect(await stored()).toBe(before);
    const ok = await upload(claimant, id, { name: 'meta-invoice.png', type: 'text/plain', bytes: PNG });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().expense.receipt).toEqual({
      name: 'meta-invoice.png',
      contentType: 'image/png',
      size: PNG.length,
    });
    expect(await stored()).toBe(before + PNG.length);
    const back = await call(t.app, 'GET', `/api/expenses/${id}/receipt`, boss.headers);
    expect(back.headers['content-type']).toBe('image/png');
    expect(back.rawPayload.equals(PNG)).toBe(true);
    await call(t.app, 'DELETE', `/api/expenses/${id}`, claimant.headers);
    expect(await stored()).toBe(before);
  });

  it('lets only a workspace admin approve, and counts an approved expense against the project’s money budget', async () => {
    const id = (await expense(claimant, { amount: 1_500_000, taxAmount: 0 })).json().expense._id;
    const own = await decide(claimant, id, 'approve');
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe(M.approveNotAllowed);
    const approved = await decide(boss, id, 'approve');
    expect(approved.json()).toMatchObject({ message: M.approved, expense: { status: 'approved' } });
    expect((await decide(boss, id, 'reject')).statusCode).toBe(409);
    expect(
      (
        await call(t.app, 'PUT', `/api/expenses/${id}`, claimant.headers, {
          vendor: 'X',
          date: '2026-11-20',
          amount: 1,
          currency: 'INR',
          category: 'other',
        })
      ).statusCode,
    ).toBe(409);
    const project = (await call(t.app, 'GET', `/api/projects/${projectId}`, boss.headers)).json();
    expect(project.usage.expenseAmount).toBe(1_500_000);
    const rejected = (await expense(claimant, { amount: 900_000 })).json().expense._id;
    await decide(boss, rejected, 'reject', 'Not ours');
    expect(
      (await call(t.app, 'GET', `/api/projects/${projectId}`, boss.headers)).json().usage.expenseAmount,
    ).toBe(1_500_000);
    // ₹15,000 of ₹20,000: not over; another approved ₹6,000 is.
    const more = (await expense(claimant, { amount: 600_000, taxAmount: 0, billable: false })).json().expense
      ._id;
    await decide(boss, more, 'approve');
    const over = (await call(t.app, 'GET', '/api/projects?overBudget=true', boss.headers)).json().projects;
    expect(over.map((p: { _id: string }) => p._id)).toContain(projectId);
    // Passing the budget by an approved expense warns the project's manager, as logged time does.
    const bell = await t.database.handle.db
      .selectFrom('user_notifications')
      .select('title')
      .where('user_id', '=', boss.id)
      .execute();
    expect(bell.map((n) => n.title)).toContain(TIME_MESSAGES.budgetTitle(100));
  });

  it('bills a billable approved expense to the client once, at its cost before tax, even when asked twice at once', async () => {
    const [one, two] = await Promise.all([
      call(t.app, 'POST', `/api/projects/${projectId}/invoice`, boss.headers, {}),
      call(t.app, 'POST', `/api/projects/${projectId}/invoice`, boss.headers, {}),
    ]);
    expect([one.statusCode, two.statusCode].sort()).toEqual([201, 409]);
    const invoice = (one.statusCode === 201 ? one : two).json().invoice;
    // The ₹15,000 billable expense (no tax paid on it); the ₹6,000 one is not billable.
    expect(invoice.lines).toHaveLength(1);
    expect(invoice.lines[0]).toMatchObject({ unitPrice: 1_500_000, quantityMilli: 1000 });
    expect(invoice.lines[0].description).toContain('Expense: Meta Platforms');
    expect((one.statusCode === 409 ? one : two).json().message).toBe(FINANCE_MESSAGES.nothingToBill);
    const listed = (await call(t.app, 'GET', '/api/expenses?status=approved', boss.headers)).json().expenses;
    const billed = listed.find((e: { amount: number }) => e.amount === 1_500_000);
    expect(billed.invoiceId).toBe(invoice._id);
    expect((await call(t.app, 'DELETE', `/api/expenses/${billed._id}`, boss.headers)).json().message).toBe(
      M.invoicedLocked,
    );
    await call(t.app, 'DELETE', `/api/invoices/${invoice._id}`, boss.headers);
    const freed = (await call(t.app, 'GET', `/api/expenses/${billed._id}`, boss.headers)).json();
    expect(freed.invoiceId).toBeNull();
  });

  it('answers another workspace’s expense and receipt as not found, and keeps SOLOHQ out of the section', async () => {
    const id = (await expense(claimant)).json().expense._id;
    await upload(claimant, id, { name: 'r.png', type: 'image/png', bytes: PNG });
    for (const [method, url, body] of [
      ['GET', `/api/expenses/${id}`],
      ['GET', `/api/expenses/${id}/receipt`],
      [
        'PUT',
        `/api/expenses/${id}`,
        { vendor: 'X', date: '2026-11-20', amount: 1, currency: 'INR', category: 'other' },
      ],
      ['DELETE', `/api/expenses/${id}`],
      ['POST', `/api/expenses/${id}/decision`, { action: 'approve' }],
    ] as ['GET' | 'PUT' | 'DELETE' | 'POST', string, object?][])
      expect((await call(t.app, method, url, stranger.headers, body)).statusCode, `${method} ${url}`).toBe(
        404,
      );
    expect((await upload(stranger, id, { name: 'r.png', type: 'image/png', bytes: PNG })).statusCode).toBe(
      404,
    );
    expect((await call(t.app, 'GET', '/api/expenses', stranger.headers)).json().expenses).toEqual([]);
    // Their expense cannot name this workspace's project.
    expect((await expense(stranger)).statusCode).toBe(400);
    expect((await call(t.app, 'GET', '/api/expenses', solo.headers)).statusCode).toBe(403);
    expect((await call(t.app, 'GET', '/api/invoices', solo.headers)).statusCode).toBe(200);
    expect((await call(t.app, 'GET', `/api/expenses/${id}`, boss.headers)).json().status).toBe('pending');
  });
});
