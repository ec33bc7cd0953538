import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_MESSAGES } from '../../src/shared/messages';
import { ROLES } from '../../src/shared/roles';
import { createTestApp, type TestApp } from './support/test-app';
import { call, insertUser, insertWorkspace, seededAdmin, userRow, type TestUser } from './support/users';

/** Role, status and module permissions are Admin-only on the server too (docs/product/roles-and-access.md#admin-only-actions). */
describe('admin-only actions', () => {
  let t: TestApp;
  let admin: TestUser;
  let alphaId: string;
  let target: TestUser; // Jane, a Web Developer of Alpha
  const actors = new Map<string, TestUser>();

  const NON_ADMIN_ROLES = ROLES.filter((role) => role !== 'Admin');
  const OTHER_OWNER = 'Business Admin of another workspace';

  beforeAll(async () => {
    t = await createTestApp();
    admin = await seededAdmin(t);
    alphaId = (await insertWorkspace(t, { name: 'Alpha' })).id;
    target = await insertUser(t, {
      workspaceId: alphaId,
      role: 'Web Developer',
      name: 'Jane Target',
      permissions: JSON.stringify({ marketing: true }),
    });
    // Every non-Admin role sits in the target's own workspace: sharing it must not grant anything.
    for (const role of NON_ADMIN_ROLES) actors.set(role, await insertUser(t, { workspaceId: alphaId, role }));
    const betaId = (await insertWorkspace(t, { name: 'Beta' })).id;
    actors.set(OTHER_OWNER, await insertUser(t, { workspaceId: betaId, role: 'Business Admin' }));
  });
  afterAll(async () => t.close());

  it('covers the 13 non-Admin roles', () => {
    expect(NON_ADMIN_ROLES).toHaveLength(13);
  });

  describe.each([...NON_ADMIN_ROLES, OTHER_OWNER])('as %s', (label) => {
    it('is refused (403) every admin-only action and changes nothing', async () => {
      const actor = actors.get(label)!;
      const targetBefore = await userRow(t, target.id);
      const actorBefore = await userRow(t, actor.id);
      const refusals = [
        await call(t.app, 'PUT', `/api/users/${target.id}`, actor.headers, {
          role: 'Admin',
          status: 'Inactive',
          name: 'Hacked',
        }),
        await call(t.app, 'PUT', `/api/users/${target.id}`, actor.headers, { name: 'Hacked' }),
        await call(t.app, 'PUT', `/api/users/${actor.id}`, actor.headers, { role: 'Admin' }),
      ];
      // Accounts kept out of the dashboard are refused before the admin rule is even asked (docs/product/roles-and-access.md#dashboard-access).
      const expected = ['Team Member', 'User'].includes(label)
        ? ACCESS_MESSAGES.outsideDashboard
        : ACCESS_MESSAGES.adminOnly;
      for (const response of refusals) {
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual({ message: expected });
      }
      for (const body of [
        { permissions: { settingsConfiguration: true } },
        { settingsConfiguration: true },
      ]) {
        for (const id of [target.id, actor.id]) {
          const response = await call(t.app, 'PUT', `/api/users/${id}/permissions`, actor.headers, body);
          expect(response.statusCode).toBe(403);
          expect(response.json()).toMatchObject({ message: expected });
        }
      }

      expect(await userRow(t, target.id)).toEqual(targetBefore);
      // The guard stamps "last active" on the caller; everything else must be as it was.
      expect({ ...(await userRow(t, actor.id)), last_active_at: null }).toEqual({
        ...actorBefore,
        last_active_at: null,
      });
    });

    it('gets no role or status change through PUT /api/profile', async () => {
      const actor = actors.get(label)!;
      const before = await userRow(t, actor.id);

      const response = await call(t.app, 'PUT', '/api/profile', actor.headers, {
        role: 'Admin',
        status: 'Inactive',
      });

      expect(response.statusCode).toBe(200);
      expect(response.json().user).toMatchObject({ role: before.role, status: 'Active' });
      expect(await userRow(t, actor.id)).toMatchObject({ role: before.role, status: 'Active' });
      expect((await call(t.app, 'GET', '/api/profile', actor.headers)).json().user.role).toBe(before.role);
    });
  });

  describe('as the Admin', () => {
    it('changes role and status; the target sees it on its next request; the change is in the activity', async () => {
      const response = await call(t.app, 'PUT', `/api/users/${target.id}`, admin.headers, {
        role: 'Project Manager',
        status: 'In Review',
      });

      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        success: true,
        user: { id: target.id, role: 'Project Manager', status: 'In Review' },
      });
      const profile = await call(t.app, 'GET', '/api/profile', target.headers);
      expect(profile.json().user).toMatchObject({ role: 'Project Manager', status: 'In Review' });
      const dashboard = (await call(t.app, 'GET', '/api/dashboard', admin.headers)).json();
      // One entry per audited kind (the audit log, docs/product/workspace.md#audit-log, filters by kind); both of the same moment.
      expect(
        dashboard.data.recentActivity
          .slice(0, 2)
          .map((a: { action: string }) => a.action)
          .sort(),
      ).toEqual([
        "admin changed Jane Target's role from Web Developer to Project Manager",
        "admin changed Jane Target's status from Active to In Review",
      ]);
    });

    it('saves name, phone and location but never the e-mail', async () => {
      const before = await userRow(t, target.id);

      const response = await call(t.app, 'PUT', `/api/users/${target.id}`, admin.headers, {
        name: 'Jane Doe',
        phone: '+91 98765 43210',
        location: 'Pune',
        email: 'changed@evil.test',
      });

      expect(response.statusCode).toBe(200);
      expect(response.json().user).toMatchObject({ name: 'Jane Doe', email: before.email });
      expect(await userRow(t, target.id)).toMatchObject({
        name: 'Jane Doe',
        phone: '+91 98765 43210',
        location: 'Pune',
        email: before.email,
      });
    });

    it('merges permissions in both readings of the body', async () => {
      const url = `/api/users/${target.id}/permissions`;
      const map = await call(t.app, 'PUT', url, admin.headers, {
        permissions: { hrManagement: true, dashboard: false },
      });
      expect(map.statusCode).toBe(200);
      expect(map.json()).toMatchObject({
        success: true,
        permissions: { marketing: true, hrManagement: true, dashboard: false },
      });

      const single = await call(t.app, 'PUT', url, admin.headers, { hrManagement: false });

      expect(single.json().permissions).toEqual({ marketing: true, hrManagement: false, dashboard: false });
      expect(single.json().user.permissions).toEqual(single.json().permissions);
      expect(JSON.parse((await userRow(t, target.id)).permissions)).toEqual(single.json().permissions);
    });

    it('answers 404 for an unknown user', async () => {
      const id = randomUUID();
      const update = await call(t.app, 'PUT', `/api/users/${id}`, admin.headers, { role: 'User' });
      const permissions = await call(t.app, 'PUT', `/api/users/${id}/permissions`, admin.headers, {
        dashboard: true,
      });

      expect(update.statusCode).toBe(404);
      expect(update.json()).toEqual({ message: ACCESS_MESSAGES.userNotFound });
      expect(permissions.statusCode).toBe(404);
      expect(permissions.json()).toEqual({ success: false, message: ACCESS_MESSAGES.userNotFound });
    });

    it.each([
      ['an unknown role', 'users', { role: 'Overlord' }],
      ['an unknown status', 'users', { status: 'Sleeping' }],
      ['an unknown permission key', 'permissions', { nuclearCodes: true }],
      ['an unknown key inside the map', 'permissions', { permissions: { nuclearCodes: true } }],
      ['a non-boolean permission', 'permissions', { dashboard: 'yes' }],
      ['an empty permissions body', 'permissions', {}],
      ['an empty permissions map', 'permissions', { permissions: {} }],
    ])('answers 400 for %s and changes nothing', async (_label, route, body) => {
      const before = await userRow(t, target.id);
      const url = route === 'users' ? `/api/users/${target.id}` : `/api/users/${target.id}/permissions`;

      const response = await call(t.app, 'PUT', url, admin.headers, body);

      expect(response.statusCode).toBe(400);
      expect(typeof response.json().message).toBe('string');
      if (route === 'permissions') expect(response.json().success).toBe(false);
      expect(await userRow(t, target.id)).toEqual(before);
    });
  });

  describe('the last Active Admin', () => {
    it.each([
      ['demoting them', 'users', { role: 'User' }],
      ['deactivating them', 'users', { status: 'Inactive' }],
      ['demoting themselves on the profile', 'profile', { role: 'Web Developer' }],
      ['setting themselves Pending on the profile', 'profile', { status: 'Pending' }],
    ])('is kept: %s is refused (403)', async (_label, route, body) => {
      // An inactive Admin does not count: the platform still has only one Admin able to act.
      await insertUser(t, { workspaceId: alphaId, role: 'Admin', status: 'Inactive' });
      const before = await userRow(t, admin.id);
      const url = route === 'users' ? `/api/users/${admin.id}` : '/api/profile';

      const response = await call(t.app, 'PUT', url, admin.headers, body);

      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: ACCESS_MESSAGES.lastAdmin });
      expect(await userRow(t, admin.id)).toEqual(before);
    });

    it('may still edit their own details, and apply role and status on the profile', async () => {
      const response = await call(t.app, 'PUT', '/api/profile', admin.headers, {
        name: 'Chief',
        role: 'Admin',
        status: 'Active',
      });

      expect(response.statusCode).toBe(200);
      expect(response.json().user).toMatchObject({ name: 'Chief', role: 'Admin', status: 'Active' });
    });

    it('can be demoted once another Active Admin exists', async () => {
      const second = await insertUser(t, { workspaceId: alphaId, role: 'Admin', name: 'Second Admin' });

      const demoteSecond = await call(t.app, 'PUT', `/api/users/${second.id}`, admin.headers, {
        role: 'User',
      });
      expect(demoteSecond.statusCode).toBe(200);
      expect((await userRow(t, second.id)).role).toBe('User');

      const third = await insertUser(t, { workspaceId: alphaId, role: 'Admin' });
      const selfDemotion = await call(t.app, 'PUT', '/api/profile', admin.headers, {
        role: 'Project Manager',
      });

      expect(selfDemotion.statusCode).toBe(200);
      expect(selfDemotion.json().user.role).toBe('Project Manager');
      const lastOne = await call(t.app, 'PUT', `/api/users/${third.id}`, third.headers, {
        status: 'Inactive',
      });
      expect(lastOne.statusCode).toBe(403);
      expect(lastOne.json().message).toBe(ACCESS_MESSAGES.lastAdmin);
    });
  });
});
