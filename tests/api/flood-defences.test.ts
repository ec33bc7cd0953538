import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { ADDRESS_LIMITS, type AddressLimitName } from '../../src/shared/constants';
import { AUTH_MESSAGES, SERVER_MESSAGES, PASSWORD_RESET_MESSAGES } from '../../src/shared/messages';
import { memoryLimiter } from '../../src/server/limits/sliding-window';
import type { AddressLimiters } from '../../src/server/limits/address-limits';
import {
  ADMIN,
  builtWeb,
  createTestApp,
  reopenTestDatabase,
  uniqueEmail,
  type TestApp,
} from './support/test-app';
import { ownerBody, uniqueDomain } from './support/accounts';
import { redisAvailable, redisForTest } from '../support/redis';
import { DEFAULT_HASH_COST, hashPassword } from '../../src/server/auth/passwords';

/**
 * docs/security.md#floods: what keeps the site answering through a flood — limits per client address on every expensive
 * route that needs no session, a bound on password hashing that answers 503 at once instead of queueing,
 * and load shedding that refuses API work while pages are still served.
 */

let addressCounter = 0;
/** A documentation address of its own per call, so keys never mix (nor meet counts a shared Redis kept). */
const freshAddress = () => `203.0.${113 + (++addressCounter >> 8)}.${addressCounter % 256}`;

function expectRefusal(
  response: LightMyRequestResponse,
  status: 429 | 503,
  message: (wait: number) => string,
) {
  expect(response.statusCode, response.body).toBe(status);
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(response.json()).toEqual({ message: message(retryAfter) });
  return retryAfter;
}

const signIn = (t: TestApp, address: string, email: string, password: string, headers = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/login',
    remoteAddress: address,
    headers,
    payload: { email, password },
  });

describe('limits per client address', () => {
  let t: TestApp;
  let now = Date.now();
  const limiters = Object.fromEntries(
    Object.entries(ADDRESS_LIMITS).map(([name, spec]) => [name, memoryLimiter(spec, () => now)]),
  ) as AddressLimiters;

  beforeAll(async () => {
    t = await createTestApp({ addressLimiters: limiters });
  });
  afterAll(async () => t?.close());

  it('limits failed sign-ins over many e-mails, also with the right password, until the window passes', async () => {
    const address = freshAddress();
    const { limit, windowMs } = ADDRESS_LIMITS.signIn;
    for (let i = 0; i < limit; i++) {
      const response = await signIn(t, address, uniqueEmail(), 'guess-123');
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: AUTH_MESSAGES.invalidCredentials });
    }
    const loginWait = (wait: number) => SERVER_MESSAGES.tooManyLogins(Math.ceil(wait / 60));
    expectRefusal(await signIn(t, address, uniqueEmail(), 'guess-123'), 429, loginWait);
    expectRefusal(await signIn(t, address, ADMIN.email, ADMIN.password), 429, loginWait);
    // Another address is not affected; a header the (untrusted) client sets does not pick a new address.
    expect((await signIn(t, freshAddress(), ADMIN.email, ADMIN.password)).statusCode).toBe(200);
    const forged = await signIn(t, address, ADMIN.email, ADMIN.password, {
      'x-forwarded-for': freshAddress(),
    });
    expect(forged.statusCode).toBe(429);

    now += windowMs + 1000;
    expect((await signIn(t, address, ADMIN.email, ADMIN.password)).statusCode).toBe(200);
  });

  it('does not count sign-ins that succeed', async () => {
    const address = freshAddress();
    for (let i = 0; i <= ADDRESS_LIMITS.signIn.limit; i++)
      expect((await signIn(t, address, ADMIN.email, ADMIN.password)).statusCode).toBe(200);
  });

  const cases: Array<{
    name: AddressLimitName;
    send: (address: string) => Promise<LightMyRequestResponse>;
    ok: number;
    message: (wait: number) => string;
  }> = [
    {
      name: 'signUp',
      send: (address) =>
        t.app.inject({
          method: 'POST',
          url: '/api/register',
          remoteAddress: address,
          payload: ownerBody(`boss@${uniqueDomain()}`),
        }),
      ok: 201,
      message: () => SERVER_MESSAGES.rateLimited,
    },
    {
      name: 'domainCheck',
      send: (address) =>
        t.app.inject({
          method: 'POST',
          url: '/api/check-domain',
          remoteAddress: address,
          payload: { domain: 'nobody-here.test' },
        }),
      ok: 404,
      message: () => SERVER_MESSAGES.rateLimited,
    },
    {
      name: 'passwordReset',
      send: (address) =>
        t.app.inject({
          method: 'POST',
          url: '/api/password/reset',
          remoteAddress: address,
          payload: { token: 'not-a-token', password: 'new-secret', confirmPassword: 'new-secret' },
        }),
      ok: 400,
      message: (wait) => PASSWORD_RESET_MESSAGES.tooMany(Math.ceil(wait / 60)),
    },
  ];
  for (const { name, send, ok, message } of cases) {
    it(`limits ${name} per address (429 + Retry-After), and lets it again after the window`, async () => {
      const address = freshAddress();
      const { limit, windowMs } = ADDRESS_LIMITS[name];
      for (let i = 0; i < limit; i++) expect((await send(address)).statusCode).toBe(ok);
      const retryAfter = expectRefusal(await send(address), 429, message);
      expect(retryAfter).toBeLessThanOrEqual(windowMs / 1000);
      expect((await send(freshAddress())).statusCode).toBe(ok);
      now += windowMs + 1000;
      expect((await send(address)).statusCode).toBe(ok);
    });
  }

  it('refuses a limited sign-up without creating the account', async () => {
    const address = freshAddress();
    for (let i = 0; i < ADDRESS_LIMITS.signUp.limit; i++)
      await t.app.inject({
        method: 'POST',
        url: '/api/register',
        remoteAddress: address,
        payload: ownerBody(`boss@${uniqueDomain()}`),
      });
    const email = `boss@${uniqueDomain()}`;
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      remoteAddress: address,
      payload: ownerBody(email),
    });
    expect(refused.statusCode).toBe(429);
    expect((await signIn(t, freshAddress(), email, 'secret123')).statusCode).toBe(401);
  });
});

