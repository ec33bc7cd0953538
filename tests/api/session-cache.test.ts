import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settleAfterAnswer } from '../../src/server/lib/after-answer';
import { freelancerBody, uniqueDomain } from './support/accounts';
import {
  ADMIN,
  JWT_SECRET,
  SECRET_KEY,
  createTestApp,
  reopenTestDatabase,
  testEngine,
  type TestApp,
} from './support/test-app';
import { startServerProcess, type ServerProcess } from './support/server-process';
import { TEST_REDIS_URL, redisAvailable, redisForTest } from '../support/redis';

/**
 * docs/decisions/0025-session-cache.md: a verified session is served from a cache for a few seconds, and
 * each change that ends or alters it — signing out, a role change, deactivation, the workspace deleted, a
 * password reset — takes effect on the very next request: on the instance that made the change, and on
 * another instance on the same database. Every case first makes the session's instance hold it in its
 * cache (two reads), then changes it, then reads once more.
 */

interface Answer {
  status: number;
  json: () => any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** One instance of the product as a client sees it. */
interface Instance {
  request(method: string, url: string, token?: string, body?: unknown): Promise<Answer>;
}

/** What the cases need around the instances: the mail a change sends, read from the database. */
interface World {
  changer: Instance;
  reader: Instance;
  adminToken: string;
  resetMailTo(email: string): Promise<string>;
}

const bearer = (token?: string): Record<string, string> =>
  token ? { authorization: `Bearer ${token}` } : {};

async function registerFreelancer(world: World): Promise<{ token: string; id: string; email: string }> {
  const email = `solo@${uniqueDomain()}`;
  const answer = await world.changer.request('POST', '/api/register', undefined, freelancerBody(email));
  expect(answer.status).toBe(201);
  return { token: answer.json().token, id: answer.json().user.id, email };
}

/** Two reads on the reader: the second is served from its cache. */
async function holdInCache(world: World, token: string, url = '/api/profile') {
  for (let i = 0; i < 2; i++) expect((await world.reader.request('GET', url, token)).status).toBe(200);
}

function cases(world: () => World) {
  it('signing out ends the session on the next request', async () => {
    const w = world();
    const { token } = await registerFreelancer(w);
    await holdInCache(w, token);
    expect((await w.changer.request('POST', '/api/logout', token)).status).toBe(200);
    expect((await w.reader.request('GET', '/api/profile', token)).status).toBe(401);
  });

  it('a role change applies to the next request', async () => {
    const w = world();
    const { token, id } = await registerFreelancer(w);
    await holdInCache(w, token, '/api/dashboard');
    const changed = await w.changer.request('PUT', `/api/users/${id}`, w.adminToken, { role: 'Team Member' });
    expect(changed.status).toBe(200);
    // A Team Member is kept out of the dashboard.
    expect((await w.reader.request('GET', '/api/dashboard', token)).status).toBe(403);
    expect((await w.reader.request('GET', '/api/profile', token)).json().user.role).toBe('Team Member');
  });

  it('deactivation shuts the account out on the next request', async () => {
    const w = world();
    const { token, id } = await registerFreelancer(w);
    await holdInCache(w, token);
    const changed = await w.changer.request('PUT', `/api/users/${id}`, w.adminToken, { status: 'Inactive' });
    expect(changed.status).toBe(200);
    expect((await w.reader.request('GET', '/api/profile', token)).status).toBe(401);
  });

  it('deleting the workspace shuts its members out on the next request', async () => {
    const w = world();
    const { token } = await registerFreelancer(w);
    const workspace = (await w.reader.request('GET', '/api/workspace', token)).json().workspace;
    await holdInCache(w, token);
    const deleted = await w.changer.request('DELETE', `/api/workspaces/${workspace._id}`, w.adminToken, {
      confirmName: workspace.name,
    });
    expect(deleted.status).toBe(200);
    expect((await w.reader.request('GET', '/api/profile', token)).status).toBe(401);
  });

  it('a password reset ends the sessions made before it on the next request', async () => {
    const w = world();
    const { token, email } = await registerFreelancer(w);
    await holdInCache(w, token);
    expect((await w.changer.request('POST', '/api/password/forgot', undefined, { email })).status).toBe(202);
    const resetToken = (await w.resetMailTo(email)).match(/reset-password\?token=([\w-]+)/)![1];
    const reset = await w.changer.request('POST', '/api/password/reset', undefined, {
      token: resetToken,
      password: 'a-new-pass-1',
      confirmPassword: 'a-new-pass-1',
    });
    expect(reset.status).toBe(200);
    expect((await w.reader.request('GET', '/api/profile', token)).status).toBe(401);
  });
}

/** The password-reset mail queued to `email` by an app of this process. */
async function resetMailIn(t: TestApp, email: string): Promise<string> {
  await settleAfterAnswer();
  const mail = await t.database.handle.db
    .selectFrom('mail_outbox')
    .select('text_body')
    .where('to_address', '=', email)
    .where('kind', '=', 'password-reset')
    .executeTakeFirstOrThrow();
  return mail.text_body;
}

/** An app of this process, called with inject. */
function injected(app: import('fastify').FastifyInstance): Instance {
  return {
    async request(method, url, token, body) {
      const answer = await app.inject({
        method: method as 'GET',
        url,
        headers: bearer(token),
        ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
      });
      return { status: answer.statusCode, json: () => answer.json() };
    },
  };
}

/** The built server as a process of its own, called over HTTP. */
function overHttp(server: ServerProcess): Instance {
  return {
    async request(method, url, token, body) {
      const answer = await fetch(server.base + url, {
        method,
        headers: { ...bearer(token), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await answer.text();
      return { status: answer.status, json: () => JSON.parse(text) };
    },
  };
}

async function signInOn(instance: Instance, email: string, password: string): Promise<string> {
  const answer = await instance.request('POST', '/api/login', undefined, { email, password });
  expect(answer.status).toBe(200);
  return answer.json().token;
}

describe('a cached session on one instance', () => {
  let t: TestApp;
  let world: World;

  beforeAll(async () => {
    // The embedded database caches on its own; PostgreSQL only with Redis to tell other instances.
    t = await createTestApp(testEngine() === 'postgres' ? { redisUrl: TEST_REDIS_URL } : {});
    const instance = injected(t.app);
    world = {
      changer: instance,
      reader: instance,
      adminToken: await signInOn(instance, ADMIN.email, ADMIN.password),
      resetMailTo: (email) => resetMailIn(t, email),
    };
  });
  afterAll(async () => t?.close());

  cases(() => world);

  it('shows an edit of the profile on the next request', async () => {
    const { token } = await registerFreelancer(world);
    await holdInCache(world, token);
    expect((await world.reader.request('PUT', '/api/profile', token, { name: 'Solo Renamed' })).status).toBe(
      200,
    );
    expect((await world.reader.request('GET', '/api/profile', token)).json().user.name).toBe('Solo Renamed');
  });
});

/**
 * Two instances on one database and one Redis. On SQLite they are two apps of this process on one file
 * (the instance lock keeps a second process off it); on PostgreSQL two processes of the built server,
 * which hear each other only through Redis.
 */
describe.runIf(redisAvailable)('a cached session on another instance, told through Redis', () => {
  const closers: (() => Promise<unknown>)[] = [];
  let world: World;

  beforeAll(async () => {
    const redis = await redisForTest();
    closers.push(redis.stop);
    if (testEngine() === 'sqlite') {
      const a = await createTestApp({ redisUrl: redis.url });
      const b = await createTestApp({ redisUrl: redis.url, database: await reopenTestDatabase(a.database) });
      closers.unshift(
        () => a.close(),
        () => b.close(),
      );
      const changer = injected(a.app);
      world = {
        changer,
        reader: injected(b.app),
        adminToken: await signInOn(changer, ADMIN.email, ADMIN.password),
        resetMailTo: (email) => resetMailIn(a, email),
      };
      return;
    }
    const { env, drop } = await ownPostgresDatabase();
    closers.push(drop);
    // The sign-ups of every case come from one address, and a shared Redis keeps counting across runs.
    const shared = { ...env, REDIS_URL: redis.url, JWT_SECRET, SECRET_KEY, ADDRESS_LIMIT_MULTIPLIER: '1000' };
    const a = await startServerProcess({
      ...shared,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    });
    const b = await startServerProcess(shared);
    closers.unshift(
      () => stopProcess(a),
      () => stopProcess(b),
    );
    const changer = overHttp(a);
    const client = new pg.Client({ connectionString: env.DATABASE_URL });
    await client.connect();
    closers.unshift(() => client.end());
    world = {
      changer,
      reader: overHttp(b),
      adminToken: await signInOn(changer, ADMIN.email, ADMIN.password),
      async resetMailTo(email) {
        // Queued just after the answer (lib/after-answer.ts).
        const queued = () =>
          client
            .query("select text_body from mail_outbox where to_address = $1 and kind = 'password-reset'", [
              email,
            ])
            .then(({ rows }) => rows.map((row) => row.text_body as string));
        await expect.poll(queued).toHaveLength(1);
        return (await queued())[0]!;
      },
    };
  }, 120_000);
  afterAll(async () => {
    for (const close of closers) await close();
  });

  cases(() => world);
});

/** A PostgreSQL database of the suite's own, for servers that use its public schema. */
async function ownPostgresDatabase() {
  const url = process.env.TEST_DATABASE_URL!;
  const name = `session_cache_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agencyhq-session-cache-'));
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: url.replace(/\/[^/?]+(\?|$)/, `/${name}$1`) },
    async drop() {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function stopProcess(server: ServerProcess) {
  server.child.kill('SIGTERM');
  await server.exited;
}
