import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { AUTH_MESSAGES, SERVER_MESSAGES } from '../../src/shared/messages';
import { ADMIN, createTestApp, uniqueEmail, type TestApp } from './support/test-app';
import { PASSWORD, freelancerBody, registerOk, setUserColumns } from './support/accounts';

/** POST /api/login (docs/product/auth.md#sign-in, docs/product/auth.md#messages). Throttling lives in login-throttle.test.ts. */
describe('POST /api/login', () => {
  let t: TestApp;
  const bodies: string[] = [];

  async function call(options: InjectOptions): Promise<LightMyRequestResponse> {
    const response = await t.app.inject(options);
    bodies.push(response.body);
    return response;
  }
  const login = (payload: unknown) =>
    call({ method: 'POST', url: '/api/login', payload: payload as Record<string, unknown> });

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('trims the e-mail, ignores its case and answers token and user', async () => {
    const response = await login({ email: `  ${ADMIN.email.toUpperCase()}  `, password: ADMIN.password });

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    const { token, user } = response.json();
    expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(user._id).toBeTruthy();
    expect(user._id).toBe(user.id);
    expect(user).toMatchObject({ email: ADMIN.email, role: 'Admin', status: 'Active' });

    const profile = await call({
      method: 'GET',
      url: '/api/profile',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().user.id).toBe(user.id);
  });

  it('signs in an account created through sign-up', async () => {
    const email = uniqueEmail();
    await registerOk(t.app, freelancerBody(email));

    const response = await login({ email, password: PASSWORD });

    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ email, role: 'Freelancer' });
  });

  it('refuses a wrong password with 401 and the spec text', async () => {
    const response = await login({ email: ADMIN.email, password: 'not-the-password' });

    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: AUTH_MESSAGES.invalidCredentials });
  });

  it('answers an unknown e-mail exactly as a wrong password', async () => {
    const unknown = await login({ email: uniqueEmail(), password: ADMIN.password });
    const wrong = await login({ email: ADMIN.email, password: `${ADMIN.password}x` });

    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual({ message: AUTH_MESSAGES.invalidCredentials });
    expect(unknown.body).toBe(wrong.body);
  });

  it('is case-sensitive about the password', async () => {
    const response = await login({ email: ADMIN.email, password: ADMIN.password.toUpperCase() });

    expect(response.statusCode).toBe(401);
  });

  it.each([
    ['no e-mail', { password: ADMIN.password }],
    ['no password', { email: ADMIN.email }],
    ['neither', {}],
    ['an empty e-mail', { email: '', password: ADMIN.password }],
    ['a blank e-mail', { email: '   ', password: ADMIN.password }],
    ['an empty password', { email: ADMIN.email, password: '' }],
    ['a null password', { email: ADMIN.email, password: null }],
    ['a numeric e-mail', { email: 42, password: ADMIN.password }],
  ])('answers 400 with the spec text for %s', async (_label, payload) => {
    const response = await login(payload);

    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(AUTH_MESSAGES.loginRequired);
  });

  it('answers 400 JSON for a body that is not valid JSON', async () => {
    const response = await call({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: `{"email": "${ADMIN.email}", "password": `,
    });

    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(typeof response.json().message).toBe('string');
    expect(response.json().message.length).toBeGreaterThan(0);
  });

  describe.each(['Inactive', 'Terminated'])('an account whose status is %s', (status) => {
    const email = uniqueEmail();

    beforeAll(async () => {
      await registerOk(t.app, freelancerBody(email));
      await setUserColumns(t, email, { status });
    });

    it('is refused at sign-in with 403 and no token', async () => {
      const response = await login({ email, password: PASSWORD });

      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: SERVER_MESSAGES.accountBlocked });
    });

    it('still gets the plain 401 for a wrong password (no hint the account exists)', async () => {
      const response = await login({ email, password: 'wrong-password' });

      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: AUTH_MESSAGES.invalidCredentials });
    });

    it('signs in again once the status is Active', async () => {
      await setUserColumns(t, email, { status: 'Active' });
      try {
        const response = await login({ email, password: PASSWORD });
        expect(response.statusCode).toBe(200);
      } finally {
        await setUserColumns(t, email, { status });
      }
    });
  });

  // Runs last: every body this file received, successes and failures alike.
  it('never sends a password hash in any answer', () => {
    expect(bodies.length).toBeGreaterThan(15);
    for (const body of bodies) {
      expect(body).not.toMatch(/password_hash|passwordHash|scrypt\$/);
    }
  });
});
