import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_MESSAGES, PLAN_MESSAGES } from '../../src/shared/messages';
import { PROFILE_IMAGE_MAX_CHARS } from '../../src/shared/schemas/users';
import { createTestApp, type TestApp } from './support/test-app';
import {
  HASH_PATTERN,
  call,
  createCast,
  insertUser,
  insertWorkspace,
  userRow,
  type TestUser,
} from './support/users';

const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

/** POST /api/users/upgrade-role (docs/product/roles-and-access.md#solo-hq-upgrade), PUT /api/profile, GET/PUT /api/workspace (docs/product/api.md#beyond-the-first-calls, docs/product/workspace.md#workspace-settings). */
describe('upgrade, profile and workspace', () => {
  let t: TestApp;
  let admin: TestUser['headers'];
  let domain: string;
  let owner: TestUser; // Business Admin of Acme (signed up)
  let freelancer: TestUser; // own personal workspace (signed up)
  let teamMember: TestUser;
  let webDev: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    const cast = await createCast(t);
    ({ owner, freelancer, teamMember, webDev, domain } = cast);
    admin = cast.admin.headers;
  });
  afterAll(async () => t.close());

  describe('POST /api/users/upgrade-role', () => {
    const upgrade = (headers: TestUser['headers'] | undefined, body: unknown = { newRole: 'SOLOHQ' }) =>
      call(t.app, 'POST', '/api/users/upgrade-role', headers, body);

    it('upgrades a User-role account to SOLOHQ, once', async () => {
      const user = await insertUser(t, { workspaceId: (await insertWorkspace(t)).id, role: 'User' });

      const response = await upgrade(user.headers);

      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ success: true, user: { id: user.id, role: 'SOLOHQ' } });
      expect(response.body).not.toMatch(HASH_PATTERN);
      expect((await call(t.app, 'GET', '/api/profile', user.headers)).json().user.role).toBe('SOLOHQ');
      const again = await upgrade(user.headers);
      expect(again.statusCode).toBe(403);
      expect(again.json()).toEqual({ message: PLAN_MESSAGES.differentPlan });
    });

    it.each(['Freelancer', 'Business Admin', 'Team Member'])('refuses a %s (403)', async (role) => {
      const user = role === 'Freelancer' ? freelancer : role === 'Team Member' ? teamMember : owner;

      const response = await upgrade(user.headers);

      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: PLAN_MESSAGES.differentPlan });
      expect((await userRow(t, user.id)).role).toBe(role);
    });

    it.each([
      ['another role', { newRole: 'Admin' }],
      ['no newRole', {}],
    ])('answers 400 for %s', async (_label, body) => {
      const user = await insertUser(t, { workspaceId: owner.workspaceId, role: 'User' });
      const response = await upgrade(user.headers, body);

      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(PLAN_MESSAGES.differentPlan);
      expect((await userRow(t, user.id)).role).toBe('User');
    });

    it('answers 401 without a token', async () => {
      expect((await upgrade(undefined)).statusCode).toBe(401);
    });
  });

  describe('PUT /api/profile', () => {
    const put = (body: unknown) => call(t.app, 'PUT', '/api/profile', webDev.headers, body);

    it('saves the details, which a fresh GET /api/profile shows; the e-mail stays', async () => {
      const response = await put({
        username: '  devon ',
        name: 'Devon Web',
        phone: '+1 555 0100',
        location: 'Lisbon',
        email: 'other@evil.test',
      });

      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ success: true, user: { username: 'devon' } });
      const fresh = (await call(t.app, 'GET', '/api/profile', webDev.headers)).json().user;
      expect(fresh).toMatchObject({
        username: 'devon',
        name: 'Devon Web',
        phone: '+1 555 0100',
        location: 'Lisbon',
        email: webDev.email,
      });
    });

    it('answers 400 for an empty username', async () => {
      const response = await put({ username: '   ' });

      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(ACCESS_MESSAGES.usernameRequired);
    });

    it('accepts a small PNG data URL and counts it as workspace storage', async () => {
      const response = await put({ profileImage: PNG });

      expect(response.statusCode).toBe(200);
      expect((await call(t.app, 'GET', '/api/profile', webDev.headers)).json().user.profileImage).toBe(PNG);
      const { workspace } = (await call(t.app, 'GET', '/api/workspace', owner.headers)).json();
      expect(workspace.storageUsedBytes).toBe(PNG.length);
    });

    it.each([
      ['a non-image data URL', 'data:text/html;base64,PGI+aGk8L2I+'],
      ['an SVG (scriptable) image', 'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4='],
      ['a plain URL', 'https://example.test/me.png'],
      ['an over-size image', `data:image/png;base64,${'A'.repeat(PROFILE_IMAGE_MAX_CHARS)}`],
    ])('answers 400 for %s and keeps the old image', async (_label, profileImage) => {
      const response = await put({ profileImage });

      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(ACCESS_MESSAGES.imageInvalid);
      expect((await userRow(t, webDev.id)).profile_image).toBe(PNG);
    });

    it('answers 413 for a body over 2 MB', async () => {
      const response = await put({ profileImage: `data:image/png;base64,${'A'.repeat(2_200_000)}` });

      expect(response.statusCode).toBe(413);
    });
  });

  describe('GET and PUT /api/workspace', () => {
    const put = (headers: TestUser['headers'], body: unknown) =>
      call(t.app, 'PUT', '/api/workspace', headers, body);
    const get = (headers: TestUser['headers']) => call(t.app, 'GET', '/api/workspace', headers);

    it('shows the caller’s own workspace with real members, and nothing of it to a Team Member', async () => {
      // docs/product/roles-and-access.md#dashboard-access: a Team Member is kept out of the dashboard, and of every member's e-mail with it.
      const refused = await get(teamMember.headers);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ message: ACCESS_MESSAGES.outsideDashboard });
      const response = await get(webDev.headers);

      expect(response.statusCode).toBe(200);
      const { workspace, members } = response.json();
      expect(workspace).toMatchObject({
        _id: owner.workspaceId,
        name: 'Acme Studio',
        type: 'Business',
        plan: 'Free',
        domain,
        storageLimitBytes: 524_288_000,
      });
      expect(typeof workspace.createdAt).toBe('string');
      expect(workspace.memberCount).toBe(members.length);
      expect(members.map((m: { _id: string }) => m._id).sort()).toEqual(
        [owner.id, teamMember.id, webDev.id, ...(await extraMemberIds())].sort(),
      );
      expect(members[0]).toEqual({
        _id: owner.id,
        username: 'Acme Studio',
        email: `boss@${domain}`,
        role: 'Business Admin',
        status: 'Active',
        lastActiveAt: expect.any(String),
      });
      expect(response.body).not.toMatch(HASH_PATTERN);
    });

    async function extraMemberIds(): Promise<string[]> {
      const rows = await t.database.handle.db
        .selectFrom('users')
        .select('id')
        .where('workspace_id', '=', owner.workspaceId)
        .where('id', 'not in', [owner.id, teamMember.id, webDev.id])
        .execute();
      return rows.map((row) => row.id);
    }

    it('gives a freelancer a Personal workspace of one', async () => {
      const { workspace, members } = (await get(freelancer.headers)).json();

      expect(workspace).toMatchObject({
        name: 'Solo Works',
        type: 'Personal',
        memberCount: 1,
        storageUsedBytes: 0,
      });
      expect(members).toHaveLength(1);
    });

    it('lets the Business Admin change it; the change is kept and recorded', async () => {
      const body = { name: ' Acme Labs ', description: 'We build things', type: 'Enterprise' };

      const response = await put(owner.headers, body);

      expect(response.statusCode).toBe(200);
      const expected = {
        name: 'Acme Labs',
        description: 'We build things',
        type: 'Enterprise',
        plan: 'Free',
      };
      expect(response.json().workspace).toMatchObject({ _id: owner.workspaceId, ...expected });
      expect((await get(webDev.headers)).json().workspace).toMatchObject(expected);
      const activity = (await call(t.app, 'GET', '/api/dashboard', owner.headers)).json().data.recentActivity;
      expect(activity[0].action).toBe('Acme Studio updated the workspace name, description, type');
    });

    it.each(['Team Member', 'Web Developer', 'Freelancer of another workspace'])(
      'refuses a %s (403) and changes nothing',
      async (label) => {
        const actor = label === 'Team Member' ? teamMember : label === 'Web Developer' ? webDev : freelancer;
        const reader = actor === teamMember ? owner : actor;
        const before = (await get(reader.headers)).json().workspace;

        const response = await put(actor.headers, { name: 'Taken over', type: 'Business' });

        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual({
          message: actor === teamMember ? ACCESS_MESSAGES.outsideDashboard : ACCESS_MESSAGES.ownerOrAdminOnly,
        });
        expect((await get(reader.headers)).json().workspace).toEqual(before);
      },
    );

    it('lets an Admin change their own workspace', async () => {
      const response = await put(admin, { name: 'AgencyHQ Team', type: 'Business' });

      expect(response.statusCode).toBe(200);
      expect(response.json().workspace).toMatchObject({ name: 'AgencyHQ Team', description: '' });
    });

    it.each([
      ['an empty name', { name: '  ', type: 'Business' }, ACCESS_MESSAGES.workspaceNameRequired],
      ['no name', { type: 'Business' }, undefined],
      ['an unknown type', { name: 'Acme', type: 'Galactic' }, undefined],
    ])('answers 400 for %s', async (_label, body, message) => {
      const response = await put(owner.headers, body);

      expect(response.statusCode).toBe(400);
      if (message) expect(response.json().message).toBe(message);
      expect((await get(owner.headers)).json().workspace.name).toBe('Acme Labs');
    });
  });
});
