import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IN_FLIGHT_PER_WORKSPACE } from '../../src/server/modules/webhooks/webhook-worker';
import { deliveryRow, webhookBody } from '../../src/server/modules/webhooks/webhook-events';
import { WEBHOOK_MESSAGES as M } from '../../src/shared/messages';
import { WEBHOOK_LIMITS } from '../../src/shared/webhooks';
import { testClock } from './support/leads';
import { createTestApp, type TestApp } from './support/test-app';
import { call, insertUser, insertWorkspace, type TestUser } from './support/users';
import { startReceiver, type Receiver } from './support/webhooks';

/** A receiver that takes every connection and never answers: each delivery waits for its 10 s time-out. */
async function startTarpit() {
  const sockets = new Set<Socket>();
  let open = 0;
  let mostOpen = 0;
  const server = http.createServer(() => {
    // Read, never answered.
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    open += 1;
    mostOpen = Math.max(mostOpen, open);
    socket.on('close', () => {
      sockets.delete(socket);
      open -= 1;
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/tarpit`,
    get mostOpen() {
      return mostOpen;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/**
 * docs/decisions/0016-webhooks.md#fairness: one workspace's slow receivers and queued events cannot delay
 * another workspace's deliveries. The tarpit workspace queues its events first, so an oldest-first claim
 * would give it every slot.
 */
describe('webhook delivery is fair between workspaces', () => {
  let t: TestApp;
  let tarpit: Awaited<ReturnType<typeof startTarpit>>;
  let healthy: Receiver;
  let slow: TestUser;
  let quick: TestUser;

  const hook = async (user: TestUser, url: string) => {
    const response = await call(t.app, 'POST', '/api/webhooks', user.headers, {
      url,
      events: ['lead.created'],
    });
    expect(response.statusCode, response.body).toBe(201);
  };
  const newLead = async (user: TestUser, email: string) => {
    const response = await call(t.app, 'POST', '/api/leads', user.headers, { name: 'Fair Lead', email });
    expect(response.statusCode, response.body).toBe(201);
  };

  beforeAll(async () => {
    tarpit = await startTarpit();
    healthy = await startReceiver();
    t = await createTestApp({ config: { allowPrivateWebhooks: true } });
    slow = await insertUser(t, {
      workspaceId: (await insertWorkspace(t, { name: 'Tarpit Co' })).id,
      role: 'Business Admin',
    });
    quick = await insertUser(t, {
      workspaceId: (await insertWorkspace(t, { name: 'Healthy Co' })).id,
      role: 'Business Admin',
    });
    await hook(slow, tarpit.url);
    await hook(quick, healthy.url);
  });
  afterAll(async () => {
    await tarpit.close();
    await healthy.close();
    await t.close();
  });

  it("delivers a healthy workspace's event while a tarpit workspace's thirty wait on their receiver (attack)", async () => {
    for (let i = 0; i < 30; i += 1) await newLead(slow, `tarpit-${i}@fair.test`);
    await newLead(quick, 'healthy@fair.test');
    const draining = t.app.webhooks.deliverDue();
    // Before: the claim took the five oldest, all the tarpit's, and the healthy event waited for their
    // 10 s time-outs (and then for the next five).
    const [received] = await healthy.waitFor(1, 8_000);
    expect(received!.json.data).toMatchObject({ lead: { email: 'healthy@fair.test' } });
    const recorded = await t.database.handle.db
      .selectFrom('webhook_deliveries')
      .select('last_attempt_at')
      .where('workspace_id', '=', slow.workspaceId)
      .where('last_attempt_at', 'is not', null)
      .execute();
    // No tarpit attempt has ended yet: the healthy event did not wait for any of them.
    expect(recorded).toEqual([]);
    // The tarpit workspace never held more than its share of the slots.
    expect(tarpit.mostOpen).toBe(IN_FLIGHT_PER_WORKSPACE);
    await tarpit.close(); // its pending attempts fail at once, and the drain ends
    await draining;
  });

  it('limits test events and resends by hand, per webhook and per workspace, before they are queued (attack)', async () => {
    const owner = await insertUser(t, {
      workspaceId: (await insertWorkspace(t, { name: 'Clicky Co' })).id,
      role: 'Business Admin',
    });
    const ids: string[] = [];
    for (let i = 0; i < 4; i += 1) {
      const made = await call(t.app, 'POST', '/api/webhooks', owner.headers, {
        url: healthy.url,
        events: ['lead.created'],
      });
      ids.push(made.json().webhook._id as string);
    }
    const sendTest = (id: string) => call(t.app, 'POST', `/api/webhooks/${id}/test`, owner.headers);
    const queued = async () =>
      (
        await t.database.handle.db
          .selectFrom('webhook_deliveries')
          .select('id')
          .where('workspace_id', '=', owner.workspaceId)
          .execute()
      ).length;
    for (let i = 0; i < WEBHOOK_LIMITS.manualSendsPerWebhookPerHour; i += 1)
      expect((await sendTest(ids[0]!)).statusCode).toBeLessThan(300);
    // Before: every click queued one more delivery, without end.
    const refused = await sendTest(ids[0]!);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().message).toMatch(/^Too many test events and resends in the last hour/);
    for (const id of ids.slice(1, 3))
      for (let i = 0; i < WEBHOOK_LIMITS.manualSendsPerWebhookPerHour; i += 1)
        expect((await sendTest(id)).statusCode).toBeLessThan(300);
    // The workspace's share is used up: its fourth webhook is refused too.
    expect((await sendTest(ids[3]!)).statusCode).toBe(429);
    expect(await queued()).toBe(WEBHOOK_LIMITS.manualSendsPerWorkspacePerHour);
  });
});

describe('an event queued while the workers wait on a tarpit', () => {
  let t: TestApp;
  let tarpit: Awaited<ReturnType<typeof startTarpit>>;
  let healthy: Receiver;

  beforeAll(async () => {
    tarpit = await startTarpit();
    healthy = await startReceiver();
    t = await createTestApp({ config: { allowPrivateWebhooks: true } });
  });
  afterAll(async () => {
    await tarpit.close();
    await healthy.close();
    await t.close();
  });

  it('goes out at once, not after the tarpit’s 10 s time-out (attack)', async () => {
    const owners = [];
    for (const [name, url] of [
      ['Tarpit Again Co', tarpit.url],
      ['Waiting Co', healthy.url],
    ] as const) {
      const owner = await insertUser(t, {
        workspaceId: (await insertWorkspace(t, { name })).id,
        role: 'Business Admin',
      });
      const made = await call(t.app, 'POST', '/api/webhooks', owner.headers, {
        url,
        events: ['lead.created'],
      });
      expect(made.statusCode, made.body).toBe(201);
      owners.push(owner);
    }
    const [slow, quick] = owners as [TestUser, TestUser];
    for (let i = 0; i < 3; i += 1)
      await call(t.app, 'POST', '/api/leads', slow.headers, { name: 'Slow', email: `slow-${i}@wait.test` });
    const draining = t.app.webhooks.deliverDue();
    await expect.poll(() => tarpit.mostOpen).toBe(IN_FLIGHT_PER_WORKSPACE);
    // The drain now waits on the tarpit's two attempts; an event arrives for the healthy workspace.
    const queuedAt = Date.now();
    await call(t.app, 'POST', '/api/leads', quick.headers, { name: 'Quick', email: 'quick@wait.test' });
    void t.app.webhooks.deliverDue();
    // Before: it waited until one of the tarpit's attempts timed out, 10 s later.
    await healthy.waitFor(1, 5_000);
    expect(Date.now() - queuedAt).toBeLessThan(5_000);
    await tarpit.close();
    await draining;
  });
});

/**
 * docs/decisions/0016-webhooks.md#fairness: a receiver that keeps failing is held (its other deliveries
 * wait, untried, instead of each spending an attempt and up to 10 s of a slot), and a workspace's waiting
 * deliveries have a ceiling.
 */
describe('a failing receiver is held, and a workspace’s queue has a ceiling', () => {
  const clock = testClock(new Date().toISOString());
  let t: TestApp;
  let receiver: Receiver;

  const ownerWithHook = async (name: string) => {
    const owner = await insertUser(t, {
      workspaceId: (await insertWorkspace(t, { name })).id,
      role: 'Business Admin',
    });
    const made = await call(t.app, 'POST', '/api/webhooks', owner.headers, {
      url: receiver.url,
      events: ['lead.created'],
    });
    expect(made.statusCode, made.body).toBe(201);
    return { owner, webhookId: made.json().webhook._id as string };
  };
  const newLead = async (user: TestUser, email: string) => {
    const response = await call(t.app, 'POST', '/api/leads', user.headers, { name: 'Held Lead', email });
    expect(response.statusCode, response.body).toBe(201);
  };
  const deliveriesOf = (workspaceId: string) =>
    t.database.handle.db
      .selectFrom('webhook_deliveries')
      .select(['status', 'attempts', 'last_error', 'payload'])
      .where('workspace_id', '=', workspaceId)
      .execute();

  beforeAll(async () => {
    receiver = await startReceiver();
    t = await createTestApp({ clock: clock.read, config: { allowPrivateWebhooks: true } });
  });
  afterAll(async () => {
    await receiver.close();
    await t.close();
  });

  it('after failures in a row, the other deliveries wait untried until the hold ends; a success lets them go (attack)', async () => {
    const { owner, webhookId } = await ownerWithHook('Down Co');
    receiver.reply(...Array.from({ length: 40 }, () => ({ status: 503 })));
    for (let i = 0; i < 20; i += 1) await newLead(owner, `held-${i}@fair.test`);
    await t.app.webhooks.deliverDue();
    // Before: all 20 were tried, each failing (at a tarpit, each holding a slot for 10 s).
    const tried = receiver.received.length;
    expect(tried).toBeGreaterThanOrEqual(WEBHOOK_LIMITS.holdAfterFailures);
    expect(tried).toBeLessThan(WEBHOOK_LIMITS.holdAfterFailures + IN_FLIGHT_PER_WORKSPACE);
    expect((await deliveriesOf(owner.workspaceId)).filter((d) => d.attempts === 0)).toHaveLength(20 - tried);
    const listed = await call(t.app, 'GET', '/api/webhooks', owner.headers);
    const view = (listed.json().webhooks as { _id: string; heldUntil: string | null }[]).find(
      (w) => w._id === webhookId,
    )!;
    expect(Date.parse(view.heldUntil!)).toBeGreaterThan(clock.now.getTime());

    // Still held: another round tries nothing.
    clock.now = new Date(clock.now.getTime() + 10_000);
    await t.app.webhooks.deliverDue();
    expect(receiver.received).toHaveLength(tried);

    // The receiver is back and the hold over: everything waiting goes.
    receiver.clearReplies();
    clock.now = new Date(clock.now.getTime() + WEBHOOK_LIMITS.holdMaxMs + 1_000);
    for (let round = 0; round < 3; round += 1) await t.app.webhooks.deliverDue();
    const after = await deliveriesOf(owner.workspaceId);
    expect(after.filter((d) => d.status === 'delivered')).toHaveLength(20);
  });

  it('a workspace with its ceiling of deliveries waiting queues no more: the rest are logged, not sent (attack)', async () => {
    // Back to the wall clock: the test before moved it an hour on, past its sessions' last proof.
    clock.now = new Date();
    const { owner, webhookId } = await ownerWithHook('Flood Co');
    // Waiting for later (a receiver on hold, say): one short of the ceiling.
    const later = new Date(clock.now.getTime() + 3_600_000);
    const waiting = Array.from({ length: WEBHOOK_LIMITS.queuedPerWorkspace - 1 }, () =>
      deliveryRow(
        webhookId,
        owner.workspaceId,
        'lead.created',
        webhookBody('lead.created', {} as never, later),
        later,
      ),
    );
    for (let i = 0; i < waiting.length; i += 500)
      await t.database.handle.db
        .insertInto('webhook_deliveries')
        .values(waiting.slice(i, i + 500))
        .execute();
    await newLead(owner, 'last-room@fair.test');
    await newLead(owner, 'no-room@fair.test');
    const mine = (await deliveriesOf(owner.workspaceId)).filter((d) => d.payload.includes('room@fair.test'));
    // Before: both were queued, and so would every event after them be.
    expect(mine.find((d) => d.payload.includes('last-room'))).toMatchObject({ status: 'queued' });
    expect(mine.find((d) => d.payload.includes('no-room'))).toMatchObject({
      status: 'failed',
      attempts: 0,
      last_error: M.queueFull(WEBHOOK_LIMITS.queuedPerWorkspace),
    });
  });
});
