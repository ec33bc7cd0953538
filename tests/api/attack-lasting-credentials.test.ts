import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settleAfterAnswer } from '../../src/server/lib/after-answer';
import { IDENTITY_CONFIRMATION } from '../../src/shared/constants';
import {
  CREDENTIAL_NOTICE_MESSAGES as N,
  IDENTITY_MESSAGES as M,
  PASSWORD_RESET_MESSAGES as R,
  SESSION_MESSAGES as S,
} from '../../src/shared/messages';
import { ownerBody, PASSWORD, registerConfirmed, uniqueDomain } from './support/accounts';
import { pkce } from './support/api-keys';
import { SITE_URL, createTestApp, uniqueEmail, type TestApp } from './support/test-app';
import { call } from './support/users';

/**
 * docs/security.md#lasting-credentials: with a session's bearer token alone (no password) an API key was
 * minted, and it kept reading the leads after the owner reset the password. Now what mints a lasting
 * credential or moves where mail and events go asks for the password again once the session's sign-in
 * (or last confirmation) is more than 15 minutes old.
 */
/** Past 15 minutes, with a minute to spare: sign-in stamps its session with the wall clock. */
const PAST_THE_WINDOW = IDENTITY_CONFIRMATION.windowMs + 60_000;

describe('a stolen session cannot mint a lasting credential (attack)', () => {
  let now = new Date();
  let t: TestApp;
  let headers: { authorization: string };
  let email: string;
  /** The key the first test makes, revoked by the last but one. */
  let firstKey = '';

  const later = (ms: number) => (now = new Date(now.getTime() + ms));
  const confirm = (body: Record<string, unknown>, as = headers) =>
    call(t.app, 'POST', '/api/session/confirm', as, body);
  const signIn = async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email, password: PASSWORD },
    });
    expect(response.statusCode, response.body).toBe(200);
    return { authorization: `Bearer ${response.json().token as string}` };
  };
  const lastingCalls = async (as: { authorization: string }) => {
    const { challenge } = pkce();
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/botgit/connect',
      payload: { challenge },
    });
    expect(started.statusCode, started.body).toBe(201);
    return {
      key: await call(t.app, 'POST', '/api/api-keys', as, { name: 'Exfiltrate', scopes: ['leads:read'] }),
      webhook: await call(t.app, 'POST', '/api/webhooks', as, {
        url: 'http://127.0.0.1:9/hook',
        events: ['lead.created'],
      }),
      mail: await call(t.app, 'POST', '/api/email/setup', as, {
        host: 'smtp.example.test',
        port: 587,
        secure: false,
        auth: { user: 'someone', pass: 'secret-pass' },
        from: 'Evil <evil@example.test>',
      }),
      botgit: await call(t.app, 'POST', '/api/botgit/connect/approve', as, { code: started.json().code }),
    };
  };

  beforeAll(async () => {
    t = await createTestApp({ clock: () => now, config: { allowPrivateWebhooks: true } });
    email = uniqueEmail(uniqueDomain());
    await registerConfirmed(t, ownerBody(email));
    headers = await signIn();
  });
  afterAll(async () => t.close());

  it('a session signed in within 15 minutes adds a key (the proof is the sign-in)', async () => {
    const { key } = await lastingCalls(headers);
    expect(key.statusCode, key.body).toBe(201);
    firstKey = key.json().key as string;
  });

  it('past 15 minutes, a key, a webhook, a mail server and a Botgit approval all ask for the password', async () => {
    later(PAST_THE_WINDOW);
    const refused = await lastingCalls(headers);
    // Before: the key and the webhook were made (201) and the approval passed (200) with the token alone.
    for (const [what, response] of Object.entries(refused)) {
      expect(response.statusCode, `${what}: ${response.body}`).toBe(403);
      expect(response.json().message).toBe(M.required);
    }
    const keys = await call(t.app, 'GET', '/api/api-keys', headers);
    // Only the key of the first test, made within the window.
    expect((keys.json().apiKeys as { name: string }[]).map((k) => k.name)).toEqual(['Exfiltrate']);
  });

  it('a wrong password does not confirm, and five of them lock the confirmation for the account', async () => {
    const wrong = await confirm({ password: 'not-the-password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(M.passwordWrong);
    expect((await lastingCalls(headers)).key.statusCode).toBe(403);
    expect((await confirm({})).statusCode).toBe(400);
    // A code needs a second factor the account does not have.
    expect((await confirm({ code: '123456' })).statusCode).toBe(400);
  });

  it('the password confirms this session for 15 minutes, and no other session', async () => {
    const other = await signIn();
    later(PAST_THE_WINDOW);
    const confirmed = await confirm({ password: PASSWORD });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ success: true, message: M.confirmed });
    const webhook = await call(t.app, 'POST', '/api/webhooks', headers, {
      url: 'http://127.0.0.1:9/hook',
      events: ['lead.created'],
    });
    expect(webhook.statusCode, webhook.body).toBe(201);
    // The other session, signed in as long ago, still asks.
    expect((await lastingCalls(other)).webhook.statusCode).toBe(403);
    // Pausing and resuming move nothing: no password needed; a new URL does.
    later(PAST_THE_WINDOW);
    const id = webhook.json().webhook._id as string;
    expect((await call(t.app, 'PATCH', `/api/webhooks/${id}`, headers, { active: false })).statusCode).toBe(
      200,
    );
    const moved = await call(t.app, 'PATCH', `/api/webhooks/${id}`, headers, {
      url: 'http://127.0.0.1:10/hook',
    });
    expect(moved.statusCode).toBe(403);
    expect(moved.json().message).toBe(M.required);
  });

  it('each new key and webhook is mailed to the account, with the device and address it came from', async () => {
    const mails = await t.database.handle.db
      .selectFrom('mail_outbox')
      .select(['kind', 'via', 'subject', 'text_body'])
      .where('to_address', '=', email)
      .where('kind', '=', 'credential-added')
      .orderBy('created_at')
      .execute();
    // The key and the webhook of the first test and the webhook made after confirming; the refused made none.
    // (The first two share one instant of the test's clock: compared as a set.)
    expect(mails.map((m) => m.subject).sort()).toEqual(
      [N.keySubject('AgencyHQ'), N.webhookSubject('AgencyHQ'), N.webhookSubject('AgencyHQ')].sort(),
    );
    expect(mails.every((m) => m.via === 'platform')).toBe(true);
    const keyMail = mails.find((m) => m.subject === N.keySubject('AgencyHQ'))!;
    const webhookMail = mails.find((m) => m.subject === N.webhookSubject('AgencyHQ'))!;
    expect(keyMail.text_body).toContain(N.keyAdded('Exfiltrate', 'leads:read'));
    expect(webhookMail.text_body).toContain(N.webhookAdded('127.0.0.1:9'));
    expect(keyMail.text_body).toContain('127.0.0.1');
    expect(keyMail.text_body).toContain(`${SITE_URL}/dashboard/credentials`);
  });

  it('“Sign out everywhere else” revokes the keys and webhooks made since a chosen time, from a confirmed session only', async () => {
    const other = await signIn();
    const everything = { revokeCredentialsSince: new Date(0).toISOString() };
    later(PAST_THE_WINDOW);
    const stale = await call(t.app, 'POST', '/api/sessions/end-others', headers, everything);
    expect(stale.statusCode).toBe(403);
    expect(stale.json().message).toBe(M.required);
    expect((await call(t.app, 'GET', '/api/leads', { authorization: `Bearer ${firstKey}` })).statusCode).toBe(
      200,
    );

    expect((await confirm({ password: PASSWORD })).statusCode).toBe(200);
    const nothingYet = await call(t.app, 'POST', '/api/sessions/end-others', headers, {
      revokeCredentialsSince: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect(nothingYet.json().revoked).toEqual({ apiKeys: [], webhooks: [] });
    const ended = await call(t.app, 'POST', '/api/sessions/end-others', headers, everything);
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json().revoked).toEqual({
      apiKeys: ['Exfiltrate'],
      // The first test's and the one made after confirming (its move elsewhere was refused).
      webhooks: ['127.0.0.1:9', '127.0.0.1:9'],
    });
    expect(ended.json().message).toBe(`${S.signedOutOthers(0)} ${S.revoked(1, 2)}`);
    // The key answers 401 at once; the other session ended before.
    expect((await call(t.app, 'GET', '/api/leads', { authorization: `Bearer ${firstKey}` })).statusCode).toBe(
      401,
    );
    expect((await call(t.app, 'GET', '/api/profile', other)).statusCode).toBe(401);
    expect((await call(t.app, 'GET', '/api/webhooks', headers)).json().webhooks).toEqual([]);
  });

  it('wrong passwords past the limit answer 429, even with the right one', async () => {
    for (let i = 0; i < IDENTITY_CONFIRMATION.wrongPerAccount; i += 1)
      await confirm({ password: `wrong-${i}` });
    const locked = await confirm({ password: PASSWORD });
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('the password reset can take back what a stolen session made', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('revokes the keys and webhooks made since the chosen time with the new password, and says so', async () => {
    const email = uniqueEmail(uniqueDomain());
    const { token } = await registerConfirmed(t, ownerBody(email));
    const headers = { authorization: `Bearer ${token}` };
    const made = await call(t.app, 'POST', '/api/api-keys', headers, {
      name: 'Stolen',
      scopes: ['leads:read'],
    });
    expect(made.statusCode, made.body).toBe(201);
    const key = { authorization: `Bearer ${made.json().key as string}` };

    expect((await call(t.app, 'POST', '/api/password/forgot', undefined, { email })).statusCode).toBe(202);
    await settleAfterAnswer();
    const mail = await t.database.handle.db
      .selectFrom('mail_outbox')
      .select('text_body')
      .where('to_address', '=', email)
      .where('kind', '=', 'password-reset')
      .executeTakeFirstOrThrow();
    const resetToken = mail.text_body.match(/reset-password\?token=([\w-]+)/)![1];
    const reset = await call(t.app, 'POST', '/api/password/reset', undefined, {
      token: resetToken,
      password: 'a-new-pass-1',
      confirmPassword: 'a-new-pass-1',
      revokeCredentialsSince: new Date(Date.now() - 24 * 60 * 60_000).toISOString(),
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json().message).toBe(`${R.done} ${S.revoked(1, 0)}`);
    // Before: the key went on reading the leads after the reset (200).
    expect((await call(t.app, 'GET', '/api/leads', key)).statusCode).toBe(401);
  });
});