if (!redisAvailable)
  console.warn('shared per-address limit skipped: neither REDIS_URL nor redis-server is available');

describe.runIf(redisAvailable)('the per-address sign-in limit with two instances and one Redis', () => {
  let a: TestApp;
  let b: TestApp;
  let stopRedis: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    const redis = await redisForTest();
    const redisUrl = redis.url;
    stopRedis = redis.stop;
    const config = { addressLimitMultiplier: 1 };
    a = await createTestApp({ redisUrl, config });
    b = await createTestApp({ redisUrl, config, database: await reopenTestDatabase(a.database) });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await stopRedis?.();
  });

  it('counts failures on both instances together', async () => {
    await expect.poll(() => a.app.limits.shared && b.app.limits.shared).toBe(true);
    // A random address: counts left in a shared Redis by an earlier run never apply.
    const address = `198.18.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}`;
    const half = ADDRESS_LIMITS.signIn.limit / 2;
    for (const instance of [a, b])
      for (let i = 0; i < half; i++)
        expect((await signIn(instance, address, uniqueEmail(), 'guess-123')).statusCode).toBe(401);
    expect((await signIn(a, address, ADMIN.email, ADMIN.password)).statusCode).toBe(429);
    expect((await signIn(b, address, ADMIN.email, ADMIN.password)).statusCode).toBe(429);
  });
});

describe('bounded password hashing', () => {
  let t: TestApp;
  const busy = () => SERVER_MESSAGES.busy;

  beforeAll(async () => {
    // A bound of one hash at a time, and no waiting: a second concurrent hash is refused at once. Hashes at
    // the production cost (the suites' usual 2^14 could end before the second request reaches the gate).
    t = await createTestApp({
      config: { passwordHashConcurrency: 1, passwordHashMaxWaitMs: 0, passwordHashCost: DEFAULT_HASH_COST },
    });
    await t.database.handle.db
      .updateTable('users')
      .set({ password_hash: await hashPassword(ADMIN.password) })
      .where('email', '=', ADMIN.email)
      .execute();
  });
  afterAll(async () => t?.close());

  it('answers a second concurrent sign-in 503 at once, and loses nothing', async () => {
    const address = freshAddress();
    const started = performance.now();
    const [first, second] = await Promise.all([
      signIn(t, address, ADMIN.email, ADMIN.password),
      signIn(t, address, ADMIN.email, ADMIN.password),
    ]);
    const statuses = [first.statusCode, second.statusCode].sort();
    expect(statuses).toEqual([200, 503]);
    expectRefusal(first.statusCode === 503 ? first : second, 503, busy);
    expect(performance.now() - started).toBeLessThan(30_000);
    // The refused attempt did not count against the account: the next one works.
    expect((await signIn(t, address, ADMIN.email, ADMIN.password)).statusCode).toBe(200);
  });

  it('refuses a concurrent sign-up whole: the account is not half made, and a retry succeeds', async () => {
    const emails = [`boss@${uniqueDomain()}`, `boss@${uniqueDomain()}`];
    const answers = await Promise.all(
      emails.map((email) =>
        t.app.inject({
          method: 'POST',
          url: '/api/register',
          remoteAddress: freshAddress(),
          payload: ownerBody(email),
        }),
      ),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 503]);
    const refusedEmail = emails[answers.findIndex((r) => r.statusCode === 503)]!;
    expect((await signIn(t, freshAddress(), refusedEmail, 'secret123')).statusCode).toBe(401);
    const retry = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: ownerBody(refusedEmail),
    });
    expect(retry.statusCode).toBe(201);
  });

  it('answers an unknown e-mail exactly as a wrong password, through the same bound', async () => {
    const unknown = await signIn(t, freshAddress(), uniqueEmail(), 'guess-123');
    const wrong = await signIn(t, freshAddress(), ADMIN.email, 'guess-123');
    expect([unknown.statusCode, wrong.statusCode]).toEqual([401, 401]);
    expect(unknown.body).toBe(wrong.body);
  });
});

describe('load shedding', () => {
  let t: TestApp;

  beforeAll(async () => {
    // Any heap is over a one-byte threshold: the instance is overloaded from its first sample on.
    t = await createTestApp({
      web: await builtWeb(),
      config: { overload: { eventLoopDelayMs: 0, heapBytes: 1, rssBytes: 0 } },
    });
  });
  afterAll(async () => t?.close());

  it('answers the API 503 with Retry-After while public pages and liveness still answer 200', async () => {
    await expect
      .poll(async () => (await t.app.inject({ url: '/api/ready' })).statusCode, { timeout: 5000 })
      .toBe(503);
    const api = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: ADMIN.email, password: ADMIN.password },
    });
    expectRefusal(api, 503, () => SERVER_MESSAGES.busy);
    expect((await t.app.inject({ url: '/api/ready' })).json()).toEqual({
      status: 'unavailable',
      message: SERVER_MESSAGES.busy,
    });
    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    for (const url of ['/pricing', '/', '/blog'])
      expect((await t.app.inject({ url })).statusCode, url).toBe(200);
  });
});
