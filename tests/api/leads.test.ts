import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEAD_MESSAGES } from '../../src/shared/messages';
import { LEAD_PRIORITIES, LEAD_STATUSES, type Lead } from '../../src/shared/schemas/leads';
import { SAMPLE_LEADS } from '../../src/server/modules/leads/sample-leads';
import { ownerBody, registerOk, uniqueDomain } from './support/accounts';
import { createLeadsTestApp, emptyWorkspaceOwner, listLeads, testClock } from './support/leads';
import type { TestApp } from './support/test-app';
import { insertUser, seededAdmin, type TestUser } from './support/users';

/** Client Leads CRUD (docs/product/leads.md): who may call it, workspace isolation, the defaults of docs/product/leads.md#adding-a-lead, validation. */
describe('/api/leads', () => {
  const clock = testClock('2024-06-15T09:30:00.000Z');
  let t: TestApp;
  let owner: TestUser; // Business Admin of "Leads Co", no sample leads
  let other: TestUser; // Business Admin of another workspace
  let lead: Lead; // one of owner's leads

  const send = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, user?: TestUser, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: user?.headers ?? {},
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });

  beforeAll(async () => {
    t = await createLeadsTestApp(clock);
    owner = await emptyWorkspaceOwner(t);
    other = await emptyWorkspaceOwner(t, 'Elsewhere Ltd');
    const created = await send('POST', '/api/leads', owner, {
      name: 'Jane Doe',
      email: 'Jane.Doe@Example.com',
      phone: '+91 98765 43210',
      company: 'Doe Designs',
      notes: 'Met at a trade fair',
    });
    expect(created.statusCode).toBe(201);
    lead = created.json().lead;
  });
  afterAll(async () => t.close());

  it('creates with the defaults of docs/product/leads.md#adding-a-lead: New, Medium, source Website, created now, last contact today', () => {
    expect(lead).toMatchObject({
      _id: lead.id,
      name: 'Jane Doe',
      email: 'jane.doe@example.com',
      phone: '+91 98765 43210',
      company: 'Doe Designs',
      status: 'New',
      priority: 'Medium',
      source: 'Website',
      notes: 'Met at a trade fair',
      date: clock.now.toISOString(),
      lastContact: '2024-06-15',
    });
  });

  it('records the add in the workspace activity', async () => {
    const rows = await t.database.handle.db
      .selectFrom('activity')
      .select('action')
      .where('workspace_id', '=', owner.workspaceId)
      .execute();
    expect(rows.map((r) => r.action)).toContain('user-business-admin added lead Jane Doe');
  });

  it('gets, updates any field and any of the five statuses, and deletes', async () => {
    expect((await send('GET', `/api/leads/${lead.id}`, owner)).json()).toEqual(lead);
    for (const status of LEAD_STATUSES) {
      const response = await send('PUT', `/api/leads/${lead.id}`, owner, { status });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ success: true, lead: { status } });
    }
    const edited = await send('PUT', `/api/leads/${lead.id}`, owner, {
      name: 'Jane Q. Doe',
      company: 'Doe & Daughters',
      priority: 'High',
      source: 'LinkedIn',
      lastContact: '2024-06-10',
    });
    expect(edited.json().lead).toMatchObject({
      name: 'Jane Q. Doe',
      company: 'Doe & Daughters',
      priority: 'High',
      source: 'LinkedIn',
      lastContact: '2024-06-10',
      status: 'Lost',
      date: lead.date,
    });
    // The edit is saved (docs/product/leads.md#editing), and the search sees the new name.
    const found = await listLeads(t.app, owner, { search: 'q. doe' });
    expect(found.leads.map((l) => l.id)).toEqual([lead.id]);

    const extra = (await send('POST', '/api/leads', owner, { name: 'Temp', email: 'temp@x.test' })).json()
      .lead;
    expect((await send('DELETE', `/api/leads/${extra.id}`, owner)).json()).toEqual({ success: true });
    expect((await send('GET', `/api/leads/${extra.id}`, owner)).statusCode).toBe(404);
    expect((await send('DELETE', `/api/leads/${extra.id}`, owner)).statusCode).toBe(404);
  });

  it("answers 404, never 403, for another workspace's lead, and never lists it", async () => {
    for (const [method, payload] of [['GET'], ['PUT', { status: 'Lost' }], ['DELETE']] as const) {
      const response = await send(method, `/api/leads/${lead.id}`, other, payload);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(LEAD_MESSAGES.notFound);
    }
    expect((await listLeads(t.app, other)).leads).toEqual([]);
    expect((await send('GET', `/api/leads/${lead.id}`, owner)).statusCode).toBe(200);
  });

  it('answers 401 without a token and 403 to a role without Data Center', async () => {
    expect((await send('GET', '/api/leads')).statusCode).toBe(401);
    expect((await send('POST', '/api/leads', undefined, { name: '' })).statusCode).toBe(401);
    const hr = await insertUser(t, { workspaceId: owner.workspaceId, role: 'Human Resource' });
    for (const [method, url] of [
      ['GET', '/api/leads'],
      ['GET', '/api/leads/export'],
      ['GET', '/api/leads/summary'],
      ['GET', `/api/leads/${lead.id}`],
      ['POST', '/api/leads'],
      ['DELETE', `/api/leads/${lead.id}`],
    ] as const)
      expect((await send(method, url, hr, method === 'POST' ? {} : undefined)).statusCode).toBe(403);
    // A Data Analyst has the module by role default; the Admin has every module.
    const analyst = await insertUser(t, { workspaceId: owner.workspaceId, role: 'Data Analyst' });
    expect((await send('GET', '/api/leads', analyst)).statusCode).toBe(200);
    expect((await send('GET', '/api/leads', await seededAdmin(t))).statusCode).toBe(200);
  });

  it('requires name and email with the texts, and refuses unknown statuses and priorities', async () => {
    const refuse = async (payload: unknown, message: string, method: 'POST' | 'PUT' = 'POST') => {
      const url = method === 'POST' ? '/api/leads' : `/api/leads/${lead.id}`;
      const response = await send(method, url, owner, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
    };
    await refuse({ email: 'a@b.test' }, LEAD_MESSAGES.nameRequired);
    await refuse({ name: '   ', email: 'a@b.test' }, LEAD_MESSAGES.nameRequired);
    await refuse({ name: 'A' }, LEAD_MESSAGES.emailRequired);
    await refuse({ name: 'A', email: 'not-an-email' }, LEAD_MESSAGES.emailInvalid);
    await refuse({ name: '' }, LEAD_MESSAGES.nameRequired, 'PUT');
    const bad = await send('PUT', `/api/leads/${lead.id}`, owner, { status: 'Won' });
    expect(bad.statusCode).toBe(400);
    expect((await send('PUT', `/api/leads/${lead.id}`, owner, { priority: 'Urgent' })).statusCode).toBe(400);
    expect((await send('GET', '/api/leads?status=Won', owner)).statusCode).toBe(400);
    expect((await send('GET', '/api/leads?limit=101', owner)).statusCode).toBe(400);
  });

  it('starts a new workspace (sign-up) with exactly the 8 sample leads, every status and priority', async () => {
    const { token } = await registerOk(t.app, ownerBody(`boss@${uniqueDomain()}`));
    const user = { headers: { authorization: `Bearer ${token}` } } as TestUser;
    const { leads, stats } = await listLeads(t.app, user, { limit: 100 });
    expect(leads).toHaveLength(8);
    expect(leads.map((l) => l.name).sort()).toEqual(SAMPLE_LEADS.map((l) => l.name).sort());
    expect(new Set(leads.map((l) => l.status))).toEqual(new Set(LEAD_STATUSES));
    expect(new Set(leads.map((l) => l.priority))).toEqual(new Set(LEAD_PRIORITIES));
    expect(stats).toEqual({ total: 8, new: 2, inProgress: 2, converted: 1, followUpsDue: 0 });
    const sixtyDaysAgo = Date.now() - 61 * 86_400_000;
    expect(leads.every((l) => Date.parse(l.date) > sixtyDaysAgo)).toBe(true);
  });

  it('summarises by status and over the last 12 months', async () => {
    const summary = (await send('GET', '/api/leads/summary', owner)).json();
    expect(summary.byStatus).toEqual({ New: 0, 'In Progress': 0, Qualified: 0, Converted: 0, Lost: 1 });
    expect(summary.byMonth).toHaveLength(12);
    expect(summary.byMonth[0]).toEqual({ month: '2023-07', total: 0, converted: 0 });
    expect(summary.byMonth[11]).toEqual({ month: '2024-06', total: 1, converted: 0 });
  });

  it('keeps the stats counters right through adds, status changes and deletes', async () => {
    const add = async (name: string) =>
      (await send('POST', '/api/leads', owner, { name, email: `${name}@count.test` })).json().lead as Lead;
    const a = await add('a');
    const b = await add('b');
    await send('PUT', `/api/leads/${a.id}`, owner, { status: 'Converted' });
    await send('PUT', `/api/leads/${b.id}`, owner, { status: 'In Progress' });
    await send('PUT', `/api/leads/${b.id}`, owner, { notes: 'no status change' });
    expect((await listLeads(t.app, owner)).stats).toEqual({
      total: 3,
      new: 0,
      inProgress: 1,
      converted: 1,
      followUpsDue: 0,
    });
    await send('DELETE', `/api/leads/${a.id}`, owner);
    expect((await listLeads(t.app, owner)).stats).toEqual({
      total: 2,
      new: 0,
      inProgress: 1,
      converted: 0,
      followUpsDue: 0,
    });
    expect((await listLeads(t.app, owner, { status: 'In Progress' })).stats).toEqual({
      total: 1,
      new: 0,
      inProgress: 1,
      converted: 0,
      followUpsDue: 0,
    });
  });
});
