import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEQUENCE_MESSAGES as M } from '../../src/shared/messages';
import { createSecretBox } from '../../src/server/secrets/secret-box';
import { createSequenceSender } from '../../src/server/modules/sequences/sequences.service';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink';
import {
  SECRET_KEY,
  SITE_URL,
  createTestApp,
  reopenTestDatabase,
  type TestApp,
  type TestDatabase,
} from './support/test-app';
import { call, type TestUser } from './support/users';
import { testEngine } from './support/engine';
import { marketingWorkspace, subscribedList } from './support/campaign-sending';
import { createList } from './support/mailing-lists';
import { insertLeads } from './support/leads';
import { createSequence, enrollmentsOf, sequenceOf, stepTemplate } from './support/sequences';

const DAY = 24 * 60 * 60_000;

/**
 * Sequences (docs/product/marketing.md#sequences) on SQLite and PostgreSQL with a real SMTP server: a welcome
 * mail to whoever subscribes after the sequence is made; a drip's steps each at its time and once; people
 * leaving when they unsubscribe, are suppressed, convert or reply; no step twice when scans race.
 */
describe('sequences', () => {
  let sink: SmtpSink;
  let t: TestApp;
  let boss: TestUser;
  let workspaceId: string;
  let now = new Date('2026-11-29T10:00:00.500Z');
  const clock = () => now;
  const later = (ms: number) => {
    now = new Date(now.getTime() + ms);
  };

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({ allowPrivateSmtp: true, smtpAllowPlaintextLoopback: true, clock });
    ({ workspaceId, boss } = await marketingWorkspace(t, sink));
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });

  /** One dispatcher round a second later, and the outbox delivered. */
  async function round() {
    later(1_000);
    await t.app.campaigns.tick();
    await t.app.outbox.deliverDue();
  }
  const to = (domain: string) => sink.messages.filter((m) => m.envelopeTo[0]!.endsWith(`@${domain}`));
  const subjectsTo = (email: string) =>
    sink.messages.filter((m) => m.envelopeTo[0] === email).map((m) => m.subject);

  it('welcomes whoever becomes subscribed after the sequence is made, once, with the unsubscribe headers', async () => {
    const list = await createList(t, boss, { optIn: 'single' });
    const add = (email: string, name: string) =>
      call(t.app, 'POST', `/api/mailing-lists/${list.id}/members`, boss.headers, {
        email,
        name,
        company: 'Acme',
        consentBasis: 'Asked at the studio desk',
      });
    expect((await add('early@welcome.test', 'Early')).statusCode).toBe(201);
    later(60_000);
    const welcome = await stepTemplate(t, boss, 'Welcome');
    const sequence = await createSequence(t, boss, {
      listId: list.id,
      trigger: 'subscription',
      steps: [{ templateId: welcome, delayDays: 0 }],
    });
    expect(sequence).toMatchObject({ status: 'active', trigger: 'subscription', steps: [{ position: 1 }] });
    later(60_000);
    expect((await add('ada@welcome.test', 'Ada')).statusCode).toBe(201);

    // The enrolment scan runs every few seconds.
    for (let i = 0; i < 3; i += 1) {
      later(5_000);
      await round();
    }
    expect(to('welcome.test').map((m) => m.envelopeTo[0])).toEqual(['ada@welcome.test']);
    const [mail] = to('welcome.test');
    expect(mail!.subject).toBe('Welcome for Ada');
    expect(mail!.text).toContain('Hi Ada of Acme');
    expect(mail!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(mail!.headers['list-unsubscribe']).toMatch(
      /^<https:\/\/agency\.example\/unsubscribe\?token=[\w.-]+>/,
    );
    expect(mail!.text).toContain(`${SITE_URL}/unsubscribe?token=`);

    const counts = (await sequenceOf(t, boss, sequence.id)).counts;
    expect(counts).toMatchObject({ active: 0, completed: 1 });
    const people = await enrollmentsOf(t, boss, sequence.id);
    expect(people).toMatchObject([{ email: 'ada@welcome.test', status: 'completed', stepsSent: 1 }]);
  });

  it("sends a drip's steps each at its time and once: nothing early, nothing twice", async () => {
    const list = await subscribedList(t, workspaceId, 3, { domain: 'drip.test' });
    const steps = await Promise.all(
      ['Step one', 'Step two', 'Step three'].map((s) => stepTemplate(t, boss, s)),
    );
    const sequence = await createSequence(t, boss, {
      listId: list.listId,
      trigger: 'manual',
      steps: [
        { templateId: steps[0]!, delayDays: 1 },
        { templateId: steps[1]!, delayDays: 2 },
        { templateId: steps[2]!, delayDays: 3 },
      ],
    });
    // A manual drip takes no one by itself.
    await round();
    expect((await sequenceOf(t, boss, sequence.id)).counts.active).toBe(0);
    const enrolled = await call(t.app, 'POST', `/api/sequences/${sequence.id}/enrollments`, boss.headers, {
      everyone: true,
    });
    expect(enrolled.statusCode, enrolled.body).toBe(200);
    expect(enrolled.json()).toMatchObject({ added: 3, skipped: 0, message: M.enrolled(3, 0) });
    const again = await call(t.app, 'POST', `/api/sequences/${sequence.id}/enrollments`, boss.headers, {
      subscriberIds: list.subscriberIds,
    });
    expect(again.json()).toMatchObject({ added: 0, skipped: 3 });

    const sentSubjects = () => to('drip.test').map((m) => m.subject.split(' for ')[0]);
    await round();
    expect(sentSubjects()).toEqual([]);
    later(DAY - 10_000);
    await round();
    expect(sentSubjects()).toEqual([]);
    later(10_000);
    await round();
    await round();
    expect(sentSubjects()).toEqual(['Step one', 'Step one', 'Step one']);

    later(2 * DAY - 60_000);
    await round();
    expect(sentSubjects()).toHaveLength(3);
    later(60_000);
    await round();
    await round();
    expect(sentSubjects().filter((s) => s === 'Step two')).toHaveLength(3);

    later(3 * DAY);
    await round();
    later(30 * DAY);
    await round();
    await round();
    for (const email of list.emails)
      expect(subjectsTo(email).map((s) => s.split(' for ')[0])).toEqual([
        'Step one',
        'Step two',
        'Step three',
      ]);
    expect((await sequenceOf(t, boss, sequence.id)).counts).toMatchObject({ active: 0, completed: 3 });
  });

  it('lets people leave: unsubscribed, suppressed, converted, replied, removed; the rest complete', async () => {
    const list = await subscribedList(t, workspaceId, 6, { domain: 'leave.test' });
    const [lead] = await insertLeads(t, workspaceId, [{ name: 'Converting Co', status: 'Qualified' }]);
    const db = t.database.handle.db;
    await db
      .updateTable('subscribers')
      .set({ lead_id: lead!.id })
      .where('id', '=', list.subscriberIds[2]!)
      .execute();
    const first = await stepTemplate(t, boss, 'Hello');
    const second = await stepTemplate(t, boss, 'Follow-up');
    const sequence = await createSequence(t, boss, {
      listId: list.listId,
      trigger: 'manual',
      steps: [
        { templateId: first, delayDays: 0 },
        { templateId: second, delayDays: 2 },
      ],
    });
    await call(t.app, 'POST', `/api/sequences/${sequence.id}/enrollments`, boss.headers, { everyone: true });
    // Person 5 is suppressed before step 1 goes: they get nothing at all.
    await db
      .insertInto('suppressions')
      .values({
        workspace_id: workspaceId,
        email: list.emails[5]!,
        reason: 'complaint',
        detail: '',
        created_by: null,
        created_at: now.toISOString(),
      })
      .execute();
    await round();
    await round();
    expect(to('leave.test')).toHaveLength(5);
    expect(subjectsTo(list.emails[5]!)).toEqual([]);

    // 0 unsubscribes, 2 converts, 3 replies, 4 is removed; 1 stays.
    const unsubscribed = await call(
      t.app,
      'DELETE',
      `/api/mailing-lists/${list.listId}/members/${list.subscriberIds[0]}`,
      boss.headers,
    );
    expect(unsubscribed.statusCode, unsubscribed.body).toBe(200);
    await db.updateTable('leads').set({ status: 'Converted' }).where('id', '=', lead!.id).execute();
    const people = await enrollmentsOf(t, boss, sequence.id);
    const idOf = (i: number) => people.find((p) => p.subscriberId === list.subscriberIds[i])!.id;
    const replied = await call(
      t.app,
      'POST',
      `/api/sequences/${sequence.id}/enrollments/${idOf(3)}/replied`,
      boss.headers,
    );
    expect(replied.statusCode, replied.body).toBe(200);
    expect(replied.json()).toMatchObject({
      message: M.markedReplied,
      enrollment: { status: 'left', leftReason: 'replied' },
    });
    const twice = await call(
      t.app,
      'POST',
      `/api/sequences/${sequence.id}/enrollments/${idOf(3)}/replied`,
      boss.headers,
    );
    expect(twice.statusCode).toBe(409);
    const removed = await call(
      t.app,
      'POST',
      `/api/sequences/${sequence.id}/enrollments/${idOf(4)}/remove`,
      boss.headers,
    );
    expect(removed.json()).toMatchObject({ enrollment: { leftReason: 'removed' } });

    later(2 * DAY);
    await round();
    await round();
    const followUps = to('leave.test').filter((m) => m.subject.startsWith('Follow-up'));
    expect(followUps.map((m) => m.envelopeTo[0])).toEqual([list.emails[1]]);
    expect((await sequenceOf(t, boss, sequence.id)).counts).toEqual({
      active: 0,
      completed: 1,
      left: { unsubscribed: 2, converted: 1, replied: 1, removed: 1 },
    });

    // Re-subscribing does not start the sequence again.
    await db
      .updateTable('list_members')
      .set({ status: 'subscribed', unsubscribed_at: null })
      .where('subscriber_id', '=', list.subscriberIds[0]!)
      .execute();
    const back = await call(t.app, 'POST', `/api/sequences/${sequence.id}/enrollments`, boss.headers, {
      subscriberIds: [list.subscriberIds[0]],
    });
    expect(back.json()).toMatchObject({ added: 0, skipped: 1 });
  });

  it('sends no step twice when rounds of two instances and two scans race', async () => {
    const list = await subscribedList(t, workspaceId, 8, { domain: 'race.test' });
    const templateId = await stepTemplate(t, boss, 'Race');
    const sequence = await createSequence(t, boss, {
      listId: list.listId,
      trigger: 'manual',
      steps: [
        { templateId, delayDays: 0 },
        { templateId, delayDays: 1 },
      ],
    });
    await call(t.app, 'POST', `/api/sequences/${sequence.id}/enrollments`, boss.headers, { everyone: true });

    // The same due scan three times at once, outside any lease; on PostgreSQL one on another instance's
    // connection (SQLite is one process's one connection in production).
    let other: TestDatabase | undefined;
    try {
      other = testEngine() === 'postgres' ? await reopenTestDatabase(t.database) : undefined;
      const box = createSecretBox(SECRET_KEY);
      const brand = { siteName: 'AgencyHQ', color: '#123456', logo: null, address: '1 Studio Road, Leeds' };
      const senders = [0, 1].map(() =>
        createSequenceSender({ box, siteUrl: SITE_URL, brand: async () => brand }),
      );
      later(1_000);
      const queued = await Promise.all([
        senders[0]!.queueDueSequenceSteps(t.database.handle.db, workspaceId, 100, now),
        senders[1]!.queueDueSequenceSteps((other ?? t.database).handle.db, workspaceId, 100, now),
        senders[0]!.queueDueSequenceSteps(t.database.handle.db, workspaceId, 100, now),
      ]);
      // The enrolment's kick may have started a dispatcher round meanwhile: it races too.
      await t.app.campaigns.tick();
      const outbox = await t.database.handle.db
        .selectFrom('mail_outbox')
        .select('to_address')
        .where('kind', '=', 'sequence')
        .where('to_address', 'like', '%@race.test')
        .execute();
      expect(outbox.map((m) => m.to_address).sort()).toEqual([...list.emails].sort());
      expect(queued.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(8);
    } finally {
      await other?.dispose();
    }
    // And two dispatcher rounds at once for the second step.
    later(DAY);
    await Promise.all([t.app.campaigns.tick(), t.app.campaigns.tick()]);
    await round();
    await t.app.outbox.deliverDue();
    for (const email of list.emails) expect(subjectsTo(email)).toHaveLength(2);
    expect((await sequenceOf(t, boss, sequence.id)).counts.completed).toBe(8);
  });

  it('pauses: nothing goes while paused, the steps due meanwhile go on resuming', async () => {
    const list = await subscribedList(t, workspaceId, 2, { domain: 'pause.test' });
    const templateId = await stepTemplate(t, boss, 'Paused');
    const sequence = await createSequence(t, boss, {
      listId: list.listId,
      trigger: 'manual',
      steps: [{ templateId, delayDays: 0 }],
    });
    const paused = await call(t.app, 'POST', `/api/sequences/${sequence.id}/pause`, boss.headers);
    expect(paused.json()).toMatchObject({ sequence: { status: 'paused' } });
    await call(t.app, 'POST', `/api/sequences/${sequence.id}/enrollments`, boss.headers, { everyone: true });
    await round();
    await round();
    expect(to('pause.test')).toHaveLength(0);
    await call(t.app, 'POST', `/api/sequences/${sequence.id}/resume`, boss.headers);
    await round();
    await round();
    expect(to('pause.test')).toHaveLength(2);
  });

  it('refuses bad input with its message', async () => {
    const list = await createList(t, boss, { optIn: 'single' });
    const templateId = await stepTemplate(t, boss, 'Valid');
    const bad = async (body: unknown, status: number, message: string) => {
      const answer = await call(t.app, 'POST', '/api/sequences', boss.headers, body);
      expect(answer.statusCode, answer.body).toBe(status);
      expect(answer.json().message).toContain(message);
    };
    await bad({ name: 'x', listId: list.id, trigger: 'manual', steps: [] }, 400, M.stepsRequired);
    await bad(
      { name: 'x', listId: list.id, trigger: 'manual', steps: [{ templateId, delayDays: 400 }] },
      400,
      M.delayRange,
    );
    await bad({ name: ' ', listId: list.id, steps: [{ templateId, delayDays: 0 }] }, 400, M.nameRequired);
    const empty = await call(
      t.app,
      'POST',
      `/api/sequences/${(await createSequence(t, boss, { listId: list.id, trigger: 'manual', steps: [{ templateId, delayDays: 0 }] })).id}/enrollments`,
      boss.headers,
      {},
    );
    expect(empty.statusCode).toBe(400);
  });
});
