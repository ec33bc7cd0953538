import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Lead } from '../../src/shared/schemas/leads';
import { createLeadsTestApp, emptyWorkspaceOwner, testClock } from './support/leads';
import type { TestApp } from './support/test-app';
import { insertUser, type TestUser } from './support/users';

/**
 * docs/security.md#who-may-do-what: follow-up notifications and digests carry a workspace's leads (names,
 * companies, notes). They go only to current members who may use Client Leads: someone who moved to
 * another workspace, or whose role no longer has the module, gets none of the old workspace's.
 */
describe('follow-ups reach only who may still see the leads', () => {
  const clock = testClock('2024-06-15T05:00:00.000Z');
  let t: TestApp;
  let boss: TestUser;
  let stayer: TestUser; // Data Analyst who stays
  let mover: TestUser; // Data Analyst who joins another workspace
  let demoted: TestUser; // Data Analyst made a Graphic Designer (no Client Leads)

  const send = (url: string, user: TestUser, payload?: unknown) =>
    t.app.inject({
      method: payload === undefined ? 'POST' : 'PUT',
      url,
      headers: user.headers,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  const leadDueTomorrow = async (owner: TestUser, name: string) => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/leads',
      headers: boss.headers,
      payload: { name, email: `${name.toLowerCase()}@left.test` },
    });
    expect(created.statusCode, created.body).toBe(201);
    const lead = created.json().lead as Lead;
    const set = await send(`/api/leads/${lead.id}`, boss, {
      ownerId: owner.id,
      nextFollowUpAt: '2024-06-16',
      followUpNote: `Secret plan for ${name}`,
    });
    expect(set.statusCode, set.body).toBe(200);
  };
  const notificationsOf = (user: TestUser) =>
    t.database.handle.db
      .selectFrom('user_notifications')
      .selectAll()
      .where('user_id', '=', user.id)
      .execute();
  const digestsTo = (user: TestUser) =>
    t.database.handle.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to_address', '=', user.email)
      .where('kind', '=', 'follow-up-digest')
      .execute();

  beforeAll(async () => {
    t = await createLeadsTestApp(clock);
    boss = await emptyWorkspaceOwner(t, 'Old Shop');
    stayer = await insertUser(t, { workspaceId: boss.workspaceId, role: 'Data Analyst', username: 'stay' });
    mover = await insertUser(t, { workspaceId: boss.workspaceId, role: 'Data Analyst', username: 'move' });
    demoted = await insertUser(t, { workspaceId: boss.workspaceId, role: 'Data Analyst', username: 'demo' });
    await leadDueTomorrow(stayer, 'Stayed');
    await leadDueTomorrow(mover, 'Moved');
    await leadDueTomorrow(demoted, 'Demoted');
    const elsewhere = await emptyWorkspaceOwner(t, 'New Shop');
    await t.database.handle.db
      .updateTable('users')
      .set({ workspace_id: elsewhere.workspaceId })
      .where('id', '=', mover.id)
      .execute();
    await t.database.handle.db
      .updateTable('users')
      .set({ role: 'Graphic Designer' })
      .where('id', '=', demoted.id)
      .execute();
  });
  afterAll(async () => t.close());

  it('notifies and mails the member who stays, and neither the one who left nor the one demoted (attack)', async () => {
    clock.now = new Date('2024-06-16T05:00:00.000Z');
    await t.app.followUps.sweep(); // the day's notifications
    clock.now = new Date('2024-06-16T07:30:00.000Z');
    await t.app.followUps.sweep(); // the morning digests
    expect((await notificationsOf(stayer)).map((n) => n.kind).sort()).toEqual([
      'follow-up-due',
      'lead-assigned',
    ]);
    expect(await digestsTo(stayer)).toHaveLength(1);
    // Before: both got the bell's notification and the digest with the old workspace's lead and its note.
    for (const gone of [mover, demoted]) {
      expect(
        (await notificationsOf(gone)).map((n) => n.kind),
        gone.email,
      ).toEqual(['lead-assigned']);
      expect(await digestsTo(gone)).toEqual([]);
    }
  });
});
