import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimDueMail } from '../../src/server/mail/outbox';
import { cancelUnsent } from '../../src/server/modules/campaigns/campaigns.repository';
import { CAMPAIGN_MESSAGES as M } from '../../src/shared/messages';
import type { Campaign } from '../../src/shared/schemas/campaigns';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink';
import { testEngine } from './support/engine';
import { SITE_URL, createTestApp, reopenTestDatabase, type TestApp } from './support/test-app';
import { call, type TestUser } from './support/users';
import {
  campaignOf,
  createCampaign,
  createTemplate,
  marketingWorkspace,
  runUntil,
  subscribedList,
} from './support/campaign-sending';

const UNSUBSCRIBE = `${SITE_URL}/unsubscribe?token=`;
const tokenOf = (header: string) => {
  const match = /<https:\/\/agency\.example\/unsubscribe\?token=([^>]+)>/.exec(header);
  if (!match) throw new Error(`no unsubscribe URL in ${header}`);
  return match[1]!;
};

/**
 * Campaigns (docs/product/marketing.md#campaigns) on SQLite and PostgreSQL with a real SMTP server: a draft
 * sent now reaches each subscribed person once, personalised, with the List-Unsubscribe headers (and
 * transactional mail never has them); unsubscribed and suppressed people get nothing; the unsubscribe link
 * reads on GET and unsubscribes on POST, also as a mail program's one click at the header's address;
 * scheduling, pausing, resuming and cancelling; the throttle per second and per hour and the plan's day.
 */
