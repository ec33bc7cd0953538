import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Lead } from '../../src/shared/schemas/leads';
import { createLeadsTestApp, emptyWorkspaceOwner, listLeads, testClock } from './support/leads';
import { createTestApp, reopenTestDatabase, testEngine, type TestApp } from './support/test-app';
import { insertUser, type TestUser } from './support/users';

/**
 * Follow-ups (docs/product/leads.md#owners-and-follow-ups): a next follow-up day and note per lead, set,
 * cleared and done; "Due today / Overdue" and its stat; on the day the owner's bell, and one morning
 * digest per owner and day through the outbox, counted against the plan's e-mails a day. The attacks:
 * another workspace's follow-ups, two instances sweeping at once, a digest past the mail limit.
 */
describe('lead follow-ups', () => {
  const clock = testClock('2024-06-15T05:00:00.000Z');
  let t: TestApp;
  let boss: TestUser;
  let analyst: TestUser;
  let stranger: TestUser;
  let due: Lead; // boss's, due today
  let overdue: Lead; // analyst's, due yesterday
  let later: Lead; // boss's, due next week

  const send = (method: 'GET' | 'PUT' | 'POST', url: string, user: TestUser, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: user.headers,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  const create = async (user: TestUser, name: string) => {
    const response = await send('POST', '/api/leads', user, { name, email: `${name.toLowerCase()}@fu.test` });
    expect(response.statusCode).toBe(201);
    return response.json().lead as Lead;
  };
  const setFollowUp = async (
    user: TestUser,
    lead: Lead,
    nextFollowUpAt: string | null,
    followUpNote = '',
  ) => {
    const response = await send('PUT', `/api/leads/${lead.id}`, user, { nextFollowUpAt, followUpNote });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().lead as Lead;
  };
  const claim = async (user: TestUser, app = t) => {
    const response = await app.app.inject({
      method: 'POST',
      url: '/api/notifications/claim',
      headers: user.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().notifications as { kind: string; title: string; message: string }[];
  };
  const digests = (workspaceId: string) =>
    t.database.handle.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('workspace_id', '=', workspaceId)
      .where('kind', '=', 'follow-up-digest')
      .execute();

  beforeAll(async () => {
    t = await createLeadsTestApp(clock);
    boss = await emptyWorkspaceOwner(t);
    analyst = await insertUser(t, { workspaceId: boss.workspaceId, role: 'Data Analyst', username: 'dana' });
    stranger = await emptyWorkspaceOwner(t, 'Elsewhere Ltd');
    due = await create(boss, 'Due');
    overdue = await create(analyst, 'Overdue');
    later = await create(boss, 'Later');
    await create(boss, 'None');
  });
  afterAll(async () => t.close());

  it('sets, shows and clears the next follow-up and its note', async () => {
    const set = await setFollowUp(boss, due, '2024-06-15', 'Call about the quote');
    expect(set).toMatchObject({ nextFollowUpAt: '2024-06-15', followUpNote: 'Call about the quote' });
    expect((await send('GET', `/api/leads/${due.id}`, boss)).json()).toMatchObject({
      nextFollowUpAt: '2024-06-15',
      followUpNote: 'Call about the quote',
    });
    const cleared = await setFollowUp(boss, due, null);
    expect(cleared).toMatchObject({ nextFollowUpAt: null, followUpNote: '' });
    await setFollowUp(boss, due, '2024-06-15', 'Call about the quote');
    await setFollowUp(analyst, overdue, '2024-06-14', 'Send the proposal');
    await setFollowUp(boss, later, '2024-06-22');
    const bad = await send('PUT', `/api/leads/${due.id}`, boss, { nextFollowUpAt: '15/06/2024' });
    expect(bad.statusCode).toBe(400);
  });

  it('lists "Due today / Overdue" (followUp=due) with its stat, in the user\'s own day', async () => {
    const page = await listLeads(t.app, boss, { followUp: 'due' });
    expect(page.leads.map((l) => l.name).sort()).toEqual(['Due', 'Overdue']);
    expect(page.stats.total).toBe(2);
    expect(page.stats.followUpsDue).toBe(2);
    const all = await listLeads(t.app, boss);
    expect(all.stats.total).toBe(4);
    expect(all.stats.followUpsDue).toBe(2);
    // Counted with any other filter: a search, an owner, a date range (the aggregate's own pass elsewhere).
    const searched = await listLeads(t.app, boss, { search: 'overdue' });
    expect(searched.stats).toMatchObject({ total: 1, followUpsDue: 1 });
    const analysts = await listLeads(t.app, analyst, { owner: 'me' });
    expect(analysts.stats).toMatchObject({ total: 1, followUpsDue: 1 });
    const today = await listLeads(t.app, boss, { dateFilter: 'today' });
    expect(today.stats).toMatchObject({ total: 4, followUpsDue: 2 });
    const mineDue = await listLeads(t.app, analyst, { followUp: 'due', owner: 'me' });
    expect(mineDue.leads.map((l) => l.name)).toEqual(['Overdue']);
    // 05:00 UTC is still the 14th in Los Angeles (UTC-7): only the overdue one is due there.
    const losAngeles = await listLeads(t.app, boss, { followUp: 'due', tzOffset: 420 });
    expect(losAngeles.leads.map((l) => l.name)).toEqual(['Overdue']);
    expect(losAngeles.stats.followUpsDue).toBe(1);
  });

  it("never shows another workspace's follow-ups (attack)", async () => {
    const theirs = await listLeads(t.app, stranger, { followUp: 'due' });
    expect(theirs.leads).toEqual([]);
    expect(theirs.stats.followUpsDue).toBe(0);
    expect((await send('GET', `/api/leads/${due.id}`, stranger)).statusCode).toBe(404);
    expect(
      (await send('PUT', `/api/leads/${due.id}`, stranger, { nextFollowUpAt: '2024-07-01' })).statusCode,
    ).toBe(404);
    expect((await send('POST', `/api/leads/${due.id}/follow-up/done`, stranger)).statusCode).toBe(404);
    expect((await send('GET', `/api/leads/${due.id}`, boss)).json().nextFollowUpAt).toBe('2024-06-15');
  });

  it('notifies each owner in the bell on the day, once, and waits for the morning to send the digest', async () => {
    clock.now = new Date('2024-06-15T05:00:00.000Z');
    await t.app.followUps.sweep();
    await t.app.followUps.sweep();
    const bossNotes = await claim(boss);
    expect(bossNotes).toEqual([
      expect.objectContaining({
        kind: 'follow-up-due',
        title: 'Follow-up due today',
        message: 'Due: Call about the quote',
      }),
    ]);
    // The overdue one was due yesterday: its day's notification is not sent late.
    expect(await claim(analyst)).toEqual([]);
    expect(await claim(stranger)).toEqual([]);
    expect(await digests(boss.workspaceId)).toEqual([]);
  });

  it('sends one morning digest per owner and day, however many instances sweep', async () => {
    clock.now = new Date('2024-06-15T07:30:00.000Z');
    const b = await createTestApp({ clock: clock.read, database: await reopenTestDatabase(t.database) });
    try {
      const sweeps = [t, b, t, b].map((instance) => () => instance.app.followUps.sweep());
      if (testEngine() === 'postgres') await Promise.all(sweeps.map((sweep) => sweep()));
      else for (const sweep of sweeps) await sweep();
    } finally {
      await b.close();
    }
    const mail = await digests(boss.workspaceId);
    expect(mail.map((m) => m.to_address).sort()).toEqual([analyst.email, boss.email].sort());
    const bossMail = mail.find((m) => m.to_address === boss.email)!;
    expect(bossMail.subject).toBe('Your follow-ups for today: 1 lead');
    expect(bossMail.text_body).toContain('Due');
    expect(bossMail.text_body).toContain('Call about the quote');
    expect(bossMail.text_body).not.toContain('Later');
    const analystMail = mail.find((m) => m.to_address === analyst.email)!;
    expect(analystMail.text_body).toContain('Overdue (since Jun 14, 2024)');
    const counted = await t.database.handle.db
      .selectFrom('workspace_mail_days')
      .select('count')
      .where('workspace_id', '=', boss.workspaceId)
      .where('day', '=', '2024-06-15')
      .executeTakeFirst();
    expect(Number(counted?.count)).toBe(2);
    // Later that day: nothing again.
    clock.now = new Date('2024-06-15T15:00:00.000Z');
    await t.app.followUps.sweep();
    expect(await digests(boss.workspaceId)).toHaveLength(2);
  });

  it("refuses the digest past the plan's e-mails a day, and does not try again that day (attack)", async () => {
    clock.now = new Date('2024-06-16T08:00:00.000Z');
    await t.database.handle.db
      .insertInto('workspace_mail_days')
      .values({ workspace_id: boss.workspaceId, day: '2024-06-16', count: 100 })
      .execute();
    await t.app.followUps.sweep();
    await t.app.followUps.sweep();
    expect(await digests(boss.workspaceId)).toHaveLength(2); // yesterday's two only
    const claims = await t.database.handle.db
      .selectFrom('follow_up_digests')
      .select(['user_id', 'status'])
      .where('day', '=', '2024-06-16')
      .execute();
    expect(claims.map((c) => c.status).sort()).toEqual(['refused', 'refused']);
    const counted = await t.database.handle.db
      .selectFrom('workspace_mail_days')
      .select('count')
      .where('workspace_id', '=', boss.workspaceId)
      .where('day', '=', '2024-06-16')
      .executeTakeFirstOrThrow();
    expect(Number(counted.count)).toBe(100);
  });

  it('marks a follow-up done: cleared, gone from "Due today"', async () => {
    const done = await send('POST', `/api/leads/${due.id}/follow-up/done`, boss);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().lead).toMatchObject({ nextFollowUpAt: null, followUpNote: '' });
    const page = await listLeads(t.app, boss, { followUp: 'due' });
    expect(page.leads.map((l) => l.name)).toEqual(['Overdue']);
  });
});
