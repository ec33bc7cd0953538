import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { AUTH_MESSAGES, SERVER_MESSAGES } from '../../src/shared/messages';
import { LOGIN_FAILURE_LIMIT, LOGIN_FAILURE_WINDOW_MS } from '../../src/shared/constants';
import { memoryLimiter } from '../../src/server/limits/sliding-window';
import { ADMIN, createTestApp, uniqueEmail, type TestApp } from './support/test-app';

/**
 * Failed sign-ins per IP + e-mail (docs/product/api.md#answers-and-errors: 429 with Retry-After). The throttle is the real one with the
 * real limit and window, on a clock the tests move. Each test uses its own client IP, so keys never mix.
 */
describe('sign-in throttling', () => {
  let t: TestApp;
  let clock = Date.now();
  let ipCounter = 0;
  const nextIp = () => `198.51.100.${++ipCounter}`;

  beforeAll(async () => {
    t = await createTestApp({
      throttle: memoryLimiter({ limit: LOGIN_FAILURE_LIMIT, windowMs: LOGIN_FAILURE_WINDOW_MS }, () => clock),
    });
  });
  afterAll(async () => t.close());

  function login(
    ip: string,
    email: string,
    password: string,
    headers: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> {
    return t.app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: ip,
      headers,
      payload: { email, password },
    });
  }

  /** Wrong passwords sent together: each is counted when it arrives, so this equals sending them in turn. */
  async function failTimes(count: number, ip: string, email: string, headers = (_i: number) => ({})) {
    const responses = await Promise.all(
      Array.from({ length: count }, (_, i) => login(ip, email, 'wrong-password', headers(i))),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(count).fill(401));
  }

  function expect429(response: LightMyRequestResponse): number {
    expect(response.statusCode).toBe(429);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    const retryAfter = String(response.headers['retry-after']);
    expect(retryAfter).toMatch(/^[1-9]\d*$/);
    expect(response.json().message).toBe(SERVER_MESSAGES.tooManyLogins(Math.ceil(Number(retryAfter) / 60)));
    return Number(retryAfter);
  }

  it('blocks the 11th attempt after 10 failures, even with the right password, until the window passes', async () => {
    const ip = nextIp();
    await failTimes(LOGIN_FAILURE_LIMIT, ip, ADMIN.email);

    const retryAfter = expect429(await login(ip, ADMIN.email, ADMIN.password));
    expect(retryAfter).toBe(LOGIN_FAILURE_WINDOW_MS / 1000);

    clock += 60_000;
    expect(expect429(await login(ip, ` ${ADMIN.email.toUpperCase()} `, ADMIN.password))).toBe(
      retryAfter - 60,
    );

    clock += LOGIN_FAILURE_WINDOW_MS;
    expect((await login(ip, ADMIN.email, ADMIN.password)).statusCode).toBe(200);
  });

  it('keys on IP and e-mail: another e-mail from that IP, or that e-mail from another IP, is not blocked', async () => {
    const ip = nextIp();
    await failTimes(LOGIN_FAILURE_LIMIT, ip, ADMIN.email);
    expect429(await login(ip, ADMIN.email, ADMIN.password));

    const other = await login(ip, uniqueEmail(), 'wrong-password');
    expect(other.statusCode).toBe(401);
    expect(other.json()).toEqual({ message: AUTH_MESSAGES.invalidCredentials });
    expect((await login(nextIp(), ADMIN.email, ADMIN.password)).statusCode).toBe(200);
    expect429(await login(ip, ADMIN.email, ADMIN.password));
  });

  it('does not count a successful sign-in as a failure', async () => {
    const ip = nextIp();
    await failTimes(LOGIN_FAILURE_LIMIT - 1, ip, ADMIN.email);

    expect((await login(ip, ADMIN.email, ADMIN.password)).statusCode).toBe(200);
    expect((await login(ip, ADMIN.email, ADMIN.password)).statusCode).toBe(200);
  });

  it('lets no more than the limit through when guesses arrive all at once', async () => {
    const ip = nextIp();
    const email = uniqueEmail();
    const responses = await Promise.all(
      Array.from({ length: LOGIN_FAILURE_LIMIT + 5 }, () => login(ip, email, 'wrong-password')),
    );

    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(LOGIN_FAILURE_LIMIT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
  });

  it('ignores X-Forwarded-For sent by a client that is not a local proxy', async () => {
    const ip = nextIp();
    await failTimes(LOGIN_FAILURE_LIMIT, ip, ADMIN.email, (i) => ({ 'x-forwarded-for': `10.9.8.${i}` }));

    expect429(await login(ip, ADMIN.email, ADMIN.password, { 'x-forwarded-for': '10.9.8.200' }));
  });

  it('keys on the client named by a local reverse proxy', async () => {
    const proxy = '127.0.0.1';
    const client = { 'x-forwarded-for': '203.0.113.10' };
    await failTimes(LOGIN_FAILURE_LIMIT, proxy, ADMIN.email, () => client);
    expect429(await login(proxy, ADMIN.email, ADMIN.password, client));

    // Another visitor behind the same proxy, and a spoofed entry placed before the real client, change nothing.
    const spoofed = await login(proxy, ADMIN.email, ADMIN.password, {
      'x-forwarded-for': '1.2.3.4, 203.0.113.10',
    });
    expect(spoofed.statusCode).toBe(429);
    const other = await login(proxy, ADMIN.email, ADMIN.password, { 'x-forwarded-for': '203.0.113.11' });
    expect(other.statusCode).toBe(200);
  });
});
