import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_MESSAGES as M } from '../../src/shared/messages';
import { createTestApp, type TestApp } from './support/test-app';
import { call, insertUser, insertWorkspace, type TestUser } from './support/users';
import { startReceiver } from './support/webhooks';
import type { WebhookEventData } from '../../src/shared/webhooks';

/** The billing details a new client made from a lead needs beyond what the lead knows. */
const billing = { country: 'IN', state: 'Karnataka', city: 'Bengaluru', currency: 'INR' };

/**
 * Converting a lead into a client (docs/product/projects.md#converting-a-lead), on SQLite and PostgreSQL: a
 * new client, an existing one found by the duplicate rules, both timelines, the lead's campaign kept, once
 * only; and the attacks: another workspace's lead or client, a member without both modules.
 */
describe('converting a lead into a client', () => {
  let t: TestApp;
  let boss: TestUser;
  let analyst: TestUser;
  let designer: TestUser;
  let stranger: TestUser;

  const newLead = async (who: TestUser, body: object) => {
    const response = await call(t.app, 'POST', '/api/leads', who.headers, body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json().lead._id as string;
  };
  const convert = (who: TestUser, leadId: string, body: object) =>
    call(t.app, 'POST', `/api/leads/${leadId}/convert`, who.headers, body);
  const draftOf = (who: TestUser, leadId: string) =>
    call(t.app, 'GET', `/api/leads/${leadId}/convert`, who.headers);

  beforeAll(async () => {
    t = await createTestApp();
    const studio = await insertWorkspace(t, { name: 'Converting Studio' });
    boss = await insertUser(t, { workspaceId: studio.id, role: 'Business Admin', username: 'convert-boss' });
    analyst = await insertUser(t, {
      workspaceId: studio.id,
      role: 'Data Analyst',
      username: 'convert-analyst',
    });
    designer = await insertUser(t, {
      workspaceId: studio.id,
      role: 'Graphic Designer',
      username: 'convert-designer',
    });
    const other = await insertWorkspace(t, { name: 'Elsewhere' });
    stranger = await insertUser(t, {
      workspaceId: other.id,
      role: 'Business Admin',
      username: 'elsewhere-boss',
    });
  });
  afterAll(async () => t.close());

  it('makes a new client from the lead, sets it Converted, keeps its campaign and writes both timelines', async () => {
    const leadId = await newLead(boss, {
      name: 'Meera Iyer',
      email: 'Meera@Lotus-Tea.test',
      phone: '+91 98450 11111',
      company: 'Lotus Tea',
      source: 'LinkedIn',
    });
    // As the contact form records a visit's campaign.
    await t.database.handle.db
      .updateTable('leads')
      .set({ utm_source: 'newsletter', utm_medium: 'email', utm_campaign: 'spring' })
      .where('id', '=', leadId)
      .execute();
    const draft = (await draftOf(boss, leadId)).json();
    expect(draft).toMatchObject({
      matches: [],
      convertedInto: null,
      draft: {
        kind: 'company',
        name: 'Lotus Tea',
        contacts: [{ name: 'Meera Iyer', email: 'meera@lotus-tea.test', phone: '+91 98450 11111' }],
      },
    });
    const response = await convert(boss, leadId, { client: { ...draft.draft, ...billing } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      message: M.converted('Lotus Tea'),
      linked: false,
      client: { name: 'Lotus Tea', leadId, state: 'Karnataka', owner: { _id: boss.id } },
    });
    const clientId = response.json().client._id;
    const lead = (await call(t.app, 'GET', `/api/leads/${leadId}`, boss.headers)).json();
    expect(lead.status).toBe('Converted');
    const row = await t.database.handle.db
      .selectFrom('clients')
      .select(['source', 'utm_source', 'utm_medium', 'utm_campaign'])
      .where('id', '=', clientId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      source: 'LinkedIn',
      utm_source: 'newsletter',
      utm_medium: 'email',
      utm_campaign: 'spring',
    });
    const leadTimeline = (await call(t.app, 'GET', `/api/leads/${leadId}/timeline`, boss.headers)).json()
      .entries;
    expect(leadTimeline).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'client', data: { clientId, name: 'Lotus Tea', linked: false } }),
        expect.objectContaining({ kind: 'status', data: { from: 'New', to: 'Converted' } }),
      ]),
    );
    const clientTimeline = (
      await call(t.app, 'GET', `/api/clients/${clientId}/timeline`, boss.headers)
    ).json().events;
    expect(clientTimeline[0]).toMatchObject({
      kind: 'converted',
      data: { leadId, leadName: 'Meera Iyer', linked: false },
    });

    // Once only: the second answers 409 naming the client, and nothing more is made.
    const again = await convert(boss, leadId, { client: { ...draft.draft, ...billing } });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(M.alreadyConverted('Lotus Tea'));
    expect((await draftOf(boss, leadId)).json().convertedInto).toEqual({ _id: clientId, name: 'Lotus Tea' });
  });

  it('finds the client a new lead already is, by e-mail, phone, or name and company, and links it', async () => {
    const byMail = await newLead(boss, { name: 'M. Iyer', email: 'meera@lotus-tea.test' });
    const byPhone = await newLead(boss, {
      name: 'Someone Else',
      email: 'desk@other.test',
      phone: '098450-11111',
    });
    const byName = await newLead(boss, {
      name: 'Meera Iyer',
      email: 'meera.iyer@gmail.test',
      company: 'Lotus Tea Ltd',
    });
    const nobody = await newLead(boss, { name: 'Nobody Known', email: 'nobody@unknown.test' });
    const reasons = async (leadId: string) =>
      (await draftOf(boss, leadId))
        .json()
        .matches.map((m: { client: { name: string }; reasons: string[] }) => [m.client.name, m.reasons]);
    expect(await reasons(byMail)).toEqual([['Lotus Tea', ['email']]]);
    expect(await reasons(byPhone)).toEqual([['Lotus Tea', ['phone']]]);
    expect(await reasons(byName)).toEqual([['Lotus Tea', ['name']]]);
    expect(await reasons(nobody)).toEqual([]);

    const client = (await draftOf(boss, byMail)).json().matches[0].client;
    const linked = await convert(boss, byMail, { clientId: client._id });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json()).toMatchObject({
      linked: true,
      message: M.linked('Lotus Tea'),
      client: { _id: client._id },
    });
    // The client keeps the first lead it came from.
    expect(linked.json().client.leadId).toBe(client.leadId);
    expect((await call(t.app, 'GET', `/api/leads/${byMail}`, boss.headers)).json().status).toBe('Converted');
  });

  it("keeps other workspaces' leads and clients out, and refuses a member without both modules (attack)", async () => {
    const mine = await newLead(boss, { name: 'Guarded Lead', email: 'guarded@lead.test' });
    const theirs = await newLead(stranger, {
      name: 'Their Lead',
      email: 'their@lead.test',
      company: 'Their Co',
    });
    const theirClient = (
      await convert(stranger, theirs, {
        client: { name: 'Their Co', ...billing, contacts: [{ name: 'Their Lead' }] },
      })
    ).json().client;

    // Their lead, seen from here: 404, and it stays theirs.
    expect((await draftOf(boss, theirs)).statusCode).toBe(404);
    expect((await convert(boss, theirs, { client: { name: 'Stolen', ...billing } })).statusCode).toBe(404);
    // My lead linked to their client: 404, my lead unchanged, their client unchanged.
    const crossed = await convert(boss, mine, { clientId: theirClient._id });
    expect(crossed.statusCode).toBe(404);
    expect(crossed.json().message).toBe(M.notFound);
    expect((await call(t.app, 'GET', `/api/leads/${mine}`, boss.headers)).json().status).toBe('New');
    const timeline = (
      await call(t.app, 'GET', `/api/clients/${theirClient._id}/timeline`, stranger.headers)
    ).json().events;
    expect(timeline).toHaveLength(1);

    // Data Center without Projects, and Projects without Data Center: 403 on both routes, nothing changes.
    for (const who of [analyst, designer]) {
      expect((await draftOf(who, mine)).statusCode).toBe(403);
      expect((await convert(who, mine, { client: { name: 'Nope', ...billing } })).statusCode).toBe(403);
    }
    expect((await call(t.app, 'GET', `/api/leads/${mine}`, boss.headers)).json().status).toBe('New');
  });

  it('makes one client when a lead is converted many times at once (attack)', async () => {
    const leadId = await newLead(boss, { name: 'Raced Lead', email: 'raced@lead.test', company: 'Raced Co' });
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        convert(boss, leadId, {
          client: { name: `Raced Co ${i}`, ...billing, contacts: [{ name: 'Raced Lead' }] },
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    const made = await t.database.handle.db
      .selectFrom('clients')
      .select('id')
      .where('lead_id', '=', leadId)
      .execute();
    expect(made).toHaveLength(1);
  });

  it('refuses a form a client could not be saved with, and changes nothing', async () => {
    const leadId = await newLead(boss, { name: 'Half Form', email: 'half@form.test' });
    const refused = await convert(boss, leadId, { client: { name: 'Half Form Co', country: 'IN' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toContainEqual({ field: 'client.state', message: M.stateRequired });
    const both = await convert(boss, leadId, { clientId: 'x', client: { name: 'Both' } });
    expect(both.statusCode).toBe(400);
    expect((await call(t.app, 'GET', `/api/leads/${leadId}`, boss.headers)).json().status).toBe('New');
  });

  it('sends client.created for a client added by hand and for one made from a lead, never for a link', async () => {
    const receiver = await startReceiver();
    const hooked = await createTestApp({ config: { allowPrivateWebhooks: true } });
    try {
      const studio = await insertWorkspace(hooked, { name: 'Hooked Studio' });
      const owner = await insertUser(hooked, {
        workspaceId: studio.id,
        role: 'Business Admin',
        username: 'hooked-boss',
      });
      const made = await call(hooked.app, 'POST', '/api/webhooks', owner.headers, {
        url: receiver.url,
        events: ['client.created'],
      });
      expect(made.statusCode, made.body).toBe(201);
      const byHand = await call(hooked.app, 'POST', '/api/clients', owner.headers, {
        name: 'By Hand Ltd',
        ...billing,
        contacts: [{ name: 'Hand Person', email: 'hand@by-hand.test' }],
      });
      expect(byHand.statusCode).toBe(201);
      const lead = await call(hooked.app, 'POST', '/api/leads', owner.headers, {
        name: 'Lead Person',
        email: 'lead@from-lead.test',
      });
      const leadId = lead.json().lead._id;
      const converted = await call(hooked.app, 'POST', `/api/leads/${leadId}/convert`, owner.headers, {
        client: {
          name: 'From Lead Co',
          ...billing,
          contacts: [{ name: 'Lead Person', email: 'lead@from-lead.test' }],
        },
      });
      expect(converted.statusCode, converted.body).toBe(200);
      const second = await call(hooked.app, 'POST', '/api/leads', owner.headers, {
        name: 'Again',
        email: 'lead@from-lead.test',
      });
      expect(
        (
          await call(hooked.app, 'POST', `/api/leads/${second.json().lead._id}/convert`, owner.headers, {
            clientId: converted.json().client._id,
          })
        ).statusCode,
      ).toBe(200);
      expect(await hooked.app.webhooks.deliverDue()).toBe(2);
      const received = await receiver.waitFor(2);
      expect(received.map((r) => r.json.event)).toEqual(['client.created', 'client.created']);
      const events = received.map((r) => r.json.data as unknown as WebhookEventData['client.created']);
      expect(events.map((e) => [e.client.name, e.leadId]).sort()).toEqual([
        ['By Hand Ltd', null],
        ['From Lead Co', leadId],
      ]);
      expect(events.find((e) => e.leadId === null)!.client).toMatchObject({
        state: 'Karnataka',
        currency: 'INR',
        contacts: [{ name: 'Hand Person', email: 'hand@by-hand.test', phone: '', jobTitle: '' }],
      });
    } finally {
      await hooked.close();
      await receiver.close();
    }
  });
});
