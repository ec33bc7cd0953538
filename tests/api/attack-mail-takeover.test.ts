import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EMAIL_CONFIRMATION_MESSAGES,
  EMAIL_SETUP_MESSAGES as M,
  SMTP_FAILURE_MESSAGES as F,
} from '../../src/shared/messages';
import type { EmailSettingsRow, MailOutboxRow } from '../../src/server/db/types';
import { enqueueMail } from '../../src/server/mail/outbox';
import { contactMail } from '../../src/server/mail/templates';
import { AGENCY_WORKSPACE_ID } from '../../src/shared/workspace-deletion';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink';
import { ADMIN, createTestApp, uniqueEmail, type TestApp } from './support/test-app';
import { call, insertUser, insertWorkspace, seededAdmin, type TestUser } from './support/users';

/**
 * docs/security.md#mail-set-up-and-platform-mail: taking over the mail set-up. An agency member with the Marketing module (an SEO
 * Manager) points the agency's Email Setup at her own server and leaves the password empty: the stored
 * password used to be kept, so "Send test e-mail" logged in to her server with the agency's real SMTP
 * password, and platform mail (the Admin's password reset) was delivered to her. Every server here is a
 * real SMTP server on loopback that records the credentials each AUTH carried.
 */
describe('attack: taking over the e-mail set-up', () => {
  const AGENCY_PASS = 'Agency-Real-Smtp-Pass-1';
  const BIZ_PASS = 'Biz-Real-Smtp-Pass-2';
  /** The agency's own mail server, a business's own, and the attacker's (another loopback address). */
  let agencySink: SmtpSink;
  let bizSink: SmtpSink;
  let attackerSink: SmtpSink;
  let t: TestApp;
  let admin: TestUser;
  let seo: TestUser;
  let bizAdmin: TestUser;
  const now = new Date();
  const clock = () => now;
  let ip = 0;
  const nextIp = () => `203.0.113.${(ip += 1)}`;

  const setupOf = (sink: SmtpSink, pass: string, overrides: Record<string, unknown> = {}) => ({
    host: sink.host,
    port: sink.port,
    secure: false,
    auth: { user: sink.user, pass },
    from: `Mail <${sink.user}>`,
    ...overrides,
  });
  const save = (app: TestApp, headers: TestUser['headers'], body: unknown) =>
    call(app.app, 'POST', '/api/email/setup', headers, body);
  const sendTest = (app: TestApp, headers: TestUser['headers'], to?: string) =>
    call(app.app, 'POST', '/api/email/test', headers, to ? { to } : {});
  const rowOf = (app: TestApp, workspaceId: string): Promise<EmailSettingsRow | undefined> =>
    app.database.handle.db
      .selectFrom('email_settings')
      .selectAll()
      .where('workspace_id', '=', workspaceId)
      .executeTakeFirst();
  /** What a save writes (a test send since only records how it went). */
  const savedSetup = async (workspaceId: string) => {
    const row = await rowOf(t, workspaceId);
    if (!row) return row;
    const { verified_at: _verified, last_error: _error, ...setup } = row;
    return setup;
  };
  /** Every password any server here was ever given. */
  const passwordsSeenBy = (sink: SmtpSink) => sink.auths.map((a) => a.password);
  const forgot = (app: TestApp, email: string) =>
    app.app.inject({
      method: 'POST',
      url: '/api/password/forgot',
      remoteAddress: nextIp(),
      payload: { email },
    });
  async function outboxRow(app: TestApp, match: (row: MailOutboxRow) => boolean): Promise<MailOutboxRow> {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const rows = await app.database.handle.db.selectFrom('mail_outbox').selectAll().execute();
      const row = rows.find(match);
      if (row) return row;
      if (Date.now() > deadline) throw new Error('no such outbox row');
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  beforeAll(async () => {
    agencySink = await startSmtpSink({ user: 'mailer@agency.test', pass: AGENCY_PASS });
    bizSink = await startSmtpSink({ user: 'mailer@biz.test', pass: BIZ_PASS });
    // Her server accepts nothing: it only keeps the credentials it is sent.
    attackerSink = await startSmtpSink({ host: '127.0.0.2', user: 'seo@evil.test', pass: 'not-known' });
    // The test servers speak plain SMTP on loopback: the operator's knob allows that, for loopback only.
    t = await createTestApp({ allowPrivateSmtp: true, smtpAllowPlaintextLoopback: true, clock });
    admin = await seededAdmin(t);
    seo = await insertUser(t, {
      workspaceId: AGENCY_WORKSPACE_ID,
      role: 'SEO Manager',
      username: 'seo-manager',
      email: 'seo@evil.test',
      permissions: JSON.stringify({ marketing: true }),
    });
    const biz = await insertWorkspace(t, { name: 'Biz Co' });
    bizAdmin = await insertUser(t, { workspaceId: biz.id, role: 'Business Admin' });

    expect((await save(t, admin.headers, setupOf(agencySink, AGENCY_PASS))).statusCode).toBe(200);
    expect((await save(t, bizAdmin.headers, setupOf(bizSink, BIZ_PASS))).statusCode).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
    await Promise.all([agencySink, bizSink, attackerSink].map((sink) => sink?.close()));
  });

  it("(a) an SEO Manager cannot change the agency's set-up that carries platform mail (403, nothing changes)", async () => {
    const before = await savedSetup(AGENCY_WORKSPACE_ID);
    // Her host, port and user with an empty password (the stored one used to be kept) ...
    const hijack = await save(t, seo.headers, setupOf(attackerSink, ''));
    // ... then "Send test e-mail": it must not log in to her server with the agency's password.
    const sent = await sendTest(t, seo.headers, seo.email);
    expect(passwordsSeenBy(attackerSink)).not.toContain(AGENCY_PASS);
    expect(attackerSink.connections).toBe(0);
    expect(hijack.statusCode).toBe(403);
    expect(hijack.json()).toEqual({ message: M.agencyAdminOnly });
    // The test went through the Admin's server, as saved.
    expect(sent.statusCode, sent.body).toBe(200);
    await agencySink.waitFor((m) => m.to === seo.email);

    // With a password of her own, too: the set-up that sends the platform's mail is the Admin's.
    const replace = await save(t, seo.headers, setupOf(attackerSink, 'her-own-password'));
    expect(replace.statusCode).toBe(403);
    expect(await savedSetup(AGENCY_WORKSPACE_ID)).toEqual(before);

    // She may read it, never the password, and is told why it is read-only.
    const read = await call(t.app, 'GET', '/api/email/setup', seo.headers);
    expect(read.statusCode).toBe(200);
    expect(read.body).not.toContain(AGENCY_PASS);
    expect(read.json()).toMatchObject({
      config: { host: agencySink.host, port: agencySink.port },
      editable: false,
      readOnlyReason: M.agencyAdminOnly,
    });
    expect((await call(t.app, 'GET', '/api/email/setup', admin.headers)).json()).toMatchObject({
      editable: true,
    });
  });

  it("(e) the Admin's password reset still goes through the agency's Admin-saved set-up", async () => {
    expect((await forgot(t, ADMIN.email)).statusCode).toBe(202);
    await t.app.outbox.deliverDue();
    const [mail] = await agencySink.waitFor((m) => m.to === ADMIN.email && /reset-password/.test(m.text));
    expect(mail!.text).toContain('/reset-password?token=');
    expect(attackerSink.messages).toHaveLength(0);
    expect(passwordsSeenBy(agencySink)).toContain(AGENCY_PASS);
    expect(passwordsSeenBy(attackerSink)).not.toContain(AGENCY_PASS);
  });

  it('(b) a changed host, port or user needs the password typed again (400), in every workspace', async () => {
    const before = await savedSetup(bizAdmin.workspaceId);
    const attacker = setupOf(attackerSink, '');
    // A member who does not know the password moves the set-up to her server and tests it.
    const moved = await save(t, bizAdmin.headers, attacker);
    await sendTest(t, bizAdmin.headers, 'check@biz.test');
    expect(passwordsSeenBy(attackerSink)).not.toContain(BIZ_PASS);
    expect(moved.statusCode).toBe(400);
    for (const [change, body] of [
      ['host', setupOf(bizSink, '', { host: attacker.host })],
      ['port', setupOf(bizSink, '', { port: attacker.port })],
      ['user', setupOf(bizSink, '', { auth: { user: attacker.auth.user, pass: '' } })],
      ['all three', attacker],
    ] as const) {
      const response = await save(t, bizAdmin.headers, body);
      expect(response.statusCode, change).toBe(400);
      expect(response.json(), change).toEqual({
        message: M.passwordRetype,
        errors: [{ field: 'auth.pass', message: M.passwordRetype }],
      });
    }
    expect(await savedSetup(bizAdmin.workspaceId)).toEqual(before);

    // The stored set-up is untouched: a test goes to the business's own server only.
    const sent = await sendTest(t, bizAdmin.headers, 'check@biz.test');
    expect(sent.statusCode, sent.body).toBe(200);
    await bizSink.waitFor((m) => m.to === 'check@biz.test');
    expect(passwordsSeenBy(attackerSink)).not.toContain(BIZ_PASS);

    // Same server, port and user: the password may stay empty (the sender name changes).
    const kept = await save(t, bizAdmin.headers, setupOf(bizSink, '', { from: 'Biz Co <mailer@biz.test>' }));
    expect(kept.statusCode, kept.body).toBe(200);
    // Typed again, the new server is saved, with the scope it was typed for.
    const typed = await save(t, bizAdmin.headers, setupOf(attackerSink, 'typed-for-this-server'));
    expect(typed.statusCode, typed.body).toBe(200);
    expect((await rowOf(t, bizAdmin.workspaceId))!.pass_scope).toBe(
      `${attackerSink.host}:${attackerSink.port}:${attackerSink.user}`,
    );
    expect((await save(t, bizAdmin.headers, setupOf(bizSink, BIZ_PASS))).statusCode).toBe(200);
  });

  it('(c) a set-up changed in the database without its password sends the password nowhere', async () => {
    const db = t.database.handle.db;
    // What a write around the API (or a bug) could leave: her server, the business's stored password.
    await db
      .updateTable('email_settings')
      .set({ host: attackerSink.host, port: attackerSink.port })
      .where('workspace_id', '=', bizAdmin.workspaceId)
      .execute();

    const tested = await sendTest(t, bizAdmin.headers, 'check@biz.test');
    expect(tested.statusCode).toBe(400);
    expect(tested.json().message).toBe(M.setupChanged);
    expect((await call(t.app, 'GET', '/api/email/setup', bizAdmin.headers)).json()).toMatchObject({
      config: { lastError: M.setupChanged },
      delivery: { transport: 'own', healthy: false },
    });

    // Nor does the outbox: the business's mail goes as if it had no set-up (through the platform's).
    const to = uniqueEmail('visitor.test');
    const id = await enqueueMail(
      db,
      {
        workspaceId: bizAdmin.workspaceId,
        kind: 'contact',
        via: 'workspace',
        to,
        ...contactMail('AgencyHQ', { name: 'V', email: to, subject: '', message: 'Hello' }),
      },
      now,
    );
    await t.app.outbox.deliverDue();
    await agencySink.waitFor((m) => m.to === to);
    expect(await outboxRow(t, (r) => r.id === id)).toMatchObject({ status: 'sent' });

    // A row without any scope (never saved with a password by this release) is not used either.
    await db
      .updateTable('email_settings')
      .set({ host: bizSink.host, port: bizSink.port, pass_scope: null })
      .where('workspace_id', '=', bizAdmin.workspaceId)
      .execute();
    expect((await sendTest(t, bizAdmin.headers, 'check@biz.test')).json().message).toBe(M.setupChanged);

    // The agency's set-up, which carries the platform's mail, likewise.
    const agencyBefore = await rowOf(t, AGENCY_WORKSPACE_ID);
    await db
      .updateTable('email_settings')
      .set({ host: attackerSink.host, port: attackerSink.port })
      .where('workspace_id', '=', AGENCY_WORKSPACE_ID)
      .execute();
    // Platform mail then has no set-up: the reset waits, saying why, and goes nowhere else.
    expect((await forgot(t, ADMIN.email)).statusCode).toBe(202);
    await t.app.outbox.deliverDue();
    expect(
      await outboxRow(
        t,
        (r) => r.kind === 'password-reset' && r.status === 'queued' && r.last_error !== null,
      ),
    ).toMatchObject({ last_error: M.setupChanged });

    expect(attackerSink.connections).toBe(0);
    expect(passwordsSeenBy(attackerSink)).not.toContain(BIZ_PASS);
    expect(passwordsSeenBy(attackerSink)).not.toContain(AGENCY_PASS);

    // Saving again with the password makes it usable; the agency's is restored as it was.
    expect((await save(t, bizAdmin.headers, setupOf(bizSink, BIZ_PASS))).statusCode).toBe(200);
    expect((await sendTest(t, bizAdmin.headers, 'again@biz.test')).statusCode).toBe(200);
    await db
      .updateTable('email_settings')
      .set({ host: agencyBefore!.host, port: agencyBefore!.port })
      .where('workspace_id', '=', AGENCY_WORKSPACE_ID)
      .execute();
  });

  it('an unconfirmed account cannot save a mail set-up (403)', async () => {
    const workspace = await insertWorkspace(t, { name: 'Unconfirmed Co' });
    const unconfirmed = await insertUser(t, {
      workspaceId: workspace.id,
      role: 'Business Admin',
      confirmed: false,
    });
    const response = await save(t, unconfirmed.headers, setupOf(bizSink, BIZ_PASS));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: EMAIL_CONFIRMATION_MESSAGES.required });
    expect(await rowOf(t, workspace.id)).toBeUndefined();
    expect((await call(t.app, 'GET', '/api/email/setup', unconfirmed.headers)).json()).toMatchObject({
      editable: false,
      readOnlyReason: EMAIL_CONFIRMATION_MESSAGES.required,
    });
  });

  it('(d) the password goes only over TLS unless plain text is allowed for a loopback relay', async () => {
    const strict = await createTestApp({ allowPrivateSmtp: true, clock });
    try {
      const headers = (await seededAdmin(strict)).headers;
      expect((await save(strict, headers, setupOf(agencySink, AGENCY_PASS))).statusCode).toBe(200);
      const seen = agencySink.auths.length;
      const refused = await sendTest(strict, headers, 'tls@agency.test');
      expect(refused.statusCode).toBe(422);
      expect(refused.json().message).toBe(F.noStartTls(agencySink.host, agencySink.port));
      // Delivery of platform mail is held to the same rule.
      expect((await forgot(strict, ADMIN.email)).statusCode).toBe(202);
      await strict.app.outbox.deliverDue();
      expect(
        await outboxRow(strict, (r) => r.kind === 'password-reset' && r.last_error !== null),
      ).toMatchObject({ last_error: F.noStartTls(agencySink.host, agencySink.port) });
      expect(agencySink.auths.length).toBe(seen);
    } finally {
      await strict.close();
    }

    // SMTP_URL too.
    const url = `smtp://${encodeURIComponent(agencySink.user)}:${AGENCY_PASS}@127.0.0.1:${agencySink.port}`;
    const viaUrl = await createTestApp({ allowPrivateSmtp: true, smtpUrl: url, clock });
    try {
      const seen = agencySink.auths.length;
      expect((await forgot(viaUrl, ADMIN.email)).statusCode).toBe(202);
      await viaUrl.app.outbox.deliverDue();
      expect(
        await outboxRow(viaUrl, (r) => r.kind === 'password-reset' && r.last_error !== null),
      ).toMatchObject({ last_error: F.noStartTls('127.0.0.1', agencySink.port) });
      expect(agencySink.auths.length).toBe(seen);
    } finally {
      await viaUrl.close();
    }

    // With the knob on, the loopback relay gets it (the main app of this suite sends this way).
    const allowed = await sendTest(t, admin.headers, 'plain@agency.test');
    expect(allowed.statusCode, allowed.body).toBe(200);
    await agencySink.waitFor((m) => m.to === 'plain@agency.test');
  });

  it("with SMTP_URL set, the agency's set-up is an ordinary workspace set-up", async () => {
    const url = `smtp://${encodeURIComponent(agencySink.user)}:${AGENCY_PASS}@127.0.0.1:${agencySink.port}`;
    const viaUrl = await createTestApp({
      allowPrivateSmtp: true,
      smtpAllowPlaintextLoopback: true,
      smtpUrl: url,
      clock,
    });
    try {
      const member = await insertUser(viaUrl, {
        workspaceId: AGENCY_WORKSPACE_ID,
        role: 'SEO Manager',
        permissions: JSON.stringify({ marketing: true }),
      });
      expect((await call(viaUrl.app, 'GET', '/api/email/setup', member.headers)).json()).toMatchObject({
        editable: true,
      });
      const saved = await save(viaUrl, member.headers, setupOf(bizSink, BIZ_PASS));
      expect(saved.statusCode, saved.body).toBe(200);
      // Platform mail goes through SMTP_URL, not the set-up she saved.
      const toAdmin = (m: { to: string }) => m.to === ADMIN.email;
      const delivered = agencySink.messages.filter(toAdmin).length;
      expect((await forgot(viaUrl, ADMIN.email)).statusCode).toBe(202);
      await viaUrl.app.outbox.deliverDue();
      await agencySink.waitFor(toAdmin, delivered + 1);
      expect(bizSink.messages.filter(toAdmin)).toHaveLength(0);
    } finally {
      await viaUrl.close();
    }
  });
});
