import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_MESSAGES as M } from '../../src/shared/messages';
import { WEBHOOK_LIMITS } from '../../src/shared/webhooks';
import { createTestApp, type TestApp } from './support/test-app';
import { call, insertUser, insertWorkspace, seededAdmin, type TestUser } from './support/users';

type Headers = { authorization: string };

/** A public address literal: no DNS needed, and the guard lets it through. */
const PUBLIC_URL = 'https://93.184.215.14/hooks';

/**
 * Managing webhooks (docs/product/integrations.md#webhooks, docs/security.md#webhooks): who may, within
 * which workspace, which targets, and that the secret is shown once and never again, in answers or logs.
 * Without ALLOW_PRIVATE_WEBHOOKS, and with an https SITE_URL (production): the guard is on.
 */
describe('webhooks: managing them', () => {
  let t: TestApp;
  let admin: TestUser;
  let owner: TestUser;
  let other: TestUser;
  const log: string[] = [];

  const create = (headers: Headers | undefined, payload: unknown) =>
    call(t.app, 'POST', '/api/webhooks', headers, payload);

  beforeAll(async () => {
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => log.push(chunk.toString()));
    t = await createTestApp({ logStream: stream });
    admin = await seededAdmin(t);
    owner = await insertUser(t, {
      workspaceId: (await insertWorkspace(t, { name: 'Hook Co' })).id,
      role: 'Business Admin',
    });
    other = await insertUser(t, {
      workspaceId: (await insertWorkspace(t, { name: 'Other Co' })).id,
      role: 'Business Admin',
    });
  });
  afterAll(async () => t.close());

  it('creates a webhook: 201 with the webhook and its secret, shown this once', async () => {
    const response = await create(owner.headers, {
      url: PUBLIC_URL,
      events: ['lead.created', 'post.published'],
    });
    expect(response.statusCode).toBe(201);
    const { webhook, secret } = response.json();
    expect(webhook).toMatchObject({
      url: PUBLIC_URL,
      events: ['lead.created', 'post.published'],
      active: true,
    });
    expect(webhook._id).toEqual(expect.any(String));
    expect(secret).toMatch(/^whsec_[\w-]{43}$/);

    const list = await call(t.app, 'GET', '/api/webhooks', owner.headers);
    expect(list.statusCode).toBe(200);
    expect(list.json().webhooks.map((w: { _id: string }) => w._id)).toEqual([webhook._id]);
    expect(list.json().limit).toBe(WEBHOOK_LIMITS.perWorkspace);
    expect(list.body).not.toContain(secret);
    expect(list.body).not.toMatch(/whsec_|secret/i);

    // Sealed at rest: the database holds neither the secret nor anything that opens without SECRET_KEY.
    const row = await t.database.handle.db
      .selectFrom('webhooks')
      .selectAll()
      .where('id', '=', webhook._id)
      .executeTakeFirstOrThrow();
    expect(row.secret_sealed).toMatch(/^v1\./);
    expect(row.secret_sealed).not.toContain(secret.slice(6));
    // Nor is it in the log, at trace level.
    expect(log.join('')).not.toContain(secret);
    expect(log.join('')).not.toContain(secret.slice(6));
  });

  it('refuses a Team Member (403) and any other role but Admin and Business Admin', async () => {
    const member = await insertUser(t, {
      workspaceId: owner.workspaceId,
      role: 'Team Member',
      permissions: JSON.stringify({ settingsConfiguration: true }),
    });
    const manager = await insertUser(t, {
      workspaceId: owner.workspaceId,
      role: 'Project Manager',
      permissions: JSON.stringify({ settingsConfiguration: true }),
    });
    const freelancer = await insertUser(t, {
      workspaceId: (await insertWorkspace(t, { kind: 'personal' })).id,
      role: 'Freelancer',
    });
    for (const user of [member, manager, freelancer]) {
      const created = await create(user.headers, { url: PUBLIC_URL, events: ['lead.created'] });
      expect(created.statusCode).toBe(403);
      expect((await call(t.app, 'GET', '/api/webhooks', user.headers)).statusCode).toBe(403);
      expect((await call(t.app, 'GET', '/api/integrations', user.headers)).statusCode).toBe(403);
    }
    expect((await create(undefined, { url: PUBLIC_URL, events: ['lead.created'] })).statusCode).toBe(401);
    const count = await t.database.handle.db
      .selectFrom('webhooks')
      .select('id')
      .where('workspace_id', '=', owner.workspaceId)
      .execute();
    expect(count).toHaveLength(1);
  });

  it("answers 404 for another workspace's webhook, to every route, and changes nothing", async () => {
    const { webhook } = (await create(owner.headers, { url: PUBLIC_URL, events: ['lead.converted'] })).json();
    const base = `/api/webhooks/${webhook._id}`;
    const attempts = [
      call(t.app, 'GET', `${base}/deliveries`, other.headers),
      t.app.inject({ method: 'PATCH', url: base, headers: other.headers, payload: { active: false } }),
      call(t.app, 'DELETE', base, other.headers),
      call(t.app, 'POST', `${base}/secret`, other.headers),
      call(t.app, 'POST', `${base}/test`, other.headers),
      call(t.app, 'POST', `${base}/deliveries/x/retry`, other.headers),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(M.notFound);
    }
    expect((await call(t.app, 'GET', '/api/webhooks', other.headers)).json().webhooks).toEqual([]);
    const row = await t.database.handle.db
      .selectFrom('webhooks')
      .selectAll()
      .where('id', '=', webhook._id)
      .executeTakeFirstOrThrow();
    expect(row.active).toBe(1);
    const deliveries = await t.database.handle.db
      .selectFrom('webhook_deliveries')
      .select('id')
      .where('webhook_id', '=', webhook._id)
      .execute();
    expect(deliveries).toEqual([]);
  });

  it.each([
    ['the loopback address', 'https://127.0.0.1/hooks', '127.0.0.1'],
    ['a name resolving to loopback', 'https://localhost:8443/hooks', 'localhost'],
    ['10/8', 'https://10.1.2.3/hooks', '10.1.2.3'],
    ['192.168/16', 'https://192.168.0.10/hooks', '192.168.0.10'],
    [
      'the cloud metadata service (169.254/16)',
      'https://169.254.169.254/latest/meta-data',
      '169.254.169.254',
    ],
    ['an IPv6 unique local address', 'https://[fd00::1]/hooks', 'fd00::1'],
    ['IPv6 loopback', 'https://[::1]/hooks', '::1'],
    ['IPv4 loopback inside IPv6', 'https://[::ffff:127.0.0.1]/hooks', '::ffff:7f00:1'],
  ])('refuses %s as a target (400, nothing stored)', async (_case, url, host) => {
    const before = await t.database.handle.db.selectFrom('webhooks').select('id').execute();
    const response = await create(owner.headers, { url, events: ['lead.created'] });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(M.privateAddress(host));
    expect(response.json().errors).toEqual([{ field: 'url', message: M.privateAddress(host) }]);
    expect(await t.database.handle.db.selectFrom('webhooks').select('id').execute()).toHaveLength(
      before.length,
    );
  });

  it('refuses a new URL pointing inside just the same', async () => {
    const { webhook } = (await create(owner.headers, { url: PUBLIC_URL, events: ['lead.created'] })).json();
    const moved = await t.app.inject({
      method: 'PATCH',
      url: `/api/webhooks/${webhook._id}`,
      headers: owner.headers,
      payload: { url: 'https://10.0.0.7/x' },
    });
    expect(moved.statusCode).toBe(400);
    const row = await t.database.handle.db
      .selectFrom('webhooks')
      .select('url')
      .where('id', '=', webhook._id)
      .executeTakeFirstOrThrow();
    expect(row.url).toBe(PUBLIC_URL);
    await call(t.app, 'DELETE', `/api/webhooks/${webhook._id}`, owner.headers);
  });

  it.each([
    ['plain http in production', 'http://93.184.215.14/hooks', M.httpsRequired],
    ['another scheme', 'ftp://93.184.215.14/hooks', M.urlInvalid],
    ['no URL at all', 'not a url', M.urlInvalid],
    ['credentials in the URL', 'https://user:pass@93.184.215.14/hooks', M.urlCredentials],
    ['a URL past 2,048 characters', `https://93.184.215.14/${'a'.repeat(2048)}`, M.urlTooLong],
  ])('refuses %s (400)', async (_case, url, message) => {
    const response = await create(owner.headers, { url, events: ['lead.created'] });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0]).toEqual({ field: 'url', message });
  });

  it('refuses no events and unknown events (400)', async () => {
    expect((await create(owner.headers, { url: PUBLIC_URL, events: [] })).json().errors[0].message).toBe(
      M.eventsRequired,
    );
    expect((await create(owner.headers, { url: PUBLIC_URL, events: ['lead.deleted'] })).statusCode).toBe(400);
  });

  it('holds a workspace to 10 webhooks, with a clear message (409), also when asked at once', async () => {
    const workspace = await insertWorkspace(t, { name: 'Capped Co' });
    const capped = await insertUser(t, { workspaceId: workspace.id, role: 'Business Admin' });
    const answers = await Promise.all(
      Array.from({ length: 14 }, () => create(capped.headers, { url: PUBLIC_URL, events: ['lead.created'] })),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(10);
    const refused = answers.filter((a) => a.statusCode !== 201);
    expect(refused.map((a) => a.statusCode)).toEqual([409, 409, 409, 409]);
    expect(refused[0]!.json().message).toBe(M.limitReached);
  });

  it('pauses and resumes; a resumed webhook forgets its failures', async () => {
    const { webhook } = (await create(owner.headers, { url: PUBLIC_URL, events: ['lead.created'] })).json();
    await t.database.handle.db
      .updateTable('webhooks')
      .set({ failing_since: '2020-01-01T00:00:00.000Z' })
      .where('id', '=', webhook._id)
      .execute();
    const patch = (payload: unknown) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/webhooks/${webhook._id}`,
        headers: owner.headers,
        payload: payload as object,
      });
    expect((await patch({ active: false })).json().webhook).toMatchObject({
      active: false,
      pausedReason: null,
    });
    const resumed = (await patch({ active: true })).json().webhook;
    expect(resumed).toMatchObject({ active: true, failingSince: null });
    expect((await patch({ events: ['post.published', 'lead.created'] })).json().webhook.events).toEqual([
      'lead.created',
      'post.published',
    ]);
  });

  it('rolls the secret: a new one, shown once; the old one is gone', async () => {
    const { webhook, secret } = (
      await create(owner.headers, { url: PUBLIC_URL, events: ['lead.created'] })
    ).json();
    const rolled = await call(t.app, 'POST', `/api/webhooks/${webhook._id}/secret`, owner.headers);
    expect(rolled.statusCode).toBe(200);
    expect(rolled.json().secret).toMatch(/^whsec_/);
    expect(rolled.json().secret).not.toBe(secret);
    expect(log.join('')).not.toContain(rolled.json().secret);
  });

  it('queues events only for the workspace where they happen', async () => {
    const { webhook } = (await create(owner.headers, { url: PUBLIC_URL, events: ['lead.created'] })).json();
    const lead = {
      name: 'Elsewhere Lead',
      email: 'elsewhere@lead.test',
      phone: '',
      company: '',
      source: 'Website',
      notes: '',
    };
    expect((await call(t.app, 'POST', '/api/leads', other.headers, lead)).statusCode).toBe(201);
    expect(
      (await call(t.app, 'POST', '/api/leads', admin.headers, { ...lead, email: 'agency@lead.test' }))
        .statusCode,
    ).toBe(201);
    const queued = () =>
      t.database.handle.db
        .selectFrom('webhook_deliveries')
        .select(['webhook_id', 'workspace_id', 'payload'])
        .execute();
    expect(await queued()).toEqual([]);
    expect(
      (await call(t.app, 'POST', '/api/leads', owner.headers, { ...lead, email: 'mine@lead.test' }))
        .statusCode,
    ).toBe(201);
    // One event for each of the workspace's webhooks taking lead.created (this one among them), none elsewhere.
    const rows = await queued();
    expect(rows.map((r) => r.webhook_id)).toContain(webhook._id);
    expect(new Set(rows.map((r) => r.workspace_id))).toEqual(new Set([owner.workspaceId]));
    expect(new Set(rows.map((r) => JSON.parse(r.payload).data.lead.email))).toEqual(
      new Set(['mine@lead.test']),
    );
    expect(new Set(rows.map((r) => JSON.parse(r.payload).id)).size).toBe(1);
  });

  it('records who changed webhooks in the audit log, and deletes with the log', async () => {
    const { webhook } = (await create(owner.headers, { url: PUBLIC_URL, events: ['lead.created'] })).json();
    await call(t.app, 'POST', `/api/webhooks/${webhook._id}/test`, owner.headers);
    const removed = await call(t.app, 'DELETE', `/api/webhooks/${webhook._id}`, owner.headers);
    expect(removed.statusCode).toBe(200);
    expect(
      await t.database.handle.db
        .selectFrom('webhook_deliveries')
        .select('id')
        .where('webhook_id', '=', webhook._id)
        .execute(),
    ).toEqual([]);
    const audit = await call(t.app, 'GET', '/api/security/audit?kind=webhook-changed', owner.headers);
    const actions = audit.json().entries.map((e: { action: string }) => e.action);
    expect(actions.some((a: string) => a.includes('added a webhook to 93.184.215.14'))).toBe(true);
    expect(actions.some((a: string) => a.includes('deleted the webhook to 93.184.215.14'))).toBe(true);
  });

  it("shows the workspace's integrations as they are", async () => {
    const overview = await call(t.app, 'GET', '/api/integrations', owner.headers);
    expect(overview.statusCode).toBe(200);
    expect(overview.json()).toMatchObject({
      email: { transport: expect.any(String), healthy: expect.any(Boolean) },
      botgit: { connectedExtensions: 0, lastIngestAt: null, profiles: 0 },
      webhooks: { total: expect.any(Number), active: expect.any(Number), failing: 0 },
      apiKeys: { total: 0, lastUsedAt: null },
    });
    expect((await call(t.app, 'GET', '/api/integrations', admin.headers)).json().webhooks.total).toBe(0);
  });
});
