import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAILING_LISTS } from '../../src/shared/mailing-lists';
import { MAILING_LIST_MESSAGES as M } from '../../src/shared/messages';
import { sendableMembers } from '../../src/server/modules/mailing-lists/mailing-lists.service';
import { createTestApp, uniqueEmail, type TestApp } from './support/test-app';
import { call, insertUser, insertWorkspace, type TestUser } from './support/users';
import { multipartBody } from './support/multipart';
import {
  confirmationMails,
  createList,
  formKeyOf,
  realSubscribeLimits,
  signUp,
  statusOf,
  tokenIn,
} from './support/mailing-lists';

/**
 * docs/security.md#e-mail-marketing: the attacks on mailing lists and the public subscribe form, on SQLite
 * and PostgreSQL. Nobody is subscribed without their own consent: a double opt-in needs the mailed token,
 * POSTed; the form's answer says nothing about an address; sign-ups and mails are limited; another
 * workspace's lists, members and suppressions are 404; no one is added without a stated basis; a suppressed
 * address is never sendable.
 */
describe('attacks on mailing lists and the subscribe form', () => {
  let t: TestApp;
  let now = new Date('2026-11-29T09:00:00.000Z');
  let owner: TestUser;
  let other: TestUser;
  let ip = 0;
  const nextIp = () => `198.51.100.${(ip += 1)}`;
  const later = (ms: number) => {
    now = new Date(now.getTime() + ms);
  };

  beforeAll(async () => {
    t = await createTestApp({ clock: () => now, subscribeLimits: realSubscribeLimits() });
    owner = await insertUser(t, {
      workspaceId: (await insertWorkspace(t, { name: 'List Studio' })).id,
      role: 'Business Admin',
    });
    other = await insertUser(t, {
      workspaceId: (await insertWorkspace(t, { name: 'Other Studio' })).id,
      role: 'Business Admin',
    });
  });
  afterAll(async () => t?.close());

  it('never subscribes a double opt-in address without the confirm POST of the mailed token; opening the link does not confirm', async () => {
    const list = await createList(t, owner, { optIn: 'double' });
    const email = uniqueEmail('victim.test');
    expect((await signUp(t, formKeyOf(list), email, nextIp())).statusCode).toBe(202);
    expect((await statusOf(t, list.id, email))?.status).toBe('unconfirmed');
    const [mail] = await confirmationMails(t, email);
    const token = tokenIn(mail!.text_body);
    // What a mail scanner or a curious click does: GETs of the link and of the API.
    for (const url of [`/subscribe/confirm?token=${token}`, `/api/subscribe/confirm?token=${token}`])
      await t.app.inject({ method: 'GET', url });
    expect((await statusOf(t, list.id, email))?.status).toBe('unconfirmed');
    // Only the mailed token itself, POSTed, confirms; once.
    const confirm = (value: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/subscribe/confirm',
        remoteAddress: nextIp(),
        payload: { token: value },
      });
    expect((await confirm(token)).statusCode).toBe(200);
    const row = await statusOf(t, list.id, email);
    expect(row?.status).toBe('subscribed');
    expect(row?.confirmed_at).not.toBeNull();
    expect(row?.confirm_token_hash).toBeNull();
    expect((await confirm(token)).json()).toEqual({ message: M.confirmInvalid });
  });

  it('refuses a guessed or altered token (400, one message) and leaves the sign-up unconfirmed', async () => {
    const list = await createList(t, owner, { optIn: 'double' });
    const email = uniqueEmail('victim.test');
    await signUp(t, formKeyOf(list), email, nextIp());
    const token = tokenIn((await confirmationMails(t, email))[0]!.text_body);
    const altered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const guess of [altered, 'a'.repeat(43), token.toUpperCase(), '0']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/subscribe/confirm',
        remoteAddress: nextIp(),
        payload: { token: guess },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: M.confirmInvalid });
    }
    expect((await statusOf(t, list.id, email))?.status).toBe('unconfirmed');
  });

  it('answers a burst of sign-ups from one address with 429 and Retry-After past the limit', async () => {
    const list = await createList(t, owner, { optIn: 'double' });
    const from = '192.0.2.77';
    for (let i = 0; i < MAILING_LISTS.signUpsPerIpLimit; i += 1)
      expect((await signUp(t, formKeyOf(list), uniqueEmail('burst.test'), from)).statusCode).toBe(202);
    const refused = await signUp(t, formKeyOf(list), uniqueEmail('burst.test'), from);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('sends one address at most one confirmation per 10 minutes and a few a day, however often it is signed up', async () => {
    const list = await createList(t, owner, { optIn: 'double' });
    const email = uniqueEmail('flood.test');
    for (let i = 0; i < 5; i += 1) await signUp(t, formKeyOf(list), email, nextIp());
    expect(await confirmationMails(t, email)).toHaveLength(1);
    const first = tokenIn((await confirmationMails(t, email))[0]!.text_body);
    for (let i = 0; i < 8; i += 1) {
      later(MAILING_LISTS.resendAfterMs + 1000);
      await signUp(t, formKeyOf(list), email, nextIp());
    }
    expect(await confirmationMails(t, email)).toHaveLength(MAILING_LISTS.confirmationsPerEmailLimit);
    // Each re-send made the earlier link dead.
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/subscribe/confirm',
      remoteAddress: nextIp(),
      payload: { token: first },
    });
    expect(response.statusCode).toBe(400);
  });

  it('answers the same status and body for a new, unconfirmed, subscribed and suppressed address', async () => {
    const list = await createList(t, owner, { optIn: 'double' });
    const key = formKeyOf(list);
    const unconfirmed = uniqueEmail('same.test');
    await signUp(t, key, unconfirmed, nextIp());
    const subscribed = uniqueEmail('same.test');
    await signUp(t, key, subscribed, nextIp());
    const token = tokenIn((await confirmationMails(t, subscribed))[0]!.text_body);
    await t.app.inject({
      method: 'POST',
      url: '/api/subscribe/confirm',
      remoteAddress: nextIp(),
      payload: { token },
    });
    const suppressed = uniqueEmail('same.test');
    await call(t.app, 'POST', '/api/suppressions', owner.headers, { email: suppressed, reason: 'manual' });
    const answers = [];
    for (const email of [uniqueEmail('same.test'), unconfirmed, subscribed, suppressed]) {
      const response = await signUp(t, key, email, nextIp());
      answers.push({ status: response.statusCode, body: response.json() });
    }
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(answers[0]).toEqual({ status: 202, body: { success: true, message: M.subscribedDouble } });
    // And nothing reached the suppressed address or the subscribed one again.
    expect(await confirmationMails(t, suppressed)).toHaveLength(0);
    expect(await confirmationMails(t, subscribed)).toHaveLength(1);
    expect(await statusOf(t, list.id, suppressed)).toBeUndefined();
  });

  it("answers 404 for another workspace's list, members and suppressions, and the form shows no member", async () => {
    const list = await createList(t, owner, { optIn: 'single' });
    const email = uniqueEmail('theirs.test');
    const added = await call(t.app, 'POST', `/api/mailing-lists/${list.id}/members`, owner.headers, {
      email,
      consentBasis: 'Signed up at our stand, 2026-10-01',
    });
    expect(added.statusCode).toBe(201);
    const subscriberId = added.json().member.subscriberId as string;
    await call(t.app, 'POST', '/api/suppressions', owner.headers, {
      email: 'kept@theirs.test',
      reason: 'manual',
    });
    const basis = { consentBasis: 'Met at the fair' };
    const attempts: [string, string, unknown?][] = [
      ['GET', `/api/mailing-lists/${list.id}`],
      [
        'PUT',
        `/api/mailing-lists/${list.id}`,
        { name: 'Mine now', optIn: 'single', consentText: 'Anything at all here' },
      ],
      ['DELETE', `/api/mailing-lists/${list.id}`],
      ['GET', `/api/mailing-lists/${list.id}/members`],
      ['POST', `/api/mailing-lists/${list.id}/members`, { email: 'x@attacker.test', ...basis }],
      ['POST', `/api/mailing-lists/${list.id}/members/from-leads`, basis],
      ['DELETE', `/api/mailing-lists/${list.id}/members/${subscriberId}`],
      ['DELETE', '/api/suppressions/kept@theirs.test'],
    ];
    for (const [method, url, body] of attempts) {
      const response = await call(t.app, method as 'GET', url, other.headers, body);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    const upload = multipartBody(basis, {
      file: {
        filename: 'people.csv',
        contentType: 'text/csv',
        bytes: Buffer.from('email\nz@attacker.test\n'),
      },
    });
    const imported = await t.app.inject({
      method: 'POST',
      url: `/api/mailing-lists/${list.id}/import`,
      headers: { ...other.headers, ...upload.headers },
      payload: upload.payload,
    });
    expect(imported.statusCode).toBe(404);
    expect((await call(t.app, 'GET', '/api/mailing-lists', other.headers)).json().lists).toEqual([]);
    expect((await call(t.app, 'GET', '/api/suppressions', other.headers)).json().suppressions).toEqual([]);
    // Everything is as it was.
    expect((await statusOf(t, list.id, email))?.status).toBe('subscribed');
    expect((await call(t.app, 'GET', `/api/mailing-lists/${list.id}`, owner.headers)).json().list.name).toBe(
      list.name,
    );
    // The public form names the list and its consent text, and nothing else.
    const form = await t.app.inject({ method: 'GET', url: `/api/subscribe/${formKeyOf(list)}` });
    expect(Object.keys(form.json()).sort()).toEqual(['consentText', 'name', 'optIn']);
    for (const url of [`/api/subscribe/${formKeyOf(list)}/members`, `/api/subscribe/${list.id}`])
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });

  it('refuses a manual add or an import without a basis of consent (400) and adds no one', async () => {
    const list = await createList(t, owner, { optIn: 'single' });
    for (const consentBasis of [undefined, '', '  ', 'ok', 'x'.repeat(301)]) {
      const response = await call(t.app, 'POST', `/api/mailing-lists/${list.id}/members`, owner.headers, {
        email: uniqueEmail('nobasis.test'),
        ...(consentBasis === undefined ? {} : { consentBasis }),
      });
      expect(response.statusCode).toBe(400);
    }
    for (const fields of [{}, { consentBasis: '' }, { consentBasis: 'no' }] as Record<string, string>[]) {
      const upload = multipartBody(fields, {
        file: {
          filename: 'people.csv',
          contentType: 'text/csv',
          bytes: Buffer.from('email\nn1@nobasis.test\n'),
        },
      });
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/mailing-lists/${list.id}/import`,
        headers: { ...owner.headers, ...upload.headers },
        payload: upload.payload,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(M.basisRequired);
    }
    const fromLeads = await call(
      t.app,
      'POST',
      `/api/mailing-lists/${list.id}/members/from-leads`,
      owner.headers,
      {},
    );
    expect(fromLeads.statusCode).toBe(400);
    const { list: after } = (await call(t.app, 'GET', `/api/mailing-lists/${list.id}`, owner.headers)).json();
    expect(after.counts).toEqual({ unconfirmed: 0, subscribed: 0, unsubscribed: 0 });
  });

  it('never returns a suppressed address from sendableMembers', async () => {
    const list = await createList(t, owner, { optIn: 'single' });
    const emails = [1, 2, 3, 4].map(() => uniqueEmail('send.test'));
    for (const email of emails)
      await call(t.app, 'POST', `/api/mailing-lists/${list.id}/members`, owner.headers, {
        email,
        consentBasis: 'Customer who asked for the newsletter',
      });
    await call(t.app, 'POST', '/api/suppressions', owner.headers, { email: emails[1], reason: 'manual' });
    // A hard bounce recorded by the product (no one added it by hand).
    await t.database.handle.db
      .insertInto('suppressions')
      .values({
        workspace_id: owner.workspaceId,
        email: emails[2]!,
        reason: 'hard-bounce',
        detail: '5.1.1',
        created_by: null,
        created_at: now.toISOString(),
      })
      .execute();
    const db = t.database.handle.db;
    const all: string[] = [];
    let after: string | null = null;
    for (;;) {
      const batch = await sendableMembers(db, owner.workspaceId, list.id, after, 1);
      if (batch.length === 0) break;
      all.push(...batch.map((row) => row.email));
      after = batch.at(-1)!.id;
    }
    expect(all.sort()).toEqual([emails[0]!, emails[3]!].sort());
    // Another workspace asking for this list gets no one.
    expect(await sendableMembers(db, other.workspaceId, list.id, null, 100)).toEqual([]);
    // And the bounce is not lifted by hand.
    const lifted = await call(
      t.app,
      'DELETE',
      `/api/suppressions/${encodeURIComponent(emails[2]!)}`,
      owner.headers,
    );
    expect(lifted.statusCode).toBe(409);
  });
});