describe('campaigns', () => {
  let sink: SmtpSink;
  let t: TestApp;
  let boss: TestUser;
  let workspaceId: string;
  let slow: Awaited<ReturnType<typeof marketingWorkspace>>;
  let small: Awaited<ReturnType<typeof marketingWorkspace>>;
  let now = new Date('2026-11-29T10:00:00.500Z');
  const clock = () => now;
  const later = (ms: number) => {
    now = new Date(now.getTime() + ms);
  };
  const tickSecond = () => later(1_000);

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({ allowPrivateSmtp: true, smtpAllowPlaintextLoopback: true, clock });
    // The tests deliver the outbox themselves (deliverDue), between their own counts: the delivery the
    // dispatcher kicks in the background after queuing would race them (CI of stop 56). A test app starts
    // no polling, so without its kicks the outbox sends only when a test says so.
    t.app.outbox.kick = () => {};
    ({ workspaceId, boss } = await marketingWorkspace(t, sink));
    // Made now: a set-up needs a recent password proof, and the tests move the clock by hours.
    slow = await marketingWorkspace(t, sink, { name: 'Slow Studio' });
    small = await marketingWorkspace(t, sink, { name: 'Small Studio', plan: 'Free' });
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });

  const send = (id: string, action: string, body?: unknown) =>
    call(t.app, 'POST', `/api/campaigns/${id}/${action}`, boss.headers, body);
  const to = (domain: string) => sink.messages.filter((m) => m.envelopeTo[0]!.endsWith(`@${domain}`));

  it('sends a draft now: each subscribed person gets one personalised copy with the unsubscribe headers', async () => {
    const templateId = await createTemplate(t, boss);
    const list = await subscribedList(t, workspaceId, 30, { domain: 'first.test' });
    const db = t.database.handle.db;
    // One person unsubscribed, one suppressed: neither gets anything.
    await db
      .updateTable('list_members')
      .set({ status: 'unsubscribed' })
      .where('subscriber_id', '=', list.subscriberIds[0]!)
      .execute();
    await db
      .insertInto('suppressions')
      .values({
        workspace_id: workspaceId,
        email: list.emails[1]!,
        reason: 'hard-bounce',
        detail: '',
        created_by: null,
        created_at: now.toISOString(),
      })
      .execute();

    const draft = await createCampaign(t, boss, {
      templateId,
      listId: list.listId,
      name: 'Spring Sale 2026',
    });
    expect(draft).toMatchObject({
      status: 'draft',
      utmCampaign: 'spring-sale-2026',
      utmSource: 'newsletter',
    });
    const started = await send(draft.id, 'send');
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json()).toMatchObject({ message: M.sendingNow, campaign: { status: 'sending' } });

    await runUntil(t, tickSecond, async () => (await campaignOf(t, boss, draft.id)).status === 'sent');
    const done = await campaignOf(t, boss, draft.id);
    expect(done.progress).toEqual({ total: 28, pending: 0, queued: 0, sent: 28, failed: 0, cancelled: 0 });
    const got = to('first.test');
    expect(got).toHaveLength(28);
    expect(new Set(got.map((m) => m.envelopeTo[0])).size).toBe(28);
    expect(got.map((m) => m.envelopeTo[0])).not.toContain(list.emails[0]);
    expect(got.map((m) => m.envelopeTo[0])).not.toContain(list.emails[1]);

    const one = got.find((m) => m.envelopeTo[0] === list.emails[5])!;
    expect(one.subject).toBe('Hello Person 5');
    expect(one.text).toContain('Hello Person 5 of Acme');
    expect(one.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const header = one.headers['list-unsubscribe']!;
    expect(header).toMatch(
      /^<https:\/\/agency\.example\/unsubscribe\?token=[\w.-]+>, <mailto:news@studio\.test\?subject=unsubscribe%20[\w.-]+>$/,
    );
    // The footer's link is the same one.
    expect(one.text).toContain(`${UNSUBSCRIBE}${tokenOf(header)}`);

    // The button's link goes through the click redirect, which adds the campaign's utm_*.
    expect(one.html).not.toContain('https://shop.example/spring');
    const click = /href="https:\/\/agency\.example(\/r\/[^"]+)"/.exec(one.html);
    expect(click, one.html).not.toBeNull();
    const redirect = await t.app.inject({ method: 'GET', url: click![1]! });
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers.location).toBe(
      'https://shop.example/spring?ref=mail&utm_source=newsletter&utm_medium=email&utm_campaign=spring-sale-2026',
    );
    const report = await call(t.app, 'GET', `/api/campaigns/${draft.id}/report`, boss.headers);
    expect(report.statusCode, report.body).toBe(200);
    expect(JSON.stringify(report.json())).toContain('https://shop.example/spring?ref=mail');
  });

  it('never puts the unsubscribe headers on transactional mail', async () => {
    // A template's test send: the same set-up, the same template, but mail to one's own address.
    const templateId = await createTemplate(t, boss);
    const test = await call(t.app, 'POST', `/api/email-templates/${templateId}/test-send`, boss.headers);
    expect(test.statusCode, test.body).toBeLessThan(300);
    await t.app.outbox.deliverDue();
    const [mail] = await sink.waitFor((m) => m.envelopeTo[0] === boss.email);
    expect(mail!.headers['list-unsubscribe']).toBeUndefined();
    expect(mail!.headers['list-unsubscribe-post']).toBeUndefined();
  });

  it('reads an unsubscribe link on GET without changing anything; POST unsubscribes, also as a one click at the header address', async () => {
    const templateId = await createTemplate(t, boss);
    const list = await subscribedList(t, workspaceId, 3, { domain: 'unsub.test' });
    const campaign = await createCampaign(t, boss, { templateId, listId: list.listId });
    await send(campaign.id, 'send');
    await runUntil(t, tickSecond, async () => (await campaignOf(t, boss, campaign.id)).status === 'sent');
    const [first, second] = list.emails.map((email) =>
      to('unsub.test').find((m) => m.envelopeTo[0] === email)!,
    );
    const firstToken = tokenOf(first!.headers['list-unsubscribe']!);

    for (let i = 0; i < 3; i += 1) {
      const read = await t.app.inject({ method: 'GET', url: `/api/unsubscribe?token=${firstToken}` });
      expect(read.statusCode).toBe(200);
      expect(read.json()).toMatchObject({ unsubscribed: false, email: 'pe•••@unsub.test' });
    }
    const status = async (subscriberId: string) =>
      (
        await t.database.handle.db
          .selectFrom('list_members')
          .select('status')
          .where('subscriber_id', '=', subscriberId)
          .executeTakeFirstOrThrow()
      ).status;
    expect(await status(list.subscriberIds[0]!)).toBe('subscribed');

    const clicked = await t.app.inject({
      method: 'POST',
      url: `/unsubscribe?token=${firstToken}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(clicked.statusCode, clicked.body).toBe(200);
    expect(await status(list.subscriberIds[0]!)).toBe('unsubscribed');

    const page = await t.app.inject({
      method: 'POST',
      url: '/api/unsubscribe',
      payload: { token: tokenOf(second!.headers['list-unsubscribe']!), everything: true },
    });
    expect(page.statusCode, page.body).toBe(200);
    expect(await status(list.subscriberIds[1]!)).toBe('unsubscribed');
    const suppressed = await t.database.handle.db
      .selectFrom('suppressions')
      .select('reason')
      .where('workspace_id', '=', workspaceId)
      .where('email', '=', list.emails[1]!)
      .executeTakeFirst();
    expect(suppressed?.reason).toBe('unsubscribed');
    const events = await t.database.handle.db
      .selectFrom('campaign_events')
      .select('kind')
      .where('campaign_id', '=', campaign.id)
      .execute();
    expect(events.map((e) => e.kind)).toEqual(['unsubscribe', 'unsubscribe']);

    // A later campaign to the same list skips both.
    const again = await createCampaign(t, boss, { templateId, listId: list.listId });
    const before = to('unsub.test').length;
    await send(again.id, 'send');
    await runUntil(t, tickSecond, async () => (await campaignOf(t, boss, again.id)).status === 'sent');
    expect(to('unsub.test').length - before).toBe(1);
  });

  it('queues no more than the throttle allows each second and each hour', async () => {
    // A workspace of its own: the hour's count starts at 0.
    const { boss, workspaceId } = slow;
    const send = (id: string, action: string) =>
      call(t.app, 'POST', `/api/campaigns/${id}/${action}`, boss.headers);
    const templateId = await createTemplate(t, boss);
    const list = await subscribedList(t, workspaceId, 25, { domain: 'slow.test' });
    const saved = await call(t.app, 'PUT', '/api/campaigns/settings', boss.headers, {
      perSecond: 4,
      perHour: 10,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const campaign = await createCampaign(t, boss, { templateId, listId: list.listId });
    later(1_000); // a second of its own
    await send(campaign.id, 'send');
    const queuedSoFar = async () => {
      const c = await campaignOf(t, boss, campaign.id);
      return c.progress.queued + c.progress.sent;
    };
    await t.app.campaigns.tick();
    await t.app.campaigns.tick();
    expect(await queuedSoFar()).toBe(4); // the same second: 4 at most
    later(1_000);
    await t.app.campaigns.tick();
    expect(await queuedSoFar()).toBe(8);
    later(1_000);
    await t.app.campaigns.tick();
    expect(await queuedSoFar()).toBe(10); // the hour's 10
    later(1_000);
    await t.app.campaigns.tick();
    expect(await queuedSoFar()).toBe(10);
    later(60 * 60_000);
    await t.app.campaigns.tick();
    expect(await queuedSoFar()).toBe(14);
    await call(t.app, 'PUT', '/api/campaigns/settings', boss.headers, {
      perSecond: 1000,
      perHour: 1_000_000,
    });
    await runUntil(t, tickSecond, async () => (await campaignOf(t, boss, campaign.id)).status === 'sent');
    expect(to('slow.test')).toHaveLength(25);
  });

  it("stops at the plan's e-mails a day and goes on the next day", async () => {
    const other = small;
    const templateId = await createTemplate(t, other.boss);
    const list = await subscribedList(t, other.workspaceId, 120, { domain: 'daily.test' });
    const campaign = await createCampaign(t, other.boss, { templateId, listId: list.listId });
    expect(
      (await call(t.app, 'POST', `/api/campaigns/${campaign.id}/send`, other.boss.headers)).statusCode,
    ).toBe(200);
    for (let i = 0; i < 40; i += 1) {
      later(1_000);
      await t.app.campaigns.tick();
      await t.app.outbox.deliverDue();
    }
    const waiting = await campaignOf(t, other.boss, campaign.id);
    expect(waiting.status).toBe('sending');
    expect(waiting.progress.sent).toBe(100); // Free: 100 a day
    expect(waiting.waitReason).toBe(M.waitDailyLimit);
    later(24 * 60 * 60_000);
    await runUntil(
      t,
      tickSecond,
      async () => (await campaignOf(t, other.boss, campaign.id)).status === 'sent',
    );
    expect(to('daily.test')).toHaveLength(120);
  });

  it('schedules, pauses, resumes and cancels; a cancelled campaign sends nothing more', async () => {
    const templateId = await createTemplate(t, boss);
    const list = await subscribedList(t, workspaceId, 12, { domain: 'later.test' });
    const campaign = await createCampaign(t, boss, { templateId, listId: list.listId });

    const soon = await send(campaign.id, 'schedule', { at: new Date(now.getTime() + 30_000).toISOString() });
    expect(soon.statusCode).toBe(400);
    expect(soon.json().message).toBe(M.scheduleTooSoon);
    const at = new Date(now.getTime() + 10 * 60_000).toISOString();
    const scheduled = await send(campaign.id, 'schedule', { at });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    expect(scheduled.json().campaign).toMatchObject({ status: 'scheduled', scheduledAt: at });
    await t.app.campaigns.tick();
    expect((await campaignOf(t, boss, campaign.id)).status).toBe('scheduled');

    await call(t.app, 'PUT', '/api/campaigns/settings', boss.headers, { perSecond: 5, perHour: 1000 });
    later(10 * 60_000);
    await t.app.campaigns.tick();
    const started = await campaignOf(t, boss, campaign.id);
    expect(started.status).toBe('sending');
    expect(started.progress.queued).toBe(5);
    expect((await send(campaign.id, 'pause')).json().campaign.status).toBe('paused');
    expect((await send(campaign.id, 'pause')).statusCode).toBe(409);
    later(1_000);
    await t.app.campaigns.tick();
    expect((await campaignOf(t, boss, campaign.id)).progress.queued).toBe(5);
    expect((await send(campaign.id, 'resume')).json().campaign.status).toBe('sending');
    later(1_000);
    await t.app.campaigns.tick();
    // The resume's own round and this one: 5 a second each.
    expect((await campaignOf(t, boss, campaign.id)).progress.queued).toBeGreaterThanOrEqual(10);
    const cancelled = await send(campaign.id, 'cancel');
    expect(cancelled.statusCode).toBe(200);
    const { progress } = cancelled.json().campaign as Campaign;
    expect(cancelled.json().campaign.status).toBe('cancelled');
    // Copies the outbox had already begun still go; every other one is cancelled.
    expect(progress.pending).toBe(0);
    expect(progress.cancelled).toBeGreaterThanOrEqual(2);
    expect(progress.cancelled + progress.queued + progress.sent).toBe(12);
    for (let i = 0; i < 3; i += 1) {
      later(1_000);
      await t.app.campaigns.tick();
      await t.app.outbox.deliverDue();
    }
    expect(to('later.test')).toHaveLength(12 - progress.cancelled);
    expect((await campaignOf(t, boss, campaign.id)).progress).toMatchObject({
      queued: 0,
      sent: 12 - progress.cancelled,
    });
    expect((await send(campaign.id, 'resume')).statusCode).toBe(409);
    expect((await call(t.app, 'DELETE', `/api/campaigns/${campaign.id}`, boss.headers)).statusCode).toBe(200);
  });

  // PostgreSQL lets an instance's outbox claim a copy while another instance cancels its campaign; SQLite's
  // single writer is held by the cancel from its first statement, so nothing can come between there.
  it.runIf(testEngine() === 'postgres')(
    'counts a copy the outbox claims during the cancel as going out, not as cancelled',
    async () => {
      const templateId = await createTemplate(t, boss);
      const list = await subscribedList(t, workspaceId, 12, { domain: 'raced.test' });
      const campaign = await createCampaign(t, boss, { templateId, listId: list.listId });
      await call(t.app, 'PUT', '/api/campaigns/settings', boss.headers, { perSecond: 5, perHour: 1000 });
      expect((await send(campaign.id, 'send')).statusCode).toBe(200);
      await t.app.campaigns.tick();
      expect((await campaignOf(t, boss, campaign.id)).progress.queued).toBe(5);

      // Another instance claims the five queued copies just after the cancel has read them as unbegun.
      const other = await reopenTestDatabase(t.database);
      let claimed = 0;
      const claimAfterFirstRead: KyselyPlugin = {
        transformQuery: (args) => args.node,
        async transformResult(args) {
          if (claimed === 0) claimed = (await claimDueMail(other.handle.db, now, 50)).length;
          return args.result;
        },
      };
      const db = t.database.handle.db;
      try {
        await db.transaction().execute(async (trx) => {
          await trx
            .updateTable('campaigns')
            .set({ status: 'cancelled' })
            .where('id', '=', campaign.id)
            .execute();
          await cancelUnsent(trx.withPlugin(claimAfterFirstRead), campaign.id);
        });
      } finally {
        await other.dispose();
      }
      expect(claimed).toBeGreaterThanOrEqual(5);
      // The claimed copies are the outbox's now and will go out: they stay queued, and only the seven
      // never handed over are cancelled.
      expect((await campaignOf(t, boss, campaign.id)).progress).toMatchObject({ queued: 5, cancelled: 7 });
      const statuses = await db
        .selectFrom('campaign_recipients')
        .select('status')
        .where('campaign_id', '=', campaign.id)
        .execute();
      expect(statuses.filter((r) => r.status === 'queued')).toHaveLength(5);
    },
  );
});
