import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PORTAL_NOTICE_MESSAGES as M, PASSWORD_RESET_MESSAGES } from '../../src/shared/messages';
import { PORTAL_NOTICES } from '../../src/shared/portal-notifications';
import type { PortalNotice } from '../../src/shared/portal-notifications';
import { createSecretBox } from '../../src/server/secrets/secret-box';
import { notifyPortalContacts } from '../../src/server/modules/portal/portal.service';
import { signUnsubscribe, unsubscribeKeys } from '../../src/server/modules/portal/portal-unsubscribe-token';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink';
import { ADMIN, SECRET_KEY, SITE_URL, createTestApp, type TestApp } from './support/test-app';
import { testClock, type TestClock } from './support/leads';
import { call, insertUser, insertWorkspace, type TestUser } from './support/users';
import { grantPortal, portalCookieOf, redeem } from './support/portal';

const PROFILE = {
  legalName: 'Notice Studio Private Limited',
  addressLine1: '12 MG Road',
  city: 'Bengaluru',
  country: 'IN',
  stateCode: '29',
  taxId: '29ABCDE1234F1ZW',
  email: 'accounts@notice.test',
  currency: 'INR',
  defaultRateBp: 1800,
  fyStartMonth: 4,
  paymentTermsDays: 15,
};
const LINE = {
  description: 'Brand refresh',
  sac: '998361',
  quantityMilli: 1000,
  unit: 'item',
  unitPrice: 100_000,
  category: 'standard',
  rateBp: 1800,
};
const UNSUBSCRIBE = `${SITE_URL}/portal/unsubscribe?token=`;

/**
 * The client portal's e-mail notices (docs/product/portal.md#notifications) on SQLite and PostgreSQL, through
 * a real SMTP server: who gets them (contacts with access at that client only), their links (SITE_URL, never
 * the request's Host), the unsubscribe link that only reads on GET and turns one kind off for one access on
 * POST (also RFC 8058's one-click), its forgeries, the List-Unsubscribe headers on notices only, and the
 * portal's own settings.
 */
