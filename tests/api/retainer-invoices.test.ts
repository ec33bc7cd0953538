import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FINANCE_MESSAGES as M, PROJECT_MESSAGES } from '../../src/shared/messages';
import { createTestApp, type TestApp } from './support/test-app';
import { testClock, type TestClock } from './support/leads';
import { call, insertUser, insertWorkspace, type TestUser } from './support/users';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink';

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

/**
 * Monthly retainer invoices (docs/product/finance.md#retainer-invoices), on SQLite and PostgreSQL: the fee
 * and the month's overage at the project's rate, the month's hours marked billed so "Invoice project" never
 * bills them again, a month billed once however many runs or people ask, and "send" finalising and
 * e-mailing it through a real SMTP server.
 */
describe('retainer invoices', () => {
  let t: TestApp;
  let sink: SmtpSink;
  let clock: TestClock;
  let boss: TestUser;
  let stranger: TestUser;
  let clientId: string;

  /** 40 hours a month for ₹1,20,000, ₹3,000 an hour beyond them. */
  const retainer = async (invoicing: 'off' | 'draft' | 'send', name: string) =>
    (
      await call(t.app, 'POST', '/api/projects', boss.headers, {
        clientId,
        name,
        status: 'active',
        billingType: 'retainer',
        retainerMinutes: 2400,
        retainerFee: 12_000_000,
        retainerInvoicing: invoicing,
        hourlyRate: 300_000,
        startDate: '2026-10-01',
      })
    ).json().project;
  const logTime = (projectId: string, date: string, minutes: number) =>
    t.database.handle.db
      .insertInto('time_entries')
      .values({
        id: randomUUID(),
        workspace_id: boss.workspaceId,
        project_id: projectId,
        task_id: null,
        user_id: boss.id,
        user_name: 'ret-boss',
        date,
        minutes,
        note: '',
        billable: 1,
        hourly_rate: 300_000,
        amount: minutes * 5_000,
        currency: 'INR',
        status: 'approved',
        started_at: null,
        approved_by: boss.id,
        approved_at: `${date}T18:00:00.000Z`,
        invoiced_at: null,
        created_at: `${date}T18:00:00.000Z`,
        updated_at: `${date}T18:00:00.000Z`,
      })
      .execute();
  const invoicesOf = (projectId: string) =>
    t.database.handle.db.selectFrom('invoices').selectAll().where('project_id', '=', projectId).execute();

  beforeAll(async () => {
    sink = await startSmtpSink({ user: 'mailer@agency.test', pass: 'sink-pass-1' });
    clock = testClock('2026-11-29T09:00:00.000Z');
    t = await createTestApp({
      allowPrivateSmtp: true,
      smtpAllowPlaintextLoopback: true,
      smtpUrl: `smtp://${encodeURIComponent(sink.user)}:${sink.pass}@127.0.0.1:${sink.port}`,
      clock: clock.read,
    });
    const studio = await insertWorkspace(t, { name: 'Retainer Studio' });
    await t.database.handle.db
      .updateTable('workspaces')
      .set({ plan: 'Business' })
      .where('id', '=', studio.id)
      .execute();
    boss = await insertUser(t, { workspaceId: studio.id, role: 'Business Admin', username: 'ret-boss' });
    const other = await insertWorkspace(t, { name: 'Other Retainer Studio' });
    stranger = await insertUser(t, { workspaceId: other.id, role: 'Business Admin', username: 'ret-other' });
    await call(t.app, 'PUT', '/api/finance/settings', boss.headers, PROFILE);
    clientId = (
      await call(t.app, 'POST', '/api/clients', boss.headers, {
        name: 'Kaveri Foods',
        taxId: '29AAGCB7383J1Z4',
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

  it('keeps a retainer’s fee and what a month’s end does, refusing invoicing without a fee', async () => {
    const noFee = await call(t.app, 'POST', '/api/projects', boss.headers, {
      clientId,
      name: 'No fee',
      billingType: 'retainer',
      retainerMinutes: 600,
      retainerInvoicing: 'draft',
    });
    expect(noFee.statusCode).toBe(400);
    expect(noFee.json().errors).toContainEqual({
      field: 'retainerFee',
      message: PROJECT_MESSAGES.retainerFeeRequired,
    });
    const project = await retainer('draft', 'Fee kept');
    expect(project).toMatchObject({ retainerFee: 12_000_000, retainerInvoicing: 'draft' });
  });

  it('drafts a month’s fee and overage, marks its hours billed, and bills the month once', async () => {
    const project = await retainer('off', 'Kaveri social retainer');
    // October: 45 hours against 40, so 5 hours over at ₹3,000; a November entry stays unbilled.
    await logTime(project._id, '2026-10-06', 25 * 60);
    await logTime(project._id, '2026-10-20', 20 * 60);
    await logTime(project._id, '2026-11-03', 120);

    const made = await call(t.app, 'POST', `/api/projects/${project._id}/retainer-invoice`, boss.headers, {
      month: '2026-10',
    });
    expect(made.statusCode, made.body).toBe(201);
    const { invoice, message } = made.json();
    expect(message).toBe(M.retainerDrafted('October 2026'));
    expect(invoice).toMatchObject({ status: 'draft', projectId: project._id });
    expect(invoice.lines).toEqual([
      expect.objectContaining({
        description: `${project.code} Kaveri social retainer: retainer for October 2026 (40 hours a month)`,
        quantityMilli: 1000,
        unitPrice: 12_000_000,
        net: 12_000_000,
        sac: '998361',
        rateBp: 1800,
      }),
      expect.objectContaining({
        description: `${project.code} Kaveri social retainer: hours beyond the retainer in October 2026`,
        quantityMilli: 5000,
        unit: 'hrs',
        unitPrice: 300_000,
        net: 1_500_000,
      }),
    ]);
    // ₹1,35,000 at 18 %: ₹24,300 of tax, ₹1,59,300 in all.
    expect(invoice.totals).toMatchObject({ subtotal: 13_500_000, taxTotal: 2_430_000, total: 15_930_000 });

    const entries = await t.database.handle.db
      .selectFrom('time_entries')
      .select(['date', 'invoice_id'])
      .where('project_id', '=', project._id)
      .orderBy('date')
      .execute();
    expect(entries.map((e) => e.invoice_id)).toEqual([invoice._id, invoice._id, null]);

    const twice = await call(t.app, 'POST', `/api/projects/${project._id}/retainer-invoice`, boss.headers, {
      month: '2026-10',
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(M.retainerMonthBilled);
    for (const month of ['2026-13', '2027-01', 'October']) {
      const refused = await call(
        t.app,
        'POST',
        `/api/projects/${project._id}/retainer-invoice`,
        boss.headers,
        {
          month,
        },
      );
      expect(refused.statusCode, month).toBe(400);
    }
    // Another workspace cannot bill it, nor learn it exists.
    const foreign = await call(
      t.app,
      'POST',
      `/api/projects/${project._id}/retainer-invoice`,
      stranger.headers,
      {
        month: '2026-09',
      },
    );
    expect(foreign.statusCode).toBe(404);
    expect(await invoicesOf(project._id)).toHaveLength(1);
  });

  it('drafts each month once when the month ends, however many runs race, and skips retainers set off', async () => {
    const drafted = await retainer('draft', 'Drafted each month');
    const manual = await retainer('off', 'Billed by hand');
    await logTime(drafted._id, '2026-11-10', 60);
    clock.now = new Date('2026-12-01T00:30:00.000Z');
    try {
      const runs = await Promise.all([
        t.app.retainers.sweep(),
        t.app.retainers.sweep(),
        t.app.retainers.sweep(),
      ]);
      expect(runs.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
      const bills = await invoicesOf(drafted._id);
      expect(bills).toHaveLength(1);
      expect(bills[0]).toMatchObject({ status: 'draft', issue_date: '2026-12-01' });
      expect(Number(bills[0]!.total)).toBe(14_160_000);
      expect(await invoicesOf(manual._id)).toHaveLength(0);
      // The run has nothing more to do for November.
      expect(await t.app.retainers.sweep()).toBe(0);
    } finally {
      clock.now = new Date('2026-11-29T09:00:00.000Z');
    }
  });

  it('finalises and e-mails the month’s invoice when the retainer is set to send', async () => {
    const sent = await retainer('send', 'Sent each month');
    clock.now = new Date('2026-12-01T01:00:00.000Z');
    try {
      await t.app.retainers.sweep();
      const [bill] = await invoicesOf(sent._id);
      expect(bill).toMatchObject({ status: 'open', sent_at: '2026-12-01T01:00:00.000Z' });
      expect(bill!.number).toMatch(/^INV\/26-27\/\d{4}$/);
      await t.app.outbox.deliverDue();
      const [mail] = await sink.waitFor((m) => m.subject.includes(bill!.number!));
      expect(mail).toMatchObject({ to: 'asha@kaveri.test' });
      expect(mail!.attachments).toHaveLength(1);
    } finally {
      clock.now = new Date('2026-11-29T09:00:00.000Z');
    }
  });
});
