import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_FAILURE_LIMIT } from '../../src/shared/constants';
import { CONTACT_LIMITS } from '../../src/shared/contact';
import {
  ADMIN,
  createTestApp,
  reopenTestDatabase,
  signIn,
  uniqueEmail,
  type TestApp,
} from './support/test-app';
import { freelancerBody, registerOk } from './support/accounts';
import { blogFields, createBlog, createCategory } from './support/blogs';
import { seededAdmin, type TestUser } from './support/users';
import { canStartRedis, privateRedis, redisAvailable, redisForTest } from '../support/redis';

if (!redisAvailable)
  console.warn('scale-out suites skipped: neither REDIS_URL nor /usr/bin/redis-server is available');

/** A documentation address of its own per call: counts a shared Redis keeps from an earlier run never apply. */
const freshIp = () => `198.18.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}`;

const wrongLogin = (t: TestApp, ip: string, email: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/login',
    remoteAddress: ip,
    payload: { email, password: 'not-the-password' },
  });

/**
 * docs/decisions/0009-redis-optional-for-shared-limits.md: two instances on one database (PostgreSQL in CI) and one Redis act as one — a publish, a role
 * change and the sign-in limit made through one are what the other answers.
 */
describe.runIf(redisAvailable)('two instances on one database and one Redis', () => {
  let a: TestApp;
  let b: TestApp;
  let admin: TestUser;
  let stopRedis: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    const redis = await redisForTest();
    const redisUrl = redis.url;
    stopRedis = redis.stop;
    a = await createTestApp({ redisUrl });
    b = await createTestApp({ redisUrl, database: await reopenTestDatabase(a.database) });
    admin = await seededAdmin(a);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await stopRedis?.();
  });

  it('serves a post published through one instance from the other at once', async () => {
    const listed = async () =>
      (await b.app.inject({ url: '/api/blogs?status=published' }))
        .json()
        .blogs.map((p: { title: string }) => p.title);
    expect(await listed()).not.toContain('Scale Out Post'); // and B now holds that answer in its cache
    const category = await createCategory(a, admin.headers, 'Scale Out');
    await createBlog(
      a,
      admin.headers,
      blogFields(category.id, { title: 'Scale Out Post', status: 'published' }),
    );
    expect(await listed()).toContain('Scale Out Post');
    expect((await b.app.inject({ url: '/sitemap.xml' })).body).toContain('/blog/scale-out-post<');
  });

  it('shows a role change made through one instance to a session polling the other', async () => {
    const email = uniqueEmail();
    const { token, user } = await registerOk(a.app, freelancerBody(email));
    const poll = (etag?: string) =>
      b.app.inject({
        url: '/api/profile',
        headers: { authorization: `Bearer ${token}`, ...(etag ? { 'if-none-match': etag } : {}) },
      });
    const before = await poll();
    expect(before.json().user.role).toBe('Freelancer');
    expect((await poll(String(before.headers.etag))).statusCode).toBe(304);

    const changed = await a.app.inject({
      method: 'PUT',
      url: `/api/users/${user.id}`,
      headers: admin.headers,
      payload: { role: 'Project Manager' },
    });
    expect(changed.statusCode).toBe(200);
    const after = await poll(String(before.headers.etag));
    expect(after.statusCode).toBe(200);
    expect(after.json().user.role).toBe('Project Manager');
  });

  it('counts failed sign-ins across both instances', async () => {
    const ip = freshIp();
    const email = uniqueEmail(); // no account: its failures count all the same
    for (let i = 0; i < LOGIN_FAILURE_LIMIT; i++)
      expect((await wrongLogin(i % 2 ? b : a, ip, email)).statusCode).toBe(401);
    for (const instance of [a, b]) {
      const refused = await wrongLogin(instance, ip, email);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    // The same password from another address is not held back.
    expect(
      (
        await a.app.inject({
          method: 'POST',
          url: '/api/login',
          remoteAddress: freshIp(),
          payload: ADMIN,
        })
      ).statusCode,
    ).toBe(200);
  });

  it('counts contact messages across both instances', async () => {
    const ip = freshIp();
    const send = (instance: TestApp) =>
      instance.app.inject({
        method: 'POST',
        url: '/api/contact',
        remoteAddress: ip,
        payload: { name: 'Scale', email: 'scale@example.test', message: 'Hello from a busy client' },
      });
    for (let i = 0; i < CONTACT_LIMITS.rateLimit; i++)
      expect((await send(i % 2 ? b : a)).statusCode).toBe(201);
    expect((await send(a)).statusCode).toBe(429);
    expect((await send(b)).statusCode).toBe(429);
  });
});

describe.runIf(canStartRedis)('when Redis goes away and comes back', () => {
  it('keeps answering with per-instance limits, and shares them again once Redis returns', async () => {
    const redis = await privateRedis();
    const t = await createTestApp({ redisUrl: redis.url });
    try {
      const limits = () => t.app.limits;
      await expect.poll(() => limits().shared).toBe(true);
      await redis.stop();
      await expect.poll(() => limits().shared).toBe(false);

      // Sign-in still works, and the limit still holds, counted by this instance alone.
      expect((await signIn(t.app, ADMIN.email, ADMIN.password)).authorization).toMatch(/^Bearer /);
      const ip = freshIp();
      for (let i = 0; i < LOGIN_FAILURE_LIMIT; i++)
        expect((await wrongLogin(t, ip, ADMIN.email)).statusCode).toBe(401);
      expect((await wrongLogin(t, ip, ADMIN.email)).statusCode).toBe(429);

      await redis.start();
      await expect.poll(() => limits().shared, { timeout: 10_000 }).toBe(true);
      // Counted in Redis again: a fresh address starts from zero there.
      expect((await wrongLogin(t, freshIp(), ADMIN.email)).statusCode).toBe(401);
    } finally {
      await t.close();
      await redis.stop();
    }
  });
});
