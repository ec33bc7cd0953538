import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { SERVER_MESSAGES } from '../../src/shared/messages';
import { ADMIN, createTestApp, type TestApp } from './support/test-app';

/** Health, readiness, 404s, security headers, body limit and "never a 500 for bad input" (docs/product/api.md#answers-and-errors). */
describe('platform behaviour', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('answers GET /api/health with 200 {status: ok}', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('answers GET /api/ready with 200 when the database answers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/ready' });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ready' });
  });

  it.each([
    ['GET', '/api/does-not-exist'],
    ['POST', '/api/users/upgrade-nothing'],
    ['DELETE', '/api/login'],
    ['GET', '/api/login'],
  ] as const)('answers %s %s with 404 JSON {message}', async (method, url) => {
    const response = await t.app.inject({ method, url });

    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.json()).toEqual({ message: SERVER_MESSAGES.notFound });
  });

  it.each([
    ['a success', { method: 'GET', url: '/api/health' }],
    ['a 404', { method: 'GET', url: '/api/nope' }],
    ['a 400', { method: 'POST', url: '/api/login', payload: {} }],
  ] satisfies [string, InjectOptions][])('sends the security headers on %s', async (_label, options) => {
    const response = await t.app.inject(options);

    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("base-uri 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['strict-transport-security']).toMatch(/^max-age=\d{7,}/);
  });

  it('answers a body over 1 MB with 413 JSON', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { userType: 'freelancer', businessName: 'x'.repeat(1024 * 1024 + 10) },
    });

    expect(response.statusCode).toBe(413);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.json()).toEqual({ message: SERVER_MESSAGES.payloadTooLarge });
  });

  it('accepts a body just under the limit (and refuses it for its content)', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/check-domain',
      payload: { domain: 'x'.repeat(1024 * 1024 - 100) },
    });

    expect(response.statusCode).toBe(400);
  });

  const json = { 'content-type': 'application/json' };
  const nul = 'a\u0000b';
  const badInputs: [string, InjectOptions][] = [
    ['invalid JSON to login', { method: 'POST', url: '/api/login', headers: json, payload: '{"email":' }],
    ['invalid JSON to register', { method: 'POST', url: '/api/register', headers: json, payload: '[1,' }],
    ['an empty JSON body', { method: 'POST', url: '/api/login', headers: json, payload: '' }],
    ['JSON null', { method: 'POST', url: '/api/login', headers: json, payload: 'null' }],
    ['a JSON array', { method: 'POST', url: '/api/register', headers: json, payload: '[]' }],
    ['a JSON string', { method: 'POST', url: '/api/check-domain', headers: json, payload: '"x.test"' }],
    [
      'plain text',
      { method: 'POST', url: '/api/login', headers: { 'content-type': 'text/plain' }, payload: 'hi' },
    ],
    [
      'XML',
      { method: 'POST', url: '/api/login', headers: { 'content-type': 'application/xml' }, payload: '<a/>' },
    ],
    [
      'a form post',
      {
        method: 'POST',
        url: '/api/login',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'email=a&password=b',
      },
    ],
    [
      'a __proto__ key',
      {
        method: 'POST',
        url: '/api/login',
        headers: json,
        payload: '{"__proto__":{"x":1},"email":"a@b.test","password":"x"}',
      },
    ],
    [
      'objects for strings',
      { method: 'POST', url: '/api/login', payload: { email: { $ne: '' }, password: ['x'] } },
    ],
    [
      'a NUL in the login e-mail',
      { method: 'POST', url: '/api/login', payload: { email: `${nul}@x.test`, password: 'secret1' } },
    ],
    ['a NUL in the domain', { method: 'POST', url: '/api/check-domain', payload: { domain: `${nul}.test` } }],
    [
      'a NUL in a username',
      {
        method: 'POST',
        url: '/api/register',
        payload: {
          userType: 'freelancer',
          businessName: nul,
          email: 'nul.user@nul.test',
          password: 'secret1',
        },
      },
    ],
    [
      'a too long password',
      { method: 'POST', url: '/api/login', payload: { email: 'a@b.test', password: 'x'.repeat(5000) } },
    ],
    [
      'a huge e-mail',
      {
        method: 'POST',
        url: '/api/register',
        payload: {
          userType: 'freelancer',
          businessName: 'b',
          email: `${'x'.repeat(100_000)}@b.test`,
          password: 'secret1',
        },
      },
    ],
    ['a bad percent-encoding', { method: 'GET', url: '/api/%E0%A4%A' }],
    [
      'a profile with a malformed header',
      { method: 'GET', url: '/api/profile', headers: { authorization: 'Bearer \u00ff\u00fe' } },
    ],
    [
      'a profile with a huge token',
      { method: 'GET', url: '/api/profile', headers: { authorization: `Bearer ${'a.'.repeat(4000)}` } },
    ],
  ];

  it.each(badInputs)('answers %s with a 4xx JSON message, never a 5xx', async (_label, options) => {
    const response = await t.app.inject(options);

    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    const body = response.json();
    expect(typeof body.message).toBe('string');
    expect(response.body).not.toMatch(/\bat .+\.(ts|js):\d+|"stack"/);
  });

  it('created no account from any of the bad inputs', async () => {
    const emails = await t.database.handle.db.selectFrom('users').select('email').execute();

    expect(emails.map((row) => row.email)).toEqual([ADMIN.email]);
  });
});

describe('readiness without a database', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('answers GET /api/ready with 503 once the database is gone, while /api/health stays 200', async () => {
    await t.database.handle.close();

    const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });

    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ status: 'unavailable' });
    expect(health.statusCode).toBe(200);
  });
});
