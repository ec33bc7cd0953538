import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_FAILURE_LIMIT } from '../../src/shared/constants';
import { ADMIN, createTestApp, type TestApp } from './support/test-app';

/** TRUST_PROXY: a reverse proxy on another host, named in the setting, may name the client; others may not. */
describe('a configured reverse proxy', () => {
  let t: TestApp;
  const PROXY = '10.20.30.40';

  beforeAll(async () => {
    t = await createTestApp({ trustProxy: '10.20.0.0/16' });
  });
  afterAll(async () => t.close());

  const login = (remoteAddress: string, forwardedFor: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress,
      headers: { 'x-forwarded-for': forwardedFor },
      payload: { email: ADMIN.email, password },
    });

  it('names each visitor, so one visitor’s failures do not lock out the others behind it', async () => {
    for (let i = 0; i < LOGIN_FAILURE_LIMIT; i += 1)
      expect((await login(PROXY, '203.0.113.50', 'wrong-password')).statusCode).toBe(401);
    expect((await login(PROXY, '203.0.113.50', ADMIN.password)).statusCode).toBe(429);
    expect((await login(PROXY, '203.0.113.51', ADMIN.password)).statusCode).toBe(200);
  });

  it('is not a way around the throttle for a client outside the listed range', async () => {
    const outsider = '198.51.100.99';
    for (let i = 0; i < LOGIN_FAILURE_LIMIT; i += 1)
      expect((await login(outsider, `192.0.2.${i}`, 'wrong-password')).statusCode).toBe(401);
    expect((await login(outsider, '192.0.2.200', ADMIN.password)).statusCode).toBe(429);
  });
});
