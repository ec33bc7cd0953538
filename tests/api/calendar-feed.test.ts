import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TASK_MESSAGES as M } from '../../src/shared/messages';
import { createTestApp, SITE_URL, type TestApp } from './support/test-app';
import { createKey } from './support/api-keys';
import { call, insertUser, insertWorkspace, type TestUser } from './support/users';

const billing = { country: 'IN', state: 'Karnataka', currency: 'INR' };

/**
 * The private calendar feed (docs/product/projects.md#calendar-feed), on SQLite and PostgreSQL: RFC 5545 text
 * of one's own tasks' due dates, at a secret URL on the configured site, and the attacks: a guessed URL, a
 * URL kept after it was revoked or replaced, a member who left, another workspace, a forged Host.
 */
describe('calendar feed', () => {
  let t: TestApp;
  let boss: TestUser;
  let designer: TestUser;
  let other: TestUser;

  const feedPath = (url: string) => new URL(url).pathname;
  const read = (url: string) => t.app.inject({ method: 'GET', url: feedPath(url) });
  const make = async (who: TestUser) => {
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/calendar-feed',
      headers: { ...who.headers, host: 'evil.test', 'x-forwarded-host': 'evil.test' },
    });
    expect(made.statusCode, made.body).toBe(201);
    return made.json().url as string;
  };

  beforeAll(async () => {
    t = await createTestApp();
    const studio = await insertWorkspace(t, { name: 'Feed Studio' });
    boss = await insertUser(t, { workspaceId: studio.id, role: 'Business Admin', username: 'feed-boss' });
    designer = await insertUser(t, { workspaceId: studio.id, role: 'Graphic Designer', username: 'feed-gd' });
    other = await insertUser(t, { workspaceId: studio.id, role: 'Web Developer', username: 'feed-web' });
    const clientId = (
      await call(t.app, 'POST', '/api/clients', boss.headers, { name: 'Feed Client', ...billing })
    ).json().client._id;
    const projectId = (
      await call(t.app, 'POST', '/api/projects', boss.headers, {
        clientId,
        name: 'Feed work',
        team: [{ userId: designer.id }, { userId: other.id }],
      })
    ).json().project._id;
    const add = (body: object) => call(t.app, 'POST', `/api/projects/${projectId}/tasks`, boss.headers, body);
    await add({ title: 'Moodboard', dueDate: '2026-12-05', assigneeIds: [designer.id] });
    await add({ title: 'No date', assigneeIds: [designer.id] });
    await add({ title: 'Not mine', dueDate: '2026-12-06', assigneeIds: [other.id] });
  });
  afterAll(async () => t.close());

  it('serves one’s own due tasks as all-day events at a secret URL on the configured site', async () => {
    const url = await make(designer);
    expect(url.startsWith(`${SITE_URL}/calendar/`)).toBe(true);
    expect(url).not.toContain('evil.test');
    const token = url.split('/').pop()!;
    const stored = await t.database.handle.db
      .selectFrom('calendar_feeds')
      .selectAll()
      .where('user_id', '=', designer.id)
      .executeTakeFirstOrThrow();
    expect(stored.token_hash).not.toContain(token);
    const feed = await read(url);
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(feed.body).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(feed.body).toContain('DTSTART;VALUE=DATE:20261205');
    expect(feed.body).toContain('SUMMARY:P-001 #1 Moodboard');
    expect(feed.body).not.toContain('No date');
    expect(feed.body).not.toContain('Not mine');
    expect((feed.body.match(/BEGIN:VEVENT/g) ?? []).length).toBe(1);
    const status = (await call(t.app, 'GET', '/api/calendar-feed', designer.headers)).json();
    expect(status).toMatchObject({ active: true });
    expect(status.lastReadAt).not.toBeNull();
  });

  it('keeps a due date on its day whatever the server’s time zone', async () => {
    const url = await make(designer);
    const before = process.env.TZ;
    try {
      for (const zone of ['America/Los_Angeles', 'Asia/Kolkata', 'Pacific/Kiritimati']) {
        process.env.TZ = zone;
        expect((await read(url)).body, zone).toContain('DTSTART;VALUE=DATE:20261205');
      }
    } finally {
      if (before === undefined) delete process.env.TZ;
      else process.env.TZ = before;
    }
  });

  it('attack: a guessed URL, a replaced one and a revoked one answer 404', async () => {
    const guessed = await t.app.inject({ method: 'GET', url: `/calendar/${'A'.repeat(43)}` });
    expect(guessed.statusCode).toBe(404);
    expect(guessed.json().message).toBe(M.feedNotFound);
    const first = await make(designer);
    const second = await make(designer);
    expect((await read(first)).statusCode).toBe(404);
    expect((await read(second)).statusCode).toBe(200);
    const revoked = await call(t.app, 'DELETE', '/api/calendar-feed', designer.headers);
    expect(revoked.json().message).toBe(M.feedRevoked);
    expect((await read(second)).statusCode).toBe(404);
    expect((await call(t.app, 'GET', '/api/calendar-feed', designer.headers)).json().active).toBe(false);
  });

  it('attack: the URL stops working when its member is blocked or loses Projects', async () => {
    const url = await make(other);
    expect((await read(url)).statusCode).toBe(200);
    const db = t.database.handle.db;
    await db.updateTable('users').set({ status: 'Terminated' }).where('id', '=', other.id).execute();
    expect((await read(url)).statusCode).toBe(404);
    await db
      .updateTable('users')
      .set({ status: 'Active', role: 'Data Analyst' })
      .where('id', '=', other.id)
      .execute();
    expect((await read(url)).statusCode).toBe(404);
  });

  it('is made only in a session: keys and members without Projects are refused', async () => {
    const key = await createKey(t, boss.headers, ['tasks:read', 'tasks:write']);
    expect((await call(t.app, 'POST', '/api/calendar-feed', key.headers)).statusCode).toBe(403);
    const analyst = await insertUser(t, { workspaceId: (await insertWorkspace(t)).id, role: 'Data Analyst' });
    expect((await call(t.app, 'POST', '/api/calendar-feed', analyst.headers)).statusCode).toBe(403);
  });
});
