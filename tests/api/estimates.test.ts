import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ESTIMATE_MESSAGES as M, PROJECT_MESSAGES } from '../../src/shared/messages';
import { createTestApp, type TestApp } from './support/test-app';
import { testClock, type TestClock } from './support/leads';
import { call, insertUser, insertWorkspace, type TestUser } from './support/users';
import { createKey } from './support/api-keys';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink';
import { openPdf, pdfPageTexts } from '../support/pdf-text';

/** A Karnataka agency quoting a Karnataka client: CGST + SGST. */
const PROFILE = {
  legalName: 'Studio Sagar Private Limited',
  addressLine1: '12 MG Road',
  city: 'Bengaluru',
  postalCode: '560001',
  country: 'IN',
  stateCode: '29',
  taxId: '29ABCDE1234F1ZW',
  email: 'accounts@sagar.test',
  currency: 'INR',
  defaultRateBp: 1800,
  defaultSac: '998361',
  fyStartMonth: 4,
  paymentTermsDays: 15,
};

/** ₹1,00,000 of design and 10 hours at ₹2,500: ₹1,25,000 taxable, 9 % + 9 % = ₹22,500, ₹1,47,500 in all. */
const LINES = [
  {
    description: 'Brand identity',
    sac: '998361',
    quantityMilli: 1000,
    unit: 'item',
    unitPrice: 10_000_000,
    category: 'standard',
    rateBp: 1800,
  },
  {
    description: 'Campaign management',
    sac: '998361',
    quantityMilli: 10_000,
    unit: 'hrs',
    unitPrice: 250_000,
    category: 'standard',
    rateBp: 1800,
  },
];

/**
 * Estimates (docs/product/finance.md#estimates) on SQLite and PostgreSQL: totals, the e-mail through a real
 * SMTP server with its PDF and link, the client's answer recorded by staff and the lock it brings, the
 * project and deposit invoice it becomes (once, even when asked twice at the same moment); and the attacks:
 * another workspace's estimate by id, a member without Invoice Generation, a key without the scope, a
 * guessed or stale link.
 */
