import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_MESSAGES } from '../../src/shared/messages';
import type { PublicUser } from '../../src/shared/schemas/public-user';
import { createTestApp, type TestApp } from './support/test-app';
import {
  HASH_PATTERN,
  call,
  insertUser,
  insertWorkspace,
  seededAdmin,
  userRow,
  type TestUser,
} from './support/users';

/** GET /api/users (docs/product/users.md#users-and-roles): who may list, which workspaces they see, search. */
describe('GET /api/users', () => {
  let t: TestApp;
  let admin: { authorization: string };
  let agencyId: string;
  let alphaId: string;
  let betaId: string;
  let alice: TestUser; // Business Admin of Alpha
  let webDev: TestUser; // Web Developer of Alpha
  let percent: TestUser; // Alpha user whose name holds a LIKE wildcard
  let bob: TestUser; // Business Admin of Beta

  const list = (headers: { authorization: string } | undefined, search?: string) =>
    call(
      t.app,
      'GET',
      search === undefined ? '/api/users' : `/api/users?search=${encodeURIComponent(search)}`,
      headers,
    );
  const emails = (users: PublicUser[]) => users.map((u) => u.email).sort();

  beforeAll(async () => {
    t = await createTestApp();
    const adminUser = await seededAdmin(t);
    agencyId = adminUser.workspaceId;
    admin = adminUser.headers;
    alphaId = (await insertWorkspace(t, { name: 'Alpha' })).id;
    betaId = (await insertWorkspace(t, { name: 'Beta' })).id;
    const at = (minute: number) => new Date(Date.UTC(2030, 0, 1, 0, minute)).toISOString();
    alice = await insertUser(t, {
      workspaceId: alphaId,
      role: 'Business Admin',
      username: 'alice',
      name: 'Alice Owner',
      email: 'alice@alpha.test',
      created_at: at(1),
    });
    webDev = await insertUser(t, {
      workspaceId: alphaId,
      role: 'Web Developer',
      username: 'webdev',
      name: 'Dana Coder',
      email: 'dana@alpha.test',
      created_at: at(2),
    });
    percent = await insertUser(t, {
      workspaceId: alphaId,
      role: 'SEO Manager',
      username: 'promo',
      name: 'Sale 50% Off',
      email: 'promo@alpha.test',
      created_at: at(3),
    });
    bob = await insertUser(t, {
      workspaceId: betaId,
      role: 'Business Admin',
      username: 'bob',
      name: 'Bob Builder',
      email: 'bob@beta-works.test',
      created_at: at(4),
    });
  });
  afterAll(async () => t.close());

  it('answers 401 without a token', async () => {
    const response = await list(undefined);

    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: SERVER_MESSAGES.unauthorized });
  });

  it('shows an Admin the users of every workspace, newest first, with a count', async () => {
    const response = await list(admin);

    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.success).toBe(true);
    expect(body.count).toBe(5);
    expect(body.users).toHaveLength(5);
    expect(new Set(body.users.map((u: PublicUser) => u.workspaceId))).toEqual(
      new Set([agencyId, alphaId, betaId]),
    );
    expect(body.users.slice(0, 4).map((u: PublicUser) => u.id)).toEqual([
      bob.id,
      percent.id,
      webDev.id,
      alice.id,
    ]);
    expect(body.users[0]).toMatchObject({
      _id: bob.id,
      username: 'bob',
      role: 'Business Admin',
      status: 'Active',
    });
  });

  it('refuses a Business Admin (403), even one granted Settings & Configuration', async () => {
    expect((await list(alice.headers)).statusCode).toBe(403);

    const grant = await call(t.app, 'PUT', `/api/users/${alice.id}/permissions`, admin, {
      settingsConfiguration: true,
    });
    expect(grant.statusCode).toBe(200);
    const response = await list(alice.headers);

    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: SERVER_MESSAGES.forbidden });
  });

  it('refuses a Web Developer until an Admin grants the module, then shows only their own workspace', async () => {
    expect((await list(webDev.headers)).statusCode).toBe(403);

    const grant = await call(t.app, 'PUT', `/api/users/${webDev.id}/permissions`, admin, {
      permissions: { settingsConfiguration: true },
    });
    expect(grant.statusCode).toBe(200);
    const response = await list(webDev.headers);

    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.count).toBe(3);
    expect(emails(body.users)).toEqual(['alice@alpha.test', 'dana@alpha.test', 'promo@alpha.test']);
    expect(body.users.every((u: PublicUser) => u.workspaceId === alphaId)).toBe(true);
  });

  it('refuses the Web Developer again on the next request once the grant is revoked', async () => {
    await call(t.app, 'PUT', `/api/users/${webDev.id}/permissions`, admin, { settingsConfiguration: false });

    expect((await list(webDev.headers)).statusCode).toBe(403);

    await call(t.app, 'PUT', `/api/users/${webDev.id}/permissions`, admin, { settingsConfiguration: true });
    expect((await list(webDev.headers)).statusCode).toBe(200);
  });

  it.each([
    ['a name, in any case', 'ALICE own', ['alice@alpha.test']],
    ['a username', 'webd', ['dana@alpha.test']],
    ['an e-mail fragment', 'BETA-WORKS', ['bob@beta-works.test']],
    ['a literal percent sign', '50%', ['promo@alpha.test']],
    ['a bare wildcard, taken literally', '%', ['promo@alpha.test']],
    ['an underscore, taken literally', '_', []],
    ['text nobody has', 'zebra', []],
  ])('searches by %s for the Admin', async (_label, search, expected) => {
    const response = await list(admin, search);

    expect(response.statusCode).toBe(200);
    expect(emails(response.json().users)).toEqual(expected);
    expect(response.json().count).toBe(expected.length);
  });

  it('keeps a search inside the caller’s workspace for a non-Admin', async () => {
    const other = await list(webDev.headers, 'bob');
    const own = await list(webDev.headers, 'ALPHA.TEST');

    expect(other.json()).toMatchObject({ success: true, users: [], count: 0 });
    expect(own.json().count).toBe(3);
  });

  it('treats a blank search as no search', async () => {
    expect((await list(admin, '   ')).json().count).toBe(5);
  });

  it('answers 400 for an absurdly long search', async () => {
    expect((await list(admin, 'x'.repeat(500))).statusCode).toBe(400);
  });

  it('never sends a password hash, in lists, updates or permission answers', async () => {
    const answers = [
      await list(admin),
      await list(webDev.headers),
      await call(t.app, 'PUT', `/api/users/${bob.id}`, admin, { name: 'Bob B.' }),
      await call(t.app, 'PUT', `/api/users/${bob.id}/permissions`, admin, { marketing: false }),
    ];

    for (const response of answers) {
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toMatch(HASH_PATTERN);
    }
    expect((await userRow(t, bob.id)).password_hash).toMatch(/^scrypt\$/);
  });
});
