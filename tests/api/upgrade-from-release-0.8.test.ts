import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app';
import { migrateToLatest, type DatabaseHandle } from '../../src/server/db/database';
import { BASE_DEPS, testEngine, type TestApp } from './support/test-app';
import { testClock } from './support/leads';
import { migrationNames, openReleaseFixture } from './support/release-fixture';
import { grantPortal, newestPortalToken, portalCookieOf, redeem } from './support/portal';
import type { TestUser } from './support/users';

const FIXTURE = path.resolve(import.meta.dirname, '../fixtures/release-0.8');

/** What tests/fixtures/release-0.8/make-fixture.ts used (see its README). */
const SECRET_KEY = 'release-0.8-fixture-secret-key-that-seals-secrets';
const ADMIN = { email: 'admin@release8.test', password: 'release8-admin-pass' };
/** The task's attachment as the release was sent it: a 1×1 PNG. */
const ATTACHMENT = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const COMMENTS = [
  'Direction B is the strongest; the client prefers a darker blue.',
  'Internal: margin on this task is thin, keep revisions to two rounds.',
];

/** What the release answered for an invoice (GET /api/invoices/:id) on 27 November 2026. */
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
/** What the release answered for an estimate (GET /api/estimates/:id). */
interface EstimateFigures {
  id: string;
  number: string;
  status: string;
  state: string;
  issueDate: string;
  validUntil: string;
  subtotal: number;
  taxTotal: number;
  total: number;
  sentAt: string | null;
  acceptance: {
    acceptedBy: string;
    acceptedOn: string;
    note: string;
    recordedBy: string;
    recordedAt: string;
  } | null;
}
interface TimeEntryFigures {
  id: string;
  projectId: string;
  date: string;
  minutes: number;
  note: string;
  hourlyRate: number | null;
  amount: number;
  status: string;
}
/** The ids the release drew and the figures it answered, per engine. */
const RECORDED = JSON.parse(fs.readFileSync(path.join(FIXTURE, 'credentials.json'), 'utf8')) as Record<
  'sqlite' | 'postgres',
  {
    adminId: string;
    clientId: string;
    contactIds: string[];
    projectId: string;
    projectCode: string;
    projectUsage: {
      approvedMinutes: number;
      unapprovedMinutes: number;
      approvedAmount: number;
      unapprovedAmount: number;
      expenseAmount: number;
    };
    retainerProjectId: string;
    retainerProjectCode: string;
    tasks: { reviewId: string; todoId: string };
    commentIds: string[];
    attachment: { id: string; name: string; size: number };
    timeEntries: TimeEntryFigures[];
    estimates: Record<'sent' | 'accepted', EstimateFigures>;
    invoices: Record<'fromProject' | 'draft', Figures>;
  }
>;

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/**
 * Users upgrade in place: a database written by release 0.8 (commit d676999, migrations 001-036: clients,
 * projects, tasks with comments and files, time, invoices, estimates and retainer billing, before the client
 * portal) opens with today's code on either engine. Everything it held answers as the release left it; and
 * the portal's migrations (037-039) give the old data the meaning the release gave it: every comment and file
 * was the team's own, so it stays internal; no project shares anything with the portal; estimates accepted by
 * staff stay so; an estimate sent before its PDF's hash was kept is accepted in the portal with the hash of
 * the PDF drawn then (docs/product/portal.md).
 */
