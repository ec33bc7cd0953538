import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app';
import { call, createCast, insertUser, type TestUser } from './support/users';

/** GET /api/dashboard (docs/product/dashboard.md#overview): platform-wide for an Admin, else own workspace. */
describe('GET /api/dashboard', () => {
  let t: TestApp;
  let admin: TestUser['headers'];
  let owner: TestUser;
  let freelancer: TestUser;
  let webDev: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    const cast = await createCast(t);
    ({ owner, freelancer, webDev } = cast);
    admin = cast.admin.headers;
    // Six readable actions in each workspace, so the platform has more than the 10 shown.
    for (const location of ['Goa', 'Delhi', 'Mumbai', 'Chennai', 'Pune', 'Kochi']) {
      await call(t.app, 'PUT', `/api/users/${webDev.id}`, admin, { location });
      await call(t.app, 'PUT', `/api/users/${freelancer.id}`, admin, { location });
    }
  });
  afterAll(async () => t.close());

  const dashboard = (headers: TestUser['headers'] | undefined) =>
    call(t.app, 'GET', '/api/dashboard', headers);
  const workspaceActions = async (workspaceId?: string) =>
    (
      await t.database.handle.db
        .selectFrom('activity')
        .select(['action', 'created_at'])
        .$if(workspaceId !== undefined, (qb) => qb.where('workspace_id', '=', workspaceId!))
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute()
    ).map((row) => ({ action: row.action, timestamp: row.created_at }));

  it('shows a workspace member their own workspace only, newest first', async () => {
    const response = await dashboard(webDev.headers);

    expect(response.statusCode).toBe(200);
    const { success, data } = response.json();
    expect(success).toBe(true);
    const members = await t.database.handle.db
      .selectFrom('users')
      .select('id')
      .where('workspace_id', '=', owner.workspaceId)
      .execute();
    expect(members.length).toBeGreaterThanOrEqual(3);
    expect(data.totalUsers).toBe(members.length);
    expect(data.recentActivity).toHaveLength(7);
    expect(data.recentActivity).toEqual(await workspaceActions(owner.workspaceId));
    expect(data.recentActivity[0].action).toBe("admin updated Web Developer's location");
    expect(data.recentActivity.at(-1).action).toBe('Acme Studio signed up as Business Admin');
    expect(JSON.stringify(data)).not.toContain('Solo Works');
  });

  it('shows a freelancer their own workspace', async () => {
    const { data } = (await dashboard(freelancer.headers)).json();

    expect(data.totalUsers).toBe(1);
    expect(data.recentActivity).toHaveLength(7);
    expect(data.recentActivity).toEqual(await workspaceActions(freelancer.workspaceId));
    expect(JSON.stringify(data)).not.toContain('Acme Studio');
    expect(data.recentActivity.map((a: { action: string }) => a.action)).toContain(
      'Solo Works signed up as Freelancer',
    );
  });

  it('shows an Admin platform-wide totals and the 10 newest actions of all workspaces', async () => {
    const { data } = (await dashboard(admin)).json();
    const users = await t.database.handle.db.selectFrom('users').select('id').execute();
    const all = await workspaceActions();

    expect(all.length).toBeGreaterThan(10);
    expect(data.totalUsers).toBe(users.length);
    expect(data.recentActivity).toEqual(all.slice(0, 10));
  });

  it('answers 401 without a token', async () => {
    expect((await dashboard(undefined)).statusCode).toBe(401);
  });

  it('is refused (403) to roles without the Dashboard module, as the sidebar hides it from them', async () => {
    const solo = await insertUser(t, { workspaceId: owner.workspaceId, role: 'SOLOHQ' });
    const user = await insertUser(t, { workspaceId: owner.workspaceId, role: 'User' });
    const teamMember = await insertUser(t, {
      workspaceId: owner.workspaceId,
      role: 'Team Member',
      permissions: JSON.stringify({ dashboard: true }),
    });
    for (const person of [solo, user, teamMember])
      expect((await dashboard(person.headers)).statusCode).toBe(403);
  });
});