describe('client portal notifications', () => {
  let sink: SmtpSink;
  let t: TestApp;
  let clock: TestClock;
  let boss: TestUser;
  let clientA: string;
  let clientB: string;
  const access: Record<'asha' | 'ben' | 'dana', string> = { asha: '', ben: '', dana: '' };
  const email = {
    asha: 'asha@kaveri.test',
    ben: 'ben@kaveri.test',
    carl: 'carl@kaveri.test',
    eve: 'eve@recipient.test',
    finn: 'finn@recipient.test',
    dana: 'dana@other-client.test',
  };
  let ip = 0;
  const nextIp = () => `198.51.100.${(ip += 1)}`;

  const db = () => t.database.handle.db;
  /** Each cause a second later than the last: "newest" is then the same on both engines. */
  const tick = () => {
    clock.now = new Date(clock.now.getTime() + 1000);
  };
  const notices = (to?: string) =>
    db()
      .selectFrom('mail_outbox')
      .selectAll()
      .where('kind', '=', 'portal-notice')
      .$if(to !== undefined, (q) => q.where('to_address', '=', to!))
      .orderBy('created_at')
      .execute();
  const offOf = async (accessId: string) =>
    JSON.parse(
      (
        await db()
          .selectFrom('portal_access')
          .select('notifications_off')
          .where('id', '=', accessId)
          .executeTakeFirstOrThrow()
      ).notifications_off,
    ) as string[];
  const tokenIn = (text: string) => {
    const at = text.indexOf(UNSUBSCRIBE);
    if (at < 0) throw new Error('no unsubscribe link');
    return text.slice(at + UNSUBSCRIBE.length).split(/\s/)[0]!;
  };
  /** The newest notice's unsubscribe token for an address. */
  const newestToken = async (to: string) => tokenIn((await notices(to)).at(-1)!.text_body);

  const client = async (name: string, contacts: { name: string; email: string }[]) =>
    (
      await call(t.app, 'POST', '/api/clients', boss.headers, {
        name,
        country: 'IN',
        state: 'Karnataka',
        currency: 'INR',
        contacts,
      })
    ).json().client._id as string;
  /** A final invoice for the client, then "E-mail invoice" with these extra request headers. */
  const sendInvoice = async (clientId: string, headers: Record<string, string> = {}) => {
    tick();
    const drafted = (
      await call(t.app, 'POST', '/api/invoices', boss.headers, {
        clientId,
        issueDate: '2026-11-29',
        lines: [LINE],
      })
    ).json().invoice;
    const final = (await call(t.app, 'POST', `/api/invoices/${drafted._id}/finalise`, boss.headers)).json()
      .invoice;
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/invoices/${final._id}/send`,
      headers: { ...boss.headers, ...headers },
      payload: {},
    });
    expect(sent.statusCode, sent.body).toBe(200);
    return final as { _id: string; number: string };
  };
  const sendEstimate = async (clientId: string) => {
    tick();
    const estimate = (
      await call(t.app, 'POST', '/api/estimates', boss.headers, {
        clientId,
        issueDate: '2026-11-29',
        validUntil: '2026-12-29',
        lines: [LINE],
      })
    ).json().estimate;
    const sent = await call(t.app, 'POST', `/api/estimates/${estimate._id}/send`, boss.headers, {});
    expect(sent.statusCode, sent.body).toBe(200);
    return estimate as { _id: string; number: string };
  };
  /** The sign-in link of the invitation as delivered (its stored body is dropped once sent). */
  const invitationToken = async (to: string) => {
    const [mail] = await sink.waitFor((m) => m.to === to && m.subject.includes('invites you'));
    return /\/portal\/sign-in\?token=([\w-]+)/.exec(mail!.text)![1]!;
  };
  const unsubscribe = (token: string, remoteAddress = nextIp()) =>
    t.app.inject({ method: 'POST', url: '/api/portal/unsubscribe', remoteAddress, payload: { token } });
  const oneClick = (token: string, contentType: string, payload: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/portal/unsubscribe?token=${encodeURIComponent(token)}`,
      remoteAddress: nextIp(),
      headers: { 'content-type': contentType },
      payload,
    });

  beforeAll(async () => {
    sink = await startSmtpSink({ user: 'mailer@agency.test', pass: 'sink-pass-1' });
    clock = testClock('2026-11-29T09:00:00.000Z');
    t = await createTestApp({
      allowPrivateSmtp: true,
      smtpAllowPlaintextLoopback: true,
      smtpUrl: `smtp://${encodeURIComponent(sink.user)}:${sink.pass}@127.0.0.1:${sink.port}`,
      clock: clock.read,
    });
    const studio = await insertWorkspace(t, { name: 'Notice Studio' });
    await db().updateTable('workspaces').set({ plan: 'Business' }).where('id', '=', studio.id).execute();
    boss = await insertUser(t, { workspaceId: studio.id, role: 'Business Admin', username: 'notice-boss' });
    await call(t.app, 'PUT', '/api/finance/settings', boss.headers, PROFILE);
    // Invoices and estimates are e-mailed to a client's first contact: Carl, who has no portal access.
    clientA = await client('Kaveri Foods', [
      { name: 'Carl Dsouza', email: email.carl },
      { name: 'Asha Rao', email: email.asha },
      { name: 'Ben Shah', email: email.ben },
    ]);
    clientB = await client('Other Client', [{ name: 'Dana Iyer', email: email.dana }]);
    access.asha = await grantPortal(t, boss, clientA, email.asha);
    access.ben = await grantPortal(t, boss, clientA, email.ben);
    access.dana = await grantPortal(t, boss, clientB, email.dana);
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  it('e-mails a new invoice to each contact with portal access at its client, linking on SITE_URL whatever the Host', async () => {
    const invoice = await sendInvoice(clientA, {
      host: 'evil.example',
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'http',
    });
    const rows = await notices();
    expect(rows.map((row) => row.to_address).sort()).toEqual([email.asha, email.ben]);
    for (const row of rows) {
      expect(row.via).toBe('workspace');
      expect(row.subject).toBe(M.invoiceSubject(invoice.number, 'Notice Studio'));
    }
    const mails = await sink.waitFor(
      (m) => m.subject === M.invoiceSubject(invoice.number, 'Notice Studio'),
      2,
    );
    expect(mails.map((m) => m.to).sort()).toEqual([email.asha, email.ben]);
    const mail = mails.find((m) => m.to === email.asha)!;
    const link = `${SITE_URL}/portal/invoices/${invoice._id}`;
    expect(mail.text).toContain(`${M.action.invoice}: ${link}`);
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.text).toContain('Hello Asha Rao,');
    expect(mail.text).toContain(M.whyYouGetThis('Notice Studio'));
    expect(mail.text).toContain(`${M.stopLine('invoice')}:\n${UNSUBSCRIBE}`);
    for (const part of [mail.text, mail.html, JSON.stringify(mail.headers)])
      expect(part).not.toContain('evil.example');
    // The invoice itself goes to the client's first contact as before, and is no list mail.
    expect(mails.map((m) => m.to)).not.toContain(email.carl);
    const [invoiceMail] = await sink.waitFor(
      (m) => m.subject === `Invoice ${invoice.number} from ${PROFILE.legalName}`,
    );
    expect(invoiceMail!.headers['list-unsubscribe']).toBeUndefined();
  });

  it('puts List-Unsubscribe (one-click) on notices only: never on a sign-in link or a password reset', async () => {
    const [notice] = await sink.waitFor((m) => m.to === email.ben && m.subject.startsWith('New invoice'));
    const token = tokenIn(notice!.text);
    expect(notice!.headers['list-unsubscribe']).toBe(`<${UNSUBSCRIBE}${token}>`);
    expect(notice!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');

    await t.app.inject({
      method: 'POST',
      url: '/api/portal/sign-in',
      remoteAddress: nextIp(),
      payload: { email: email.dana },
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/password/forgot',
      remoteAddress: nextIp(),
      payload: { email: ADMIN.email },
    });
    const transactional = [
      ...(await sink.waitFor((m) => m.to === email.dana && m.subject.includes('sign-in link'))),
      ...(await sink.waitFor(
        (m) => m.to === ADMIN.email && m.subject === PASSWORD_RESET_MESSAGES.subject('AgencyHQ'),
      )),
      ...(await sink.waitFor((m) => m.to === email.dana && m.subject.includes('invites you'))),
    ];
    for (const mail of transactional) {
      expect(mail.headers['list-unsubscribe'], mail.subject).toBeUndefined();
      expect(mail.headers['list-unsubscribe-post'], mail.subject).toBeUndefined();
    }
  });

  it('reads an unsubscribe link on GET without changing anything', async () => {
    const token = await newestToken(email.asha);
    for (let i = 0; i < 3; i += 1) {
      const read = await t.app.inject({
        method: 'GET',
        url: `/api/portal/unsubscribe?token=${encodeURIComponent(token)}`,
        remoteAddress: nextIp(),
      });
      expect(read.statusCode).toBe(200);
      expect(read.json()).toEqual({ kind: 'invoice', workspace: 'Notice Studio' });
    }
    const head = await t.app.inject({
      method: 'HEAD',
      url: `/api/portal/unsubscribe?token=${encodeURIComponent(token)}`,
      remoteAddress: nextIp(),
    });
    expect(head.statusCode).toBe(200);
    expect(await offOf(access.asha)).toEqual([]);
  });

  it('turns one kind off for one contact on POST: the next invoice reaches the others, estimates still reach them', async () => {
    const answer = await unsubscribe(await newestToken(email.asha));
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ success: true, message: M.unsubscribed('invoice'), kind: 'invoice' });
    expect(await offOf(access.asha)).toEqual(['invoice']);
    expect(await offOf(access.ben)).toEqual([]);
    // Again: nothing more to do, the same answer.
    expect((await unsubscribe(await newestToken(email.asha))).statusCode).toBe(200);
    expect(await offOf(access.asha)).toEqual(['invoice']);

    const before = (await notices(email.asha)).length;
    const invoice = await sendInvoice(clientA);
    expect((await notices(email.asha)).length).toBe(before);
    expect((await notices(email.ben)).at(-1)!.subject).toBe(
      M.invoiceSubject(invoice.number, 'Notice Studio'),
    );

    // The invoice link's token is for invoices only: an estimate still reaches Asha.
    const estimate = await sendEstimate(clientA);
    const [mail] = await sink.waitFor(
      (m) => m.to === email.asha && m.subject === M.estimateSubject(estimate.number, 'Notice Studio'),
    );
    expect(mail!.text).toContain(`${M.action.estimate}: ${SITE_URL}/portal/estimates/${estimate._id}`);
    expect(mail!.text).toContain(`${M.stopLine('estimate')}:\n${UNSUBSCRIBE}`);
    expect((await notices(email.dana)).length).toBe(0);
  });

  it('refuses forged and altered tokens with 400 and changes nothing (attack)', async () => {
    const tokenA = await newestToken(email.ben); // Ben's estimate token
    const [accessId, kind, keyId, mac] = tokenA.split('.') as [string, string, string, string];
    const flip = (s: string) => `${s.slice(0, -1)}${s.endsWith('A') ? 'B' : 'A'}`;
    const otherBox = createSecretBox('another-secret-key-that-is-not-the-servers-at-all');
    const forged = [
      // Ben's token with Dana's access id: the MAC is Ben's.
      [access.dana, kind, keyId, mac].join('.'),
      // Ben's token with another kind.
      [accessId, 'invoice', keyId, mac].join('.'),
      // One character of the MAC changed.
      [accessId, kind, keyId, flip(mac)].join('.'),
      // Signed with another key (under its own id, and under the server's key id).
      signUnsubscribe(unsubscribeKeys(otherBox), access.dana, 'invoice'),
      [
        access.dana,
        'invoice',
        keyId,
        signUnsubscribe(unsubscribeKeys(otherBox), access.dana, 'invoice').split('.')[3],
      ].join('.'),
      // Shapes: no MAC, extra parts, garbage, an unknown kind.
      [accessId, kind, keyId].join('.'),
      `${tokenA}.x`,
      'not-a-token',
      [accessId, 'everything', keyId, mac].join('.'),
    ];
    for (const token of forged) {
      const posted = await unsubscribe(token);
      expect(posted.statusCode, token).toBe(400);
      expect(posted.json().message).toBe(M.unsubscribeInvalid);
      const read = await t.app.inject({
        method: 'GET',
        url: `/api/portal/unsubscribe?token=${encodeURIComponent(token)}`,
        remoteAddress: nextIp(),
      });
      expect(read.statusCode, token).toBe(400);
      expect(
        (await oneClick(token, 'application/x-www-form-urlencoded', 'List-Unsubscribe=One-Click')).statusCode,
      ).toBe(400);
    }
    expect(await offOf(access.ben)).toEqual([]);
    expect(await offOf(access.dana)).toEqual([]);
    expect(await offOf(access.asha)).toEqual(['invoice']);
    // Missing token: 400 too.
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/portal/unsubscribe', payload: {} })).statusCode,
    ).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/portal/unsubscribe' })).statusCode).toBe(400);
  });

  it('takes the one-click POST of RFC 8058 with the token in the query, urlencoded or multipart', async () => {
    const token = await newestToken(email.ben); // estimate
    // Without the one-click body: refused, nothing changes.
    expect((await oneClick(token, 'application/x-www-form-urlencoded', 'foo=bar')).statusCode).toBe(400);
    expect((await oneClick(token, 'text/plain', 'List-Unsubscribe=One-Click')).statusCode).toBe(400);
    expect(await offOf(access.ben)).toEqual([]);
    const clicked = await oneClick(token, 'application/x-www-form-urlencoded', 'List-Unsubscribe=One-Click');
    expect(clicked.statusCode, clicked.body).toBe(200);
    expect(await offOf(access.ben)).toEqual(['estimate']);

    const invoiceToken = (await notices(email.ben))
      .map((row) => tokenIn(row.text_body))
      .find((tk) => tk.includes('.invoice.'))!;
    const boundary = '----agencyhq-test';
    const multipart = `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`;
    const viaMultipart = await oneClick(invoiceToken, `multipart/form-data; boundary=${boundary}`, multipart);
    expect(viaMultipart.statusCode, viaMultipart.body).toBe(200);
    expect((await offOf(access.ben)).sort()).toEqual(['estimate', 'invoice']);
  });

  it('shows and saves the signed-in contact’s notification settings under the portal session only', async () => {
    const response = await redeem(t, await invitationToken(email.ben), nextIp());
    const cookie = portalCookieOf(response);
    const read = await t.app.inject({
      method: 'GET',
      url: '/api/portal/notification-settings',
      headers: cookie,
    });
    expect(read.statusCode).toBe(200);
    expect(read.json().notifications).toEqual({
      invoice: false,
      estimate: false,
      'task-approval': true,
      comment: true,
    });
    const wanted = { invoice: true, estimate: true, 'task-approval': false, comment: true };
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/portal/notification-settings',
      headers: cookie,
      payload: wanted,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ success: true, message: M.settingsSaved, notifications: wanted });
    expect(await offOf(access.ben)).toEqual(['task-approval']);

    // Without the cookie, with a staff token, or as a form: refused, nothing changes.
    const refused = [
      await t.app.inject({ method: 'PUT', url: '/api/portal/notification-settings', payload: wanted }),
      await call(t.app, 'PUT', '/api/portal/notification-settings', boss.headers, wanted),
      await t.app.inject({ method: 'GET', url: '/api/portal/notification-settings', headers: boss.headers }),
    ];
    expect(refused.map((r) => r.statusCode)).toEqual([401, 401, 401]);
    const form = await t.app.inject({
      method: 'PUT',
      url: '/api/portal/notification-settings',
      headers: { ...cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'invoice=false',
    });
    expect(form.statusCode).toBe(415);
    const partial = await t.app.inject({
      method: 'PUT',
      url: '/api/portal/notification-settings',
      headers: cookie,
      payload: { invoice: false },
    });
    expect(partial.statusCode).toBe(400);
    expect(await offOf(access.ben)).toEqual(['task-approval']);
  });

  it('notifies tasks awaiting approval and comments through the same service, honouring each kind', async () => {
    const box = createSecretBox(SECRET_KEY);
    const mailer = {
      box,
      now: clock.read,
      link: (path: string, query: Record<string, string>) => {
        const url = new URL(path, SITE_URL);
        for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
        return url.toString();
      },
    };
    const base = { workspaceId: boss.workspaceId, clientId: clientA, targetId: 'task-1' };
    const notify = (notice: PortalNotice) => {
      tick();
      return db()
        .transaction()
        .execute((trx) => notifyPortalContacts(trx, mailer, 'AgencyHQ', notice));
    };
    // Ben turned task approvals off above; Asha did not.
    expect(await notify({ ...base, kind: 'task-approval', task: 'Logo\nround 2', project: 'Rebrand' })).toBe(
      1,
    );
    expect(
      await notify({ ...base, kind: 'comment', task: 'Logo round 2', project: 'Rebrand', author: 'Meera' }),
    ).toBe(2);
    const rows = (await notices()).slice(-3);
    const approval = rows.find((r) => r.subject.startsWith('Task awaiting'))!;
    expect(approval.to_address).toBe(email.asha);
    expect(approval.subject).toBe(M.taskApprovalSubject('Logo round 2'));
    expect(approval.text_body).toContain(`${SITE_URL}/portal/tasks/task-1`);
    expect(tokenIn(approval.text_body)).toContain('.task-approval.');
    const comments = rows.filter((r) => r.subject === M.commentSubject('Logo round 2'));
    expect(comments.map((r) => r.to_address).sort()).toEqual([email.asha, email.ben]);
    expect(comments[0]!.text_body).toContain(M.commentBody('Meera', 'Logo round 2', 'Rebrand'));

    // A comment token turns comments off, and approvals stay on.
    const commentToken = tokenIn(comments.find((r) => r.to_address === email.asha)!.text_body);
    expect((await unsubscribe(commentToken)).json().kind).toBe('comment');
    expect((await offOf(access.asha)).sort()).toEqual(['comment', 'invoice']);
  });

  it('sends no task notice while the project shows its client nothing', async () => {
    const projectId = (
      await call(t.app, 'POST', '/api/projects', boss.headers, { clientId: clientA, name: 'Rebrand' })
    ).json().project._id;
    const task = (
      await call(t.app, 'POST', `/api/projects/${projectId}/tasks`, boss.headers, { title: 'Logo' })
    ).json().task;
    const before = (await notices()).length;
    const moved = await call(t.app, 'POST', `/api/tasks/${task._id}/move`, boss.headers, {
      status: 'in_review',
      index: 0,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(
      (await call(t.app, 'POST', `/api/tasks/${task._id}/comments`, boss.headers, { body: 'Ready' }))
        .statusCode,
    ).toBe(201);
    expect((await notices()).length).toBe(before);
  });

  it('follows the project’s switches: a task in review and the comments the client may read', async () => {
    const shared = (
      await call(t.app, 'POST', '/api/projects', boss.headers, {
        clientId: clientA,
        name: 'Shared site',
        portalVisibility: ['tasks', 'comments'],
      })
    ).json().project._id;
    const task = (
      await call(t.app, 'POST', `/api/projects/${shared}/tasks`, boss.headers, { title: 'Homepage' })
    ).json().task;
    const subjects = async (subject: string) =>
      (await notices())
        .filter((row) => row.subject === subject)
        .map((row) => row.to_address)
        .sort();

    tick();
    await call(t.app, 'POST', `/api/tasks/${task._id}/move`, boss.headers, { status: 'in_review', index: 0 });
    // Ben turned task-approval notices off above.
    expect(await subjects(M.taskApprovalSubject('Homepage'))).toEqual([email.asha]);

    const comment = M.commentSubject('Homepage');
    const internal = await call(t.app, 'POST', `/api/tasks/${task._id}/comments`, boss.headers, {
      body: 'Our notes',
    });
    expect(internal.statusCode, internal.body).toBe(201);
    expect(await subjects(comment)).toEqual([]);
    // The internal comment shown to the client afterwards is news to it.
    const shown = await call(
      t.app,
      'PUT',
      `/api/tasks/${task._id}/comments/${internal.json().comment._id}`,
      boss.headers,
      { body: 'Our notes, tidied', visibility: 'client' },
    );
    expect(shown.statusCode, shown.body).toBe(200);
    // Asha turned comment notices off above.
    expect(await subjects(comment)).toEqual([email.ben]);
    tick();
    await call(t.app, 'POST', `/api/tasks/${task._id}/comments`, boss.headers, {
      body: 'Have a look',
      visibility: 'client',
    });
    expect(await subjects(comment)).toEqual([email.ben, email.ben]);
  });

  it('stops mailing a contact whose access was removed, whose old links then do nothing', async () => {
    const oldToken = await newestToken(email.ben);
    const removed = await call(
      t.app,
      'DELETE',
      `/api/clients/${clientA}/portal-access/${access.ben}`,
      boss.headers,
    );
    expect(removed.statusCode).toBe(200);
    const before = (await notices(email.ben)).length;
    await sendEstimate(clientA);
    expect((await notices(email.ben)).length).toBe(before);
    expect((await notices(email.asha)).at(-1)!.subject).toMatch(/^Estimate /);
    expect((await unsubscribe(oldToken)).statusCode).toBe(400);
  });

  it('limits unsubscribe requests per client address (429 past the limit), also for valid links', async () => {
    const strict = await createTestApp({ config: { addressLimitMultiplier: 1 } });
    try {
      const address = '203.0.113.77';
      const tries = (method: 'GET' | 'POST') =>
        strict.app.inject({
          method,
          url: '/api/portal/unsubscribe?token=not-a-token',
          remoteAddress: address,
          ...(method === 'POST' ? { payload: { token: 'not-a-token' } } : {}),
        });
      for (let i = 0; i < PORTAL_NOTICES.unsubscribePerIpLimit; i += 1)
        expect((await tries(i % 2 ? 'GET' : 'POST')).statusCode).toBe(400);
      const limited = await tries('POST');
      expect(limited.statusCode).toBe(429);
      expect(limited.headers['retry-after']).toBeDefined();
      // Another address is not held back.
      const other = await strict.app.inject({
        method: 'GET',
        url: '/api/portal/unsubscribe?token=not-a-token',
        remoteAddress: '203.0.113.78',
      });
      expect(other.statusCode).toBe(400);
    } finally {
      await strict.close();
    }
  });

  it('sends no notice to the contact the document itself was just e-mailed to', async () => {
    const recipientFirst = await client('Recipient First', [
      { name: 'Eve Nair', email: email.eve },
      { name: 'Finn Rao', email: email.finn },
    ]);
    await grantPortal(t, boss, recipientFirst, email.eve);
    await grantPortal(t, boss, recipientFirst, email.finn);
    const invoice = await sendInvoice(recipientFirst);
    const estimate = await sendEstimate(recipientFirst);
    const subjects = [
      M.invoiceSubject(invoice.number, 'Notice Studio'),
      M.estimateSubject(estimate.number, 'Notice Studio'),
    ];
    const rows = (await notices()).filter((row) => subjects.includes(row.subject));
    expect(rows.map((row) => row.to_address)).toEqual([email.finn, email.finn]);
  });

  it('counts notices against the plan’s e-mails a day like the invoice they announce', async () => {
    const day = '2026-11-29';
    const counted = async () =>
      Number(
        (
          await db()
            .selectFrom('workspace_mail_days')
            .selectAll()
            .where('workspace_id', '=', boss.workspaceId)
            .where('day', '=', day)
            .executeTakeFirst()
        )?.count ?? 0,
      );
    const before = await counted();
    await sendInvoice(clientA); // the invoice, and a notice to Asha? No: she turned invoices off.
    expect(await counted()).toBe(before + 1);
    await sendEstimate(clientA); // the estimate and Asha's notice
    expect(await counted()).toBe(before + 3);

    // One e-mail left today on Solo HQ (100 a day): the estimate takes it and goes; its notices are left out.
    const workspaces = () => db().updateTable('workspaces').where('id', '=', boss.workspaceId);
    await workspaces().set({ plan: 'Free' }).execute();
    try {
      await db()
        .updateTable('workspace_mail_days')
        .set({ count: 99 })
        .where('workspace_id', '=', boss.workspaceId)
        .where('day', '=', day)
        .execute();
      const estimate = await sendEstimate(clientA);
      expect(await counted()).toBe(100);
      const subject = M.estimateSubject(estimate.number, 'Notice Studio');
      expect((await notices()).filter((row) => row.subject === subject)).toEqual([]);
    } finally {
      await workspaces().set({ plan: 'Business' }).execute();
    }
  });

  // Last: it turns a kind off that the tests above count on.
  it("takes the one click at the List-Unsubscribe header's own address, the page's, where mail programs POST it", async () => {
    const token = await newestToken(email.asha);
    const kind = token.split('.')[1]!;
    const header = `${SITE_URL}/portal/unsubscribe?token=${token}`;
    const clicked = await t.app.inject({
      method: 'POST',
      url: header.slice(SITE_URL.length),
      remoteAddress: nextIp(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(clicked.statusCode, clicked.body).toBe(200);
    expect(await offOf(access.asha)).toContain(kind);
  });
});
