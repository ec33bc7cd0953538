import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEAD_VIEW_MESSAGES as M } from '../../src/shared/messages';
import { LEAD_VIEW_LIMITS, type SavedLeadView } from '../../src/shared/schemas/lead-views';
import { AGENCY_WORKSPACE_ID } from '../../src/shared/workspace-deletion';
import { emptyWorkspaceOwner } from './support/leads';
import { createTestApp, type TestApp } from './support/test-app';
import { insertUser, seededAdmin, type TestUser } from './support/users';

/**
 * Saved views of Client Leads (docs/product/leads.md#saved-views): filters, sort, order and layout under a
 * name, per user; the workspace's admins share views with it. The attacks: a member who is not an admin
 * sharing, changing or deleting a shared view; another user's private view and another workspace's views
 * (404, whatever the method); a stored query tampered with; names and limits.
 */
describe('saved lead views', () => {
  let t: TestApp;
  let boss: TestUser; // Business Admin of "Leads Co"
  let deputy: TestUser; // a second Business Admin of "Leads Co"
  let analyst: TestUser; // Data Analyst of "Leads Co": uses Client Leads, not an admin
  let miner: TestUser; // Data Miner of "Leads Co": uses Client Leads, not an admin
  let localAdmin: TestUser; // role Admin, but in "Leads Co", not the agency's workspace
  let newcomer: TestUser; // Team Member of "Leads Co": kept out of the dashboard
  let designer: TestUser; // Graphic Designer of "Leads Co": no Data Center module
  let stranger: TestUser; // Business Admin of another workspace
  let agencyAdmin: TestUser; // the seeded Admin of the agency's workspace

  type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
  const send = (method: Method, url: string, user: TestUser, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: user.headers,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  const list = async (user: TestUser): Promise<SavedLeadView[]> => {
    const response = await send('GET', '/api/leads/views', user);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().views;
  };
  const create = async (user: TestUser, body: Record<string, unknown>): Promise<SavedLeadView> => {
    const response = await send('POST', '/api/leads/views', user, body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json().view;
  };
  const stored = (id: string) =>
    t.database.handle.db.selectFrom('lead_views').selectAll().where('id', '=', id).executeTakeFirst();
  const rowCount = async () =>
    Number(
      (
        await t.database.handle.db
          .selectFrom('lead_views')
          .select((eb) => eb.fn.countAll<string | number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  /** A view row written straight to the database (what an attacker with the file, or an old version, left). */
  const insertRow = async (user: TestUser, values: { name: string; query: string; shared?: boolean }) => {
    const id = randomUUID();
    const at = '2024-06-01T10:00:00.000Z';
    await t.database.handle.db
      .insertInto('lead_views')
      .values({
        id,
        workspace_id: user.workspaceId,
        user_id: user.id,
        shared: values.shared ? 1 : 0,
        name: values.name,
        query: values.query,
        created_at: at,
        updated_at: at,
      })
      .execute();
    return id;
  };

  beforeAll(async () => {
    t = await createTestApp();
    boss = await emptyWorkspaceOwner(t);
    const ws = boss.workspaceId;
    deputy = await insertUser(t, { workspaceId: ws, role: 'Business Admin', username: 'deputy' });
    analyst = await insertUser(t, { workspaceId: ws, role: 'Data Analyst', username: 'dana' });
    miner = await insertUser(t, { workspaceId: ws, role: 'Data Miner', username: 'mo' });
    localAdmin = await insertUser(t, { workspaceId: ws, role: 'Admin', username: 'local-admin' });
    newcomer = await insertUser(t, { workspaceId: ws, role: 'Team Member', username: 'newbie' });
    designer = await insertUser(t, { workspaceId: ws, role: 'Graphic Designer', username: 'gus' });
    stranger = await emptyWorkspaceOwner(t, 'Elsewhere Ltd');
    agencyAdmin = await seededAdmin(t);
    expect(agencyAdmin.workspaceId).toBe(AGENCY_WORKSPACE_ID);
  });
  afterAll(async () => t.close());

  it('saves a private view with its filters, sort, order and layout, and reads it back', async () => {
    const query = {
      search: '  acme ',
      status: 'In Progress',
      priority: 'High',
      source: 'Referral',
      owner: 'me',
      followUp: 'due',
      dateFilter: 'custom',
      from: '2024-01-01',
      to: '2024-03-31',
      sort: 'name',
      order: 'asc',
      layout: 'board',
    };
    const view = await create(analyst, { name: '  Hot referrals  ', query });
    expect(view).toMatchObject({
      name: 'Hot referrals',
      shared: false,
      mine: true,
      canChange: true,
      owner: { id: analyst.id, username: 'dana' },
      query: { ...query, search: 'acme' },
    });
    expect(view._id).toBe(view.id);
    const got = await send('GET', `/api/leads/views/${view.id}`, analyst);
    expect(got.statusCode).toBe(200);
    expect(got.json()).toEqual(view);
    // What is left out takes the list's defaults.
    const plain = await create(analyst, { name: 'everything', query: {} });
    expect(plain.query).toEqual({ dateFilter: 'all', sort: 'date', order: 'desc', layout: 'table' });
    expect((await list(analyst)).map((v) => v.name)).toEqual(['everything', 'Hot referrals']);
  });

  it("shares an admin's view with the workspace: listed first for every member, changed only by admins", async () => {
    const shared = await create(boss, { name: 'Pipeline', query: { status: 'Qualified' }, shared: true });
    expect(shared).toMatchObject({ shared: true, canChange: true });
    const seen = await list(miner);
    expect(seen.map((v) => [v.name, v.shared, v.mine, v.canChange])).toEqual([
      ['Pipeline', true, false, false],
    ]);
    const analystSees = await list(analyst);
    expect(analystSees.map((v) => v.name)).toEqual(['Pipeline', 'everything', 'Hot referrals']);
    // Another admin of the workspace may change it.
    const byDeputy = await list(deputy);
    expect(byDeputy.find((v) => v.id === shared.id)?.canChange).toBe(true);
    const renamed = await send('PUT', `/api/leads/views/${shared.id}`, deputy, {
      name: 'Pipeline (qualified)',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().view).toMatchObject({ name: 'Pipeline (qualified)', owner: { id: boss.id } });
  });

  it('lets the agency Admin share in the agency workspace', async () => {
    const view = await create(agencyAdmin, { name: 'Agency pipeline', query: {}, shared: true });
    expect(view.shared).toBe(true);
    expect((await list(stranger)).some((v) => v.id === view.id)).toBe(false);
    expect((await send('DELETE', `/api/leads/views/${view.id}`, agencyAdmin)).statusCode).toBe(200);
  });

  describe('attacks', () => {
    it('refuses a member who is not an admin sharing a view: 403, nothing saved', async () => {
      const before = await rowCount();
      for (const user of [analyst, localAdmin]) {
        const response = await send('POST', '/api/leads/views', user, {
          name: 'Mine to all',
          query: {},
          shared: true,
        });
        expect(response.statusCode, response.body).toBe(403);
        expect(response.json().message).toBe(M.shareAdminsOnly);
      }
      expect(await rowCount()).toBe(before);
      // Nor by sharing an existing private view.
      const own = await create(analyst, { name: 'Quietly mine', query: { priority: 'Low' } });
      const response = await send('PUT', `/api/leads/views/${own.id}`, analyst, {
        shared: true,
        name: 'Loud',
      });
      expect(response.statusCode).toBe(403);
      expect(await stored(own.id)).toMatchObject({ shared: 0, name: 'Quietly mine' });
    });

    it("refuses a member who is not an admin changing or deleting the workspace's shared view: 403", async () => {
      const shared = await create(boss, {
        name: 'Board of wins',
        query: { status: 'Converted' },
        shared: true,
      });
      const before = await stored(shared.id);
      for (const user of [analyst, miner, localAdmin]) {
        const edits = [{ name: 'Defaced' }, { query: { status: 'Lost' } }, { shared: false }];
        for (const edit of edits) {
          const response = await send('PUT', `/api/leads/views/${shared.id}`, user, edit);
          expect(response.statusCode, JSON.stringify(edit)).toBe(403);
          expect(response.json().message).toBe(M.sharedAdminsOnly);
        }
        const removed = await send('DELETE', `/api/leads/views/${shared.id}`, user);
        expect(removed.statusCode).toBe(403);
      }
      expect(await stored(shared.id)).toEqual(before);
    });

    it('keeps the Leads module guard: a Team Member and a member without Data Center get 403', async () => {
      const shared = (await list(boss)).find((v) => v.shared)!;
      for (const user of [newcomer, designer]) {
        expect((await send('GET', '/api/leads/views', user)).statusCode).toBe(403);
        expect((await send('GET', `/api/leads/views/${shared.id}`, user)).statusCode).toBe(403);
        expect(
          (await send('POST', '/api/leads/views', user, { name: 'x', query: {}, shared: true })).statusCode,
        ).toBe(403);
        expect((await send('PUT', `/api/leads/views/${shared.id}`, user, { name: 'x' })).statusCode).toBe(
          403,
        );
        expect((await send('DELETE', `/api/leads/views/${shared.id}`, user)).statusCode).toBe(403);
      }
      expect((await send('GET', '/api/leads/views', { ...boss, headers: {} as never })).statusCode).toBe(401);
    });

    it("answers 404 for another user's private view, whatever the method, changing nothing", async () => {
      const secret = await create(analyst, { name: 'My secret list', query: { search: 'vip' } });
      const before = await stored(secret.id);
      for (const user of [miner, boss, deputy]) {
        const answers = [
          await send('GET', `/api/leads/views/${secret.id}`, user),
          await send('PUT', `/api/leads/views/${secret.id}`, user, { name: 'Stolen' }),
          await send('PUT', `/api/leads/views/${secret.id}`, user, { shared: true }),
          await send('DELETE', `/api/leads/views/${secret.id}`, user),
        ];
        for (const answer of answers) {
          expect(answer.statusCode).toBe(404);
          expect(answer.json().message).toBe(M.notFound);
        }
        expect((await list(user)).some((v) => v.id === secret.id)).toBe(false);
      }
      expect(await stored(secret.id)).toEqual(before);
    });

    it("answers 404 for another workspace's views, shared or not", async () => {
      const shared = await create(boss, { name: 'Only ours', query: {}, shared: true });
      const own = await create(boss, { name: 'Only mine', query: {} });
      for (const id of [shared.id, own.id]) {
        const before = await stored(id);
        expect((await send('GET', `/api/leads/views/${id}`, stranger)).statusCode).toBe(404);
        expect((await send('PUT', `/api/leads/views/${id}`, stranger, { name: 'Ours now' })).statusCode).toBe(
          404,
        );
        expect((await send('DELETE', `/api/leads/views/${id}`, stranger)).statusCode).toBe(404);
        expect(await stored(id)).toEqual(before);
      }
      expect(await list(stranger)).toEqual([]);
      // An Admin is no exception: the agency's Admin sees the agency's views only.
      expect((await send('GET', `/api/leads/views/${shared.id}`, agencyAdmin)).statusCode).toBe(404);
    });

    it('answers a stored query that was tampered with safely: the whole list, nothing as stored', async () => {
      const tampered = [
        'not json at all {',
        '{"status":"New","isAdmin":true,"__proto__":{"polluted":1}}',
        '{"status":"<script>alert(1)</script>"}',
        '{"layout":"grid"}',
        '["status","New"]',
        'null',
      ];
      const ids: string[] = [];
      for (const [i, query] of tampered.entries())
        ids.push(await insertRow(miner, { name: `tampered ${i}`, query }));
      const views = await list(miner);
      for (const id of ids) {
        const one = await send('GET', `/api/leads/views/${id}`, miner);
        expect(one.statusCode, one.body).toBe(200);
        const expected = { dateFilter: 'all', sort: 'date', order: 'desc', layout: 'table' };
        expect(one.json().query).toEqual(expected);
        expect(views.find((v) => v.id === id)?.query).toEqual(expected);
      }
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      // Its owner can save it again.
      const fixed = await send('PUT', `/api/leads/views/${ids[0]}`, miner, { query: { status: 'New' } });
      expect(fixed.statusCode).toBe(200);
      expect(fixed.json().view.query.status).toBe('New');
    });
  });

  describe('input, names and limits', () => {
    it('refuses bad input with 400 and a message, changing nothing', async () => {
      const own = await create(miner, { name: 'Stable', query: { status: 'New' } });
      const before = await stored(own.id);
      const count = await rowCount();
      const bad: [Record<string, unknown>, string?][] = [
        [{ name: '', query: {} }, M.nameRequired],
        [{ name: '    ', query: {} }, M.nameRequired],
        [{ name: 'x'.repeat(LEAD_VIEW_LIMITS.nameMax + 1), query: {} }, M.nameTooLong],
        [{ query: {} }, M.nameRequired],
        [{ name: 'Extra key', query: { page: 3 } }, M.queryInvalid],
        [{ name: 'Extra key', query: { tzOffset: 60 } }, M.queryInvalid],
        [{ name: 'Extra key', query: { status: 'New', admin: true } }, M.queryInvalid],
        [{ name: 'Not an object', query: 'status=New' }, M.queryInvalid],
        [{ name: 'Bad status', query: { status: 'Hot' } }],
        [{ name: 'Bad sort', query: { sort: 'password' } }],
        [{ name: 'Bad layout', query: { layout: 'grid' } }],
        [{ name: 'Bad day', query: { dateFilter: 'custom', from: '2024-13-45' } }],
        [{ name: 'Bad flag', query: {}, shared: 'yes' }],
        [{ name: 'No query' }],
      ];
      for (const [body, message] of bad) {
        const response = await send('POST', '/api/leads/views', miner, body);
        expect(response.statusCode, JSON.stringify(body)).toBe(400);
        const answer = response.json();
        expect(typeof answer.message).toBe('string');
        if (message) expect(answer.message, JSON.stringify(body)).toBe(message);
      }
      for (const body of [{}, { name: '' }, { query: { page: 2 } }, { shared: 1 }]) {
        const response = await send('PUT', `/api/leads/views/${own.id}`, miner, body);
        expect(response.statusCode, JSON.stringify(body)).toBe(400);
        expect(typeof response.json().message).toBe('string');
      }
      expect(await rowCount()).toBe(count);
      expect(await stored(own.id)).toEqual(before);
    });

    it('refuses a name the user already has (ignoring case and spaces) with 409; others may use it', async () => {
      const first = await create(miner, { name: 'Follow up today', query: {} });
      const response = await send('POST', '/api/leads/views', miner, {
        name: ' FOLLOW UP TODAY ',
        query: {},
      });
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(M.duplicateName);
      await create(analyst, { name: 'Follow up today', query: {} });
      const other = await create(miner, { name: 'Another', query: {} });
      const rename = await send('PUT', `/api/leads/views/${other.id}`, miner, { name: 'follow up today' });
      expect(rename.statusCode).toBe(409);
      expect((await stored(other.id))?.name).toBe('Another');
      // Renaming a view to its own name in another case is fine.
      const recase = await send('PUT', `/api/leads/views/${first.id}`, miner, { name: 'Follow Up Today' });
      expect(recase.statusCode).toBe(200);
    });

    it('keeps the names of the shared views unique within the workspace', async () => {
      await create(boss, { name: 'Team board', query: {}, shared: true });
      const response = await send('POST', '/api/leads/views', deputy, {
        name: 'team board',
        query: {},
        shared: true,
      });
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(M.duplicateSharedName);
      // Kept private, the deputy may have it.
      await create(deputy, { name: 'team board', query: {} });
    });

    it('updates a view with the current filters and stops sharing it', async () => {
      const view = await create(deputy, { name: 'Weekly', query: { status: 'New' }, shared: true });
      const updated = await send('PUT', `/api/leads/views/${view.id}`, deputy, {
        query: { status: 'Lost', layout: 'board' },
      });
      expect(updated.statusCode).toBe(200);
      expect(updated.json().view.query).toMatchObject({ status: 'Lost', layout: 'board' });
      const unshared = await send('PUT', `/api/leads/views/${view.id}`, deputy, { shared: false });
      expect(unshared.json().view.shared).toBe(false);
      expect((await list(analyst)).some((v) => v.id === view.id)).toBe(false);
      expect((await send('DELETE', `/api/leads/views/${view.id}`, deputy)).statusCode).toBe(200);
      expect(await stored(view.id)).toBeUndefined();
      expect((await send('DELETE', `/api/leads/views/${view.id}`, deputy)).statusCode).toBe(404);
    });

    it(`keeps at most ${LEAD_VIEW_LIMITS.perUser} views per person (400), and shares at most ${LEAD_VIEW_LIMITS.sharedPerWorkspace} per workspace`, async () => {
      const collector = await insertUser(t, { workspaceId: stranger.workspaceId, role: 'Data Analyst' });
      const have = (await list(collector)).filter((v) => v.mine).length;
      for (let i = have; i < LEAD_VIEW_LIMITS.perUser; i += 1)
        await insertRow(collector, { name: `view ${i}`, query: '{}' });
      const over = await send('POST', '/api/leads/views', collector, { name: 'one more', query: {} });
      expect(over.statusCode).toBe(400);
      expect(over.json().message).toBe(M.tooManyMine);

      const sharer = await insertUser(t, { workspaceId: stranger.workspaceId, role: 'Business Admin' });
      const shared = (await list(stranger)).filter((v) => v.shared).length;
      for (let i = shared; i < LEAD_VIEW_LIMITS.sharedPerWorkspace; i += 1)
        await insertRow(stranger, { name: `shared ${i}`, query: '{}', shared: true });
      const tooMany = await send('POST', '/api/leads/views', sharer, {
        name: 'shared more',
        query: {},
        shared: true,
      });
      expect(tooMany.statusCode).toBe(400);
      expect(tooMany.json().message).toBe(M.tooManyShared);
      const privateOne = await create(sharer, { name: 'shared more', query: {} });
      const share = await send('PUT', `/api/leads/views/${privateOne.id}`, sharer, { shared: true });
      expect(share.statusCode).toBe(400);
      expect(share.json().message).toBe(M.tooManyShared);
      expect((await list(sharer)).length).toBe(LEAD_VIEW_LIMITS.sharedPerWorkspace + 1);
    });

    it('holds both limits when the requests arrive at once (attack: a burst past the count)', async () => {
      const owner = await emptyWorkspaceOwner(t, 'Burst Co');
      const member = await insertUser(t, { workspaceId: owner.workspaceId, role: 'Data Analyst' });
      for (let i = 0; i < LEAD_VIEW_LIMITS.perUser - 1; i += 1)
        await insertRow(member, { name: `view ${i}`, query: '{}' });
      const burst = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          send('POST', '/api/leads/views', member, { name: `burst ${i}`, query: {} }),
        ),
      );
      expect(burst.map((r) => r.statusCode).sort()).toEqual([201, 400, 400, 400, 400, 400, 400, 400]);
      expect((await list(member)).filter((v) => v.mine)).toHaveLength(LEAD_VIEW_LIMITS.perUser);

      const coAdmin = await insertUser(t, { workspaceId: owner.workspaceId, role: 'Business Admin' });
      for (let i = 0; i < LEAD_VIEW_LIMITS.sharedPerWorkspace - 1; i += 1)
        await insertRow(coAdmin, { name: `shared ${i}`, query: '{}', shared: true });
      const privateViews = [];
      for (let i = 0; i < 3; i += 1) privateViews.push(await create(owner, { name: `mine ${i}`, query: {} }));
      const sharing = await Promise.all([
        ...[0, 1, 2].map((i) =>
          send('POST', '/api/leads/views', owner, { name: `team ${i}`, query: {}, shared: true }),
        ),
        ...privateViews.map((view) => send('PUT', `/api/leads/views/${view.id}`, owner, { shared: true })),
      ]);
      expect(sharing.filter((r) => r.statusCode < 300)).toHaveLength(1);
      expect(sharing.filter((r) => r.statusCode === 400).map((r) => r.json().message)).toEqual(
        Array(5).fill(M.tooManyShared),
      );
      expect((await list(owner)).filter((v) => v.shared)).toHaveLength(LEAD_VIEW_LIMITS.sharedPerWorkspace);
    });

    it("erases a user's views with their account", async () => {
      const leaver = await insertUser(t, { workspaceId: boss.workspaceId, role: 'Data Analyst' });
      const view = await create(leaver, { name: 'Leaving soon', query: {} });
      await t.database.handle.db.deleteFrom('sessions').where('user_id', '=', leaver.id).execute();
      await t.database.handle.db.deleteFrom('users').where('id', '=', leaver.id).execute();
      expect(await stored(view.id)).toBeUndefined();
    });
  });
});
