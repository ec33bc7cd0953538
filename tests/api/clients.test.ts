import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_MESSAGES, CLIENT_MESSAGES as M } from '../../src/shared/messages';
import { createTestApp, type TestApp } from './support/test-app';
import { createKey } from './support/api-keys';
import { call, insertUser, insertWorkspace, type TestUser } from './support/users';

/** A client as the form sends it: an Indian company with a valid GSTIN for Maharashtra and two contacts. */
const harbour = {
  kind: 'company',
  name: 'Harbour Foods',
  legalName: 'Harbour Foods Private Limited',
  taxId: '27 AAPFU0939F1ZV',
  addressLine1: '12 Marine Drive',
  city: 'Mumbai',
  state: 'Maharashtra',
  postalCode: '400002',
  country: 'IN',
  currency: 'INR',
  paymentTermsDays: 15,
  notes: 'Monthly retainer from April.',
  contacts: [
    {
      name: 'Priya Nair',
      email: 'Priya@Harbour-Foods.test',
      phone: '+91 98200 00001',
      jobTitle: 'Marketing head',
    },
    { name: 'Arjun Rao', email: 'arjun@harbour-foods.test' },
  ],
};

/**
 * Clients (docs/product/projects.md#clients), on SQLite and PostgreSQL: the form's rules, the list, the CSV,
 * and the attacks: another workspace's ids, members without Projects, deletes by those who may not.
 */
