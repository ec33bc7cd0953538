import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, INVITATION_MESSAGES, PASSWORD_RESET_MESSAGES } from '../../src/shared/messages';
import type { MailOutboxRow } from '../../src/server/db/types';
import { WAITING_FOR_SETUP } from '../../src/server/mail/outbox-worker';
import { CLAIM_LEASE_MS, enqueueMail } from '../../src/server/mail/outbox';
import { contactMail } from '../../src/server/mail/templates';
import { AGENCY_WORKSPACE_ID } from '../../src/shared/workspace-deletion';
import { invitationTokenMailedTo } from './support/invitations';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from '../support/smtp-sink';
import {
  ADMIN,
  SITE_URL,
  createTestApp,
  reopenTestDatabase,
  signIn,
  uniqueEmail,
  type TestApp,
} from './support/test-app';
import { PASSWORD, ownerBody, register, registerOk, teamMemberBody, uniqueDomain } from './support/accounts';
import { insertUser, insertWorkspace } from './support/users';

/**
 * The mail the product sends (docs/product/email.md#mail-the-product-sends): contact messages, password resets and invitations go through
 * the outbox, reach a real SMTP server exactly once (also after a refused first attempt), and carry links
 * on SITE_URL only.
 */
describe('mail the product sends', () => {
  let sink: SmtpSink;
  let t: TestApp;
  let admin: { authorization: string };
  let now = new Date();
  const clock = () => now;
  const later = (ms: number) => {
    now = new Date(now.getTime() + ms);
  };
  let ip = 0;
  const nextIp = () => `198.51.100.${(ip += 1)}`;

  const outbox = () => t.database.handle.db.selectFrom('mail_outbox').selectAll().execute();
  async function waitForRow(match: (row: MailOutboxRow) => boolean): Promise<MailOutboxRow> {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const row = (await outbox()).find(match);
      if (row) return row;
      if (Date.now() > deadline) throw new Error('no such outbox row');
      await new Promise((r) => setTimeout(r, 20));
    }
  }
  const saveSetup = (app: TestApp, headers: { authorization: string }) =>
    app.app.inject({
      method: 'POST',
      url: '/api/email/setup',
      headers,
      payload: {
        host: '127.0.0.1',
        port: sink.port,
        secure: false,
        auth: { user: sink.user, pass: sink.pass },
        from: 'Agency Inbox <inbox@agency.test>',
      },
    });
  const contact = (email: string, app = t) =>
    app.app.inject({
      method: 'POST',
      url: '/api/contact',
      remoteAddress: nextIp(),
      payload: { name: 'Asha Rao', email, subject: 'New website', message: 'Please call me back.' },
    });
  const forgot = (email: string, headers: Record<string, string> = {}, remoteAddress = nextIp()) =>
    t.app.inject({ method: 'POST', url: '/api/password/forgot', remoteAddress, headers, payload: { email } });
  const resetWith = (token: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/password/reset',
      payload: { token, password, confirmPassword: password },
    });
  /**
   * An account with a confirmed address, made without a sign-up: a sign-up mails its own confirmation link
   * to the same address, which the reset tests would take for the reset mail.
   */
  const accountFor = async (email: string) =>
    insertUser(t, {
      workspaceId: (await insertWorkspace(t, { name: 'Acme Studio' })).id,
      role: 'Business Admin',
      email,
    });
  const invite = (email: string, headers = admin) =>
    t.app.inject({ method: 'POST', url: '/api/workspace/invitations', headers, payload: { email } });
  const linkToken = (mail: ReceivedMail, path: string, param: string) => {
    const match = mail.text.match(new RegExp(`${path}\\?${param}=([\\w-]+)`));
    if (!match) throw new Error(`no ${path} link in: ${mail.text}`);
    return match[1]!;
  };

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({ allowPrivateSmtp: true, smtpAllowPlaintextLoopback: true, clock });
    admin = await signIn(t.app, ADMIN.email, ADMIN.password);
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  it('queues mail while nothing is set up, and sends it once a set-up is saved', async () => {
    const visitor = uniqueEmail('visitor.test');
    expect((await contact(visitor)).statusCode).toBe(201);
    const waiting = await waitForRow((r) => r.reply_to === visitor && r.last_error === WAITING_FOR_SETUP);
    expect(waiting).toMatchObject({ status: 'queued', attempts: 0 });

    expect((await saveSetup(t, admin)).statusCode).toBe(200);
    await t.app.outbox.deliverDue();
    const [mail] = await sink.waitFor((m) => m.replyTo === visitor);
    // The agency's own inbox gets it, and a reply goes to the visitor.
    expect(mail).toMatchObject({
      to: 'inbox@agency.test',
      from: '"Agency Inbox" <inbox@agency.test>',
      subject: 'Contact form: New website',
    });
    expect(mail!.text).toContain('Please call me back.');
    expect((await outbox()).find((r) => r.reply_to === visitor)).toMatchObject({
      status: 'sent',
      to_address: 'inbox@agency.test',
    });
  });

  const triggers = {
    'a contact message': async () => {
      const visitor = uniqueEmail('visitor.test');
      expect((await contact(visitor)).statusCode).toBe(201);
      return {
        row: (r: MailOutboxRow) => r.reply_to === visitor,
        mail: (m: ReceivedMail) => m.replyTo === visitor,
      };
    },
    'a password reset': async () => {
      const email = uniqueEmail(uniqueDomain());
      await accountFor(email);
      expect((await forgot(email)).statusCode).toBe(202);
      return { row: (r: MailOutboxRow) => r.to_address === email, mail: (m: ReceivedMail) => m.to === email };
    },
    'an invitation': async () => {
      const email = uniqueEmail('anywhere.test');
      expect((await invite(email)).statusCode).toBe(201);
      return { row: (r: MailOutboxRow) => r.to_address === email, mail: (m: ReceivedMail) => m.to === email };
    },
  };

  it.each(Object.keys(triggers) as (keyof typeof triggers)[])(
    '%s arrives exactly once, also when the server refuses the first attempt',
    async (kind) => {
      sink.refuseNext(1);
      const match = await triggers[kind]();
      // The first attempt (right after the request) is refused: back in the queue, due in 30 s.
      const retry = await waitForRow((r) => match.row(r) && r.attempts === 1 && r.status === 'queued');
      expect(retry.last_error).toContain('451');
      expect(sink.messages.filter(match.mail)).toHaveLength(0);

      later(31_000);
      await t.app.outbox.deliverDue();
      await sink.waitFor(match.mail);
      later(10 * 60_000);
      await t.app.outbox.deliverDue();
      expect(sink.messages.filter(match.mail)).toHaveLength(1);
      expect((await outbox()).find(match.row)).toMatchObject({ status: 'sent', attempts: 2 });
    },
  );

  it('builds the reset link from SITE_URL, whatever Host and X-Forwarded-Host say', async () => {
    const email = uniqueEmail(uniqueDomain());
    await accountFor(email);
    const response = await forgot(
      email,
      { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
      '127.0.0.1',
    );
    expect(response.statusCode).toBe(202);
    const [mail] = await sink.waitFor((m) => m.to === email);
    expect(mail!.text).toContain(`${SITE_URL}/reset-password?token=`);
    expect(mail!.html).toContain(`${SITE_URL}/reset-password?token=`);
    expect(`${mail!.text}${mail!.html}`).not.toContain('evil.example');
    // One-time links leave no usable copy in the outbox once delivered.
    const row = await waitForRow((r) => r.to_address === email && r.status === 'sent');
    expect(row.text_body + row.html_body).toBe('');
  });

  it('answers a reset request the same whether or not the address has an account', async () => {
    const known = uniqueEmail(uniqueDomain());
    await registerOk(t.app, ownerBody(known));
    const a = await forgot(known);
    const b = await forgot(uniqueEmail('nobody.test'));
    expect([a.statusCode, b.statusCode]).toEqual([202, 202]);
    expect(a.json()).toEqual(b.json());
    expect(a.json().message).toBe(PASSWORD_RESET_MESSAGES.requested);
  });

  it('resets once per link: new password works, old password and old sessions stop', async () => {
    const email = uniqueEmail(uniqueDomain());
    const { headers: oldSession } = await accountFor(email);
    await forgot(email);
    const token = linkToken((await sink.waitFor((m) => m.to === email))[0]!, 'reset-password', 'token');

    const done = await resetWith(token, 'brand-new-pass');
    expect(done.statusCode).toBe(200);
    expect(done.json().message).toBe(PASSWORD_RESET_MESSAGES.done);
    expect((await resetWith(token, 'another-pass-2')).json()).toEqual({
      message: PASSWORD_RESET_MESSAGES.invalidLink,
    });

    const profile = await t.app.inject({
      method: 'GET',
      url: '/api/profile',
      headers: oldSession,
    });
    expect(profile.statusCode).toBe(401);
    const login = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/login',
        remoteAddress: nextIp(),
        payload: { email, password },
      });
    expect((await login(PASSWORD)).statusCode).toBe(401);
    expect((await login('brand-new-pass')).statusCode).toBe(200);
  });

  it('refuses a reset link after one hour, and a short password with the spec text', async () => {
    const email = uniqueEmail(uniqueDomain());
    await accountFor(email);
    await forgot(email);
    const token = linkToken((await sink.waitFor((m) => m.to === email))[0]!, 'reset-password', 'token');
    expect((await resetWith(token, '123')).json().message).toBe(AUTH_MESSAGES.passwordTooShort);
    later(60 * 60_000 + 1_000);
    const expired = await resetWith(token, 'brand-new-pass');
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe(PASSWORD_RESET_MESSAGES.invalidLink);
  });

  it('limits reset requests per client address (429 + Retry-After) and per e-mail (nothing more sent)', async () => {
    const from = nextIp();
    for (let i = 0; i < 10; i += 1)
      expect((await forgot(uniqueEmail('nobody.test'), {}, from)).statusCode).toBe(202);
    const limited = await forgot(uniqueEmail('nobody.test'), {}, from);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);

    const email = uniqueEmail(uniqueDomain());
    await accountFor(email);
    for (let i = 0; i < 5; i += 1) expect((await forgot(email)).statusCode).toBe(202);
    await sink.waitFor((m) => m.to === email, 3);
    await t.app.outbox.deliverDue();
    expect(sink.messages.filter((m) => m.to === email)).toHaveLength(3);
  });

  it('an invitation signs up a Team Member of the inviting workspace, with any e-mail domain, once', async () => {
    const ownerEmail = uniqueEmail(uniqueDomain());
    const owner = await registerOk(t.app, ownerBody(ownerEmail, { businessName: 'Bloom Bakery' }));
    // Only a confirmed owner invites (docs/product/workspace.md#invitations). Another engineer is adding the confirmation flow; until
    // this test opens its link, its effect is set in the database.
    await t.database.handle.db
      .updateTable('users')
      .set({ email_confirmed_at: now.toISOString() })
      .where('id', '=', owner.user.id)
      .execute();
    const ownerHeaders = { authorization: `Bearer ${owner.token}` };
    const invitee = uniqueEmail('gmail-like.test');
    const created = await invite(invitee, ownerHeaders);
    expect(created.statusCode).toBe(201);
    // The link goes to the invitee's mailbox only (docs/security.md#invitations).
    expect(created.body).not.toContain('invite=');

    const mail = (await sink.waitFor((m) => m.to === invitee))[0]!;
    expect(mail.subject).toBe(INVITATION_MESSAGES.subject('Bloom Bakery', 'AgencyHQ'));
    const token = linkToken(mail, 'signup', 'invite');

    const described = await t.app.inject({ method: 'GET', url: `/api/invitations/${token}` });
    expect(described.json()).toEqual({ workspaceName: 'Bloom Bakery', email: invitee });

    const wrongAddress = await register(
      t.app,
      teamMemberBody(uniqueEmail('other.test'), { inviteToken: token }),
    );
    expect(wrongAddress.statusCode).toBe(400);
    expect(wrongAddress.json().message).toBe(INVITATION_MESSAGES.emailMismatch);

    const joined = await registerOk(t.app, teamMemberBody(invitee, { inviteToken: token, role: 'Admin' }));
    expect(joined.user).toMatchObject({ role: 'Team Member', workspaceId: owner.user.workspaceId });

    const again = await register(
      t.app,
      teamMemberBody(uniqueEmail('gmail-like.test'), { inviteToken: token }),
    );
    expect(again.json().message).toBe(INVITATION_MESSAGES.invalidLink);
    const pending = await t.app.inject({
      method: 'GET',
      url: '/api/workspace/invitations',
      headers: ownerHeaders,
    });
    expect(pending.json().invitations).toEqual([]);
  });

  it('revokes and expires invitations; only a Business Admin or Admin invites', async () => {
    const invitee = uniqueEmail('anywhere.test');
    const created = (await invite(invitee)).json();
    const token = await invitationTokenMailedTo(t, invitee);
    const list = await t.app.inject({ method: 'GET', url: '/api/workspace/invitations', headers: admin });
    expect(list.json().invitations.map((i: { _id: string }) => i._id)).toContain(created.invitation._id);
    const revoked = await t.app.inject({
      method: 'DELETE',
      url: `/api/workspace/invitations/${created.invitation._id}`,
      headers: admin,
    });
    expect(revoked.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/invitations/${token}` })).statusCode).toBe(404);

    const expiringTo = uniqueEmail('anywhere.test');
    expect((await invite(expiringTo)).statusCode).toBe(201);
    const expiring = await invitationTokenMailedTo(t, expiringTo);
    later(7 * 24 * 60 * 60_000 + 1_000);
    const expired = await t.app.inject({ method: 'GET', url: `/api/invitations/${expiring}` });
    expect(expired.statusCode).toBe(404);

    const freelancer = await registerOk(t.app, {
      ...ownerBody(uniqueEmail(uniqueDomain())),
      userType: 'freelancer',
      businessName: 'Solo',
    });
    const refused = await invite(uniqueEmail('anywhere.test'), {
      authorization: `Bearer ${freelancer.token}`,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(INVITATION_MESSAGES.ownerOrAdminOnly);
    // An existing account is answered like any address (attack-invitations.test.ts): no 409 to enumerate.
    expect((await invite(ADMIN.email)).statusCode).toBe(201);
  });

  it('takes over a message whose sender died mid-send, once its claim has lapsed', async () => {
    const to = uniqueEmail('lapsed.test');
    // What a worker leaves behind when its process is killed after claiming: 'sending', lease running.
    // Queued and claimed in one transaction: the app's own worker never sees it queued and sends it first.
    const lease = new Date(now.getTime() + 60_000).toISOString();
    const id = await t.database.handle.db.transaction().execute(async (trx) => {
      const queued = await enqueueMail(
        trx,
        {
          workspaceId: AGENCY_WORKSPACE_ID,
          kind: 'contact',
          via: 'workspace',
          to,
          ...contactMail('AgencyHQ', {
            name: 'Lapsed',
            email: to,
            subject: '',
            message: 'Sent by a worker that died.',
          }),
        },
        now,
      );
      await trx
        .updateTable('mail_outbox')
        .set({ status: 'sending', attempts: 1, locked_until: lease })
        .where('id', '=', queued)
        .execute();
      return queued;
    });
    await t.app.outbox.deliverDue();
    expect(sink.messages.filter((m) => m.to === to)).toHaveLength(0);

    later(CLAIM_LEASE_MS + 1_000);
    await t.app.outbox.deliverDue();
    await sink.waitFor((m) => m.to === to);
    // The sink has it a moment before the worker records it sent (a round may still be running).
    expect(await waitForRow((r) => r.id === id && r.status === 'sent')).toMatchObject({ attempts: 2 });
  });

  it('sends platform mail through SMTP_URL when it is set, from MAIL_FROM or no-reply@ the site', async () => {
    const viaUrl = await createTestApp({
      allowPrivateSmtp: true,
      smtpAllowPlaintextLoopback: true,
      clock,
      smtpUrl: `smtp://${encodeURIComponent(sink.user)}:${encodeURIComponent(sink.pass)}@127.0.0.1:${sink.port}`,
    });
    try {
      const email = uniqueEmail(uniqueDomain());
      await registerOk(viaUrl.app, ownerBody(email));
      const response = await viaUrl.app.inject({
        method: 'POST',
        url: '/api/password/forgot',
        remoteAddress: nextIp(),
        payload: { email },
      });
      expect(response.statusCode).toBe(202);
      const [mail] = await sink.waitFor((m) => m.to === email);
      expect(mail!.from).toBe('"AgencyHQ" <no-reply@agency.example>');
    } finally {
      await viaUrl.close();
    }
  });

  it('with two instances on one database, queued messages are sent once, by whichever instance', async () => {
    const a = await createTestApp({ allowPrivateSmtp: true, smtpAllowPlaintextLoopback: true, clock });
    const b = await createTestApp({
      allowPrivateSmtp: true,
      smtpAllowPlaintextLoopback: true,
      clock,
      database: await reopenTestDatabase(a.database),
    });
    try {
      const visitors = Array.from({ length: 12 }, () => uniqueEmail('burst.test'));
      for (const visitor of visitors) expect((await contact(visitor, a)).statusCode).toBe(201);
      // Nothing is set up on this database yet: all wait. Instance A is then gone; B saves and sends.
      await a.app.outbox.deliverDue();
      await a.app.close();
      const headers = await signIn(b.app, ADMIN.email, ADMIN.password);
      expect((await saveSetup(b, headers)).statusCode).toBe(200);
      const c = await createTestApp({
        allowPrivateSmtp: true,
        smtpAllowPlaintextLoopback: true,
        clock,
        database: await reopenTestDatabase(a.database),
      });
      try {
        await Promise.all([b.app.outbox.deliverDue(), c.app.outbox.deliverDue(), b.app.outbox.deliverDue()]);
        const mine = (m: ReceivedMail) => visitors.includes(m.replyTo);
        await sink.waitFor(mine, visitors.length);
        await Promise.all([b.app.outbox.deliverDue(), c.app.outbox.deliverDue()]);
        expect(
          sink.messages
            .filter(mine)
            .map((m) => m.replyTo)
            .sort(),
        ).toEqual([...visitors].sort());
      } finally {
        await c.close();
      }
    } finally {
      await b.close();
      await a.database.dispose();
    }
  });
});
