import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { ADDRESS_LIMITS, LOGIN_ACCOUNT_BUDGET } from '../../src/shared/constants';
import { PASSWORD_RESET } from '../../src/shared/mail';
import { AUTH_MESSAGES, SERVER_MESSAGES, PASSWORD_RESET_MESSAGES } from '../../src/shared/messages';
import { totpCode } from '../../src/server/modules/two-factor/totp';
import { TWO_FACTOR } from '../../src/shared/two-factor';
import { SITE_URL, createTestApp, reopenTestDatabase, uniqueEmail, type TestApp } from './support/test-app';
import { PASSWORD } from './support/accounts';
import { insertUser, insertWorkspace, type TestUser } from './support/users';
import { redisAvailable, redisForTest } from '../support/redis';

/**
 * docs/security.md#password-guessing: one account's password guessed from many addresses. Every per-address limit holds (each
 * address sends one guess), so only a budget per account stops it. The app sits behind a proxy on loopback
 * that names the client in X-Forwarded-For, with the real limits (no test multiplier) and a clock the test
 * moves.
 */

const { limit, firstWaitMs, maxWaitMs } = LOGIN_ACCOUNT_BUDGET;
const ATTEMPTS = 60;

// A random start, so addresses never meet counts a shared Redis kept from an earlier run.
let addressCounter = Math.floor(Math.random() * 40_000);
/** A client address of its own per call (198.18.0.0/15, set aside for benchmarks). */
const freshAddress = () => {
  addressCounter += 1;
  return `198.${18 + (addressCounter >> 16)}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
};
const hex = () => Math.floor(Math.random() * 0x10000).toString(16);
/** A random /64 of the documentation prefix 2001:db8::/32, as its first four groups. */
const freshPrefix = () => `2001:db8:${hex()}:${hex()}`;

function signInVia(t: TestApp, client: string, email: string, password: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/login',
    // The trusted proxy on loopback, naming the client.
    remoteAddress: '127.0.0.1',
    headers: { 'x-forwarded-for': client },
    payload: { email, password },
  });
}

/** A 429 of the account's wait: Retry-After in whole seconds and the message saying the minutes. */
function expectAccountWait(response: LightMyRequestResponse): number {
  expect(response.statusCode, response.body).toBe(429);
  const retryAfter = String(response.headers['retry-after']);
  expect(retryAfter).toMatch(/^[1-9]\d*$/);
  expect(response.json()).toEqual({
    message: SERVER_MESSAGES.tooManyAccountLogins(Math.ceil(Number(retryAfter) / 60)),
  });
  return Number(retryAfter);
}

function expectWrongPassword(response: LightMyRequestResponse) {
  expect(response.statusCode, response.body).toBe(401);
  expect(response.json()).toEqual({ message: AUTH_MESSAGES.invalidCredentials });
}

describe('guessing one account’s password from many addresses', () => {
  let t: TestApp;
  let now = Date.now();
  const later = (ms: number) => {
    now += ms;
  };

  beforeAll(async () => {
    t = await createTestApp({
      trustProxy: 'loopback',
      clock: () => new Date(now),
      config: { addressLimitMultiplier: 1 },
    });
  });
  afterAll(async () => t?.close());

  async function newAccount(): Promise<TestUser> {
    return insertUser(t, { workspaceId: (await insertWorkspace(t)).id, role: 'Business Admin' });
  }

  /** The attack: one wrong password per address, each from a fresh address, one after the other. */
  async function attack(email: string, attempts = ATTEMPTS) {
    const answers: Array<{ status: number; retryAfter: string | undefined; body: string }> = [];
    for (let i = 0; i < attempts; i++) {
      const response = await signInVia(t, freshAddress(), email, `guess-${i}`);
      answers.push({
        status: response.statusCode,
        retryAfter: response.headers['retry-after'] as string | undefined,
        body: response.body,
      });
    }
    return answers;
  }

  const alerts = (email: string) =>
    t.database.handle.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('kind', '=', 'sign-in-alert')
      .where('to_address', '=', email)
      .execute();

  it('refuses every guess after the 10th with 429 and Retry-After, mails the owner once, and lets the right password in after the wait', async () => {
    const owner = await newAccount();
    const answers = await attack(owner.email);

    expect(answers.slice(0, limit).map((a) => a.status)).toEqual(Array(limit).fill(401));
    for (const answer of answers.slice(limit)) {
      expect(answer.status, answer.body).toBe(429);
      expect(answer.retryAfter).toBe(String(firstWaitMs / 1000));
      expect(JSON.parse(answer.body)).toEqual({
        message: SERVER_MESSAGES.tooManyAccountLogins(Math.ceil(firstWaitMs / 60_000)),
      });
    }

    // The owner hears of it once, through the platform's mail, with what happened and what to do.
    const mails = await alerts(owner.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.via).toBe('platform');
    expect(mails[0]!.workspace_id).toBe(owner.workspaceId);
    expect(mails[0]!.text_body).toContain(`${limit} failed sign-in attempts`);
    expect(mails[0]!.text_body).toContain(`${SITE_URL}/forgot-password`);
    expect(mails[0]!.html_body).toContain(`href="${SITE_URL}/forgot-password"`);

    // During the wait even the right password is refused (nothing tells a guesser it was right) ...
    expectAccountWait(await signInVia(t, freshAddress(), owner.email, PASSWORD));
    // ... and once it has passed, the right password signs in from anywhere.
    later(firstWaitMs);
    const signedIn = await signInVia(t, freshAddress(), owner.email, PASSWORD);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json().token).toEqual(expect.any(String));

    // The success cleared the budget; a second round the same day is refused again but mails no one.
    const again = await attack(owner.email, limit + 5);
    expect(again.map((a) => a.status)).toEqual([...Array(limit).fill(401), ...Array(5).fill(429)]);
    expect(await alerts(owner.email)).toHaveLength(1);
  });

  it('answers an e-mail without an account exactly as one with an account, and mails no one', async () => {
    const owner = await newAccount();
    const nobody = uniqueEmail();
    const known = await attack(owner.email, limit + 5);
    const unknown = await attack(nobody, limit + 5);
    expect(unknown).toEqual(known);
    expect(unknown.slice(limit).every((a) => a.status === 429)).toBe(true);
    expect(await alerts(nobody)).toHaveLength(0);
  });

  it('lets no more than 10 guesses through when they arrive all at once from 30 addresses', async () => {
    const owner = await newAccount();
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, i) => signInVia(t, freshAddress(), owner.email, `guess-${i}`)),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(limit);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30 - limit);
    expect(await alerts(owner.email)).toHaveLength(1);
  });

  it('doubles the wait after each failed attempt that follows a wait, up to 15 minutes; refused attempts do not lengthen it', async () => {
    const owner = await newAccount();
    await attack(owner.email, limit);

    let wait = firstWaitMs / 1000;
    const waits: number[] = [];
    for (let round = 0; round < 6; round++) {
      expect(expectAccountWait(await signInVia(t, freshAddress(), owner.email, 'guess'))).toBe(wait);
      // Guesses during the wait are refused without moving its end.
      later(wait * 500);
      for (let i = 0; i < 5; i++)
        expect(expectAccountWait(await signInVia(t, freshAddress(), owner.email, 'guess'))).toBe(
          wait - wait / 2,
        );
      later(wait * 500);
      waits.push(wait);
      // One attempt after the wait: wrong, so the next wait is twice as long (at most 15 minutes).
      expectWrongPassword(await signInVia(t, freshAddress(), owner.email, 'guess'));
      wait = Math.min(wait * 2, maxWaitMs / 1000);
    }
    expect(waits).toEqual([60, 120, 240, 480, 900, 900]);

    // However long the guessing went on, the right password signs in once the wait has passed ...
    expectAccountWait(await signInVia(t, freshAddress(), owner.email, PASSWORD));
    later(maxWaitMs);
    expect((await signInVia(t, freshAddress(), owner.email, PASSWORD)).statusCode).toBe(200);
    // ... and starts afresh: a full budget of guesses before the first short wait again.
    const fresh = await attack(owner.email, limit + 1);
    expect(fresh.map((a) => a.status)).toEqual([...Array(limit).fill(401), 429]);
    expect(fresh[limit]!.retryAfter).toBe(String(firstWaitMs / 1000));
  });

  it('does not hold back the owner at an address they signed in from before', async () => {
    const owner = await newAccount();
    const home = freshAddress();
    expect((await signInVia(t, home, owner.email, PASSWORD)).statusCode).toBe(200);

    await attack(owner.email, limit);
    expectAccountWait(await signInVia(t, freshAddress(), owner.email, PASSWORD));
    // The guesses elsewhere do not reach the owner's own address (its own limits still apply there).
    expectWrongPassword(await signInVia(t, home, owner.email, 'typo'));
    expect((await signInVia(t, home, owner.email, PASSWORD)).statusCode).toBe(200);
  });

  it('asks an account with a second factor for its code after the wait, and signs in with it', async () => {
    const owner = await newAccount();
    const setup = await t.app.inject({
      method: 'POST',
      url: '/api/profile/two-factor/setup',
      headers: owner.headers,
      payload: { password: PASSWORD },
    });
    const { secret } = setup.json();
    const confirm = await t.app.inject({
      method: 'POST',
      url: '/api/profile/two-factor/confirm',
      headers: owner.headers,
      payload: { code: totpCode(secret, new Date(now)) },
    });
    expect(confirm.statusCode, confirm.body).toBe(200);

    await attack(owner.email, limit + 3);
    expectAccountWait(await signInVia(t, freshAddress(), owner.email, PASSWORD));
    later(firstWaitMs + TWO_FACTOR.periodSeconds * 1000);
    const client = freshAddress();
    const password = await signInVia(t, client, owner.email, PASSWORD);
    expect(password.statusCode, password.body).toBe(200);
    expect(password.json().secondStep).toBe('code');
    const code = await t.app.inject({
      method: 'POST',
      url: '/api/login/two-factor',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': client },
      payload: { challengeToken: password.json().challengeToken, code: totpCode(secret, new Date(now)) },
    });
    expect(code.statusCode, code.body).toBe(200);
    expect(code.json().token).toEqual(expect.any(String));
  });
});

describe('IPv6 clients are limited per /64', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ trustProxy: 'loopback', config: { addressLimitMultiplier: 1 } });
  });
  afterAll(async () => t?.close());

  /** Wrong passwords for e-mails of no account, one each: only the per-address limit can refuse them. */
  const guessFrom = (client: string) => signInVia(t, client, uniqueEmail(), 'guess-123');

  it('counts 30 addresses of one /64 as one client: the 21st sign-in guess gets 429', async () => {
    const prefix = freshPrefix();
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      const response = await guessFrom(`${prefix}:${hex()}:${hex()}:${hex()}:${i + 1}`);
      statuses.push(response.statusCode);
      if (response.statusCode === 429)
        expect(response.json().message).toBe(
          SERVER_MESSAGES.tooManyLogins(Math.ceil(Number(response.headers['retry-after']) / 60)),
        );
    }
    const { limit: perAddress } = ADDRESS_LIMITS.signIn;
    expect(statuses).toEqual([...Array(perAddress).fill(401), ...Array(30 - perAddress).fill(429)]);
    // Written out in full, in capitals: the same /64.
    const spelled = `${prefix.toUpperCase()}:0000:0000:0000:00AB`.replace(/2001:DB8/, '2001:0DB8');
    expect((await guessFrom(spelled)).statusCode).toBe(429);
  });

  it('does not count addresses of different /64s together', async () => {
    for (let i = 0; i < 30; i++) expect((await guessFrom(`${freshPrefix()}::${i + 1}`)).statusCode).toBe(401);
  });

  it('counts an IPv4-mapped IPv6 address as its IPv4 address', async () => {
    const v4 = freshAddress();
    for (let i = 0; i < ADDRESS_LIMITS.signIn.limit; i++)
      expect((await guessFrom(i % 2 ? v4 : `::ffff:${v4}`)).statusCode).toBe(401);
    expect((await guessFrom(v4)).statusCode).toBe(429);
    expect((await guessFrom(`::ffff:${v4}`)).statusCode).toBe(429);
  });

  it('keys every per-address limit on the /64: the domain check and password reset requests', async () => {
    const prefix = freshPrefix();
    const check = (i: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/check-domain',
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': `${prefix}::${i}` },
        payload: { domain: 'nobody-here.test' },
      });
    const { limit: checks } = ADDRESS_LIMITS.domainCheck;
    for (let i = 1; i <= checks; i++) expect((await check(i)).statusCode).toBe(404);
    expect((await check(checks + 1)).statusCode).toBe(429);

    const resetPrefix = freshPrefix();
    const forgot = (i: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/password/forgot',
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': `${resetPrefix}::${i}` },
        payload: { email: uniqueEmail() },
      });
    for (let i = 1; i <= PASSWORD_RESET.perIpLimit; i++) expect((await forgot(i)).statusCode).toBe(202);
    const refused = await forgot(PASSWORD_RESET.perIpLimit + 1);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(
      PASSWORD_RESET_MESSAGES.tooMany(Math.ceil(Number(refused.headers['retry-after']) / 60)),
    );
  });
});

if (!redisAvailable)
  console.warn('shared account budget skipped: neither REDIS_URL nor redis-server is available');

describe.runIf(redisAvailable)('the account budget with two instances and one Redis', () => {
  let a: TestApp;
  let b: TestApp;
  let stopRedis: (() => Promise<void>) | undefined;
  let now = Date.now();

  beforeAll(async () => {
    const redis = await redisForTest();
    stopRedis = redis.stop;
    const options = {
      redisUrl: redis.url,
      trustProxy: 'loopback' as const,
      clock: () => new Date(now),
      config: { addressLimitMultiplier: 1 },
    };
    a = await createTestApp(options);
    b = await createTestApp({ ...options, database: await reopenTestDatabase(a.database) });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await stopRedis?.();
  });

  it('counts the guesses of both instances together, mails once, and lets the owner in after the wait', async () => {
    await expect.poll(() => a.app.limits.shared && b.app.limits.shared).toBe(true);
    // A fresh account: the budget of an e-mail an earlier run used may still be in a shared Redis.
    const owner = await insertUser(a, { workspaceId: (await insertWorkspace(a)).id, role: 'Freelancer' });
    for (let i = 0; i < limit; i++)
      expectWrongPassword(await signInVia(i % 2 ? b : a, freshAddress(), owner.email, `guess-${i}`));
    for (const instance of [a, b, a, b]) {
      expect(expectAccountWait(await signInVia(instance, freshAddress(), owner.email, 'guess'))).toBe(
        firstWaitMs / 1000,
      );
    }
    const mails = await a.database.handle.db
      .selectFrom('mail_outbox')
      .select('kind')
      .where('to_address', '=', owner.email)
      .execute();
    expect(mails).toEqual([{ kind: 'sign-in-alert' }]);

    now += firstWaitMs;
    expect((await signInVia(b, freshAddress(), owner.email, PASSWORD)).statusCode).toBe(200);
  });
});
