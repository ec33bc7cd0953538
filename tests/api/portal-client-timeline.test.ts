import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { addProject, addTask } from './support/portal-projects';

/**
 * What a client's contacts do in the portal lands on the client's timeline in the dashboard
 * (docs/product/portal.md#on-the-clients-timeline), on SQLite and PostgreSQL: their sign-in, a comment and
 * an approval on a task, an accepted estimate, an opened invoice (once, however often it is opened) and
 * "I have paid", each with who and when.
 */
describe('the client’s timeline shows what its contacts did in the portal', () => {
  let t: TestApp;
  let clock: TestClock;
  let boss: TestUser;
  let client: Awaited<ReturnType<typeof financeClientSignedIn>>;
  const contact = { name: 'Lata Menon', email: uniqueEmail('lata.test') };
  const portal = (method: 'GET' | 'POST', url: string, body?: object) =>
    portalCall(t, client.headers, method, url, body);
  const timeline = async () =>
    (await call(t.app, 'GET', `/api/clients/${client.clientId}/timeline`, boss.headers)).json().events as {
      kind: string;
      actor: string;
      data: Record<string, unknown>;
      at: string;
    }[];

  beforeAll(async () => {
    clock = testClock('2026-11-02T09:00:00.000Z');
    t = await createTestApp({ clock: clock.read });
    const studio = await insertWorkspace(t, { name: 'Timeline Studio' });
    await t.database.handle.db
      .updateTable('workspaces')
      .set({ plan: 'Business' })
      .where('id', '=', studio.id)
      .execute();
    boss = await insertUser(t, { workspaceId: studio.id, role: 'Business Admin', username: 'tl-boss' });
    await call(t.app, 'PUT', '/api/finance/settings', boss.headers, FINANCE_PROFILE);
    client = await financeClientSignedIn(t, boss, 'Menon Spices', contact);
  });
  afterAll(async () => t?.close());

  it('records each action with the contact’s name, once for an invoice opened again', async () => {
    const project = await addProject(t, boss, client.clientId, ['tasks', 'comments']);
    const task = await addTask(t, boss, project, { title: 'Label design', status: 'in_review' });
    expect((await portal('POST', `/api/portal/tasks/${task}/comments`, { body: 'Lovely' })).statusCode).toBe(
      201,
    );
    expect((await portal('POST', `/api/portal/tasks/${task}/approve`, {})).statusCode).toBe(200);
    const estimate = await makeEstimate(t, boss, client.clientId, {
      issueDate: '2026-11-02',
      validUntil: '2026-12-02',
    });
    const accepted = await portal('POST', `/api/portal/estimates/${estimate}/accept`, {
      name: 'Lata Menon',
      agreed: true,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const invoice = await makeInvoice(t, boss, client.clientId, { issueDate: '2026-11-02' });
    for (let i = 0; i < 3; i++)
      expect((await portal('GET', `/api/portal/invoices/${invoice}`)).statusCode).toBe(200);
    const paid = await portal('POST', `/api/portal/invoices/${invoice}/payment-notice`, {
      paidOn: '2026-11-02',
      method: 'upi',
      reference: 'UTR1',
    });
    expect(paid.statusCode, paid.body).toBe(201);

    const events = await timeline();
    const portalEvents = events.filter((event) => event.kind.startsWith('portal-'));
    expect(portalEvents.every((event) => event.actor === 'Lata Menon')).toBe(true);
    const summary = portalEvents.map((event) => [event.kind, event.data.event ?? event.data.number ?? null]);
    const invoiceNumber = (await call(t.app, 'GET', `/api/invoices/${invoice}`, boss.headers)).json().number;
    const estimateNumber = (await call(t.app, 'GET', `/api/estimates/${estimate}`, boss.headers)).json()
      .number;
    expect(summary.sort()).toEqual(
      [
        ['portal-signed-in', null],
        ['portal-task', 'client-commented'],
        ['portal-task', 'client-approved'],
        ['portal-estimate-answered', estimateNumber],
        ['portal-invoice-viewed', invoiceNumber],
        ['portal-payment-notice', invoiceNumber],
      ].sort(),
    );
    const approval = portalEvents.find((event) => event.data.event === 'client-approved')!;
    expect(approval.data).toMatchObject({ taskId: task, title: 'Label design' });
    expect(portalEvents.find((event) => event.kind === 'portal-estimate-answered')!.data.accepted).toBe(true);
  });

  it('keeps another client’s contacts out of this timeline', async () => {
    const other = await financeClientSignedIn(t, boss, 'Other Spices', {
      name: 'Omar Khan',
      email: uniqueEmail('omar.test'),
    });
    const before = (await timeline()).length;
    const otherInvoice = await makeInvoice(t, boss, other.clientId, { issueDate: '2026-11-02' });
    await portalCall(t, other.headers, 'GET', `/api/portal/invoices/${otherInvoice}`);
    expect((await timeline()).length).toBe(before);
  });
});
