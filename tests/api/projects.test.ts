import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_MESSAGES, PROJECT_MESSAGES as M } from '../../src/shared/messages';
import type { WebhookEventData } from '../../src/shared/webhooks';
import { createTestApp, type TestApp } from './support/test-app';
import { createKey } from './support/api-keys';
import { startReceiver } from './support/webhooks';
import { call, insertUser, insertWorkspace, type TestUser } from './support/users';

const billing = { country: 'IN', state: 'Karnataka', currency: 'INR' };

/**
 * Projects (docs/product/projects.md#projects), on SQLite and PostgreSQL: the form's rules, numbers and
 * codes, the list's filters, delivery, Solo HQ's limit, and the attacks: another workspace's ids, members
 * without Projects, a team taken from another workspace, deletes by those who may not.
 */
describe('projects', () => {
  let t: TestApp;
  let boss: TestUser;
  let manager: TestUser;
  let designer: TestUser;
  let analyst: TestUser;
  let stranger: TestUser;
  let clientId: string;
  let strangerClientId: string;

  const create = (who: TestUser, body: object) => call(t.app, 'POST', '/api/projects', who.headers, body);
  const project = (body: object = {}) => ({ clientId, name: 'Website redesign', ...body });
  const setPlan = (workspaceId: string, plan: string) =>
    t.database.handle.db.updateTable('workspaces').set({ plan }).where('id', '=', workspaceId).execute();

  beforeAll(async () => {
    t = await createTestApp();
    const studio = await insertWorkspace(t, { name: 'Project Studio' });
    await setPlan(studio.id, 'Professional');
    boss = await insertUser(t, { workspaceId: studio.id, role: 'Business Admin', username: 'proj-boss' });
    manager = await insertUser(t, { workspaceId: studio.id, role: 'Project Manager', username: 'proj-pm' });
    designer = await insertUser(t, { workspaceId: studio.id, role: 'Graphic Designer', username: 'proj-gd' });
    analyst = await insertUser(t, { workspaceId: studio.id, role: 'Data Analyst', username: 'proj-da' });
    const other = await insertWorkspace(t, { name: 'Other Project Studio' });
    stranger = await insertUser(t, { workspaceId: other.id, role: 'Business Admin', username: 'proj-other' });
    clientId = (
      await call(t.app, 'POST', '/api/clients', boss.headers, {
        name: 'Harbour Foods',
        ...billing,
        currency: 'INR',
      })
    ).json().client._id;
    strangerClientId = (
      await call(t.app, 'POST', '/api/clients', stranger.headers, {
        name: 'Elsewhere Ltd',
        ...billing,
        currency: 'USD',
      })
    ).json().client._id;
  });
  afterAll(async () => t.close());

  it('creates a project with the next number, a code, the client’s currency, money in minor units and a team', async () => {
    const response = await create(
      manager,
      project({
        billingType: 'fixed',
        budgetMinutes: 120 * 60,
        budgetAmount: 12_345_678,
        hourlyRate: 250_000,
        startDate: '2026-12-01',
        dueDate: '2027-01-31',
        team: [
          { userId: designer.id, hourlyRate: 180_000 },
          { userId: manager.id, hourlyRate: null },
        ],
      }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const { project: made, message } = response.json();
    expect(message).toBe(M.created);
    expect(made).toMatchObject({
      number: 1,
      code: 'P-001',
      name: 'Website redesign',
      client: { _id: clientId, name: 'Harbour Foods' },
      status: 'planned',
      billingType: 'fixed',
      currency: 'INR',
      budgetMinutes: 7200,
      budgetAmount: 12_345_678,
      hourlyRate: 250_000,
      retainerMinutes: null,
      startDate: '2026-12-01',
      dueDate: '2027-01-31',
      manager: { _id: manager.id, username: 'proj-pm' },
      deliveredOn: null,
      onTime: null,
      usage: {
        approvedMinutes: 0,
        unapprovedMinutes: 0,
        approvedAmount: 0,
        unapprovedAmount: 0,
        expenseAmount: 0,
      },
    });
    expect(made.team).toEqual([
      { _id: designer.id, username: 'proj-gd', hourlyRate: 180_000 },
      { _id: manager.id, username: 'proj-pm', hourlyRate: null },
    ]);
    const again = await create(
      boss,
      project({
        name: 'SEO retainer',
        code: 'hf-seo',
        billingType: 'retainer',
        retainerMinutes: 20 * 60,
        retainerRollover: true,
      }),
    );
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().project).toMatchObject({
      number: 2,
      code: 'HF-SEO',
      retainerMinutes: 1200,
      retainerRollover: true,
    });
    const timeline = await call(t.app, 'GET', `/api/projects/${made._id}/timeline`, boss.headers);
    expect(timeline.json().events.map((e: { kind: string }) => e.kind)).toEqual(['created']);
  });

  it('offers as managers and team the members who work on projects, and nobody else', async () => {
    const members = (await call(t.app, 'GET', '/api/projects/members', designer.headers)).json().members;
    const names = members.map((m: { username: string }) => m.username).sort();
    expect(names).toEqual(['proj-boss', 'proj-gd', 'proj-pm']);
    expect(
      (await call(t.app, 'GET', '/api/projects/members', stranger.headers))
        .json()
        .members.map((m: { username: string }) => m.username),
    ).toEqual(['proj-other']);
  });

  it('refuses what a project cannot be saved with, each with its message, and saves nothing', async () => {
    const cases: [object, string, string][] = [
      [{ name: '' }, 'name', M.nameRequired],
      [{ clientId: '' }, 'clientId', M.clientRequired],
      [{ budgetAmount: 12.5 }, 'budgetAmount', M.amountInvalid],
      [{ hourlyRate: -1 }, 'hourlyRate', M.rateInvalid],
      [{ budgetMinutes: 1.5 }, 'budgetMinutes', M.hoursInvalid],
      [{ startDate: '2026-02-30' }, 'startDate', M.dateInvalid],
      [{ startDate: '2026-03-02', dueDate: '2026-03-01' }, 'dueDate', M.dueBeforeStart],
      [{ billingType: 'retainer' }, 'retainerMinutes', M.retainerHoursRequired],
      [{ code: '-bad' }, 'code', M.codeInvalid],
      [{ code: 'A'.repeat(17) }, 'code', M.codeInvalid],
    ];
    const before = (await call(t.app, 'GET', '/api/projects', boss.headers)).json().pagination.total;
    for (const [body, field, message] of cases) {
      const refused = await create(boss, project(body));
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json().errors, JSON.stringify(body)).toContainEqual({ field, message });
    }
    const taken = await create(boss, project({ code: 'hf-seo' }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(M.codeTaken('HF-SEO'));
    // P-<digits> belongs to the numbers: taken by hand, it would block a later project's own code.
    const reserved = await create(boss, project({ code: 'P-999' }));
    expect(reserved.statusCode).toBe(400);
    expect(reserved.json().message).toBe(M.codeReserved);
    const outsider = await create(boss, project({ managerId: stranger.id }));
    expect(outsider.statusCode).toBe(400);
    expect(outsider.json().message).toBe(M.managerInvalid);
    const noProjects = await create(boss, project({ team: [{ userId: analyst.id }] }));
    expect(noProjects.statusCode).toBe(400);
    expect(noProjects.json().message).toBe(M.memberInvalid);
    expect((await call(t.app, 'GET', '/api/projects', boss.headers)).json().pagination.total).toBe(before);
  });

  it('filters the list by status, client, manager, due date and search, and pages it', async () => {
    const other = (
      await call(t.app, 'POST', '/api/clients', boss.headers, { name: 'Lotus Spa', ...billing })
    ).json().client._id;
    await create(
      boss,
      project({ clientId: other, name: 'Spa brochure', status: 'active', dueDate: '2020-01-01' }),
    );
    await create(
      boss,
      project({ clientId: other, name: 'Spa launch', status: 'on_hold', managerId: manager.id }),
    );
    const list = (query: string) =>
      call(t.app, 'GET', `/api/projects?${query}`, manager.headers).then((r) => {
        expect(r.statusCode, r.body).toBe(200);
        return r
          .json()
          .projects.map((p: { name: string }) => p.name)
          .sort();
      });
    expect(await list(`client=${other}`)).toEqual(['Spa brochure', 'Spa launch']);
    expect(await list('status=active,on_hold')).toEqual(['Spa brochure', 'Spa launch']);
    expect(await list('due=overdue')).toEqual(['Spa brochure']);
    expect(await list('manager=me')).toEqual(
      ['SEO retainer', 'Spa launch', 'Website redesign'].filter((n) => n !== 'SEO retainer'),
    );
    expect(await list('search=lotus')).toEqual(['Spa brochure', 'Spa launch']);
    expect(await list('search=hf-')).toEqual(['SEO retainer']);
    // Renamed, the client's projects are found by its new name.
    await call(t.app, 'PUT', `/api/clients/${other}`, boss.headers, { name: 'Lotus Wellness', ...billing });
    expect(await list('search=wellness')).toEqual(['Spa brochure', 'Spa launch']);
    const page = (
      await call(t.app, 'GET', '/api/projects?limit=2&page=2&sort=code&order=asc', boss.headers)
    ).json();
    expect(page.projects.map((p: { number: number }) => p.number)).toEqual([3, 4]);
    expect(page.pagination).toMatchObject({ page: 2, limit: 2, total: 4 });
    expect((await call(t.app, 'GET', '/api/projects?status=lost', boss.headers)).statusCode).toBe(400);
  });

  it('delivers a project with its date and note, on time or late, and lists it among the delivered', async () => {
    const made = (
      await create(
        boss,
        project({ name: 'Logo', status: 'active', dueDate: '2026-05-10', managerId: manager.id }),
      )
    ).json().project;
    const delivered = await call(t.app, 'POST', `/api/projects/${made._id}/deliver`, manager.headers, {
      deliveredOn: '2026-05-12',
      note: 'Final files sent',
    });
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect(delivered.json()).toMatchObject({
      message: M.delivered,
      project: {
        status: 'delivered',
        deliveredOn: '2026-05-12',
        deliveryNote: 'Final files sent',
        onTime: false,
      },
    });
    const list = (
      await call(t.app, 'GET', '/api/projects?status=delivered&sort=delivered', boss.headers)
    ).json();
    expect(list.projects.map((p: { name: string }) => p.name)).toEqual(['Logo']);
    const kinds = (await call(t.app, 'GET', `/api/projects/${made._id}/timeline`, boss.headers))
      .json()
      .events.map((e: { kind: string }) => e.kind);
    expect(kinds).toEqual(['delivered', 'created']);
    const audit = await t.database.handle.db
      .selectFrom('activity')
      .select(['action', 'kind'])
      .where('kind', '=', 'project-delivered')
      .execute();
    expect(audit.map((a) => a.action)).toContain('proj-pm delivered the project P-005 Logo');
    // Reopened, it forgets its delivery.
    const reopened = await call(
      t.app,
      'PUT',
      `/api/projects/${made._id}`,
      boss.headers,
      project({ name: 'Logo', code: 'P-005', status: 'active' }),
    );
    expect(reopened.json().project).toMatchObject({ status: 'active', deliveredOn: null, deliveryNote: '' });
  });

  it('attack: a team member cannot make themselves the manager, edit or deliver the project', async () => {
    const made = (
      await create(
        boss,
        project({ name: 'Guarded plan', managerId: manager.id, team: [{ userId: designer.id }] }),
      )
    ).json().project;
    const takeOver = await call(t.app, 'PUT', `/api/projects/${made._id}`, designer.headers, {
      clientId,
      name: 'Guarded plan',
      code: made.code,
      managerId: designer.id,
    });
    expect(takeOver.statusCode).toBe(403);
    expect(takeOver.json().message).toBe(M.editNotAllowed);
    expect(
      (await call(t.app, 'POST', `/api/projects/${made._id}/deliver`, designer.headers, {})).statusCode,
    ).toBe(403);
    expect((await call(t.app, 'GET', `/api/projects/${made._id}`, boss.headers)).json()).toMatchObject({
      manager: { _id: manager.id },
      status: 'planned',
    });
    // Its manager and the workspace's admin may.
    const byManager = await call(t.app, 'PUT', `/api/projects/${made._id}`, manager.headers, {
      clientId,
      name: 'Guarded plan v2',
      code: made.code,
      team: [{ userId: designer.id }],
    });
    expect(byManager.statusCode).toBe(200);
  });

  it('refuses deleting a client that has projects, and a project to those who neither manage it nor administer', async () => {
    const refused = await call(t.app, 'DELETE', `/api/clients/${clientId}`, boss.headers);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(
      /^This client has \d+ projects\. Delete or move them before deleting the client\.$/,
    );
    const made = (await create(designer, project({ name: 'Throwaway', managerId: manager.id }))).json()
      .project;
    const byDesigner = await call(t.app, 'DELETE', `/api/projects/${made._id}`, designer.headers);
    expect(byDesigner.statusCode).toBe(403);
    expect(byDesigner.json().message).toBe(M.deleteNotAllowed);
    expect((await call(t.app, 'DELETE', `/api/projects/${made._id}`, manager.headers)).statusCode).toBe(200);
    expect((await call(t.app, 'GET', `/api/projects/${made._id}`, boss.headers)).statusCode).toBe(404);
  });

  it('attack: another workspace’s projects and clients answer 404 and stay as they were', async () => {
    const mine = (await create(boss, project({ name: 'Private plan' }))).json().project;
    const paths: ['GET' | 'PUT' | 'POST' | 'DELETE', string, object?][] = [
      ['GET', `/api/projects/${mine._id}`],
      ['GET', `/api/projects/${mine._id}/timeline`],
      ['PUT', `/api/projects/${mine._id}`, { clientId: strangerClientId, name: 'Taken' }],
      ['POST', `/api/projects/${mine._id}/deliver`, {}],
      ['DELETE', `/api/projects/${mine._id}`],
    ];
    for (const [method, url, body] of paths) {
      const answer = await call(t.app, method, url, stranger.headers, body);
      expect(answer.statusCode, `${method} ${url}`).toBe(404);
      expect(answer.json().message).toBe(M.notFound);
    }
    const theirs = await create(stranger, { clientId, name: 'On their client' });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe(M.clientNotFound);
    const moved = await call(t.app, 'PUT', `/api/projects/${mine._id}`, boss.headers, {
      clientId: strangerClientId,
      name: 'Moved',
    });
    expect(moved.statusCode).toBe(404);
    const list = (await call(t.app, 'GET', '/api/projects', stranger.headers)).json();
    expect(list.projects).toEqual([]);
    expect((await call(t.app, 'GET', `/api/projects/${mine._id}`, boss.headers)).json()).toMatchObject({
      name: 'Private plan',
      status: 'planned',
    });
  });

  it('attack: a member without Projects is refused (403) on every route', async () => {
    const mine = (await create(boss, project({ name: 'Guarded' }))).json().project;
    for (const [method, url] of [
      ['GET', '/api/projects'],
      ['POST', '/api/projects'],
      ['GET', `/api/projects/${mine._id}`],
      ['GET', `/api/projects/${mine._id}/timeline`],
      ['PUT', `/api/projects/${mine._id}`],
      ['POST', `/api/projects/${mine._id}/deliver`],
      ['DELETE', `/api/projects/${mine._id}`],
    ] as const)
      expect(
        (await call(t.app, method, url, analyst.headers, project())).statusCode,
        `${method} ${url}`,
      ).toBe(403);
  });

  it('hands out numbers 1, 2, 3… without a gap or a repeat under 20 concurrent creations', async () => {
    const workspace = await insertWorkspace(t, { name: 'Busy Studio' });
    await setPlan(workspace.id, 'Business');
    const owner = await insertUser(t, {
      workspaceId: workspace.id,
      role: 'Business Admin',
      username: 'busy-boss',
    });
    const client = (
      await call(t.app, 'POST', '/api/clients', owner.headers, { name: 'Busy Client', ...billing })
    ).json().client._id;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => create(owner, { clientId: client, name: `Job ${i}` })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(201));
    const numbers = answers.map((a) => a.json().project.number).sort((a: number, b: number) => a - b);
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    // A refused creation gives its number back: the next one is 21.
    expect((await create(owner, { clientId: client, name: 'Bad', code: 'P-001' })).statusCode).toBe(400);
    expect((await create(owner, { clientId: client, name: 'Next' })).json().project.number).toBe(21);
  });

  it('keeps Solo HQ to 5 open projects with a message naming the plan; delivered and cancelled ones do not count', async () => {
    const solo = await insertWorkspace(t, { name: 'Solo Studio' });
    const owner = await insertUser(t, { workspaceId: solo.id, role: 'SOLOHQ', username: 'solo-owner' });
    const client = (
      await call(t.app, 'POST', '/api/clients', owner.headers, { name: 'Solo Client', ...billing })
    ).json().client._id;
    const answers = await Promise.all(
      Array.from({ length: 7 }, (_, i) => create(owner, { clientId: client, name: `Solo ${i}` })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 201, 201, 201, 201, 409, 409]);
    const full = M.projectsFull(5, 'Solo HQ');
    expect(full).toBe(
      'This workspace has its 5 open projects (Solo HQ plan). Deliver or cancel one, or upgrade to add more.',
    );
    expect(answers.find((a) => a.statusCode === 409)!.json().message).toBe(full);
    const first = answers.find((a) => a.statusCode === 201)!.json().project;
    expect(
      (await call(t.app, 'POST', `/api/projects/${first._id}/deliver`, owner.headers, {})).statusCode,
    ).toBe(200);
    expect((await create(owner, { clientId: client, name: 'Sixth' })).statusCode).toBe(201);
    const reopen = await call(t.app, 'PUT', `/api/projects/${first._id}`, owner.headers, {
      clientId: client,
      name: first.name,
      code: first.code,
      status: 'active',
    });
    expect(reopen.statusCode).toBe(409);
    expect(reopen.json().message).toBe(full);
    expect(
      (await create(owner, { clientId: client, name: 'Done already', status: 'delivered' })).statusCode,
    ).toBe(201);
  });

  it('goes with its workspace when the workspace is erased, clients and team included', async () => {
    const gone = await insertWorkspace(t, { name: 'Erased Studio' });
    const owner = await insertUser(t, {
      workspaceId: gone.id,
      role: 'Business Admin',
      username: 'erased-boss',
    });
    const client = (
      await call(t.app, 'POST', '/api/clients', owner.headers, { name: 'Erased Client', ...billing })
    ).json().client._id;
    const made = await create(owner, { clientId: client, name: 'Erased', team: [{ userId: owner.id }] });
    expect(made.statusCode).toBe(201);
    const db = t.database.handle.db;
    await db.deleteFrom('workspaces').where('id', '=', gone.id).execute();
    expect(
      await db.selectFrom('projects').select('id').where('workspace_id', '=', gone.id).execute(),
    ).toEqual([]);
    expect(
      await db.selectFrom('project_members').select('user_id').where('workspace_id', '=', gone.id).execute(),
    ).toEqual([]);
    expect(
      await db.selectFrom('number_sequences').select('name').where('workspace_id', '=', gone.id).execute(),
    ).toEqual([]);
  });

  it('converts a lead into a client with its first project in one go', async () => {
    const lead = (
      await call(t.app, 'POST', '/api/leads', boss.headers, {
        name: 'Mira Shah',
        email: 'mira@bloom.test',
        company: 'Bloom Tea',
      })
    ).json().lead;
    const converted = await call(t.app, 'POST', `/api/leads/${lead._id}/convert`, boss.headers, {
      client: { name: 'Bloom Tea', ...billing, contacts: [{ name: 'Mira Shah', email: 'mira@bloom.test' }] },
      project: { name: 'Tea launch', billingType: 'hourly', hourlyRate: 200_000 },
    });
    expect(converted.statusCode, converted.body).toBe(200);
    expect(converted.json().project).toMatchObject({
      name: 'Tea launch',
      client: { name: 'Bloom Tea' },
      currency: 'INR',
      hourlyRate: 200_000,
    });
    // A project that cannot be made undoes the whole conversion.
    const second = (
      await call(t.app, 'POST', '/api/leads', boss.headers, { name: 'Ravi', email: 'ravi@x.test' })
    ).json().lead;
    const refused = await call(t.app, 'POST', `/api/leads/${second._id}/convert`, boss.headers, {
      clientId,
      project: { name: 'Clash', code: 'HF-SEO' },
    });
    expect(refused.statusCode).toBe(409);
    expect((await call(t.app, 'GET', `/api/leads/${second._id}`, boss.headers)).json().status).toBe('New');
    expect(CLIENT_MESSAGES.notFound).toBe('Client not found');
  });

  it('reaches projects with an API key of the projects scopes only', async () => {
    const reader = await createKey(t, boss.headers, ['projects:read']);
    const leads = await createKey(t, boss.headers, ['leads:read']);
    expect((await call(t.app, 'GET', '/api/projects', reader.headers)).statusCode).toBe(200);
    expect((await call(t.app, 'POST', '/api/projects', reader.headers, project())).statusCode).toBe(403);
    expect((await call(t.app, 'GET', '/api/projects', leads.headers)).statusCode).toBe(403);
  });

  it('sends project.created, task.completed and project.delivered to the workspace’s webhooks', async () => {
    const receiver = await startReceiver();
    const hooked = await createTestApp({ config: { allowPrivateWebhooks: true } });
    try {
      const studio = await insertWorkspace(hooked, { name: 'Hooked Projects' });
      const owner = await insertUser(hooked, {
        workspaceId: studio.id,
        role: 'Business Admin',
        username: 'hook-pm',
      });
      expect(
        (
          await call(hooked.app, 'POST', '/api/webhooks', owner.headers, {
            url: receiver.url,
            events: ['project.created', 'project.delivered', 'task.completed'],
          })
        ).statusCode,
      ).toBe(201);
      const client = (
        await call(hooked.app, 'POST', '/api/clients', owner.headers, { name: 'Hook Client', ...billing })
      ).json().client._id;
      const made = (
        await call(hooked.app, 'POST', '/api/projects', owner.headers, {
          clientId: client,
          name: 'Hooked',
          dueDate: '2030-01-01',
          budgetAmount: 99_900,
        })
      ).json().project;
      const task = (
        await call(hooked.app, 'POST', `/api/projects/${made._id}/tasks`, owner.headers, {
          title: 'Ship it',
          assigneeIds: [owner.id],
        })
      ).json().task;
      await call(hooked.app, 'POST', `/api/tasks/${task._id}/move`, owner.headers, {
        status: 'done',
        index: 0,
      });
      await call(hooked.app, 'POST', `/api/projects/${made._id}/deliver`, owner.headers, {
        deliveredOn: '2029-12-31',
        note: 'Early',
      });
      expect(await hooked.app.webhooks.deliverDue()).toBe(3);
      const received = await receiver.waitFor(3);
      expect(received.map((r) => r.json.event).sort()).toEqual([
        'project.created',
        'project.delivered',
        'task.completed',
      ]);
      expect(received.find((r) => r.json.event === 'task.completed')!.json.data).toMatchObject({
        task: { id: task._id, number: 1, title: 'Ship it' },
        project: { id: made._id, code: 'P-001' },
        assignees: ['hook-pm'],
      });
      const delivered = received.find((r) => r.json.event === 'project.delivered')!.json
        .data as unknown as WebhookEventData['project.delivered'];
      expect(delivered).toMatchObject({
        onTime: true,
        project: {
          id: made._id,
          code: 'P-001',
          budgetAmount: 99_900,
          currency: 'INR',
          deliveredOn: '2029-12-31',
          deliveryNote: 'Early',
        },
      });
    } finally {
      await hooked.close();
      await receiver.close();
    }
  });
});
