import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEAD_MESSAGES } from '../../src/shared/messages';
import type { Lead } from '../../src/shared/schemas/leads';
import { invitationTokenMailedTo } from './support/invitations';
import { emptyWorkspaceOwner } from './support/leads';
import { createTestApp, type TestApp } from './support/test-app';
import { call, insertUser, seededAdmin, type TestUser } from './support/users';

/**
 * docs/security.md#people-who-left: a member who leaves a workspace's work (joins another workspace by
 * invitation, is made a kept-out role, is deactivated, or loses Client Leads) used to keep owning its
 * leads, and the notifications about them still waited for their next sign-in: lead names and the boss's
 * notes, read from the other side of the door. Now their leads go to the workspace's own account, and
 * what waited for them about that workspace is dropped.
 */
describe('people who left take nothing with them (attack)', () => {
  let t: TestApp;
  let admin: TestUser;
  let boss: TestUser;
  let stayer: TestUser;

  const pendingNotificationsOf = async (user: TestUser, workspaceId: string) =>
    (
      await t.database.handle.db
        .selectFrom('user_notifications')
        .select(['kind', 'message'])
        .where('user_id', '=', user.id)
        .where('workspace_id', '=', workspaceId)
        .where('delivered_at', 'is', null)
        .execute()
    ).map((n) => n.kind);
  const ownerOf = async (leadId: string) =>
    (
      await t.database.handle.db
        .selectFrom('leads')
        .select('owner_id')
        .where('id', '=', leadId)
        .executeTakeFirstOrThrow()
    ).owner_id;

  /** A member of the boss's workspace who owns a lead the boss assigned them (a pending notification). */
  async function memberWithALead(role: string, name: string): Promise<{ member: TestUser; lead: Lead }> {
    const member = await insertUser(t, { workspaceId: boss.workspaceId, role, username: name.toLowerCase() });
    const created = await call(t.app, 'POST', '/api/leads', boss.headers, {
      name: `${name}'s client`,
      email: `${name.toLowerCase()}@client.test`,
      notes: 'The boss’s private notes',
    });
    expect(created.statusCode, created.body).toBe(201);
    const lead = created.json().lead as Lead;
    const assigned = await call(t.app, 'PUT', `/api/leads/${lead.id}`, boss.headers, { ownerId: member.id });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(await ownerOf(lead.id)).toBe(member.id);
    expect(await pendingNotificationsOf(member, boss.workspaceId)).toEqual(['lead-assigned']);
    return { member, lead };
  }

  beforeAll(async () => {
    t = await createTestApp();
    admin = await seededAdmin(t);
    boss = await emptyWorkspaceOwner(t, 'Old Shop');
    stayer = (await memberWithALead('Data Analyst', 'Stayer')).member;
  });
  afterAll(async () => t.close());

  it('joining another workspace by invitation hands the leads to the old workspace’s owner', async () => {
    const { member, lead } = await memberWithALead('Data Analyst', 'Mover');
    const elsewhere = await emptyWorkspaceOwner(t, 'New Shop');
    const invited = await call(t.app, 'POST', '/api/workspace/invitations', elsewhere.headers, {
      email: member.email,
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const token = await invitationTokenMailedTo(t, member.email);
    const joined = await call(t.app, 'POST', `/api/invitations/${token}/accept`, member.headers);
    expect(joined.statusCode, joined.body).toBe(200);

    expect(await ownerOf(lead.id)).toBe(boss.id);
    expect(await pendingNotificationsOf(member, boss.workspaceId)).toEqual([]);
  });

  it.each([
    ['made a Team Member (kept out of the dashboard)', { role: 'Team Member' }],
    ['made a ‘User’ (In Review)', { role: 'User' }],
    ['deactivated', { status: 'Inactive' }],
    ['terminated', { status: 'Terminated' }],
  ])('a member %s hands the leads over and gets none of the waiting notifications', async (_, change) => {
    const name = `Changed${Object.values(change)[0]!.replace(/\W/g, '')}`;
    const { member, lead } = await memberWithALead('Data Analyst', name);
    const changed = await call(t.app, 'PUT', `/api/users/${member.id}`, admin.headers, change);
    expect(changed.statusCode, changed.body).toBe(200);

    expect(await ownerOf(lead.id)).toBe(boss.id);
    expect(await pendingNotificationsOf(member, boss.workspaceId)).toEqual([]);
    const actions = await t.database.handle.db
      .selectFrom('activity')
      .select('action')
      .where('workspace_id', '=', boss.workspaceId)
      .execute();
    expect(actions.map((a) => a.action)).toContain(
      LEAD_MESSAGES.handedOver(1, name.toLowerCase(), 'user-business-admin'),
    );
  });

  it('a member who loses Client Leads hands the leads over and loses the lead notifications', async () => {
    const { member, lead } = await memberWithALead('Data Analyst', 'Unmoduled');
    const changed = await call(t.app, 'PUT', `/api/users/${member.id}/permissions`, admin.headers, {
      permissions: { dataCenter: false },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await ownerOf(lead.id)).toBe(boss.id);
    expect(await pendingNotificationsOf(member, boss.workspaceId)).toEqual([]);
  });

  it('a member whose change leaves them on the leads keeps them, and whoever stays keeps theirs', async () => {
    const { member, lead } = await memberWithALead('Data Analyst', 'Renamed');
    const changed = await call(t.app, 'PUT', `/api/users/${member.id}`, admin.headers, {
      name: 'Renamed Person',
      role: 'Data Miner',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await ownerOf(lead.id)).toBe(member.id);
    expect(await pendingNotificationsOf(member, boss.workspaceId)).toEqual(['lead-assigned']);
    expect(await pendingNotificationsOf(stayer, boss.workspaceId)).toEqual(['lead-assigned']);
  });

  it('an owner made a kept-out role hands the leads to the next account that owns the workspace', async () => {
    const shop = await emptyWorkspaceOwner(t, 'Two Owners');
    const second = await insertUser(t, {
      workspaceId: shop.workspaceId,
      role: 'Business Admin',
      username: 'second',
    });
    const created = await call(t.app, 'POST', '/api/leads', shop.headers, {
      name: 'Kept',
      email: 'kept@x.test',
    });
    expect(created.statusCode, created.body).toBe(201);
    const lead = created.json().lead as Lead;
    expect(await ownerOf(lead.id)).toBe(shop.id);
    const changed = await call(t.app, 'PUT', `/api/users/${shop.id}`, admin.headers, { role: 'Team Member' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await ownerOf(lead.id)).toBe(second.id);
  });
});