describe('estimates', () => {
  let t: TestApp;
  let sink: SmtpSink;
  let clock: TestClock;
  let boss: TestUser;
  let designer: TestUser;
  let stranger: TestUser;
  let clientId: string;

  const create = (body: object = {}, who: TestUser = boss) =>
    call(t.app, 'POST', '/api/estimates', who.headers, {
      clientId,
      issueDate: '2026-11-29',
      validUntil: '2026-12-29',
      lines: LINES,
      terms: 'Valid for 30 days.',
      ...body,
    });
  const send = (id: string) => call(t.app, 'POST', `/api/estimates/${id}/send`, boss.headers, {});
  const accept = (id: string, body: object = { acceptedBy: 'Asha Rao (CEO)', acceptedOn: '2026-11-30' }) =>
    call(t.app, 'POST', `/api/estimates/${id}/accept`, boss.headers, body);
  const convert = (id: string, body: object = {}) =>
    call(t.app, 'POST', `/api/estimates/${id}/project`, boss.headers, {
      project: { name: 'Kaveri rebrand', status: 'active', billingType: 'fixed' },
      ...body,
    });
  const linkOf = (text: string) => /\/estimate\/([A-Za-z0-9_-]{20,})/.exec(text)?.[1];

  beforeAll(async () => {
    sink = await startSmtpSink({ user: 'mailer@agency.test', pass: 'sink-pass-1' });
    clock = testClock('2026-11-29T09:00:00.000Z');
    t = await createTestApp({
      allowPrivateSmtp: true,
      smtpAllowPlaintextLoopback: true,
      smtpUrl: `smtp://${encodeURIComponent(sink.user)}:${sink.pass}@127.0.0.1:${sink.port}`,
      clock: clock.read,
    });
    const studio = await insertWorkspace(t, { name: 'Estimate Studio' });
    await t.database.handle.db
      .updateTable('workspaces')
      .set({ plan: 'Business' })
      .where('id', '=', studio.id)
      .execute();
    boss = await insertUser(t, { workspaceId: studio.id, role: 'Business Admin', username: 'est-boss' });
    designer = await insertUser(t, {
      workspaceId: studio.id,
      role: 'Graphic Designer',
      username: 'est-designer',
    });
    const other = await insertWorkspace(t, { name: 'Other Estimate Studio' });
    stranger = await insertUser(t, { workspaceId: other.id, role: 'Business Admin', username: 'est-other' });
    await call(t.app, 'PUT', '/api/finance/settings', boss.headers, PROFILE);
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
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  it('numbers an estimate when made and totals it with the one totals function', async () => {
    const made = await create();
    expect(made.statusCode, made.body).toBe(201);
    const { estimate } = made.json();
    expect(estimate).toMatchObject({
      number: 'EST-0001',
      status: 'draft',
      state: 'draft',
      scheme: 'gst-intra',
      currency: 'INR',
      validUntil: '2026-12-29',
      acceptance: null,
      project: null,
    });
    expect(estimate.totals).toMatchObject({ subtotal: 12_500_000, taxTotal: 2_250_000, total: 14_750_000 });
    expect(estimate.totals.groups[0].components).toEqual([
      { name: 'CGST', rateBp: 900, amount: 1_125_000 },
      { name: 'SGST', rateBp: 900, amount: 1_125_000 },
    ]);
    expect(estimate.amountInWords).toBe('Indian Rupees One Lakh Forty-Seven Thousand Five Hundred Only');
    expect((await create()).json().estimate.number).toBe('EST-0002');

    const backwards = await create({ validUntil: '2026-11-01' });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().errors).toContainEqual({ field: 'validUntil', message: M.validUntilInvalid });

    const list = (await call(t.app, 'GET', '/api/estimates?state=draft', boss.headers)).json();
    expect(list.estimates.map((e: { number: string }) => e.number)).toEqual(['EST-0002', 'EST-0001']);
    expect(list.estimates[0]).toMatchObject({ clientName: 'Kaveri Foods', total: 14_750_000 });
  });

  it('e-mails the estimate with its PDF and a link that opens it without signing in, until sent again', async () => {
    const { estimate } = (await create()).json();
    const sent = await call(t.app, 'POST', `/api/estimates/${estimate._id}/send`, boss.headers, {
      message: 'As discussed on Tuesday.',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({
      message: M.sent('asha@kaveri.test'),
      estimate: { status: 'sent', state: 'sent', sentAt: '2026-11-29T09:00:00.000Z' },
    });
    await t.app.outbox.deliverDue();
    const [mail] = await sink.waitFor((m) => m.subject.includes(estimate.number));
    expect(mail).toMatchObject({
      to: 'asha@kaveri.test',
      replyTo: 'accounts@sagar.test',
      subject: `Estimate ${estimate.number} from Studio Sagar Private Limited`,
    });
    expect(mail!.text).toContain('As discussed on Tuesday.');
    expect(mail!.text).toContain('valid until 2026-12-29');
    expect(mail!.attachments[0]).toMatchObject({
      filename: `${estimate.number}.pdf`,
      contentType: 'application/pdf',
    });
    const attached = (await pdfPageTexts(await openPdf(mail!.attachments[0]!.content))).join(' ');
    expect(attached).toContain('ESTIMATE');
    expect(attached).toContain(estimate.number);
    expect(attached).toContain('Valid until');
    expect(attached).toContain('₹1,47,500.00');
    expect(attached).not.toContain('Balance due');

    // The link is on the configured site, and answers without a session.
    const token = linkOf(mail!.text);
    expect(token).toBeTruthy();
    expect(mail!.text).toContain(`https://agency.example/estimate/${token}`);
    const opened = await t.app.inject({ method: 'GET', url: `/estimate/${token}` });
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['content-type']).toBe('application/pdf');
    expect(opened.headers['x-robots-tag']).toBe('noindex');
    expect((await pdfPageTexts(await openPdf(opened.rawPayload))).join(' ')).toContain(estimate.number);

    // Guessed, and stale once sent again.
    for (const guess of [token!.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')), 'short', 'x'.repeat(90)]) {
      const refused = await t.app.inject({ method: 'GET', url: `/estimate/${guess}` });
      expect(refused.statusCode, guess).toBe(404);
    }
    await send(estimate._id);
    await t.app.outbox.deliverDue();
    expect((await t.app.inject({ method: 'GET', url: `/estimate/${token}` })).statusCode).toBe(404);
  });

  it('records the acceptance with who and when, then locks the estimate', async () => {
    const { estimate } = (await create()).json();
    const early = await accept(estimate._id);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(M.notSent);
    await send(estimate._id);
    const nobody = await accept(estimate._id, { acceptedBy: ' ' });
    expect(nobody.statusCode).toBe(400);
    expect(nobody.json().errors).toContainEqual({ field: 'acceptedBy', message: M.acceptedByRequired });

    const accepted = await accept(estimate._id);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({
      message: M.accepted,
      estimate: {
        status: 'accepted',
        state: 'accepted',
        acceptance: {
          acceptedBy: 'Asha Rao (CEO)',
          acceptedOn: '2026-11-30',
          recordedBy: 'est-boss',
          recordedAt: '2026-11-29T09:00:00.000Z',
        },
      },
    });
    const url = `/api/estimates/${estimate._id}`;
    const body = { clientId, issueDate: '2026-11-29', validUntil: '2026-12-29', lines: LINES };
    for (const [method, path, payload] of [
      ['PUT', url, { ...body, lines: [{ ...LINES[0], unitPrice: 1 }] }],
      ['DELETE', url, undefined],
      ['POST', `${url}/send`, {}],
      ['POST', `${url}/accept`, { acceptedBy: 'Someone else' }],
      ['POST', `${url}/decline`, {}],
    ] as const) {
      const refused = await call(t.app, method, path, boss.headers, payload);
      expect(refused.statusCode, `${method} ${path}`).toBe(409);
      expect(refused.json().message).toBe(M.locked);
    }
    const after = (await call(t.app, 'GET', url, boss.headers)).json();
    expect(after.totals.total).toBe(14_750_000);
    expect(after.acceptance.acceptedBy).toBe('Asha Rao (CEO)');
    const audit = await t.database.handle.db
      .selectFrom('activity')
      .select('action')
      .where('kind', '=', 'estimate-accepted')
      .execute();
    expect(audit.map((row) => row.action)).toContain(`est-boss marked estimate ${estimate.number} accepted`);
  });

  it('makes an accepted estimate a project with its budget and a deposit invoice taxed like the work, once', async () => {
    const { estimate } = (await create()).json();
    await send(estimate._id);
    const notYet = await convert(estimate._id);
    expect(notYet.statusCode).toBe(409);
    expect(notYet.json().message).toBe(M.notAccepted);
    await accept(estimate._id);
    const badDeposit = await convert(estimate._id, { depositBp: 10_001 });
    expect(badDeposit.statusCode).toBe(400);

    const made = await convert(estimate._id, { depositBp: 3000 });
    expect(made.statusCode, made.body).toBe(200);
    const { estimate: converted, message } = made.json();
    expect(converted.project).toMatchObject({ label: expect.stringContaining('Kaveri rebrand') });
    expect(message).toBe(M.convertedWithDeposit(converted.project.label.split(' ')[0]));
    const project = (await call(t.app, 'GET', `/api/projects/${converted.project._id}`, boss.headers)).json();
    expect(project).toMatchObject({
      name: 'Kaveri rebrand',
      budgetAmount: 12_500_000,
      budgetMinutes: 600,
    });
    // 30 % of ₹1,25,000 = ₹37,500 at 18 %: ₹3,375 + ₹3,375, ₹44,250 in all.
    const deposit = (
      await call(t.app, 'GET', `/api/invoices/${converted.depositInvoice._id}`, boss.headers)
    ).json();
    expect(deposit).toMatchObject({
      status: 'draft',
      projectId: converted.project._id,
      lines: [
        expect.objectContaining({
          description: `Deposit of 30% on estimate ${estimate.number}`,
          unitPrice: 3_750_000,
          rateBp: 1800,
          sac: '998361',
        }),
      ],
    });
    expect(deposit.totals).toMatchObject({ subtotal: 3_750_000, taxTotal: 675_000, total: 4_425_000 });

    const again = await convert(estimate._id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(M.alreadyConverted);
  });

  it('makes one project when two conversions race', async () => {
    const { estimate } = (await create()).json();
    await send(estimate._id);
    await accept(estimate._id);
    const [first, second] = await Promise.all([convert(estimate._id), convert(estimate._id)]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    const projects = await t.database.handle.db
      .selectFrom('projects')
      .select('id')
      .where('client_id', '=', clientId)
      .where('name', '=', 'Kaveri rebrand')
      .execute();
    // One from the test above, one from this race.
    expect(projects).toHaveLength(2);
    const taken = await convert(estimate._id, {
      project: { name: 'Another', code: 'P-001', status: 'active', billingType: 'fixed' },
    });
    expect(taken.statusCode).toBe(409);
    expect([M.alreadyConverted, PROJECT_MESSAGES.codeTaken('P-001')]).toContain(taken.json().message);
  });

  it('shows a sent estimate past its date as Expired and refuses to send it until it is given a later one', async () => {
    const { estimate } = (await create({ validUntil: '2026-12-05' })).json();
    await send(estimate._id);
    clock.now = new Date('2026-12-10T09:00:00.000Z');
    try {
      const listed = (await call(t.app, 'GET', '/api/estimates?state=expired', boss.headers)).json();
      expect(listed.estimates.map((e: { _id: string }) => e._id)).toContain(estimate._id);
      const refused = await send(estimate._id);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(M.validityPassed);
      const renewed = await call(t.app, 'PUT', `/api/estimates/${estimate._id}`, boss.headers, {
        clientId,
        issueDate: '2026-12-10',
        validUntil: '2027-01-10',
        lines: LINES,
      });
      expect(renewed.json().estimate.state).toBe('sent');
      expect((await send(estimate._id)).statusCode).toBe(200);
      const declined = await call(t.app, 'POST', `/api/estimates/${estimate._id}/decline`, boss.headers, {
        reason: 'Went with an in-house team',
      });
      expect(declined.json().estimate).toMatchObject({
        state: 'declined',
        declineReason: 'Went with an in-house team',
      });
    } finally {
      clock.now = new Date('2026-11-29T09:00:00.000Z');
    }
  });

  it("answers 404 for another workspace's estimate, 403 without Invoice Generation or the key's scope", async () => {
    const { estimate } = (await create()).json();
    const url = `/api/estimates/${estimate._id}`;
    const attempts = [
      ['GET', url, undefined],
      ['GET', `${url}/pdf`, undefined],
      ['PUT', url, { clientId, issueDate: '2026-11-29', validUntil: '2026-12-29', lines: LINES }],
      ['DELETE', url, undefined],
      ['POST', `${url}/send`, { to: 'attacker@evil.test' }],
      ['POST', `${url}/accept`, { acceptedBy: 'Mallory' }],
      ['POST', `${url}/decline`, {}],
      ['POST', `${url}/project`, { project: { name: 'Stolen' } }],
    ] as const;
    for (const [method, path, payload] of attempts) {
      const answer = await call(t.app, method, path, stranger.headers, payload);
      expect(answer.statusCode, `${method} ${path}`).toBe(404);
      expect(answer.json().message).toBe(M.notFound);
    }
    // The stranger's own list never shows it, nor can they quote our client.
    expect((await call(t.app, 'GET', '/api/estimates', stranger.headers)).json().estimates).toEqual([]);
    expect((await create({}, stranger)).statusCode).toBe(400);

    for (const [method, path, payload] of attempts)
      expect(
        (await call(t.app, method, path, designer.headers, payload)).statusCode,
        `${method} ${path}`,
      ).toBe(403);
    expect((await call(t.app, 'GET', '/api/estimates', designer.headers)).statusCode).toBe(403);

    // Making a key needs a password proved within minutes of the clock's now.
    clock.now = new Date();
    const reader = await createKey(t, boss.headers, ['estimates:read']);
    clock.now = new Date('2026-11-29T09:00:00.000Z');
    expect((await call(t.app, 'GET', url, reader.headers)).statusCode).toBe(200);
    expect((await create({}, reader as unknown as TestUser)).statusCode).toBe(403);
    expect((await call(t.app, 'DELETE', url, reader.headers)).statusCode).toBe(403);
    const after = (await call(t.app, 'GET', url, boss.headers)).json();
    expect(after.status).toBe('draft');
  });

  it('deletes an unanswered estimate, leaving the next number where it was', async () => {
    const { estimate } = (await create()).json();
    const gone = await call(t.app, 'DELETE', `/api/estimates/${estimate._id}`, boss.headers);
    expect(gone.json()).toMatchObject({ success: true, message: M.deleted });
    expect((await call(t.app, 'GET', `/api/estimates/${estimate._id}`, boss.headers)).statusCode).toBe(404);
    const next = (await create()).json().estimate.number;
    expect(Number(next.slice(4))).toBe(Number(estimate.number.slice(4)) + 1);
  });
});
