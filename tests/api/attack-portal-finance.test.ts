import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ESTIMATE_MESSAGES, PORTAL_FINANCE_MESSAGES as M } from '../../src/shared/messages';
import { createTestApp, uniqueEmail, type TestApp } from './support/test-app';
import { testClock, type TestClock } from './support/leads';
import { call, insertUser, insertWorkspace, type TestUser } from './support/users';
import { createKey } from './support/api-keys';
import {
  FINANCE_PROFILE,
  financeClientSignedIn,
  makeEstimate,
  makeInvoice,
  portalCall,
} from './support/portal-finance';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink';

/**
 * docs/security.md#client-portal: the attacks on the portal's estimates and invoices, on SQLite and
 * PostgreSQL. A contact of client A reaches nothing of client B or of another workspace (404, nothing
 * changes); drafts are not in the portal; an estimate is answered once, only while sent and valid, only
 * with the name typed and the terms agreed; the acceptance keeps the SHA-256 of the very PDF the e-mail
 * carried; the answers hold nothing that is the agency's own; a staff token or an API key is no portal
 * session.
 */
describe('attacks on the portal’s estimates and invoices', () => {
  let t: TestApp;
  let sink: SmtpSink;
  let clock: TestClock;
  let boss: TestUser;
  let stranger: TestUser;
  const a = { name: 'Asha Rao', email: uniqueEmail('client-a.test') };
  const b = { name: 'Bala Iyer', email: uniqueEmail('client-b.test') };
  let clientA: Awaited<ReturnType<typeof financeClientSignedIn>>;
  let clientB: Awaited<ReturnType<typeof financeClientSignedIn>>;
  let estimateB: string;
  let invoiceB: string;
  let strangerEstimate: string;
  let strangerInvoice: string;

  const staffEstimate = async (id: string) =>
    (await call(t.app, 'GET', `/api/estimates/${id}`, boss.headers)).json();
  const estimateRow = (id: string) =>
    t.database.handle.db.selectFrom('estimates').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const accept = (
    headers: { cookie: string },
    id: string,
    body: object = { name: 'Asha Rao', agreed: true },
  ) => portalCall(t, headers, 'POST', `/api/portal/estimates/${id}/accept`, body);
  const decline = (headers: { cookie: string }, id: string, reason = 'Over our budget this quarter') =>
    portalCall(t, headers, 'POST', `/api/portal/estimates/${id}/decline`, { reason });
  const estimateA = (send = true) =>
    makeEstimate(t, boss, clientA.clientId, { issueDate: '2026-11-29', validUntil: '2026-12-29', send });

  beforeAll(async () => {
    sink = await startSmtpSink({ user: 'mailer@agency.test', pass: 'sink-pass-1' });
    clock = testClock('2026-11-29T09:00:00.000Z');
    t = await createTestApp({
      allowPrivateSmtp: true,
      smtpAllowPlaintextLoopback: true,
      smtpUrl: `smtp://${encodeURIComponent(sink.user)}:${sink.pass}@127.0.0.1:${sink.port}`,
      clock: clock.read,
    });
    const studio = await insertWorkspace(t, { name: 'Portal Finance Studio' });
    await t.database.handle.db
      .updateTable('workspaces')
      .set({ plan: 'Business' })
      .where('id', '=', studio.id)
      .execute();
    boss = await insertUser(t, {
      workspaceId: studio.id,
      role: 'Business Admin',
      username: 'pf-attack-boss',
    });
    await call(t.app, 'PUT', '/api/finance/settings', boss.headers, FINANCE_PROFILE);
    clientA = await financeClientSignedIn(t, boss, 'Client A Foods', a);
    clientB = await financeClientSignedIn(t, boss, 'Client B Media', b);
    estimateB = await makeEstimate(t, boss, clientB.clientId, {
      issueDate: '2026-11-29',
      validUntil: '2026-12-29',
    });
    invoiceB = await makeInvoice(t, boss, clientB.clientId, { issueDate: '2026-11-29' });

    const other = await insertWorkspace(t, { name: 'Other Finance Studio' });
    await t.database.handle.db
      .updateTable('workspaces')
      .set({ plan: 'Business' })
      .where('id', '=', other.id)
      .execute();
    stranger = await insertUser(t, {
      workspaceId: other.id,
      role: 'Business Admin',
      username: 'pf-attack-other',
    });
    await call(t.app, 'PUT', '/api/finance/settings', stranger.headers, FINANCE_PROFILE);
    const elsewhere = await financeClientSignedIn(t, stranger, 'Elsewhere Ltd', {
      name: 'Other Person',
      email: uniqueEmail('elsewhere.test'),
    });
    strangerEstimate = await makeEstimate(t, stranger, elsewhere.clientId, {
      issueDate: '2026-11-29',
      validUntil: '2026-12-29',
    });
    strangerInvoice = await makeInvoice(t, stranger, elsewhere.clientId, { issueDate: '2026-11-29' });
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });

  it("answers 404 for another client's or another workspace's estimate and invoice, PDFs included", async () => {
    for (const [estimate, invoice] of [
      [estimateB, invoiceB],
      [strangerEstimate, strangerInvoice],
    ] as const) {
      for (const url of [
        `/api/portal/estimates/${estimate}`,
        `/api/portal/estimates/${estimate}/pdf`,
        `/api/portal/invoices/${invoice}`,
        `/api/portal/invoices/${invoice}/pdf`,
      ]) {
        const response = await portalCall(t, clientA.headers, 'GET', url);
        expect(response.statusCode, url).toBe(404);
        expect(response.headers['content-type']).toMatch(/json/);
      }
    }
    // And the lists hold none of them.
    const estimates = (await portalCall(t, clientA.headers, 'GET', '/api/portal/estimates')).json().estimates;
    const invoices = (await portalCall(t, clientA.headers, 'GET', '/api/portal/invoices')).json().invoices;
    const ids = [...estimates, ...invoices].map((d: { _id: string }) => d._id);
    for (const id of [estimateB, invoiceB, strangerEstimate, strangerInvoice]) expect(ids).not.toContain(id);
    // B's statement is not A's: A has no documents at all yet.
    const statement = (await portalCall(t, clientA.headers, 'GET', '/api/portal/statement')).json();
    expect(statement.clientId).toBe(clientA.clientId);
    expect(statement.entries.map((e: { id: string }) => e.id)).not.toContain(invoiceB);
  });

  it("cannot accept or decline another client's estimate, or say another's invoice is paid (404, nothing changes)", async () => {
    for (const estimate of [estimateB, strangerEstimate]) {
      expect((await accept(clientA.headers, estimate)).statusCode).toBe(404);
      expect((await decline(clientA.headers, estimate)).statusCode).toBe(404);
      const row = await estimateRow(estimate);
      expect(row).toMatchObject({ status: 'sent', accepted_by: null, accepted_at: null, declined_at: null });
    }
    for (const invoice of [invoiceB, strangerInvoice]) {
      const response = await portalCall(
        t,
        clientA.headers,
        'POST',
        `/api/portal/invoices/${invoice}/payment-notice`,
        {
          paidOn: '2026-11-29',
          method: 'upi',
        },
      );
      expect(response.statusCode).toBe(404);
    }
    const notices = await t.database.handle.db.selectFrom('invoice_payment_notices').select('id').execute();
    expect(notices).toHaveLength(0);
    const notifications = await t.database.handle.db
      .selectFrom('user_notifications')
      .select('id')
      .where('kind', 'in', ['payment-notice', 'estimate-answered'])
      .execute();
    expect(notifications).toHaveLength(0);
  });

  it("keeps the client's own drafts out of the portal (404)", async () => {
    const draftEstimate = await estimateA(false);
    const draftInvoice = await makeInvoice(t, boss, clientA.clientId, {
      issueDate: '2026-11-29',
      final: false,
    });
    for (const url of [
      `/api/portal/estimates/${draftEstimate}`,
      `/api/portal/estimates/${draftEstimate}/pdf`,
      `/api/portal/invoices/${draftInvoice}`,
      `/api/portal/invoices/${draftInvoice}/pdf`,
    ])
      expect((await portalCall(t, clientA.headers, 'GET', url)).statusCode, url).toBe(404);
    expect((await accept(clientA.headers, draftEstimate)).statusCode).toBe(404);
    expect((await decline(clientA.headers, draftEstimate)).statusCode).toBe(404);
    const notice = await portalCall(
      t,
      clientA.headers,
      'POST',
      `/api/portal/invoices/${draftInvoice}/payment-notice`,
      {
        paidOn: '2026-11-29',
        method: 'upi',
      },
    );
    expect(notice.statusCode).toBe(404);
    expect((await estimateRow(draftEstimate)).status).toBe('draft');
    const lists = [
      ...(await portalCall(t, clientA.headers, 'GET', '/api/portal/estimates')).json().estimates,
      ...(await portalCall(t, clientA.headers, 'GET', '/api/portal/invoices')).json().invoices,
    ].map((d: { _id: string }) => d._id);
    expect(lists).not.toContain(draftEstimate);
    expect(lists).not.toContain(draftInvoice);
  });

  it('refuses an acceptance without the name or without agreeing to the terms (400, nothing stored)', async () => {
    const id = await estimateA();
    for (const body of [
      { name: 'Asha Rao' },
      { name: 'Asha Rao', agreed: false },
      { name: 'Asha Rao', agreed: 'true' },
      { agreed: true },
      { name: ' A ', agreed: true },
      { name: 'x'.repeat(201), agreed: true },
    ]) {
      const response = await accept(clientA.headers, id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await accept(clientA.headers, id, { name: 'Asha Rao' })).json().message).toBe(M.agreeRequired);
    for (const reason of ['', 'no', 'x'.repeat(1001)])
      expect((await decline(clientA.headers, id, reason)).statusCode).toBe(400);
    const row = await estimateRow(id);
    expect(row).toMatchObject({
      status: 'sent',
      accepted_by: null,
      accepted_ip: null,
      accepted_pdf_sha256: null,
      declined_at: null,
      decline_reason: '',
    });
  });

  it('takes a form posted from another site for nothing (4xx, nothing changes)', async () => {
    const id = await estimateA();
    const invoice = await makeInvoice(t, boss, clientA.clientId, { issueDate: '2026-11-29' });
    for (const url of [
      `/api/portal/estimates/${id}/accept`,
      `/api/portal/estimates/${id}/decline`,
      `/api/portal/invoices/${invoice}/payment-notice`,
    ])
      for (const type of [
        { 'content-type': 'application/x-www-form-urlencoded', payload: 'name=Asha+Rao&agreed=true' },
        { 'content-type': 'multipart/form-data; boundary=b', payload: '--b\r\n\r\n--b--\r\n' },
        {
          'content-type': 'text/plain',
          payload:
            '{"name":"Asha Rao","agreed":true,"reason":"Too dear","paidOn":"2026-11-29","method":"upi"}',
        },
      ]) {
        const response = await t.app.inject({
          method: 'POST',
          url,
          headers: { ...clientA.headers, 'content-type': type['content-type'] },
          payload: type.payload,
        });
        expect(response.statusCode, `${url} as ${type['content-type']}`).toBeGreaterThanOrEqual(400);
        expect(response.statusCode).toBeLessThan(500);
      }
    expect(await estimateRow(id)).toMatchObject({ status: 'sent', accepted_by: null, declined_at: null });
    const notices = await t.database.handle.db
      .selectFrom('invoice_payment_notices')
      .select('id')
      .where('invoice_id', '=', invoice)
      .execute();
    expect(notices).toHaveLength(0);
  });

  it('stores the SHA-256 of the PDF the e-mail carried, the name, the time and the address, and locks it', async () => {
    const id = await estimateA();
    const { number } = await staffEstimate(id);
    await t.app.outbox.deliverDue();
    const [mail] = await sink.waitFor((m) => m.subject.includes(number));
    const mailedHash = createHash('sha256').update(mail!.attachments[0]!.content).digest('hex');

    const response = await accept(clientA.headers, id, { name: '  Asha Rao  ', agreed: true });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().estimate).toMatchObject({
      state: 'accepted',
      canAnswer: false,
      acceptance: { name: 'Asha Rao', inPortal: true, pdfSha256: mailedHash },
    });
    const row = await estimateRow(id);
    expect(row).toMatchObject({
      status: 'accepted',
      accepted_via: 'portal',
      accepted_by: 'Asha Rao',
      accepted_ip: '198.51.100.23',
      accepted_pdf_sha256: mailedHash,
      sent_pdf_sha256: mailedHash,
      accepted_access_id: clientA.accessId,
      accepted_at: '2026-11-29T09:00:00.000Z',
      accepted_recorded_by: null,
    });
    // Locked as a staff-recorded acceptance locks it.
    for (const [method, url] of [
      ['PUT', `/api/estimates/${id}`],
      ['DELETE', `/api/estimates/${id}`],
      ['POST', `/api/estimates/${id}/send`],
      ['POST', `/api/estimates/${id}/accept`],
    ] as const) {
      const body =
        method === 'PUT'
          ? { clientId: clientA.clientId, issueDate: '2026-11-29', validUntil: '2026-12-29', lines: [] }
          : method === 'POST'
            ? { acceptedBy: 'Someone' }
            : undefined;
      const refused = await call(t.app, method, url, boss.headers, body);
      expect([409, 400], `${method} ${url}`).toContain(refused.statusCode);
      if (method !== 'PUT') expect(refused.json().message).toBe(ESTIMATE_MESSAGES.locked);
    }
    expect((await estimateRow(id)).accepted_by).toBe('Asha Rao');
  });

  it('answers an estimate once: twice, after a decline, racing, or past its date is 409', async () => {
    const once = await estimateA();
    expect((await accept(clientA.headers, once)).statusCode).toBe(200);
    const again = await accept(clientA.headers, once, { name: 'Someone Else', agreed: true });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(M.alreadyAnswered);
    expect((await decline(clientA.headers, once)).statusCode).toBe(409);
    expect((await estimateRow(once)).accepted_by).toBe('Asha Rao');

    const declined = await estimateA();
    expect((await decline(clientA.headers, declined)).statusCode).toBe(200);
    expect((await accept(clientA.headers, declined)).statusCode).toBe(409);
    expect(await estimateRow(declined)).toMatchObject({ status: 'declined', accepted_by: null });

    const raced = await estimateA();
    const answers = await Promise.all([
      accept(clientA.headers, raced, { name: 'First Person', agreed: true }),
      accept(clientA.headers, raced, { name: 'Second Person', agreed: true }),
      decline(clientA.headers, raced),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    const audit = await t.database.handle.db
      .selectFrom('activity')
      .select('action')
      .where('action', 'like', `%estimate ${(await staffEstimate(raced)).number} in the client portal`)
      .execute();
    expect(audit).toHaveLength(1);

    const expiring = await makeEstimate(t, boss, clientA.clientId, {
      issueDate: '2026-11-29',
      validUntil: '2026-11-30',
    });
    clock.now = new Date('2026-12-01T09:00:00.000Z');
    try {
      const late = await accept(clientA.headers, expiring);
      expect(late.statusCode).toBe(409);
      expect(late.json().message).toBe(M.expired);
      expect((await decline(clientA.headers, expiring)).statusCode).toBe(409);
      expect((await estimateRow(expiring)).status).toBe('sent');
    } finally {
      clock.now = new Date('2026-11-29T09:00:00.000Z');
    }
  });

  it("holds nothing that is the agency's own: notes on the answer, members, projects, other clients", async () => {
    const id = await estimateA();
    await call(t.app, 'POST', `/api/estimates/${id}/accept`, boss.headers, {
      acceptedBy: 'Asha on the phone',
      note: 'INTERNAL-NOTE-do-not-show',
    });
    const invoice = await makeInvoice(t, boss, clientA.clientId, { issueDate: '2026-11-29' });
    const answers = [
      await portalCall(t, clientA.headers, 'GET', `/api/portal/estimates/${id}`),
      await portalCall(t, clientA.headers, 'GET', '/api/portal/estimates'),
      await portalCall(t, clientA.headers, 'GET', `/api/portal/invoices/${invoice}`),
      await portalCall(t, clientA.headers, 'GET', '/api/portal/invoices'),
      await portalCall(t, clientA.headers, 'GET', '/api/portal/statement'),
    ];
    for (const response of answers) {
      expect(response.statusCode).toBe(200);
      for (const secret of [
        'INTERNAL-NOTE-do-not-show',
        'pf-attack-boss',
        'Client B Media',
        'recordedBy',
        'createdBy',
        'remindersPaused',
        'depositInvoice',
        'accepted_ip',
        'projectId',
      ])
        expect(response.body, secret).not.toContain(secret);
    }
    const estimate = answers[0]!.json();
    expect(Object.keys(estimate.acceptance).sort()).toEqual(['at', 'inPortal', 'name', 'pdfSha256']);
    expect(estimate.acceptance).toMatchObject({ name: 'Asha on the phone', inPortal: false });
  });

  it('refuses a staff token and an API key on every portal finance route (401)', async () => {
    // Making a key needs a password proved within minutes of the clock's now.
    clock.now = new Date();
    const key = await createKey(t, boss.headers, ['invoices:read', 'payments:read', 'estimates:read']);
    clock.now = new Date('2026-11-29T09:00:00.000Z');
    for (const headers of [boss.headers, key.headers])
      for (const [method, url] of [
        ['GET', '/api/portal/estimates'],
        ['GET', `/api/portal/estimates/${estimateB}`],
        ['GET', `/api/portal/estimates/${estimateB}/pdf`],
        ['POST', `/api/portal/estimates/${estimateB}/accept`],
        ['POST', `/api/portal/estimates/${estimateB}/decline`],
        ['GET', '/api/portal/invoices'],
        ['GET', `/api/portal/invoices/${invoiceB}`],
        ['GET', `/api/portal/invoices/${invoiceB}/pdf`],
        ['POST', `/api/portal/invoices/${invoiceB}/payment-notice`],
        ['GET', '/api/portal/statement'],
      ] as const) {
        const response = await t.app.inject({
          method,
          url,
          headers,
          ...(method === 'POST'
            ? { payload: { name: 'Boss', agreed: true, reason: 'nope', paidOn: '2026-11-29', method: 'upi' } }
            : {}),
        });
        expect(response.statusCode, `${method} ${url}`).toBe(401);
      }
    expect((await estimateRow(estimateB)).status).toBe('sent');
  });
});
