import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API_KEY_MESSAGES as M, BOTGIT_CONNECT_MESSAGES as C } from '../../src/shared/messages';
import { API_KEY_LIMITS, API_KEY_SCOPES, BOTGIT_CONNECT } from '../../src/shared/api-keys';
import { createTestApp, type TestApp } from './support/test-app';
import { PASSWORD } from './support/accounts';
import { insertUser, insertWorkspace, seededAdmin, type TestUser } from './support/users';
import { createKey, pkce } from './support/api-keys';
import { totpCode } from '../../src/server/modules/two-factor/totp';
import { TWO_FACTOR } from '../../src/shared/two-factor';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Headers = { authorization: string };

/**
 * API keys (docs/product/integrations.md#api-keys, docs/security.md#api-keys): made by a workspace's Admin or
 * Business Admin, shown once, stored as a hash, acting as their creator within the workspace and their scopes
 * only, revoked at once, limited and audited. The attacks of the first block were each run failing with their
 * defence removed.
 */
describe('API keys', () => {
  let t: TestApp;
  const START = new Date('2026-11-20T09:00:00.000Z');
  let now = START;
  // Each test starts at the same time: a test that moved the clock a month on leaves no session of the
  // next test's owner too old to add a key (docs/security.md#lasting-credentials).
  beforeEach(() => {
    now = START;
  });
  const later = (ms: number) => {
    now = new Date(now.getTime() + ms);
  };
  const call = (method: Method, url: string, headers?: Headers, payload?: unknown, remoteAddress?: string) =>
    t.app.inject({
      method,
      url,
      headers: headers ?? {},
      ...(payload === undefined ? {} : { payload: payload as object }),
      ...(remoteAddress ? { remoteAddress } : {}),
    });
  let counter = 0;
  /** A Business Admin in a workspace of their own. */
  async function owner(role = 'Business Admin'): Promise<TestUser> {
    counter += 1;
    const workspace = await insertWorkspace(t, { name: `Keys WS ${counter}` });
    return insertUser(t, { workspaceId: workspace.id, role });
  }
  async function addLead(user: TestUser, name: string): Promise<string> {
    const response = await call('POST', '/api/leads', user.headers, {
      name,
      email: `${name.toLowerCase().replace(/\W+/g, '.')}@leads.test`,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().lead._id;
  }
  const auditActions = async (workspaceId: string) =>
    (
      await t.database.handle.db
        .selectFrom('activity')
        .select(['action', 'kind', 'ip'])
        .where('workspace_id', '=', workspaceId)
        .where('kind', '=', 'api-key')
        .orderBy('created_at')
        .execute()
    ).map((row) => row.action);

  beforeAll(async () => {
    t = await createTestApp({ clock: () => now });
  });
  afterAll(async () => t?.close());

  describe('attacks', () => {
    it('a key with leads:read cannot write a lead (403), and writes nothing', async () => {
      const boss = await owner();
      const key = await createKey(t, boss.headers, ['leads:read']);
      const before = await call('GET', '/api/leads', key.headers);
      expect(before.statusCode).toBe(200);
      for (const [method, url] of [
        ['POST', '/api/leads'],
        ['PUT', `/api/leads/${await addLead(boss, 'Kept Lead')}`],
        ['POST', '/api/leads/import'],
      ] as const) {
        const refused = await call(method, url, key.headers, { name: 'Written By Key', email: 'k@k.test' });
        expect(refused.statusCode, `${method} ${url}`).toBe(403);
        expect(refused.json()).toEqual({ message: M.keyMissingScope('leads:write') });
      }
      const rows = await t.database.handle.db
        .selectFrom('leads')
        .select('name')
        .where('workspace_id', '=', boss.workspaceId)
        .execute();
      expect(rows.map((r) => r.name)).not.toContain('Written By Key');
      expect(rows.map((r) => r.name)).toContain('Kept Lead');
    });

    it('a key with every scope cannot call users, API keys, the profile, sessions, 2FA or the workspace (403)', async () => {
      const boss = await owner();
      const key = await createKey(t, boss.headers, API_KEY_SCOPES, 'Every scope');
      for (const [method, url, payload] of [
        ['GET', '/api/users', undefined],
        ['GET', '/api/api-keys', undefined],
        ['POST', '/api/api-keys', { name: 'Child key', scopes: ['leads:read'] }],
        ['DELETE', `/api/api-keys/${key.id}`, undefined],
        ['GET', '/api/profile', undefined],
        ['PUT', '/api/profile', { name: 'Renamed by key' }],
        ['GET', '/api/sessions', undefined],
        ['POST', '/api/logout', undefined],
        ['GET', '/api/profile/two-factor', undefined],
        ['GET', '/api/workspace', undefined],
        ['PUT', '/api/workspace', { name: 'Renamed by key' }],
        ['POST', '/api/workspace/invitations', { email: 'new@x.test' }],
        ['GET', '/api/security/audit', undefined],
        ['GET', '/api/scraped-data', undefined],
        ['POST', '/api/botgit/connect/approve', { code: 'x'.repeat(43) }],
      ] as const) {
        const response = await call(method, url, key.headers, payload);
        expect(response.statusCode, `${method} ${url}`).toBe(403);
        expect(response.json()).toEqual({ message: M.keyNotForRoute });
      }
      // Nothing was made or changed through them.
      const keys = await t.database.handle.db
        .selectFrom('api_keys')
        .select('name')
        .where('workspace_id', '=', boss.workspaceId)
        .execute();
      expect(keys.map((k) => k.name)).toEqual(['Every scope']);
      expect((await call('GET', '/api/leads', key.headers)).statusCode).toBe(200);
    });

    it("an Admin's key never reaches an Admin-only action", async () => {
      const admin = await seededAdmin(t);
      const key = await createKey(t, admin.headers, API_KEY_SCOPES, 'Admin key');
      for (const [method, url] of [
        ['GET', '/api/site-settings/draft'],
        ['GET', '/api/workspaces/deleted'],
        ['PUT', `/api/users/${admin.id}`],
        ['GET', `/api/users/${admin.id}/two-factor`],
      ] as const) {
        const response = await call(method, url, key.headers, method === 'PUT' ? { name: 'x' } : undefined);
        expect(response.statusCode, `${method} ${url}`).toBe(403);
      }
      await call('DELETE', `/api/api-keys/${key.id}`, admin.headers);
    });

    it('a revoked key answers 401 at once', async () => {
      const boss = await owner();
      const key = await createKey(t, boss.headers, ['leads:read']);
      expect((await call('GET', '/api/leads', key.headers)).statusCode).toBe(200);
      const revoked = await call('DELETE', `/api/api-keys/${key.id}`, boss.headers);
      expect(revoked.statusCode).toBe(200);
      expect(revoked.json().message).toBe(M.revoked('Key leads:read'));
      const after = await call('GET', '/api/leads', key.headers);
      expect(after.statusCode).toBe(401);
      expect(after.json()).toEqual({ message: M.keyInvalid });
      // Revoked once: a second revocation finds nothing.
      expect((await call('DELETE', `/api/api-keys/${key.id}`, boss.headers)).statusCode).toBe(404);
    });

    it("a key of workspace A reading or writing workspace B's lead gets 404, and B's lead is untouched", async () => {
      const alpha = await owner();
      const beta = await owner();
      const betaLead = await addLead(beta, 'Beta Secret');
      const key = await createKey(t, alpha.headers, ['leads:read', 'leads:write']);
      expect((await call('GET', `/api/leads/${betaLead}`, key.headers)).statusCode).toBe(404);
      expect((await call('PUT', `/api/leads/${betaLead}`, key.headers, { name: 'Taken' })).statusCode).toBe(
        404,
      );
      expect((await call('DELETE', `/api/leads/${betaLead}`, key.headers)).statusCode).toBe(404);
      const list = (await call('GET', '/api/leads?limit=100', key.headers)).json();
      expect(JSON.stringify(list)).not.toContain('Beta Secret');
      const read = await call('GET', `/api/leads/${betaLead}`, beta.headers);
      expect(read.json().name).toBe('Beta Secret');
    });

    it('a Team Member, a Marketing role, a Freelancer and a SOLOHQ cannot create, list or revoke keys (403)', async () => {
      const boss = await owner();
      const key = await createKey(t, boss.headers, ['leads:read']);
      for (const role of ['Team Member', 'SEO Manager', 'Social Media Manager', 'Freelancer', 'SOLOHQ']) {
        const member = await insertUser(t, { workspaceId: boss.workspaceId, role });
        const created = await call('POST', '/api/api-keys', member.headers, {
          name: 'Mine',
          scopes: ['leads:read'],
        });
        expect(created.statusCode, role).toBe(403);
        expect((await call('GET', '/api/api-keys', member.headers)).statusCode, role).toBe(403);
        expect((await call('DELETE', `/api/api-keys/${key.id}`, member.headers)).statusCode, role).toBe(403);
      }
      expect((await call('GET', '/api/leads', key.headers)).statusCode).toBe(200);
    });

    it('a Business Admin whose address is not confirmed cannot create a key', async () => {
      const workspace = await insertWorkspace(t, { name: 'Unproven' });
      const boss = await insertUser(t, {
        workspaceId: workspace.id,
        role: 'Business Admin',
        confirmed: false,
      });
      const created = await call('POST', '/api/api-keys', boss.headers, {
        name: 'Early',
        scopes: ['leads:read'],
      });
      expect(created.statusCode).toBe(403);
    });

    it("a Business Admin cannot revoke another workspace's key (404), which keeps working", async () => {
      const alpha = await owner();
      const beta = await owner();
      const key = await createKey(t, alpha.headers, ['leads:read']);
      expect((await call('DELETE', `/api/api-keys/${key.id}`, beta.headers)).statusCode).toBe(404);
      expect((await call('GET', '/api/leads', key.headers)).statusCode).toBe(200);
    });

    it('a key whose creator is deactivated, erased, moved to another workspace or whose workspace is deleted answers 401', async () => {
      const admin = await seededAdmin(t);
      const cases: [string, (user: TestUser) => Promise<void>][] = [
        [
          'deactivated',
          async (user) => {
            const response = await call('PUT', `/api/users/${user.id}`, admin.headers, {
              status: 'Inactive',
            });
            expect(response.statusCode, response.body).toBe(200);
          },
        ],
        [
          'erased',
          async (user) => {
            await t.database.handle.db.deleteFrom('users').where('id', '=', user.id).execute();
          },
        ],
        [
          'moved',
          async (user) => {
            const elsewhere = await insertWorkspace(t, { name: 'Elsewhere' });
            await t.database.handle.db
              .updateTable('users')
              .set({ workspace_id: elsewhere.id, role: 'Team Member' })
              .where('id', '=', user.id)
              .execute();
          },
        ],
        [
          'workspace deleted',
          async (user) => {
            const name = (
              await t.database.handle.db
                .selectFrom('workspaces')
                .select('name')
                .where('id', '=', user.workspaceId)
                .executeTakeFirstOrThrow()
            ).name;
            const response = await call('DELETE', '/api/workspace', user.headers, { confirmName: name });
            expect(response.statusCode, response.body).toBe(200);
          },
        ],
      ];
      for (const [what, happen] of cases) {
        const boss = await owner();
        const key = await createKey(t, boss.headers, ['leads:read']);
        expect((await call('GET', '/api/leads', key.headers)).statusCode, what).toBe(200);
        await happen(boss);
        const after = await call('GET', '/api/leads', key.headers);
        expect(after.statusCode, what).toBe(401);
        expect(after.json(), what).toEqual({ message: M.keyInvalid });
      }
    });

    it('a key whose creator loses the module its scope needs is refused (403) from the next request', async () => {
      const admin = await seededAdmin(t);
      const boss = await owner();
      const key = await createKey(t, boss.headers, ['leads:read']);
      expect((await call('GET', '/api/leads', key.headers)).statusCode).toBe(200);
      const bossPermissions = await call('PUT', `/api/users/${boss.id}/permissions`, admin.headers, {
        permissions: { dataCenter: false },
      });
      expect(bossPermissions.statusCode, bossPermissions.body).toBe(200);
      expect((await call('GET', '/api/leads', key.headers)).statusCode).toBe(403);
    });

    it('the key is answered once: never in the list, never stored, never in the log', async () => {
      const lines: string[] = [];
      const stream = new PassThrough();
      stream.on('data', (chunk: Buffer) => lines.push(chunk.toString()));
      const logged = await createTestApp({ logStream: stream });
      try {
        const workspace = await insertWorkspace(logged, { name: 'Logged' });
        const boss = await insertUser(logged, { workspaceId: workspace.id, role: 'Business Admin' });
        const created = await logged.app.inject({
          method: 'POST',
          url: '/api/api-keys',
          headers: boss.headers,
          payload: { name: 'Logged key', scopes: ['leads:read'] },
        });
        expect(created.statusCode).toBe(201);
        const { key, apiKey } = created.json();
        expect(key).toMatch(/^ahq_[0-9A-Za-z]{46}$/);
        expect(apiKey).toMatchObject({
          name: 'Logged key',
          scopes: ['leads:read'],
          prefix: key.slice(0, 8),
          lastUsedAt: null,
        });
        expect(Object.keys(apiKey)).toEqual(
          expect.arrayContaining(['_id', 'name', 'scopes', 'createdAt', 'lastUsedAt']),
        );
        // Used in its header, in a query, in a path; a wrong key and a revoked one too.
        const use = (url: string, authorization = `Bearer ${key}`) =>
          logged.app.inject({ method: 'GET', url, headers: { authorization } });
        expect((await use('/api/leads')).statusCode).toBe(200);
        await use(`/api/leads?search=${key}`);
        await use(`/api/leads/${key}`);
        await use('/api/leads', `Bearer ${key.slice(0, -1)}x`);
        const list = await logged.app.inject({ method: 'GET', url: '/api/api-keys', headers: boss.headers });
        expect(list.statusCode).toBe(200);
        expect(list.json().apiKeys).toHaveLength(1);
        expect(list.body).not.toContain(key);
        expect(list.body).not.toContain(key.slice(8));
        const row = await logged.database.handle.db
          .selectFrom('api_keys')
          .selectAll()
          .executeTakeFirstOrThrow();
        expect(JSON.stringify(row)).not.toContain(key.slice(8));
        await logged.app.inject({
          method: 'DELETE',
          url: `/api/api-keys/${apiKey._id}`,
          headers: boss.headers,
        });
        await use('/api/leads');
        const text = lines.join('');
        expect(text).toContain('/api/leads');
        expect(text).not.toContain(key.slice(8));
      } finally {
        await logged.close();
      }
    });
  });

  it('makes a key acting for its workspace: the list shows its scopes, prefix and last use', async () => {
    const boss = await owner();
    const own = await addLead(boss, 'Own Lead');
    const key = await createKey(t, boss.headers, ['leads:write', 'leads:read', 'leads:read'], 'Zapier');
    const read = await call('GET', `/api/leads/${own}`, key.headers);
    expect(read.statusCode).toBe(200);
    expect(read.json().name).toBe('Own Lead');
    const added = await call('POST', '/api/leads', key.headers, { name: 'By Key', email: 'by@key.test' });
    expect(added.statusCode).toBe(201);
    const list = (await call('GET', '/api/api-keys', boss.headers)).json();
    expect(list.limit).toBe(API_KEY_LIMITS.perWorkspace);
    expect(list.apiKeys).toEqual([
      expect.objectContaining({
        _id: key.id,
        name: 'Zapier',
        scopes: ['leads:read', 'leads:write'],
        prefix: key.key.slice(0, 8),
        lastUsedAt: now.toISOString(),
        lastUsedIp: '127.0.0.1',
        createdBy: expect.objectContaining({ email: boss.email }),
      }),
    ]);
  });

  it("reads a lead's timeline with leads:read and adds notes with leads:write; saved views and webhooks refuse keys", async () => {
    const boss = await owner();
    const lead = await addLead(boss, 'Timeline Lead');
    const reader = await createKey(t, boss.headers, ['leads:read']);
    const writer = await createKey(t, boss.headers, ['leads:write']);
    const note = { text: 'Called, will send the quote' };
    const refused = await call('POST', `/api/leads/${lead}/notes`, reader.headers, note);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(M.keyMissingScope('leads:write'));
    const added = await call('POST', `/api/leads/${lead}/notes`, writer.headers, note);
    expect(added.statusCode, added.body).toBe(201);
    const timeline = await call('GET', `/api/leads/${lead}/timeline`, reader.headers);
    expect(timeline.statusCode).toBe(200);
    const entry = timeline
      .json()
      .entries.find((e: { kind: string; data: { text?: string } }) => e.kind === 'note');
    // Written as the key's creator.
    expect(entry).toMatchObject({ data: note, actor: { id: boss.id } });
    expect((await call('GET', `/api/leads/${lead}/timeline`, writer.headers)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/leads/${lead}/notes/${entry.id}`, writer.headers)).statusCode).toBe(
      200,
    );

    const every = await createKey(t, boss.headers, API_KEY_SCOPES, 'Every scope');
    for (const [method, url] of [
      ['GET', '/api/leads/views'],
      ['POST', '/api/leads/views'],
      ['GET', '/api/webhooks'],
      ['POST', '/api/webhooks'],
      ['GET', '/api/integrations'],
    ] as const) {
      const response = await call(method, url, every.headers, method === 'POST' ? {} : undefined);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json().message).toBe(M.keyNotForRoute);
    }
  });

  it('refuses a nameless key, no scope and an unknown scope (400)', async () => {
    const boss = await owner();
    for (const payload of [
      { name: '  ', scopes: ['leads:read'] },
      { name: 'No scopes', scopes: [] },
      { name: 'Bad scope', scopes: ['users:write'] },
      { name: 'x'.repeat(61), scopes: ['leads:read'] },
    ])
      expect((await call('POST', '/api/api-keys', boss.headers, payload)).statusCode).toBe(400);
  });

  it('writes "last used" at most once a minute, and at once from a new address', async () => {
    const boss = await owner();
    const key = await createKey(t, boss.headers, ['leads:read']);
    const lastUsed = async () =>
      t.database.handle.db
        .selectFrom('api_keys')
        .select(['last_used_at', 'last_used_ip'])
        .where('id', '=', key.id)
        .executeTakeFirstOrThrow();
    await call('GET', '/api/leads', key.headers);
    const first = now.toISOString();
    expect(await lastUsed()).toEqual({ last_used_at: first, last_used_ip: '127.0.0.1' });
    later(30_000);
    await call('GET', '/api/leads', key.headers);
    expect((await lastUsed()).last_used_at).toBe(first);
    later(1_000);
    await call('GET', '/api/leads', key.headers, undefined, '203.0.113.9');
    expect(await lastUsed()).toEqual({ last_used_at: now.toISOString(), last_used_ip: '203.0.113.9' });
    later(60_000);
    await call('GET', '/api/leads', key.headers, undefined, '203.0.113.9');
    expect((await lastUsed()).last_used_at).toBe(now.toISOString());
  });

  it('audits creation, the first use from each address and revocation', async () => {
    const boss = await owner();
    const key = await createKey(t, boss.headers, ['leads:read', 'blogs:read'], 'Reporting');
    await call('GET', '/api/leads', key.headers);
    later(61_000);
    await call('GET', '/api/leads', key.headers);
    await call('GET', '/api/leads', key.headers, undefined, '198.51.100.7');
    later(61_000);
    await call('GET', '/api/leads', key.headers);
    await call('GET', '/api/leads', key.headers, undefined, '198.51.100.7');
    await call('DELETE', `/api/api-keys/${key.id}`, boss.headers);
    expect(await auditActions(boss.workspaceId)).toEqual([
      M.auditCreated('Reporting', 'leads:read, blogs:read'),
      M.auditNewAddress('Reporting'),
      M.auditNewAddress('Reporting'),
      M.auditRevoked('Reporting'),
    ]);
    const audit = await call('GET', '/api/security/audit?kind=api-key', boss.headers);
    expect(audit.statusCode).toBe(200);
    expect(audit.json().entries.map((e: { ip: string | null }) => e.ip)).toContain('198.51.100.7');
  });

  it("Manage Integrations shows the workspace's keys, and its scraped-data:write keys used in 30 days as connected extensions", async () => {
    const boss = await owner();
    const overview = async () => {
      const response = await call('GET', '/api/integrations', boss.headers);
      expect(response.statusCode, response.body).toBe(200);
      const { apiKeys, botgit } = response.json();
      return { apiKeys, connected: botgit.connectedExtensions };
    };
    expect(await overview()).toEqual({ apiKeys: { total: 0, lastUsedAt: null }, connected: 0 });
    const extension = await createKey(t, boss.headers, ['scraped-data:write'], 'Botgit extension');
    const idle = await createKey(t, boss.headers, ['scraped-data:write', 'leads:read'], 'Idle');
    const reader = await createKey(t, boss.headers, ['leads:read'], 'Reader');
    // Another workspace's extension counts only there.
    const stranger = await owner();
    const theirs = await createKey(t, stranger.headers, ['scraped-data:write']);
    expect((await call('GET', '/api/botgit/settings', theirs.headers)).statusCode).toBe(200);
    expect(await overview()).toEqual({ apiKeys: { total: 3, lastUsedAt: null }, connected: 0 });

    expect((await call('GET', '/api/botgit/settings', extension.headers)).statusCode).toBe(200);
    later(60_000);
    expect((await call('GET', '/api/leads', reader.headers)).statusCode).toBe(200);
    expect(await overview()).toEqual({ apiKeys: { total: 3, lastUsedAt: now.toISOString() }, connected: 1 });

    // 30 days later the extension's last use is 30 days and a minute old: no longer connected.
    later(30 * 24 * 60 * 60 * 1000);
    expect((await overview()).connected).toBe(0);
    expect((await call('GET', '/api/leads', idle.headers)).statusCode).toBe(200);
    expect(await overview()).toEqual({ apiKeys: { total: 3, lastUsedAt: now.toISOString() }, connected: 1 });
    // A revoked key is neither a key of the workspace nor a connected extension.
    expect((await call('DELETE', `/api/api-keys/${idle.id}`, boss.headers)).statusCode).toBe(200);
    expect(await overview()).toEqual({ apiKeys: { total: 2, lastUsedAt: expect.any(String) }, connected: 0 });
  });

  it('limits the requests of one key a minute (429 with Retry-After), not those of another', async () => {
    const boss = await owner();
    const busy = await createKey(t, boss.headers, ['leads:read']);
    const calm = await createKey(t, boss.headers, ['leads:read']);
    const answers = await Promise.all(
      Array.from({ length: API_KEY_LIMITS.requestsPerMinute + 5 }, () =>
        call('GET', '/api/leads/summary', busy.headers),
      ),
    );
    const limited = answers.filter((a) => a.statusCode === 429);
    expect(limited).toHaveLength(5);
    expect(Number(limited[0]!.headers['retry-after'])).toBeGreaterThan(0);
    expect((await call('GET', '/api/leads/summary', calm.headers)).statusCode).toBe(200);
  });

  it('keeps at most 50 live keys a workspace (409); revoking one makes room', async () => {
    const boss = await owner();
    const keys = [];
    for (let i = 0; i < API_KEY_LIMITS.perWorkspace; i += 1)
      keys.push(await createKey(t, boss.headers, ['leads:read'], `Key ${i}`));
    const refused = await call('POST', '/api/api-keys', boss.headers, {
      name: 'One more',
      scopes: ['leads:read'],
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(M.limitReached(API_KEY_LIMITS.perWorkspace));
    await call('DELETE', `/api/api-keys/${keys[0]!.id}`, boss.headers);
    expect(
      (await call('POST', '/api/api-keys', boss.headers, { name: 'Now', scopes: ['leads:read'] })).statusCode,
    ).toBe(201);
  });

  it('refuses malformed keys without a read, and a session token still works beside keys', async () => {
    const boss = await owner();
    const key = await createKey(t, boss.headers, ['leads:read']);
    for (const bad of ['ahq_', 'ahq_short', `${key.key}x`, `${key.key.slice(0, -2)}AA`])
      expect((await call('GET', '/api/leads', { authorization: `Bearer ${bad}` })).statusCode, bad).toBe(401);
    expect((await call('GET', '/api/leads', boss.headers)).statusCode).toBe(200);
  });

  it('blogs:read shows the workspace’s drafts on the public reads; without it a key reads what anyone reads', async () => {
    const admin = await seededAdmin(t);
    const categories = await call('POST', '/api/categories', admin.headers, {
      name: 'Key News',
      description: '',
    });
    expect(categories.statusCode).toBe(201);
    const reader = await createKey(t, admin.headers, ['blogs:read'], 'Blog reader');
    const other = await createKey(t, admin.headers, ['leads:read'], 'Lead reader');
    const drafts = (headers: Headers) => call('GET', '/api/blogs?status=draft', headers);
    const draftsWithScope = await drafts(reader.headers);
    expect(draftsWithScope.statusCode).toBe(200);
    const anonymous = await call('GET', '/api/blogs?status=draft');
    const withoutScope = await drafts(other.headers);
    expect(withoutScope.statusCode).toBe(200);
    expect(withoutScope.json().blogs).toEqual(anonymous.json().blogs);
    await call('DELETE', `/api/api-keys/${reader.id}`, admin.headers);
    await call('DELETE', `/api/api-keys/${other.id}`, admin.headers);
  });
});

/**
 * Connecting the Botgit extension (docs/product/integrations.md#connect-botgit): the PKCE-like claim. Each
 * attack was run failing with its defence removed.
 */
describe('Connect Botgit', () => {
  let t: TestApp;
  let now = new Date('2026-11-20T09:00:00.000Z');
  const call = (method: Method, url: string, headers?: Headers, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: headers ?? {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const start = async (challenge: string) => {
    const response = await call('POST', '/api/botgit/connect', undefined, { challenge });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().code as string;
  };
  const approve = (user: TestUser, code: string) =>
    call('POST', '/api/botgit/connect/approve', user.headers, { code });
  const claim = (code: string, verifier: string) =>
    call('POST', '/api/botgit/connect/claim', undefined, { code, verifier });
  let counter = 0;
  async function member(role = 'Business Admin'): Promise<TestUser> {
    counter += 1;
    const workspace = await insertWorkspace(t, { name: `Botgit Connect ${counter}` });
    return insertUser(t, { workspaceId: workspace.id, role });
  }

  beforeAll(async () => {
    t = await createTestApp({ clock: () => now });
  });
  afterAll(async () => t?.close());

  it('start, approve, claim: a scraped-data:write key acting as the approver, once', async () => {
    const user = await member('SEO Manager');
    const { verifier, challenge } = pkce();
    const code = await start(challenge);
    expect((await claim(code, verifier)).statusCode).toBe(202);
    const approved = await approve(user, code);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().message).toBe(C.approved);
    const claimed = await claim(code, verifier);
    expect(claimed.statusCode, claimed.body).toBe(200);
    const { key, user: who, workspaceName } = claimed.json();
    expect(who.email).toBe(user.email);
    expect(workspaceName).toMatch(/^Botgit Connect/);
    const headers = { authorization: `Bearer ${key}` };
    const row = await t.database.handle.db
      .selectFrom('api_keys')
      .selectAll()
      .where('created_by', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: BOTGIT_CONNECT.keyName, scopes: '["scraped-data:write"]' });

    const saved = await call('POST', '/api/scraped-data', headers, {
      profileUrl: 'https://www.linkedin.com/in/key-person',
      name: 'Key Person',
    });
    expect(saved.statusCode).toBe(201);
    expect((await call('GET', '/api/botgit/settings', headers)).statusCode).toBe(200);
    // Nothing broader: not the list of profiles, not leads, not the settings' writes.
    expect((await call('GET', '/api/scraped-data', headers)).statusCode).toBe(403);
    expect((await call('PUT', '/api/botgit/settings', headers, {})).statusCode).toBe(403);
    expect((await call('GET', '/api/leads', headers)).statusCode).toBe(403);
    const list = (await call('GET', '/api/scraped-data', user.headers)).json();
    expect(list.data.map((p: { name: string }) => p.name)).toEqual(['Key Person']);

    // The extension disconnects: its key is revoked at once.
    const disconnected = await call('DELETE', '/api/botgit/connect', headers);
    expect(disconnected.statusCode).toBe(200);
    expect((await call('GET', '/api/botgit/settings', headers)).statusCode).toBe(401);
    // A session has no key to revoke.
    expect((await call('DELETE', '/api/botgit/connect', user.headers)).statusCode).toBe(400);
  });

  it('attack: a claim without the right verifier gets nothing, and the right one still can', async () => {
    const user = await member();
    const { verifier, challenge } = pkce();
    const code = await start(challenge);
    expect((await approve(user, code)).statusCode).toBe(200);
    const stranger = pkce();
    const wrong = await claim(code, stranger.verifier);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: C.claimRefused });
    // The challenge itself is no verifier.
    expect((await claim(code, challenge)).statusCode).toBe(400);
    expect((await call('POST', '/api/botgit/connect/claim', undefined, { code })).statusCode).toBe(400);
    expect((await claim(code, verifier)).statusCode).toBe(200);
  });

  it('attack: a second claim gets nothing', async () => {
    const user = await member();
    const { verifier, challenge } = pkce();
    const code = await start(challenge);
    await approve(user, code);
    expect((await claim(code, verifier)).statusCode).toBe(200);
    const again = await claim(code, verifier);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: C.claimRefused });
    const keys = await t.database.handle.db
      .selectFrom('api_keys')
      .select('id')
      .where('created_by', '=', user.id)
      .execute();
    expect(keys).toHaveLength(1);
  });

  it('attack: a claim racing another for one approval makes one key', async () => {
    const user = await member();
    const { verifier, challenge } = pkce();
    const code = await start(challenge);
    await approve(user, code);
    const answers = await Promise.all(Array.from({ length: 5 }, () => claim(code, verifier)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    const keys = await t.database.handle.db
      .selectFrom('api_keys')
      .select('id')
      .where('created_by', '=', user.id)
      .execute();
    expect(keys).toHaveLength(1);
  });

  it('attack: an expired code can neither be approved nor claimed', async () => {
    const user = await member();
    const { verifier, challenge } = pkce();
    const code = await start(challenge);
    now = new Date(now.getTime() + BOTGIT_CONNECT.ttlMs + 1000);
    const late = await approve(user, code);
    expect(late.statusCode).toBe(404);
    expect(late.json()).toEqual({ message: C.invalidCode });
    expect((await claim(code, verifier)).statusCode).toBe(400);

    // Approved in time, claimed too late.
    const second = pkce();
    const code2 = await start(second.challenge);
    expect((await approve(user, code2)).statusCode).toBe(200);
    now = new Date(now.getTime() + BOTGIT_CONNECT.ttlMs + 1000);
    expect((await claim(code2, second.verifier)).statusCode).toBe(400);
  });

  it("attack: another user's code cannot be approved again, nor claimed with another verifier", async () => {
    const alice = await member();
    const mallory = await member();
    const { verifier, challenge } = pkce();
    const code = await start(challenge);
    expect((await approve(alice, code)).statusCode).toBe(200);
    const taken = await approve(mallory, code);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ message: C.alreadyApproved });
    expect((await claim(code, pkce().verifier)).statusCode).toBe(400);
    const claimed = await claim(code, verifier);
    expect(claimed.json().user.email).toBe(alice.email);
  });

  it('attack: an unknown code is refused; a code needs a session to be approved, and one that sees Botgit', async () => {
    const { challenge } = pkce();
    const code = await start(challenge);
    expect((await call('POST', '/api/botgit/connect/approve', undefined, { code })).statusCode).toBe(401);
    const teamMember = await member('Team Member');
    expect((await approve(teamMember, code)).statusCode).toBe(403);
    const user = await member();
    expect((await approve(user, 'A'.repeat(43))).statusCode).toBe(404);
    expect((await claim('A'.repeat(43), pkce().verifier)).statusCode).toBe(400);
  });

  it('a user with two-factor sign-in approves with their session; the key then needs no code', async () => {
    now = new Date();
    const user = await member('Freelancer');
    const setup = await call('POST', '/api/profile/two-factor/setup', user.headers, { password: PASSWORD });
    expect(setup.statusCode).toBe(200);
    const confirm = await call('POST', '/api/profile/two-factor/confirm', user.headers, {
      code: totpCode(setup.json().secret, now),
    });
    expect(confirm.statusCode).toBe(200);
    now = new Date(now.getTime() + TWO_FACTOR.periodSeconds * 1000);
    // Turning 2FA on kept this session (docs/product/auth.md#two-factor-sign-in).
    const { verifier, challenge } = pkce();
    const code = await start(challenge);
    expect((await approve(user, code)).statusCode).toBe(200);
    const { key } = (await claim(code, verifier)).json();
    expect((await call('GET', '/api/botgit/settings', { authorization: `Bearer ${key}` })).statusCode).toBe(
      200,
    );
    // And the password alone still gives no session: the key is not a way round the second step.
    const login = await call('POST', '/api/login', undefined, { email: user.email, password: PASSWORD });
    expect(login.json().token).toBeUndefined();
  });

  it('limits connection requests per client address', async () => {
    const limited = await createTestApp({ config: { addressLimitMultiplier: 1 } });
    try {
      const answers = [];
      for (let i = 0; i < BOTGIT_CONNECT.startLimit.limit + 1; i += 1)
        answers.push(
          await limited.app.inject({
            method: 'POST',
            url: '/api/botgit/connect',
            payload: { challenge: pkce().challenge },
          }),
        );
      expect(answers.slice(0, -1).every((a) => a.statusCode === 201)).toBe(true);
      expect(answers.at(-1)!.statusCode).toBe(429);
      expect(answers.at(-1)!.headers['retry-after']).toBeTruthy();
    } finally {
      await limited.close();
    }
  });
});
