import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { AUTH_MESSAGES, SERVER_MESSAGES } from '../../src/shared/messages';
import { createTokenService } from '../../src/server/auth/tokens';
import { ADMIN, JWT_SECRET, createTestApp, uniqueEmail, type TestApp } from './support/test-app';
import {
  freelancerBody,
  ownerBody,
  registerConfirmed,
  registerOk,
  setUserColumns,
  uniqueDomain,
} from './support/accounts';

/** GET /api/profile (docs/product/auth.md#session-in-the-browser; re-read on every request: docs/architecture.md#tenancy-and-authorization) and POST /api/check-domain. */
describe('GET /api/profile', () => {
  let t: TestApp;
  let email: string;
  let userId: string;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp();
    email = uniqueEmail();
    ({
      token,
      user: { id: userId },
    } = await registerOk(t.app, freelancerBody(email)));
  });
  afterAll(async () => t.close());

  const profile = (authorization?: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/profile',
      headers: authorization === undefined ? {} : { authorization },
    });

  function expect401(response: Awaited<ReturnType<typeof profile>>) {
    expect(response.statusCode).toBe(401);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(typeof response.json().message).toBe('string');
    expect(response.json()).not.toHaveProperty('user');
  }

  it('answers 401 JSON without a token', async () => {
    const response = await profile();

    expect401(response);
    expect(response.json()).toEqual({ message: SERVER_MESSAGES.unauthorized });
  });

  it.each([
    ['a garbage token', 'Bearer not.a.token'],
    ['an empty bearer', 'Bearer '],
    ['a token without the Bearer scheme', 'TOKEN_PLACEHOLDER'],
    ['another scheme', 'Basic dXNlcjpwYXNz'],
  ])('answers 401 for %s', async (_label, header) => {
    expect401(await profile(header.replace('TOKEN_PLACEHOLDER', token)));
  });

  it('answers 401 for a token signed with another secret', async () => {
    const forged = await createTokenService('another-secret-that-is-also-32-characters').issue({
      userId,
      sessionVersion: 0,
    });

    expect401(await profile(`Bearer ${forged}`));
  });

  it('answers 401 for an expired token', async () => {
    const past = Math.floor(Date.now() / 1000) - 3600;
    const expired = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(userId)
      .setIssuedAt(past - 60)
      .setExpirationTime(past)
      .sign(new TextEncoder().encode(JWT_SECRET));

    expect401(await profile(`Bearer ${expired}`));
  });

  it('answers 401 for an unsigned (alg none) token', async () => {
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const unsigned = `${encode({ alg: 'none' })}.${encode({ sub: userId })}.`;

    expect401(await profile(`Bearer ${unsigned}`));
  });

  it('answers 401 for a valid token whose user does not exist', async () => {
    const orphan = await createTokenService(JWT_SECRET).issue({ userId: randomUUID(), sessionVersion: 0 });

    expect401(await profile(`Bearer ${orphan}`));
  });

  it('answers 200 with the user for a valid token, without the password hash', async () => {
    const response = await profile(`Bearer ${token}`);

    expect(response.statusCode).toBe(200);
    const { user } = response.json();
    expect(user).toMatchObject({ _id: userId, id: userId, email, role: 'Freelancer', status: 'Active' });
    expect(response.body).not.toMatch(/password_hash|passwordHash|scrypt\$/);
  });

  it.each(['Inactive', 'Terminated'])('refuses the same token once the status is %s', async (status) => {
    await setUserColumns(t, email, { status });
    try {
      const response = await profile(`Bearer ${token}`);
      expect401(response);
      expect(response.json().message).toBe(SERVER_MESSAGES.accountBlocked);
    } finally {
      await setUserColumns(t, email, { status: 'Active' });
    }
    expect((await profile(`Bearer ${token}`)).statusCode).toBe(200);
  });

  it('answers 304 to the ETag of an unchanged profile, and 200 with the new image once it changes', async () => {
    const conditional = (etag: string) =>
      t.app.inject({
        url: '/api/profile',
        headers: { authorization: `Bearer ${token}`, 'if-none-match': etag },
      });
    const first = await profile(`Bearer ${token}`);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('private, no-store');
    const unchanged = await conditional(etag);
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');

    // A real PNG (its bytes are checked), made heavy: ~200 KB of data URL.
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAADAAAAAbCAIAAAC1C5slAAAAL0lEQVR42u3OMQ0AAAgDsKnjxb8AfGBjR5MKaHauSoSEhISEhISEhISEhISEqkMP8jN6Cu/B+6gAAAAASUVORK5CYII=',
      'base64',
    );
    const image = `data:image/png;base64,${Buffer.concat([png, Buffer.alloc(150_000)]).toString('base64')}`;
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: { authorization: `Bearer ${token}` },
      payload: { profileImage: image },
    });
    expect(saved.statusCode).toBe(200);
    const changed = await conditional(etag);
    expect(changed.statusCode).toBe(200);
    expect(changed.json().user.profileImage).toBe(image);
    expect(changed.headers.etag).not.toBe(etag);
    expect((await conditional(String(changed.headers.etag))).statusCode).toBe(304);

    // A change made elsewhere (an Admin's, straight in the database) shows on the next poll too.
    await setUserColumns(t, email, { role: 'Project Manager' });
    const promoted = await conditional(String(changed.headers.etag));
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json().user.role).toBe('Project Manager');
  });

  it('shows a role changed in the database on the next request, with the same token', async () => {
    await setUserColumns(t, email, { role: 'Project Manager' });

    const response = await profile(`Bearer ${token}`);

    expect(response.statusCode).toBe(200);
    expect(response.json().user.role).toBe('Project Manager');
  });
});

describe('POST /api/check-domain', () => {
  let t: TestApp;
  const domain = uniqueDomain();

  beforeAll(async () => {
    t = await createTestApp();
    await registerConfirmed(t, ownerBody(`owner@${domain}`));
  });
  afterAll(async () => t.close());

  const check = (payload?: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/check-domain',
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });

  it.each([
    ['as registered', () => domain],
    ['in capitals with spaces', () => `  ${domain.toUpperCase()} `],
    ["of the agency's own admin", () => ADMIN.email.split('@')[1]!],
  ])('answers 200 for an owned domain %s', async (_label, value) => {
    const response = await check({ domain: value() });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: SERVER_MESSAGES.domainFound });
  });

  it.each([
    ['an unknown domain', uniqueDomain()],
    ['a public mail domain', 'gmail.com'],
    ['a sub-domain of an owned one', `mail.${domain}`],
  ])('answers 404 with the spec text for %s', async (_label, value) => {
    const response = await check({ domain: value });

    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(AUTH_MESSAGES.domainNotFound);
  });

  it.each([
    ['no body', undefined],
    ['an empty object', {}],
    ['an empty domain', { domain: '' }],
    ['a blank domain', { domain: '   ' }],
    ['a non-string domain', { domain: 42 }],
  ])('answers 400 JSON for %s', async (_label, payload) => {
    const response = await check(payload);

    expect(response.statusCode).toBe(400);
    expect(typeof response.json().message).toBe('string');
  });
});
