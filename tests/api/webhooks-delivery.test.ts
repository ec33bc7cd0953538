import { PassThrough } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_MESSAGES as M } from '../../src/shared/messages';
import { WEBHOOK_EVENTS, WEBHOOK_LIMITS, WEBHOOK_RETRY_DELAYS_MS } from '../../src/shared/webhooks';
import { createTestApp, reopenTestDatabase, type TestApp } from './support/test-app';
import { call, insertUser, insertWorkspace, seededAdmin, type TestUser } from './support/users';
import { blogFields, createBlog, createCategory, setStatus } from './support/blogs';
import { importCsv } from './support/leads';
import { readmeVerifier, startReceiver, type Receiver } from './support/webhooks';
import { claimDueDeliveries } from '../../src/server/modules/webhooks/webhooks.repository';

type Headers = { authorization: string };
const SECOND = 1000;
const DAY = 24 * 60 * 60 * SECOND;

/**
 * Deliveries (docs/product/integrations.md#webhooks, docs/decisions/0016-webhooks.md) to a real HTTP
 * receiver on a loopback port, hence ALLOW_PRIVATE_WEBHOOKS; the instance without it shows the address is
 * checked again as each connection is made. The signature is checked with the README's own recipe.
 */
describe('webhooks: deliveries', () => {
  let t: TestApp;
  let receiver: Receiver;
  let verify: Awaited<ReturnType<typeof readmeVerifier>>;
  let admin: TestUser;
  let owner: TestUser;
  const clock = { now: new Date() };
  const log: string[] = [];
  const secrets: string[] = [];

  const deliver = (app: TestApp = t) => app.app.webhooks.deliverDue();
  const later = (ms: number) => {
    clock.now = new Date(clock.now.getTime() + ms);
  };
  async function hook(headers: Headers, events: readonly string[] = WEBHOOK_EVENTS, url = receiver.url) {
    const response = await call(t.app, 'POST', '/api/webhooks', headers, { url, events });
    expect(response.statusCode, response.body).toBe(201);
    const { webhook, secret } = response.json();
    secrets.push(secret);
    return { id: webhook._id as string, secret: secret as string };
  }
  const deliveries = async (id: string, headers: Headers = owner.headers) => {
    const response = await call(t.app, 'GET', `/api/webhooks/${id}/deliveries`, headers);
    expect(response.statusCode).toBe(200);
    return response.json().deliveries as Record<string, unknown>[];
  };
  const newLead = (headers: Headers, email: string, extra: Record<string, string> = {}) =>
    call(t.app, 'POST', '/api/leads', headers, {
      name: 'Hook Lead',
      email,
      phone: '',
      company: 'Hooks Ltd',
      source: 'Website',
      notes: '',
      ...extra,
    });
  beforeAll(async () => {
    receiver = await startReceiver();
    verify = await readmeVerifier();
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => log.push(chunk.toString()));
    t = await createTestApp({
      clock: () => clock.now,
      config: { allowPrivateWebhooks: true },
      logStream: stream,
    });
    admin = await seededAdmin(t);
    const workspace = await insertWorkspace(t, { name: 'Receiving Co' });
    owner = await insertUser(t, { workspaceId: workspace.id, role: 'Business Admin' });
  });
  afterEach(async () => {
    // Each test counts only its own webhooks and deliveries, on a clock back at the real time (the
    // README's recipe checks a signature's time against the real clock).
    receiver.received.length = 0;
    await t.database.handle.db.deleteFrom('webhooks').execute();
    clock.now = new Date();
  });
  afterAll(async () => {
    // The secret is never logged, at any level, whatever happened to the deliveries.
    const text = log.join('');
    for (const secret of secrets) expect(text).not.toContain(secret.slice(6));
    await t?.close();
    await receiver?.close();
  });

  it("signs each delivery so that the README's recipe verifies it", async () => {
    const { id, secret } = await hook(owner.headers, ['lead.created']);
    expect((await newLead(owner.headers, 'signed@hooks.test')).statusCode).toBe(201);
    expect(await deliver()).toBe(1);
    const [request] = await receiver.waitFor(1);
    expect(request!.headers['content-type']).toBe('application/json');
    expect(request!.headers['x-agencyhq-event']).toBe('lead.created');
    const header = String(request!.headers['x-agencyhq-signature']);
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verify(request!.rawBody, header, secret)).toBe(true);
    expect(verify(request!.rawBody, header, `${secret}x`)).toBe(false);
    expect(verify(request!.rawBody.replace('signed@', 'forged@'), header, secret)).toBe(false);
    expect(Object.keys(request!.json)).toEqual(['id', 'event', 'createdAt', 'data']);
    expect(request!.json).toMatchObject({
      event: 'lead.created',
      data: {
        origin: 'dashboard',
        lead: { email: 'signed@hooks.test', status: 'New', company: 'Hooks Ltd' },
      },
    });
    const [logged] = await deliveries(id);
    expect(logged).toMatchObject({
      eventId: request!.json.id,
      status: 'delivered',
      attempts: 1,
      responseCode: 200,
      error: null,
      responseExcerpt: 'ok',
    });
  });

  it('sends each of the five events from its cause', async () => {
    const { id } = await hook(owner.headers);
    const agency = await hook(admin.headers, ['contact.received', 'lead.created']);
    // lead.created and lead.converted
    const lead = (await newLead(owner.headers, 'convert@hooks.test')).json().lead;
    const converted = await t.app.inject({
      method: 'PUT',
      url: `/api/leads/${lead._id}`,
      headers: owner.headers,
      payload: { status: 'Converted' },
    });
    expect(converted.statusCode).toBe(200);
    // post.published by hand, on its schedule, and again on Republish
    const category = await createCategory(t, owner.headers, 'Hooks');
    const post = await createBlog(
      t,
      owner.headers,
      blogFields(category.id, { title: 'Hooked Post', status: 'published' }),
    );
    const publishAt = new Date(clock.now.getTime() + 60 * SECOND).toISOString();
    await createBlog(
      t,
      owner.headers,
      blogFields(category.id, { title: 'Scheduled Hook', status: 'draft', publishAt }),
    );
    later(61 * SECOND);
    expect(await t.app.scheduler.publishDue()).toBe(1);
    expect((await setStatus(t, owner.headers, post._id, 'archived')).statusCode).toBe(200);
    expect((await setStatus(t, owner.headers, post._id, 'published')).statusCode).toBe(200);
    // profile.scraped
    const scraped = await call(t.app, 'POST', '/api/scraped-data', owner.headers, {
      profileUrl: 'https://www.linkedin.com/in/hooked-person',
      name: 'Hooked Person',
      role: 'CTO',
      location: 'Pune',
    });
    expect(scraped.statusCode).toBe(201);
    // An import: one lead.created per lead, saying it came from an import of 2.
    const imported = await importCsv(
      t.app,
      owner.headers,
      'name,email\nAsha,asha@import.test\nRavi,ravi@import.test\n',
    );
    expect(imported.json().imported).toBe(2);
    // The contact form: the agency's lead.created (origin form) and contact.received.
    const contact = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      remoteAddress: '203.0.113.77',
      payload: { name: 'Visitor', email: 'visitor@hooks.test', subject: 'Hello', message: 'Build us a site' },
    });
    expect(contact.statusCode).toBe(201);

    while ((await deliver()) > 0);
    const mine = receiver.received.filter((r) => r.url === '/hooks');
    const byEvent = (event: string) => mine.filter((r) => r.json.event === event).map((r) => r.json.data);
    const workspaceEvents = (await deliveries(id)).map((d) => d.event).sort();
    expect(workspaceEvents).toEqual([
      'lead.converted',
      'lead.created',
      'lead.created',
      'lead.created',
      'post.published',
      'post.published',
      'post.published',
      'profile.scraped',
    ]);
    expect(byEvent('lead.converted')).toEqual([
      expect.objectContaining({
        previousStatus: 'New',
        lead: expect.objectContaining({ id: lead._id, status: 'Converted' }),
      }),
    ]);
    expect(byEvent('post.published')).toEqual(
      expect.arrayContaining([
        {
          post: expect.objectContaining({ id: post._id, title: 'Hooked Post', slug: 'hooked-post' }),
          scheduled: false,
        },
        {
          post: expect.objectContaining({ title: 'Scheduled Hook', publishedAt: publishAt }),
          scheduled: true,
        },
      ]),
    );
    expect(byEvent('profile.scraped')).toEqual([
      {
        change: 'created',
        profile: expect.objectContaining({
          name: 'Hooked Person',
          role: 'CTO',
          profileUrl: 'https://www.linkedin.com/in/hooked-person',
        }),
      },
    ]);
    // Deliveries go side by side: in any order.
    const fromImport = byEvent('lead.created').filter((d) => d.origin === 'import');
    expect(fromImport).toHaveLength(2);
    expect(fromImport).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          import: { total: 2, sent: 2 },
          lead: expect.objectContaining({ email: 'asha@import.test' }),
        }),
        expect.objectContaining({
          import: { total: 2, sent: 2 },
          lead: expect.objectContaining({ email: 'ravi@import.test' }),
        }),
      ]),
    );
    expect(byEvent('contact.received')).toEqual([
      {
        leadId: expect.any(String),
        name: 'Visitor',
        email: 'visitor@hooks.test',
        subject: 'Hello',
        message: 'Build us a site',
      },
    ]);
    const agencyEvents = (await deliveries(agency.id, admin.headers)).map((d) => d.event).sort();
    expect(agencyEvents).toEqual(['contact.received', 'lead.created']);
    expect(byEvent('lead.created').filter((d) => d.origin === 'form')).toHaveLength(1);
  });

  it('tries again after a 500, 30 s later, with the same id and the same bytes', async () => {
    const { id, secret } = await hook(owner.headers, ['lead.created']);
    receiver.reply({ status: 500, body: 'try later' });
    await newLead(owner.headers, 'retry@hooks.test');
    expect(await deliver()).toBe(1);
    let [logged] = await deliveries(id);
    expect(logged).toMatchObject({
      status: 'queued',
      attempts: 1,
      responseCode: 500,
      responseExcerpt: 'try later',
    });
    expect(Date.parse(String(logged!.nextAttemptAt)) - clock.now.getTime()).toBe(30 * SECOND);
    expect(await deliver()).toBe(0); // not before its time
    later(30 * SECOND);
    expect(await deliver()).toBe(1);
    const [first, second] = await receiver.waitFor(2);
    expect(second!.json.id).toBe(first!.json.id);
    expect(second!.rawBody).toBe(first!.rawBody);
    expect(verify(second!.rawBody, String(second!.headers['x-agencyhq-signature']), secret)).toBe(true);
    [logged] = await deliveries(id);
    expect(logged).toMatchObject({ status: 'delivered', attempts: 2, responseCode: 200, error: null });
  });

  it('tries again after a time-out of 10 s, with the same id', { timeout: 40_000 }, async () => {
    const { id } = await hook(owner.headers, ['lead.created']);
    receiver.reply({ delayMs: 12_000 });
    await newLead(owner.headers, 'slow@hooks.test');
    const started = Date.now();
    expect(await deliver()).toBe(1);
    expect(Date.now() - started).toBeGreaterThanOrEqual(WEBHOOK_LIMITS.timeoutMs - 100);
    expect(Date.now() - started).toBeLessThan(WEBHOOK_LIMITS.timeoutMs + 1500);
    let [logged] = await deliveries(id);
    expect(logged).toMatchObject({ status: 'queued', attempts: 1, responseCode: null, error: M.timedOut });
    later(30 * SECOND);
    expect(await deliver()).toBe(1);
    const [first, second] = await receiver.waitFor(2);
    expect(second!.json.id).toBe(first!.json.id);
    [logged] = await deliveries(id);
    expect(logged).toMatchObject({ status: 'delivered', attempts: 2 });
  });

  it('follows the backoff table and gives up after 8 attempts', async () => {
    const { id } = await hook(owner.headers, ['lead.created']);
    receiver.reply(...Array.from({ length: 8 }, () => ({ status: 503 })));
    await newLead(owner.headers, 'down@hooks.test');
    const waits: number[] = [];
    for (let attempt = 1; attempt <= 8; attempt += 1) {
      expect(await deliver()).toBe(1);
      const [logged] = await deliveries(id);
      expect(logged!.attempts).toBe(attempt);
      if (attempt < 8) {
        const wait = Date.parse(String(logged!.nextAttemptAt)) - clock.now.getTime();
        waits.push(wait);
        later(wait);
      } else expect(logged).toMatchObject({ status: 'failed', nextAttemptAt: null, responseCode: 503 });
    }
    expect(waits).toEqual([...WEBHOOK_RETRY_DELAYS_MS]);
    expect(new Set(receiver.received.map((r) => r.json.id)).size).toBe(1);
    expect(receiver.received).toHaveLength(8);
  });

  it('pauses a webhook failing for 3 days and tells its owner', async () => {
    const { id } = await hook(owner.headers, ['lead.created']);
    receiver.reply(...Array.from({ length: 4 }, () => ({ status: 500 })));
    await newLead(owner.headers, 'day1@hooks.test');
    expect(await deliver()).toBe(1);
    later(3 * DAY - 1000);
    await newLead(owner.headers, 'day3@hooks.test');
    while ((await deliver()) > 0);
    const listed = async () =>
      (await call(t.app, 'GET', '/api/webhooks', owner.headers))
        .json()
        .webhooks.find((w: { _id: string }) => w._id === id);
    expect((await listed()).active).toBe(true);
    later(2000);
    await newLead(owner.headers, 'day3b@hooks.test');
    while ((await deliver()) > 0);
    expect(await listed()).toMatchObject({ active: false, pausedReason: M.pausedForFailures });
    const notices = await t.database.handle.db
      .selectFrom('user_notifications')
      .selectAll()
      .where('user_id', '=', owner.id)
      .where('kind', '=', 'webhook-paused')
      .execute();
    expect(notices).toHaveLength(1);
    expect(notices[0]!.message).toBe(M.pausedNotice(new URL(receiver.url).host));
    const mail = await t.database.handle.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('kind', '=', 'webhook-paused')
      .execute();
    expect(mail.map((m) => m.to_address)).toEqual([owner.email]);
    expect(mail[0]!.text_body).toContain('/dashboard/manage-integrations');
    // Paused: new events are not queued for it, and its waiting retries wait.
    const before = (await deliveries(id)).length;
    await newLead(owner.headers, 'paused@hooks.test');
    expect((await deliveries(id)).length).toBe(before);
    later(DAY);
    expect(await deliver()).toBe(0);
    // Resumed, the retries go out (the receiver answers 200 now).
    await t.app.inject({
      method: 'PATCH',
      url: `/api/webhooks/${id}`,
      headers: owner.headers,
      payload: { active: true },
    });
    receiver.received.length = 0;
    while ((await deliver()) > 0);
    expect(receiver.received.length).toBeGreaterThan(0);
    expect((await listed()).failingSince).toBeNull();
  });

  it('sends a delivery again on request, with the same id and body', async () => {
    const { id } = await hook(owner.headers, ['lead.created']);
    await newLead(owner.headers, 'again@hooks.test');
    await deliver();
    const [logged] = await deliveries(id);
    const again = await call(
      t.app,
      'POST',
      `/api/webhooks/${id}/deliveries/${String(logged!._id)}/retry`,
      owner.headers,
    );
    expect(again.statusCode).toBe(202);
    expect(again.json()).toMatchObject({
      message: M.resent,
      delivery: { status: 'queued', eventId: logged!.eventId },
    });
    expect(await deliver()).toBe(1);
    const [first, second] = await receiver.waitFor(2);
    expect(second!.rawBody).toBe(first!.rawBody);
    expect((await deliveries(id))[0]).toMatchObject({ status: 'delivered', attempts: 1 });
  });

  it('sends nothing for a deleted workspace while it can be recovered, and catches up once recovered', async () => {
    const workspace = await insertWorkspace(t, { name: 'Leaving Co' });
    const leaving = await insertUser(t, { workspaceId: workspace.id, role: 'Business Admin' });
    await hook(leaving.headers, ['lead.created']);
    expect((await newLead(leaving.headers, 'before-delete@hooks.test')).statusCode).toBe(201);
    const db = t.database.handle.db;
    const setDeleted = (deletedAt: string | null) =>
      db.updateTable('workspaces').set({ deleted_at: deletedAt }).where('id', '=', workspace.id).execute();
    // Deleted with the event still queued: its leads must not leave the product meanwhile.
    await setDeleted(clock.now.toISOString());
    expect(await deliver()).toBe(0);
    later(60 * 60_000);
    expect(await deliver()).toBe(0);
    expect(receiver.received).toHaveLength(0);
    await setDeleted(null);
    expect(await deliver()).toBe(1);
    const [request] = await receiver.waitFor(1);
    expect(request!.json).toMatchObject({ data: { lead: { email: 'before-delete@hooks.test' } } });
  });

  it('sends a signed test event, also to a paused webhook', async () => {
    const { id, secret } = await hook(owner.headers, ['post.published']);
    await t.app.inject({
      method: 'PATCH',
      url: `/api/webhooks/${id}`,
      headers: owner.headers,
      payload: { active: false },
    });
    const test = await call(t.app, 'POST', `/api/webhooks/${id}/test`, owner.headers);
    expect(test.statusCode).toBe(202);
    expect(test.json()).toMatchObject({
      message: M.testQueued,
      delivery: { event: 'webhook.test', status: 'queued' },
    });
    expect(await deliver()).toBe(1);
    const [request] = await receiver.waitFor(1);
    expect(request!.json).toMatchObject({ event: 'webhook.test', data: { webhookId: id } });
    expect(verify(request!.rawBody, String(request!.headers['x-agencyhq-signature']), secret)).toBe(true);
  });

  it('follows no redirect and keeps at most 4 KB of the answer', async () => {
    const { id } = await hook(owner.headers, ['lead.created']);
    receiver.reply(
      { status: 302, headers: { location: '/elsewhere' } },
      { status: 200, body: 'x'.repeat(20_000) },
    );
    await newLead(owner.headers, 'redirect@hooks.test');
    await deliver();
    expect((await deliveries(id))[0]).toMatchObject({
      status: 'queued',
      responseCode: 302,
      error: M.redirected,
    });
    later(30 * SECOND);
    await deliver();
    expect(receiver.received.map((r) => r.url)).toEqual(['/hooks', '/hooks']);
    const [logged] = await deliveries(id);
    expect(logged).toMatchObject({ status: 'delivered', responseCode: 200 });
    expect(String(logged!.responseExcerpt)).toHaveLength(WEBHOOK_LIMITS.responseExcerptBytes);
  });

  describe('with two instances on one database', () => {
    let b: TestApp;
    let guarded: TestApp;
    beforeAll(async () => {
      b = await createTestApp({
        clock: () => clock.now,
        config: { allowPrivateWebhooks: true },
        database: await reopenTestDatabase(t.database),
      });
      // A third instance without ALLOW_PRIVATE_WEBHOOKS (and an http SITE_URL, so only the address decides).
      guarded = await createTestApp({
        clock: () => clock.now,
        config: { siteUrl: 'http://agency.test' },
        database: await reopenTestDatabase(t.database),
      });
    });
    afterAll(async () => {
      await b?.close();
      await guarded?.close();
    });

    it('delivers each event exactly once while both deliver at the same time', async () => {
      const { id } = await hook(owner.headers, ['lead.created']);
      const total = 24;
      for (let i = 0; i < total; i += 1) await newLead(owner.headers, `once-${i}@hooks.test`);
      for (let round = 0; round < 10; round += 1) {
        const attempted = await Promise.all([deliver(t), deliver(b), deliver(t), deliver(b)]);
        if (attempted.every((n) => n === 0)) break;
      }
      const ids = receiver.received.map((r) => r.json.id);
      expect(ids).toHaveLength(total);
      expect(new Set(ids).size).toBe(total);
      const logged = await deliveries(id);
      expect(logged.every((d) => d.status === 'delivered' && d.attempts === 1)).toBe(true);
    });

    it('gives each due delivery to exactly one of many concurrent claims', async () => {
      await hook(owner.headers, ['lead.created']);
      const total = 60;
      for (let i = 0; i < total; i += 1) await newLead(owner.headers, `claim-${i}@hooks.test`);
      const others = [await reopenTestDatabase(t.database), await reopenTestDatabase(t.database)];
      const handles = [t.database.handle, b.database.handle, ...others.map((o) => o.handle)];
      const claimed: string[] = [];
      for (let round = 0; round < 20 && claimed.length < total; round += 1) {
        const batches = await Promise.all(
          Array.from({ length: 12 }, (_, i) =>
            claimDueDeliveries(handles[i % handles.length]!.db, clock.now, 60_000, 5, 'webhook.test'),
          ),
        );
        for (const batch of batches) claimed.push(...batch.map((row) => row.id));
      }
      for (const other of others) await other.dispose();
      expect(claimed).toHaveLength(total);
      expect(new Set(claimed).size).toBe(total);
    });

    it('checks the address again as each connection is made', async () => {
      const port = new URL(receiver.url).port;
      const { id } = await hook(owner.headers, ['lead.created'], `http://localhost:${port}/hooks`);
      await newLead(owner.headers, 'rebound@hooks.test');
      expect(await deliver(guarded)).toBe(1);
      expect(receiver.received).toHaveLength(0);
      expect((await deliveries(id))[0]).toMatchObject({
        status: 'queued',
        responseCode: null,
        error: M.privateAddress('localhost'),
      });
      // The instance that allows private targets sends it, with the same id.
      later(30 * SECOND);
      expect(await deliver(b)).toBe(1);
      expect(receiver.received).toHaveLength(1);
    });

    it('refuses an IP literal inside at connect time too', async () => {
      const { id } = await hook(owner.headers, ['lead.created']);
      await newLead(owner.headers, 'literal@hooks.test');
      expect(await deliver(guarded)).toBe(1);
      expect(receiver.received).toHaveLength(0);
      expect((await deliveries(id))[0]).toMatchObject({ error: M.privateAddress('127.0.0.1') });
    });
  });
});
