import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IN_FLIGHT_PER_WORKSPACE } from '../../src/server/modules/webhooks/webhook-worker';
import { WEBHOOK_LIMITS } from '../../src/shared/webhooks';
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
