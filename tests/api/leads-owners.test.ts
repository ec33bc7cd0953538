import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEAD_MESSAGES } from '../../src/shared/messages';
import type { Lead } from '../../src/shared/schemas/leads';
import { AGENCY_WORKSPACE_ID } from '../../src/shared/workspace-deletion';
import { ownerBody, registerOk, uniqueDomain } from './support/accounts';
import { createLeadsTestApp, emptyWorkspaceOwner, importCsv, listLeads, testClock } from './support/leads';
import type { TestApp } from './support/test-app';
import { insertUser, seededAdmin, type TestUser } from './support/users';

/**
 * Owners (docs/product/leads.md#owners-and-follow-ups): every lead has an owner, a member of its workspace
 * who can use Client Leads; "My leads"; reassigning notifies the new owner in the bell. The attacks: an
 * owner from another workspace, an owner who cannot see leads, a member without the module reassigning.
 */
describe('lead owners', () => {
  const clock = testClock('2024-06-15T09:30:00.000Z');
  let t: TestApp;
  let boss: TestUser; // Business Admin of "Leads Co"
  let analyst: TestUser; // Data Analyst of "Leads Co": has the Data Center module
  let designer: TestUser; // Graphic Designer of "Leads Co": no Data Center module
  let newcomer: TestUser; // Team Member of "Leads Co": kept out of the dashboard
  let stranger: TestUser; // Business Admin of another workspace
  let lead: Lead;

  const send = (method: 'GET' | 'PUT' | 'POST', url: string, user: TestUser, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: user.headers,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  const claim = async (user: TestUser) => {
    const response = await send('POST', '/api/notifications/claim', user);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().notifications as { kind: string; title: string; message: string }[];
  };

  beforeAll(async () => {
    t = await createLeadsTestApp(clock);
    boss = await emptyWorkspaceOwner(t);
    analyst = await insertUser(t, {
      workspaceId: boss.workspaceId,
      role: 'Data Analyst',
      username: 'dana',
      name: 'Dana Analyst',
      email: 'dana@leads-co.test',
    });
    designer = await insertUser(t, {
      workspaceId: boss.workspaceId,
      role: 'Graphic Designer',
      username: 'gus',
    });
    newcomer = await insertUser(t, {
      workspaceId: boss.workspaceId,
      role: 'Team Member',
      username: 'newbie',
    });
    stranger = await emptyWorkspaceOwner(t, 'Elsewhere Ltd');
    const created = await send('POST', '/api/leads', boss, { name: 'Jane Doe', email: 'jane@example.com' });
    expect(created.statusCode).toBe(201);
    lead = created.json().lead;
  });
  afterAll(async () => t.close());

  it('gives a new lead its creator as owner, shown with id and username', async () => {
    expect(lead.owner).toEqual({ id: boss.id, username: 'user-business-admin' });
    expect((await send('GET', `/api/leads/${lead.id}`, boss)).json().owner).toEqual(lead.owner);
  });

  it('reassigns to a member of the workspace and notifies the new owner once, in the bell', async () => {
    await claim(analyst); // nothing before
    const response = await send('PUT', `/api/leads/${lead.id}`, boss, { ownerId: analyst.id });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().lead.owner).toEqual({ id: analyst.id, username: 'dana' });
    const notes = await claim(analyst);
    expect(notes).toEqual([
      expect.objectContaining({
        kind: 'lead-assigned',
        title: 'Lead assigned to you',
        message: 'user-business-admin assigned you the lead Jane Doe.',
      }),
    ]);
    expect(await claim(analyst)).toEqual([]);
    expect(await claim(boss)).toEqual([]);
  });

  it('lists the members a lead may be given to: those who can use Client Leads, of this workspace only', async () => {
    const response = await send('GET', '/api/leads/owners', boss);
    expect(response.statusCode).toBe(200);
    const owners = response.json().owners as { id: string; username: string }[];
    expect(owners.map((o) => o.username).sort()).toEqual(['dana', 'user-business-admin']);
    expect((await send('GET', '/api/leads/owners', designer)).statusCode).toBe(403);
  });

  it('does not notify someone who takes a lead themselves', async () => {
    const response = await send('PUT', `/api/leads/${lead.id}`, boss, { ownerId: boss.id });
    expect(response.statusCode).toBe(200);
    expect(await claim(boss)).toEqual([]);
  });

  it('refuses an owner from another workspace with 400, changing nothing (attack)', async () => {
    const response = await send('PUT', `/api/leads/${lead.id}`, boss, { ownerId: stranger.id, name: 'X' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(LEAD_MESSAGES.ownerInvalid);
    const after = (await send('GET', `/api/leads/${lead.id}`, boss)).json();
    expect(after).toMatchObject({ name: 'Jane Doe', owner: { id: boss.id } });
    expect(await claim(stranger)).toEqual([]);
  });

  it('refuses an owner who cannot use Client Leads, or an id nobody has (attack)', async () => {
    for (const ownerId of [designer.id, newcomer.id, 'no-such-user']) {
      const response = await send('PUT', `/api/leads/${lead.id}`, boss, { ownerId });
      expect(response.statusCode, ownerId).toBe(400);
      expect(response.json().message).toBe(LEAD_MESSAGES.ownerInvalid);
    }
  });

  it('refuses a member without the Leads module setting an owner: 403 (attack)', async () => {
    const response = await send('PUT', `/api/leads/${lead.id}`, designer, { ownerId: designer.id });
    expect(response.statusCode).toBe(403);
    expect((await send('GET', `/api/leads/${lead.id}`, boss)).json().owner.id).toBe(boss.id);
  });

  it('cannot reassign a lead of another workspace (attack): 404', async () => {
    const response = await send('PUT', `/api/leads/${lead.id}`, stranger, { ownerId: stranger.id });
    expect(response.statusCode).toBe(404);
  });

  it('filters "My leads" (owner=me), with the stats of that list', async () => {
    await send('POST', '/api/leads', analyst, { name: 'Mine One', email: 'one@example.com' });
    await send('POST', '/api/leads', analyst, { name: 'Mine Two', email: 'two@example.com' });
    const mine = await listLeads(t.app, analyst, { owner: 'me' });
    expect(mine.leads.map((l) => l.name).sort()).toEqual(['Mine One', 'Mine Two']);
    expect(mine.stats.total).toBe(2);
    expect(mine.leads.every((l) => l.owner?.id === analyst.id)).toBe(true);
    const everyone = await listLeads(t.app, analyst);
    expect(everyone.stats.total).toBe(3);
    const bossMine = await listLeads(t.app, boss, { owner: 'me' });
    expect(bossMine.leads.map((l) => l.name)).toEqual(['Jane Doe']);
  });

  it('maps an import\'s "Contact owner" by member name or e-mail, else the importer', async () => {
    const csv = [
      'First Name,Last Name,Email,Contact owner',
      'Ana,Lima,ana@import.test,Dana Analyst',
      'Ben,Okoro,ben@import.test,DANA@leads-co.test',
      'Cy,Park,cy@import.test,Someone Else',
      'Di,Ray,di@import.test,',
      'Ed,Ng,ed@import.test,user-graphic-designer',
    ].join('\n');
    const response = await importCsv(t.app, boss.headers, csv);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().imported).toBe(5);
    const page = await listLeads(t.app, boss, { search: 'import.test' });
    const ownerOf = Object.fromEntries(page.leads.map((l) => [l.name, l.owner?.username]));
    expect(ownerOf).toEqual({
      'Ana Lima': 'dana',
      'Ben Okoro': 'dana',
      'Cy Park': 'user-business-admin',
      'Di Ray': 'user-business-admin',
      // A member who cannot use Client Leads is no owner: the importer keeps it.
      'Ed Ng': 'user-business-admin',
    });
  });

  it("gives a contact-form lead to the agency's Admin", async () => {
    const admin = await seededAdmin(t);
    const email = `visitor-${Date.now()}@contact.test`;
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      remoteAddress: '203.0.113.230',
      payload: { name: 'Vera Visitor', email, subject: '', message: 'Hello there, we need a site.' },
    });
    expect(sent.statusCode, sent.body).toBeLessThan(300);
    const page = await listLeads(t.app, admin, { search: email });
    expect(page.leads[0]!.owner).toEqual({ id: admin.id, username: 'admin' });
    expect(admin.workspaceId).toBe(AGENCY_WORKSPACE_ID);
  });

  it("gives a new business's sample leads to its owner", async () => {
    const { user, token } = await registerOk(t.app, ownerBody(`boss@${uniqueDomain()}`));
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/leads?limit=100',
      headers: { authorization: `Bearer ${token}` },
    });
    const leads = response.json().leads as Lead[];
    expect(leads).toHaveLength(8);
    expect(new Set(leads.map((l) => l.owner?.id))).toEqual(new Set([user.id]));
  });
});