describe('upgrading a release 0.8 database', () => {
  let handle: DatabaseHandle;
  let app: FastifyInstance;
  let cleanup: () => Promise<void>;
  let token = '';
  const recorded = RECORDED[testEngine()];
  const { fromProject, draft } = recorded.invoices;
  // A few days after the release's, before the sent estimate's validity ends.
  const clock = testClock('2026-12-01T09:00:00.000Z');

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, headers: object = {}) =>
    app.inject({
      method,
      url,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
      ...(payload ? { payload } : {}),
    });
  const json = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, status = 200) => {
    const response = await call(method, url, payload);
    expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(status);
    return response.json();
  };
  /** The portal, as a client's browser: its cookie, no bearer token. */
  const portal = (method: 'GET' | 'POST', url: string, cookie: { cookie: string }, payload?: object) =>
    app.inject({ method, url, headers: cookie, ...(payload ? { payload } : {}) });
  /** The portal helpers want a test app and a member; these are the fixture's. */
  const asTestApp = () => ({ app, database: { handle } }) as unknown as TestApp;
  const admin = (): TestUser => ({
    id: recorded.adminId,
    email: ADMIN.email,
    workspaceId: '',
    headers: { authorization: `Bearer ${token}` },
  });
  /** A contact of the release's client signed in to the portal through access given today (once each). */
  const cookies = new Map<string, { cookie: string }>();
  const signIn = async (email: string) => {
    const known = cookies.get(email);
    if (known) return known;
    await grantPortal(asTestApp(), admin(), recorded.clientId, email);
    const redeemed = await redeem(
      asTestApp(),
      await newestPortalToken(asTestApp(), email, 'portal-invitation'),
    );
    expect(redeemed.statusCode, redeemed.body).toBe(200);
    const cookie = portalCookieOf(redeemed);
    cookies.set(email, cookie);
    return cookie;
  };

  beforeAll(async () => {
    const fixture = await openReleaseFixture(FIXTURE);
    cleanup = fixture.dispose;
    handle = fixture.handle;
    await migrateToLatest(handle.db);
    app = await buildApp({
      ...BASE_DEPS,
      config: { ...BASE_DEPS.config, siteUrl: 'http://release8.example' },
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

  it('has run every migration the code knows, after the release’s thirty-six', async () => {
    const { applied, known } = await migrationNames(handle);
    expect(applied).toEqual(known);
    expect(applied).toContain('036-retainer-billing');
    expect(applied).toContain('037-portal-access');
    expect(applied).toContain('038-portal-projects');
    expect(applied).toContain('039-portal-finance');
    expect(await handle.db.selectFrom('portal_access').select('id').execute()).toEqual([]);
    expect(await handle.db.selectFrom('task_events').select('id').execute()).toEqual([]);
    expect(await handle.db.selectFrom('invoice_payment_notices').select('id').execute()).toEqual([]);
  });

  it('keeps the user, the client with both contacts and the projects with their team and budget', async () => {
    const users = await handle.db.selectFrom('users').select(['id', 'email']).execute();
    expect(users).toEqual([{ id: recorded.adminId, email: ADMIN.email }]);
    const client = await json('GET', `/api/clients/${recorded.clientId}`);
    expect(client).toMatchObject({
      name: 'Harbour Line Logistics',
      legalName: 'Harbour Line Logistics LLP',
      taxId: '27AAPFU0939F1ZV',
    });
    expect(
      client.contacts.map((c: { _id: string; name: string; email: string }) => [c._id, c.name, c.email]),
    ).toEqual([
      [recorded.contactIds[0], 'Meera Kulkarni', 'meera@harbourline.test'],
      [recorded.contactIds[1], 'Arjun Shah', 'arjun@harbourline.test'],
    ]);

    const project = await json('GET', `/api/projects/${recorded.projectId}`);
    expect(project).toMatchObject({
      code: recorded.projectCode,
      name: 'Brand refresh',
      status: 'active',
      billingType: 'hourly',
      hourlyRate: 250_000,
      budgetMinutes: 2400,
      budgetAmount: 50_000_000,
      usage: recorded.projectUsage,
      // Migration 038: nothing of a project made before is shared with the portal.
      portalVisibility: [],
    });
    expect(project.team).toEqual([expect.objectContaining({ _id: recorded.adminId, hourlyRate: 300_000 })]);
    const retainer = await json('GET', `/api/projects/${recorded.retainerProjectId}`);
    expect(retainer).toMatchObject({
      code: recorded.retainerProjectCode,
      billingType: 'retainer',
      retainerMinutes: 600,
      retainerFee: 6_000_000,
      retainerInvoicing: 'off',
      portalVisibility: [],
    });
    const stored = await handle.db.selectFrom('projects').select('portal_visibility').execute();
    expect(stored.map((p) => p.portal_visibility)).toEqual(['[]', '[]']);
  });

  it('keeps the tasks, their comments internal and by staff, and the file internal byte for byte', async () => {
    const { reviewId, todoId } = recorded.tasks;
    const review = await json('GET', `/api/tasks/${reviewId}`);
    expect(review).toMatchObject({
      title: 'Logo concepts for sign-off',
      status: 'in_review',
      priority: 'high',
      dueDate: '2026-12-04',
      estimateMinutes: 600,
      milestone: false,
    });
    expect(await json('GET', `/api/tasks/${todoId}`)).toMatchObject({
      title: 'Brand guidelines',
      status: 'todo',
      milestone: false,
    });
    const listed = (await json('GET', `/api/projects/${recorded.projectId}/tasks`)).tasks;
    expect(listed.map((t: { _id: string }) => t._id).sort()).toEqual([reviewId, todoId].sort());

    const { comments } = await json('GET', `/api/tasks/${reviewId}/comments`);
    expect(
      comments.map((c: Record<string, unknown> & { author: { _id: string } }) => ({
        id: c._id,
        body: c.body,
        author: c.author._id,
        authorKind: c.authorKind,
        visibility: c.visibility,
      })),
    ).toEqual(
      recorded.commentIds.map((id, index) => ({
        id,
        body: COMMENTS[index],
        author: recorded.adminId,
        authorKind: 'staff',
        visibility: 'internal',
      })),
    );
    const storedComments = await handle.db
      .selectFrom('task_comments')
      .select(['visibility', 'author_kind', 'portal_access_id'])
      .execute();
    expect(storedComments).toEqual([
      { visibility: 'internal', author_kind: 'staff', portal_access_id: null },
      { visibility: 'internal', author_kind: 'staff', portal_access_id: null },
    ]);

    const { attachments } = await json('GET', `/api/tasks/${reviewId}/attachments`);
    expect(attachments).toEqual([
      expect.objectContaining({
        _id: recorded.attachment.id,
        name: 'logo-concepts.png',
        contentType: 'image/png',
        size: ATTACHMENT.length,
        uploadedBy: expect.objectContaining({ _id: recorded.adminId }),
        uploaderKind: 'staff',
        visibility: 'internal',
      }),
    ]);
    const file = await call('GET', `/api/tasks/${reviewId}/attachments/${recorded.attachment.id}`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.equals(ATTACHMENT)).toBe(true);

    // Nothing a client did: the timelines of the release's tasks are empty.
    for (const id of [reviewId, todoId])
      expect(await json('GET', `/api/tasks/${id}/timeline`)).toEqual({ events: [] });
  });

  it('keeps every time entry with the rate and amount the release kept', async () => {
    const { entries } = await json('GET', '/api/time-entries?from=2026-10-01&to=2026-11-30');
    expect(
      entries.map((e: Record<string, unknown> & { project: { _id: string } }) => ({
        id: e._id,
        projectId: e.project._id,
        date: e.date,
        minutes: e.minutes,
        note: e.note,
        hourlyRate: e.hourlyRate,
        amount: e.amount,
        status: e.status,
      })),
    ).toEqual(recorded.timeEntries);
    expect(recorded.timeEntries).toHaveLength(5);
    const billed = await handle.db
      .selectFrom('time_entries')
      .select('invoice_id')
      .where('project_id', '=', recorded.projectId)
      .execute();
    expect(billed.map((e) => e.invoice_id)).toEqual([fromProject.id, fromProject.id, fromProject.id]);
  });

  it('answers the estimates with the release’s figures, the staff acceptance kept as the staff’s', async () => {
    for (const figures of Object.values(recorded.estimates)) {
      const view = await json('GET', `/api/estimates/${figures.id}`);
      expect({
        id: view._id,
        number: view.number,
        status: view.status,
        state: view.state,
        issueDate: view.issueDate,
        validUntil: view.validUntil,
        subtotal: view.totals.subtotal,
        taxTotal: view.totals.taxTotal,
        total: view.totals.total,
        sentAt: view.sentAt,
        acceptance: view.acceptance
          ? {
              acceptedBy: view.acceptance.acceptedBy,
              acceptedOn: view.acceptance.acceptedOn,
              note: view.acceptance.note,
              recordedBy: view.acceptance.recordedBy,
              recordedAt: view.acceptance.recordedAt,
            }
          : null,
      }).toEqual(figures);
    }
    const accepted = await json('GET', `/api/estimates/${recorded.estimates.accepted.id}`);
    // Migration 039: every earlier acceptance was recorded by staff; no address, no PDF hash was kept.
    expect(accepted.acceptance).toMatchObject({ via: 'staff', ip: null, pdfSha256: null });
    const rows = await handle.db
      .selectFrom('estimates')
      .select(['number', 'sent_pdf_sha256', 'accepted_via', 'accepted_access_id', 'declined_via'])
      .orderBy('number')
      .execute();
    expect(rows).toEqual([
      {
        number: 'EST-0001',
        sent_pdf_sha256: null,
        accepted_via: 'staff',
        accepted_access_id: null,
        declined_via: 'staff',
      },
      {
        number: 'EST-0002',
        sent_pdf_sha256: null,
        accepted_via: 'staff',
        accepted_access_id: null,
        declined_via: 'staff',
      },
    ]);
    // The link the release e-mailed with the sent estimate still opens its PDF.
    const mail = await handle.db
      .selectFrom('mail_outbox')
      .select('text_body')
      .where('kind', '=', 'estimate')
      .execute();
    expect(mail).toHaveLength(2);
    const link = /\/estimate\/([A-Za-z0-9_-]{20,})/.exec(mail[0]!.text_body)?.[1];
    expect(link).toBeTruthy();
    const pdf = await app.inject({ method: 'GET', url: `/estimate/${link}` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('answers the invoices with the release’s figures, and draws their PDFs', async () => {
    for (const figures of [fromProject, draft]) {
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
      expect(view).toMatchObject({ scheme: 'gst-inter', placeOfSupply: '27' });
      const pdf = await call('GET', `/api/invoices/${figures.id}/pdf`);
      expect(pdf.statusCode, pdf.body.slice(0, 200)).toBe(200);
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
    // The week's 7 hours at the member's ₹3,000, IGST 18 %.
    expect(fromProject).toMatchObject({ number: 'INV/26-27/0001', subtotal: 2_100_000, total: 2_478_000 });
  });

  it('shows a contact given access today the old project by name only, none of its tasks, comments or files', async () => {
    const cookie = await signIn('meera@harbourline.test');
    const list = await portal('GET', '/api/portal/projects', cookie);
    expect(list.statusCode, list.body).toBe(200);
    expect(
      list
        .json()
        .projects.map((p: { _id: string; parts: string[] }) => [p._id, p.parts])
        .sort(),
    ).toEqual(
      [
        [recorded.projectId, []],
        [recorded.retainerProjectId, []],
      ].sort(),
    );
    const project = await portal('GET', `/api/portal/projects/${recorded.projectId}`, cookie);
    expect(project.statusCode, project.body).toBe(200);
    expect(project.json()).toMatchObject({
      code: recorded.projectCode,
      name: 'Brand refresh',
      parts: [],
      tasks: null,
      milestones: null,
      team: null,
      activity: null,
      progress: null,
      time: null,
    });
    for (const id of [recorded.tasks.reviewId, recorded.tasks.todoId])
      expect((await portal('GET', `/api/portal/tasks/${id}`, cookie)).statusCode).toBe(404);
    expect(
      (await portal('GET', `/api/portal/attachments/${recorded.attachment.id}`, cookie)).statusCode,
    ).toBe(404);
    const comment = await portal('POST', `/api/portal/tasks/${recorded.tasks.reviewId}/comments`, cookie, {
      body: 'Can we see the logos?',
    });
    expect(comment.statusCode).toBe(404);

    // Once staff share the tasks, comments and files, the old ones stay internal: the client sees none.
    const staffView = await json('GET', `/api/projects/${recorded.projectId}`);
    await json('PUT', `/api/projects/${recorded.projectId}`, {
      clientId: recorded.clientId,
      name: staffView.name,
      code: staffView.code,
      status: staffView.status,
      billingType: staffView.billingType,
      hourlyRate: staffView.hourlyRate,
      budgetMinutes: staffView.budgetMinutes,
      budgetAmount: staffView.budgetAmount,
      startDate: staffView.startDate,
      dueDate: staffView.dueDate,
      managerId: staffView.manager._id,
      team: staffView.team.map((m: { _id: string; hourlyRate: number | null }) => ({
        userId: m._id,
        hourlyRate: m.hourlyRate,
      })),
      portalVisibility: ['tasks', 'comments', 'files'],
    });
    const task = await portal('GET', `/api/portal/tasks/${recorded.tasks.reviewId}`, cookie);
    expect(task.statusCode, task.body).toBe(200);
    expect(task.json()).toMatchObject({
      title: 'Logo concepts for sign-off',
      status: 'in_review',
      comments: [],
      attachments: [],
      timeline: [],
      canReview: true,
    });
    for (const text of [...COMMENTS, 'logo-concepts.png']) expect(task.body).not.toContain(text);
    expect(
      (await portal('GET', `/api/portal/attachments/${recorded.attachment.id}`, cookie)).statusCode,
    ).toBe(404);
    // The staff still read them all, unchanged.
    expect((await json('GET', `/api/tasks/${recorded.tasks.reviewId}/comments`)).comments).toHaveLength(2);
  });

  it('lets the client accept the estimate the release sent, storing the hash of the PDF drawn then', async () => {
    const cookie = await signIn('arjun@harbourline.test');
    const { sent, accepted } = recorded.estimates;
    const list = await portal('GET', '/api/portal/estimates', cookie);
    expect(list.statusCode, list.body).toBe(200);
    expect(
      list
        .json()
        .estimates.map((e: { _id: string; state: string; total: number }) => [e._id, e.state, e.total]),
    ).toEqual(
      expect.arrayContaining([
        [sent.id, 'sent', sent.total],
        [accepted.id, 'accepted', accepted.total],
      ]),
    );
    const old = await portal('GET', `/api/portal/estimates/${accepted.id}`, cookie);
    expect(old.json()).toMatchObject({
      canAnswer: false,
      acceptance: { name: 'Meera Kulkarni (Finance Lead)', inPortal: false, pdfSha256: null },
    });
    expect((await portal('GET', `/api/portal/estimates/${sent.id}`, cookie)).json()).toMatchObject({
      state: 'sent',
      canAnswer: true,
      acceptance: null,
    });

    // Sent before the hash was kept: the PDF drawn at the moment of accepting stands in for it
    // (portal-estimates.ts). On this fixed clock it is the PDF the portal answers now.
    const pdf = await portal('GET', `/api/portal/estimates/${sent.id}/pdf`, cookie);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const answer = await portal('POST', `/api/portal/estimates/${sent.id}/accept`, cookie, {
      name: 'Arjun Shah',
      agreed: true,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const hash = answer.json().estimate.acceptance.pdfSha256 as string;
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).toBe(sha256(pdf.rawPayload));
    expect(answer.json().estimate.acceptance).toMatchObject({ name: 'Arjun Shah', inPortal: true });
    const row = await handle.db
      .selectFrom('estimates')
      .select(['status', 'accepted_via', 'accepted_by', 'accepted_pdf_sha256', 'sent_pdf_sha256'])
      .where('id', '=', sent.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      status: 'accepted',
      accepted_via: 'portal',
      accepted_by: 'Arjun Shah',
      accepted_pdf_sha256: hash,
      sent_pdf_sha256: null,
    });
    expect((await json('GET', `/api/estimates/${sent.id}`)).acceptance).toMatchObject({
      acceptedBy: 'Arjun Shah',
      via: 'portal',
      pdfSha256: hash,
    });
  });

  it('shows the client the release’s final invoice with its balance, never the draft', async () => {
    const cookie = await signIn('meera@harbourline.test');
    const list = await portal('GET', '/api/portal/invoices', cookie);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().invoices).toEqual([
      expect.objectContaining({
        _id: fromProject.id,
        number: 'INV/26-27/0001',
        total: fromProject.total,
        balance: fromProject.balance,
        dueDate: fromProject.dueDate,
        pastDue: false,
      }),
    ]);
    const invoice = await portal('GET', `/api/portal/invoices/${fromProject.id}`, cookie);
    expect(invoice.statusCode, invoice.body).toBe(200);
    expect(invoice.json()).toMatchObject({
      balance: fromProject.balance,
      paidAmount: 0,
      howToPay: { upiId: 'releaseeight@okhdfc' },
    });
    expect((await portal('GET', `/api/portal/invoices/${draft.id}`, cookie)).statusCode).toBe(404);
    // The client's statement holds it; "I have paid" on it waits for the staff.
    const statement = await portal('GET', '/api/portal/statement', cookie);
    expect(statement.statusCode, statement.body).toBe(200);
    expect(statement.json().closing).toBe(fromProject.balance);
    const notice = await portal('POST', `/api/portal/invoices/${fromProject.id}/payment-notice`, cookie, {
      amount: fromProject.balance,
      paidOn: '2026-11-30',
      method: 'bank_transfer',
      reference: 'NEFT-HL-8001',
    });
    expect(notice.statusCode, notice.body).toBe(201);
    const stored = await handle.db
      .selectFrom('invoice_payment_notices')
      .select(['invoice_id', 'amount', 'handled_at'])
      .execute();
    expect(stored.map((n) => [n.invoice_id, Number(n.amount), n.handled_at])).toEqual([
      [fromProject.id, fromProject.balance, null],
    ]);
  });
  it('lets the client comment on and approve the release’s task in review, the staff’s old comments staying internal', async () => {
    // Shared since the test above: tasks, comments and files.
    const cookie = await signIn('meera@harbourline.test');
    const { reviewId } = recorded.tasks;
    const comment = await portal('POST', `/api/portal/tasks/${reviewId}/comments`, cookie, {
      body: 'Direction B in the darker blue, please.',
    });
    expect(comment.statusCode, comment.body).toBe(201);
    const approved = await portal('POST', `/api/portal/tasks/${reviewId}/approve`, cookie, {});
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().task).toMatchObject({ status: 'done', canReview: false });
    expect(approved.json().task.comments.map((c: { body: string }) => c.body)).toEqual([
      'Direction B in the darker blue, please.',
    ]);

    const { comments } = await json('GET', `/api/tasks/${reviewId}/comments`);
    expect(
      comments.map((c: { body: string; visibility: string; authorKind: string }) => [
        c.body,
        c.visibility,
        c.authorKind,
      ]),
    ).toEqual([
      [COMMENTS[0], 'internal', 'staff'],
      [COMMENTS[1], 'internal', 'staff'],
      ['Direction B in the darker blue, please.', 'client', 'client'],
    ]);
    const { events } = await json('GET', `/api/tasks/${reviewId}/timeline`);
    expect(events.map((e: { kind: string; actorName: string }) => e.actorName)).toEqual([
      'Meera Kulkarni',
      'Meera Kulkarni',
    ]);
    expect((await json('GET', `/api/tasks/${reviewId}`)).status).toBe('done');
  });

  it('makes the release’s staff-accepted estimate a project that shares nothing, and finalises the draft into the portal', async () => {
    const converted = await json('POST', `/api/estimates/${recorded.estimates.accepted.id}/project`, {
      project: { name: 'Packaging design', status: 'active', billingType: 'fixed' },
    });
    expect(converted.estimate.project).toBeTruthy();
    const project = await json('GET', `/api/projects/${converted.estimate.project._id}`);
    expect(project).toMatchObject({ name: 'Packaging design', portalVisibility: [] });

    const final = (await json('POST', `/api/invoices/${draft.id}/finalise`)).invoice;
    expect(final).toMatchObject({ number: 'INV/26-27/0002', status: 'open' });
    const cookie = await signIn('meera@harbourline.test');
    const list = (await portal('GET', '/api/portal/invoices', cookie)).json().invoices;
    expect(list.map((i: { number: string }) => i.number).sort()).toEqual([
      'INV/26-27/0001',
      'INV/26-27/0002',
    ]);
  });
});