describe('clients', () => {
  let t: TestApp;
  let boss: TestUser;
  let manager: TestUser;
  let analyst: TestUser;
  let stranger: TestUser;
  let strangerMember: TestUser;

  const create = (who: TestUser, body: object) => call(t.app, 'POST', '/api/clients', who.headers, body);
  const clientCount = async (workspaceId: string) =>
    Number(
      (
        await t.database.handle.db
          .selectFrom('clients')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('workspace_id', '=', workspaceId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    t = await createTestApp();
    const studio = await insertWorkspace(t, { name: 'Client Studio' });
    boss = await insertUser(t, { workspaceId: studio.id, role: 'Business Admin', username: 'client-boss' });
    manager = await insertUser(t, { workspaceId: studio.id, role: 'Project Manager', username: 'client-pm' });
    analyst = await insertUser(t, {
      workspaceId: studio.id,
      role: 'Data Analyst',
      username: 'client-analyst',
    });
    const other = await insertWorkspace(t, { name: 'Other Studio' });
    stranger = await insertUser(t, { workspaceId: other.id, role: 'Business Admin', username: 'other-boss' });
    strangerMember = await insertUser(t, {
      workspaceId: other.id,
      role: 'Project Manager',
      username: 'other-pm',
    });
  });
  afterAll(async () => t.close());

  it('adds a client with its contacts, normalised, and shows it, its timeline and the activity', async () => {
    const response = await create(manager, harbour);
    expect(response.statusCode, response.body).toBe(201);
    const { client, message } = response.json();
    expect(message).toBe(M.created);
    expect(client).toMatchObject({
      name: 'Harbour Foods',
      taxId: '27AAPFU0939F1ZV',
      country: 'IN',
      currency: 'INR',
      paymentTermsDays: 15,
      owner: { _id: manager.id, username: 'client-pm' },
      leadId: null,
    });
    expect(client.contacts.map((c: { name: string; email: string }) => [c.name, c.email])).toEqual([
      ['Priya Nair', 'priya@harbour-foods.test'],
      ['Arjun Rao', 'arjun@harbour-foods.test'],
    ]);
    const read = await call(t.app, 'GET', `/api/clients/${client._id}`, boss.headers);
    expect(read.json()).toEqual(client);
    const timeline = await call(t.app, 'GET', `/api/clients/${client._id}/timeline`, boss.headers);
    expect(timeline.json().events).toMatchObject([{ kind: 'created', actor: 'client-pm' }]);
  });

  it('refuses what a form must not hold, naming the field, and stores nothing', async () => {
    const before = await clientCount(boss.workspaceId);
    const cases: [object, string, string][] = [
      [{ name: '' }, 'name', M.nameRequired],
      [{ taxId: '27AAPFU0939F1ZW' }, 'taxId', M.gstinInvalid],
      [{ state: 'Karnataka' }, 'taxId', M.gstinState],
      [{ state: '' }, 'state', M.stateRequired],
      [{ state: 'Atlantis' }, 'state', M.stateInvalid],
      [{ country: 'XX' }, 'country', M.countryInvalid],
      [{ currency: 'RUPEES' }, 'currency', M.currencyInvalid],
      [{ currency: 'XYZ' }, 'currency', M.currencyInvalid],
      [{ paymentTermsDays: 400 }, 'paymentTermsDays', M.paymentTermsInvalid],
      [{ paymentTermsDays: 7.5 }, 'paymentTermsDays', M.paymentTermsInvalid],
      [{ country: 'DE', state: '', taxId: '123456789' }, 'taxId', M.vatInvalid],
      [
        { contacts: [{ name: 'No Mail', email: 'not-an-address' }] },
        'contacts.0.email',
        M.contactEmailInvalid,
      ],
      [
        { contacts: Array.from({ length: 51 }, (_, i) => ({ name: `P${i}` })) },
        'contacts',
        M.tooManyContacts,
      ],
    ];
    for (const [change, field, message] of cases) {
      const response = await create(boss, { ...harbour, ...change });
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(response.json().errors, JSON.stringify(change)).toContainEqual({ field, message });
    }
    // A German client with its VAT number, and a US one with an EIN, are fine.
    expect(
      (
        await create(boss, {
          ...harbour,
          name: 'Berlin GmbH',
          legalName: 'Berlin GmbH',
          city: 'Berlin',
          contacts: [],
          country: 'DE',
          state: '',
          taxId: 'DE 123 456 789',
          currency: 'EUR',
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (
        await create(boss, {
          ...harbour,
          name: 'Austin LLC',
          legalName: 'Austin LLC',
          city: 'Austin',
          contacts: [],
          country: 'US',
          state: 'Texas',
          taxId: '12-3456789',
          currency: 'USD',
        })
      ).statusCode,
    ).toBe(201);
    expect(await clientCount(boss.workspaceId)).toBe(before + 2);
  });

  it('finds clients by name, tax id, city and contact, and filters by country and currency', async () => {
    const list = async (query: string) =>
      (await call(t.app, 'GET', `/api/clients?${query}`, boss.headers))
        .json()
        .clients.map((c: { name: string }) => c.name);
    expect(await list('search=priya%40harbour')).toEqual(['Harbour Foods']);
    expect(await list('search=AAPFU0939')).toEqual(['Harbour Foods']);
    expect(await list('search=mumbai')).toEqual(['Harbour Foods']);
    expect(await list('country=DE')).toEqual(['Berlin GmbH']);
    expect(await list('currency=usd')).toEqual(['Austin LLC']);
    // LIKE's own characters are taken literally: '%' matches no name holding none.
    expect(await list('search=%25')).toEqual([]);
    expect(await list('sort=name&order=desc')).toEqual(['Harbour Foods', 'Berlin GmbH', 'Austin LLC']);
    const paged = (await call(t.app, 'GET', '/api/clients?limit=2&page=2', boss.headers)).json();
    expect(paged.pagination).toMatchObject({
      page: 2,
      limit: 2,
      total: 3,
      totalPages: 2,
      hasNextPage: false,
    });
    expect(paged.clients).toHaveLength(1);
  });

  it('exports the matching clients as CSV, contacts and owner included', async () => {
    const response = await call(t.app, 'GET', '/api/clients/export.csv?search=harbour', boss.headers);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('"Harbour Foods"');
    expect(lines[1]).toContain('Priya Nair priya@harbour-foods.test; Arjun Rao arjun@harbour-foods.test');
    expect(lines[1]).toContain('"client-pm"');
  });

  it('keeps another workspace out: its ids answer 404 and nothing changes (attack)', async () => {
    const mine = (await create(boss, { ...harbour, name: 'Kept Apart Ltd' })).json().client;
    for (const who of [stranger, strangerMember]) {
      expect((await call(t.app, 'GET', `/api/clients/${mine._id}`, who.headers)).statusCode).toBe(404);
      expect((await call(t.app, 'GET', `/api/clients/${mine._id}/timeline`, who.headers)).statusCode).toBe(
        404,
      );
      const edit = await call(t.app, 'PUT', `/api/clients/${mine._id}`, who.headers, {
        ...harbour,
        name: 'Taken',
      });
      expect(edit.statusCode).toBe(404);
      expect((await call(t.app, 'GET', '/api/clients?search=kept', who.headers)).json().clients).toEqual([]);
      const csv = await call(t.app, 'GET', '/api/clients/export.csv', who.headers);
      expect(csv.body).not.toContain('Kept Apart');
    }
    expect((await call(t.app, 'DELETE', `/api/clients/${mine._id}`, stranger.headers)).statusCode).toBe(404);
    // Nor can a client of mine be given to their member.
    const handed = await call(t.app, 'PUT', `/api/clients/${mine._id}`, boss.headers, {
      ...harbour,
      ownerId: strangerMember.id,
    });
    expect(handed.statusCode).toBe(400);
    expect(handed.json().message).toBe(M.ownerInvalid);
    expect((await call(t.app, 'GET', `/api/clients/${mine._id}`, boss.headers)).json()).toMatchObject({
      name: 'Kept Apart Ltd',
      owner: { _id: boss.id },
    });
  });

  it('refuses every route to a member without Projects (403), and an owner who may not work on projects', async () => {
    const some = (await call(t.app, 'GET', '/api/clients', boss.headers)).json().clients[0];
    const routes: [string, string, object?][] = [
      ['GET', '/api/clients'],
      ['GET', '/api/clients/export.csv'],
      ['GET', `/api/clients/${some._id}`],
      ['GET', `/api/clients/${some._id}/timeline`],
      ['POST', '/api/clients', harbour],
      ['PUT', `/api/clients/${some._id}`, harbour],
      ['DELETE', `/api/clients/${some._id}`],
    ];
    const before = await clientCount(boss.workspaceId);
    for (const [method, url, body] of routes)
      expect(
        (await call(t.app, method as 'GET', url, analyst.headers, body)).statusCode,
        `${method} ${url}`,
      ).toBe(403);
    const owned = await create(boss, { ...harbour, name: 'Analyst Owned', ownerId: analyst.id });
    expect(owned.statusCode).toBe(400);
    expect(owned.json().message).toBe(M.ownerInvalid);
    expect(await clientCount(boss.workspaceId)).toBe(before);
  });

  it('deletes a client with its contacts and timeline', async () => {
    const doomed = (await create(manager, { ...harbour, name: 'Short Lived' })).json().client;
    const deleted = await call(t.app, 'DELETE', `/api/clients/${doomed._id}`, manager.headers);
    expect(deleted.json()).toEqual({ success: true, message: M.deleted });
    const db = t.database.handle.db;
    expect(
      await db.selectFrom('client_contacts').select('id').where('client_id', '=', doomed._id).execute(),
    ).toEqual([]);
    expect(
      await db.selectFrom('client_events').select('id').where('client_id', '=', doomed._id).execute(),
    ).toEqual([]);
    expect((await call(t.app, 'GET', `/api/clients/${doomed._id}`, boss.headers)).statusCode).toBe(404);
  });

  it('an edit replaces the contacts and says in the timeline which fields changed', async () => {
    const client = (await create(boss, { ...harbour, name: 'Edited Co' })).json().client;
    const edited = await call(t.app, 'PUT', `/api/clients/${client._id}`, boss.headers, {
      ...harbour,
      name: 'Edited Company',
      paymentTermsDays: 45,
      contacts: [{ name: 'Only One', email: 'one@edited.test' }],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().client.contacts.map((c: { name: string }) => c.name)).toEqual(['Only One']);
    const events = (await call(t.app, 'GET', `/api/clients/${client._id}/timeline`, boss.headers)).json()
      .events;
    expect(events[0]).toMatchObject({
      kind: 'updated',
      data: { fields: ['name', 'payment_terms_days', 'search_text'].filter((f) => f !== 'search_text') },
    });
  });

  it("reaches the clients with a key's projects scopes only, and never converts a lead with a key", async () => {
    const read = await createKey(t, boss.headers, ['projects:read']);
    const write = await createKey(t, boss.headers, ['projects:write']);
    const leadsOnly = await createKey(t, boss.headers, ['leads:read', 'leads:write']);
    expect((await call(t.app, 'GET', '/api/clients', read.headers)).statusCode).toBe(200);
    const refused = await create({ headers: read.headers } as TestUser, { ...harbour, name: 'By Read Key' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(API_KEY_MESSAGES.keyMissingScope('projects:write'));
    const made = await create({ headers: write.headers } as TestUser, { ...harbour, name: 'By Write Key' });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().client.owner).toMatchObject({ _id: boss.id });
    const other = await call(t.app, 'GET', '/api/clients', leadsOnly.headers);
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe(API_KEY_MESSAGES.keyMissingScope('projects:read'));
    const lead = await call(t.app, 'POST', '/api/leads', boss.headers, {
      name: 'Key Lead',
      email: 'key@lead.test',
    });
    for (const key of [read, write, leadsOnly]) {
      const convert = await call(t.app, 'POST', `/api/leads/${lead.json().lead._id}/convert`, key.headers, {
        client: { ...harbour, name: 'Never' },
      });
      expect(convert.statusCode).toBe(403);
      expect(convert.json().message).toBe(API_KEY_MESSAGES.keyNotForRoute);
    }
  });
});
