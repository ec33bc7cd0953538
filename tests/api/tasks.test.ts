import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_MESSAGES, TASK_MESSAGES as M } from '../../src/shared/messages';
import { createTestApp, type TestApp } from './support/test-app';
import { createKey } from './support/api-keys';
import { call, insertUser, insertWorkspace, type TestUser } from './support/users';

const billing = { country: 'IN', state: 'Karnataka', currency: 'INR' };
type Task = { _id: string; number: number; title: string; status: string; position: number };

/**
 * Tasks (docs/product/projects.md#tasks), on SQLite and PostgreSQL: numbers without gaps under concurrency,
 * the board's moves, sub-tasks and blockers, recurring tasks, comments, My tasks, and the attacks: another
 * workspace's tasks and projects, members without Projects, someone else's comment, script in a description.
 */
describe('tasks', () => {
  let t: TestApp;
  let boss: TestUser;
  let manager: TestUser;
  let designer: TestUser;
  let outsider: TestUser;
  let analyst: TestUser;
  let stranger: TestUser;
  let projectId: string;

  const add = (who: TestUser, body: object, project = projectId) =>
    call(t.app, 'POST', `/api/projects/${project}/tasks`, who.headers, body);
  const board = async (who: TestUser = boss) =>
    (await call(t.app, 'GET', `/api/projects/${projectId}/tasks`, who.headers)).json().tasks as Task[];
  const column = async (status: string) =>
    (await board()).filter((task) => task.status === status).map((task) => task.title);

  beforeAll(async () => {
    t = await createTestApp();
    const studio = await insertWorkspace(t, { name: 'Task Studio' });
    await t.database.handle.db
      .updateTable('workspaces')
      .set({ plan: 'Business' })
      .where('id', '=', studio.id)
      .execute();
    boss = await insertUser(t, { workspaceId: studio.id, role: 'Business Admin', username: 'task-boss' });
    manager = await insertUser(t, { workspaceId: studio.id, role: 'Project Manager', username: 'task-pm' });
    designer = await insertUser(t, { workspaceId: studio.id, role: 'Graphic Designer', username: 'task-gd' });
    outsider = await insertUser(t, { workspaceId: studio.id, role: 'Web Developer', username: 'task-web' });
    analyst = await insertUser(t, { workspaceId: studio.id, role: 'Data Analyst', username: 'task-da' });
    const other = await insertWorkspace(t, { name: 'Other Task Studio' });
    stranger = await insertUser(t, { workspaceId: other.id, role: 'Business Admin', username: 'task-other' });
    const clientId = (
      await call(t.app, 'POST', '/api/clients', boss.headers, { name: 'Task Client', ...billing })
    ).json().client._id;
    projectId = (
      await call(t.app, 'POST', '/api/projects', boss.headers, {
        clientId,
        name: 'Launch',
        managerId: manager.id,
        team: [{ userId: designer.id }],
      })
    ).json().project._id;
  });
  afterAll(async () => t.close());

  it('adds tasks numbered #1, #2… with their fields, cleaned description and assignees from the team', async () => {
    const first = await add(manager, {
      title: 'Moodboard',
      description:
        '<p>Colours <strong>first</strong></p><script>alert(1)</script><img src=x onerror=alert(1)>',
      priority: 'high',
      dueDate: '2026-12-05',
      estimateMinutes: 90,
      assigneeIds: [designer.id, manager.id],
    });
    expect(first.statusCode, first.body).toBe(201);
    const task = first.json().task;
    expect(task).toMatchObject({
      number: 1,
      title: 'Moodboard',
      status: 'todo',
      priority: 'high',
      dueDate: '2026-12-05',
      estimateMinutes: 90,
      blocked: false,
      recurrence: 'none',
      loggedMinutes: 0,
    });
    expect(task.description).toContain('<strong>first</strong>');
    expect(task.description).not.toMatch(/script|onerror/);
    expect(task.assignees.map((a: { username: string }) => a.username)).toEqual(['task-gd', 'task-pm']);
    expect((await add(boss, { title: 'Copy' })).json().task.number).toBe(2);
    const notOnTeam = await add(boss, { title: 'Code', assigneeIds: [outsider.id] });
    expect(notOnTeam.statusCode).toBe(400);
    expect(notOnTeam.json().message).toBe(M.assigneeInvalid);
    const recurringWithoutDay = await add(boss, { title: 'Report', recurrence: 'weekly' });
    expect(recurringWithoutDay.json().errors).toContainEqual({
      field: 'dueDate',
      message: M.recurrenceNeedsDue,
    });
    expect((await add(boss, { title: '' })).json().errors).toContainEqual({
      field: 'title',
      message: M.titleRequired,
    });
    // The refusals took no numbers.
    expect((await add(boss, { title: 'Third' })).json().task.number).toBe(3);
  });

  it('hands out task numbers without a gap or a repeat under 20 concurrent creations', async () => {
    const clientId = (
      await call(t.app, 'POST', '/api/clients', boss.headers, { name: 'Race Client', ...billing })
    ).json().client._id;
    const race = (await call(t.app, 'POST', '/api/projects', boss.headers, { clientId, name: 'Race' })).json()
      .project._id;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => add(boss, { title: `Race ${i}` }, race)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(201));
    expect(answers.map((a) => a.json().task.number).sort((a: number, b: number) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
    const positions = answers.map((a) => a.json().task.position).sort((a: number, b: number) => a - b);
    expect(new Set(positions).size).toBe(20);
  });

  it('moves tasks between columns and within one, keeping the order it was given', async () => {
    const [a, b, c] = await Promise.all(
      ['Alpha', 'Beta', 'Gamma'].map(async (title) => (await add(boss, { title })).json().task as Task),
    );
    const move = (task: Task, status: string, index: number) =>
      call(t.app, 'POST', `/api/tasks/${task._id}/move`, designer.headers, { status, index });
    expect((await move(c!, 'in_progress', 0)).statusCode).toBe(200);
    expect((await move(a!, 'in_progress', 0)).json().task.status).toBe('in_progress');
    expect(await column('in_progress')).toEqual(['Alpha', 'Gamma']);
    await move(b!, 'in_progress', 1);
    expect(await column('in_progress')).toEqual(['Alpha', 'Beta', 'Gamma']);
    await move(a!, 'in_progress', 99);
    expect(await column('in_progress')).toEqual(['Beta', 'Gamma', 'Alpha']);
    const done = await move(b!, 'done', 0);
    expect(done.json().task.completedAt).not.toBeNull();
    expect((await move(b!, 'in_review', 0)).json().task.completedAt).toBeNull();
    expect(
      (await call(t.app, 'POST', `/api/tasks/${a!._id}/move`, boss.headers, { status: 'lost', index: 0 }))
        .statusCode,
    ).toBe(400);
  });

  it('keeps sub-tasks one level deep and blockers within the project', async () => {
    const parent = (await add(boss, { title: 'Parent' })).json().task as Task;
    const child = await add(boss, { title: 'Child', parentId: parent._id });
    expect(child.json().task.parentId).toBe(parent._id);
    const grandchild = await add(boss, { title: 'Grandchild', parentId: child.json().task._id });
    expect(grandchild.json().message).toBe(M.parentInvalid);
    const blocked = await add(boss, { title: 'Waits', blocked: true, blockedByIds: [parent._id] });
    expect(blocked.json().task).toMatchObject({
      blocked: true,
      blockedBy: [{ _id: parent._id, title: 'Parent', status: 'todo' }],
    });
    const clientId = (
      await call(t.app, 'POST', '/api/clients', boss.headers, { name: 'Elsewhere', ...billing })
    ).json().client._id;
    const elsewhere = (
      await call(t.app, 'POST', '/api/projects', boss.headers, { clientId, name: 'Elsewhere' })
    ).json().project._id;
    const foreign = (await add(boss, { title: 'Foreign' }, elsewhere)).json().task._id;
    expect((await add(boss, { title: 'Cross', blockedByIds: [foreign] })).json().message).toBe(
      M.blockerInvalid,
    );
    expect((await add(boss, { title: 'Cross', parentId: foreign })).json().message).toBe(M.parentInvalid);
  });

  it('makes a recurring task’s next one when it is done, once, a week or a month later', async () => {
    const weekly = (
      await add(boss, {
        title: 'Weekly report',
        recurrence: 'weekly',
        dueDate: '2026-12-04',
        assigneeIds: [designer.id],
      })
    ).json().task as Task;
    const put = (status: string) =>
      call(t.app, 'PUT', `/api/tasks/${weekly._id}`, boss.headers, {
        title: 'Weekly report',
        recurrence: 'weekly',
        dueDate: '2026-12-04',
        assigneeIds: [designer.id],
        status,
      });
    expect((await put('done')).statusCode).toBe(200);
    await put('todo');
    await put('done');
    const copies = (await board()).filter((task) => task.title === 'Weekly report');
    expect(copies).toHaveLength(2);
    const next = copies.find((task) => task._id !== weekly._id)!;
    expect(next).toMatchObject({
      status: 'todo',
      dueDate: '2026-12-11',
      recurrence: 'weekly',
      assignees: [{ username: 'task-gd' }],
    });
    const monthly = (
      await add(boss, { title: 'Invoice run', recurrence: 'monthly', dueDate: '2027-01-31' })
    ).json().task as Task;
    await call(t.app, 'POST', `/api/tasks/${monthly._id}/move`, boss.headers, { status: 'done', index: 0 });
    expect(
      (await board()).find((task) => task.title === 'Invoice run' && task._id !== monthly._id),
    ).toMatchObject({ dueDate: '2027-02-28' });
  });

  it('keeps comments in order, and lets only their author edit or delete them', async () => {
    const task = (await add(boss, { title: 'Discuss' })).json().task as Task;
    const first = await call(t.app, 'POST', `/api/tasks/${task._id}/comments`, designer.headers, {
      body: 'First draft is up',
    });
    expect(first.statusCode).toBe(201);
    await call(t.app, 'POST', `/api/tasks/${task._id}/comments`, manager.headers, {
      body: '<b>Looks</b> good',
    });
    const id = first.json().comment._id;
    const byOther = await call(t.app, 'PUT', `/api/tasks/${task._id}/comments/${id}`, manager.headers, {
      body: 'Changed',
    });
    expect(byOther.statusCode).toBe(403);
    expect(byOther.json().message).toBe(M.commentNotYours);
    expect(
      (await call(t.app, 'DELETE', `/api/tasks/${task._id}/comments/${id}`, manager.headers)).statusCode,
    ).toBe(403);
    expect(
      (
        await call(t.app, 'PUT', `/api/tasks/${task._id}/comments/${id}`, designer.headers, {
          body: 'Second draft is up',
        })
      ).statusCode,
    ).toBe(200);
    const comments = (await call(t.app, 'GET', `/api/tasks/${task._id}/comments`, boss.headers)).json()
      .comments;
    expect(
      comments.map((c: { body: string; author: { username: string } }) => [c.author.username, c.body]),
    ).toEqual([
      ['task-gd', 'Second draft is up'],
      ['task-pm', '<b>Looks</b> good'],
    ]);
    expect(comments[0].editedAt).not.toBeNull();
    expect(
      (await call(t.app, 'POST', `/api/tasks/${task._id}/comments`, boss.headers, { body: ' ' })).json()
        .message,
    ).toBe(M.commentRequired);
  });

  it('lists My tasks: open ones assigned to the caller, with their project', async () => {
    const mine = (await call(t.app, 'GET', '/api/tasks/mine', designer.headers)).json().tasks;
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((task: { status: string }) => task.status !== 'done')).toBe(true);
    expect(mine[0]).toMatchObject({ project: { _id: projectId, code: 'P-001', name: 'Launch' } });
    expect((await call(t.app, 'GET', '/api/tasks/mine', stranger.headers)).json().tasks).toEqual([]);
  });

  it('attack: another workspace’s tasks, comments and projects answer 404 and stay as they were', async () => {
    const task = (await add(boss, { title: 'Secret plan', description: '<p>Do not share</p>' })).json()
      .task as Task;
    const comment = (
      await call(t.app, 'POST', `/api/tasks/${task._id}/comments`, boss.headers, { body: 'Internal' })
    ).json().comment._id;
    const tries: ['GET' | 'PUT' | 'POST' | 'DELETE', string, object?][] = [
      ['GET', `/api/projects/${projectId}/tasks`],
      ['POST', `/api/projects/${projectId}/tasks`, { title: 'Planted' }],
      ['GET', `/api/tasks/${task._id}`],
      ['PUT', `/api/tasks/${task._id}`, { title: 'Taken' }],
      ['POST', `/api/tasks/${task._id}/move`, { status: 'done', index: 0 }],
      ['DELETE', `/api/tasks/${task._id}`],
      ['GET', `/api/tasks/${task._id}/comments`],
      ['POST', `/api/tasks/${task._id}/comments`, { body: 'Hi' }],
      ['PUT', `/api/tasks/${task._id}/comments/${comment}`, { body: 'Hi' }],
      ['DELETE', `/api/tasks/${task._id}/comments/${comment}`],
    ];
    for (const [method, url, body] of tries) {
      const answer = await call(t.app, method, url, stranger.headers, body);
      expect(answer.statusCode, `${method} ${url}`).toBe(404);
      expect([M.notFound, PROJECT_MESSAGES.notFound]).toContain(answer.json().message);
    }
    expect((await call(t.app, 'GET', `/api/tasks/${task._id}`, boss.headers)).json()).toMatchObject({
      title: 'Secret plan',
      status: 'todo',
    });
    expect(
      (await call(t.app, 'GET', `/api/tasks/${task._id}/comments`, boss.headers)).json().comments,
    ).toHaveLength(1);
  });

  it('attack: a member without Projects is refused (403) on every task route', async () => {
    const task = (await add(boss, { title: 'Guarded' })).json().task as Task;
    for (const [method, url] of [
      ['GET', `/api/projects/${projectId}/tasks`],
      ['POST', `/api/projects/${projectId}/tasks`],
      ['GET', '/api/tasks/mine'],
      ['GET', `/api/tasks/${task._id}`],
      ['PUT', `/api/tasks/${task._id}`],
      ['POST', `/api/tasks/${task._id}/move`],
      ['DELETE', `/api/tasks/${task._id}`],
      ['GET', `/api/tasks/${task._id}/comments`],
      ['POST', `/api/tasks/${task._id}/comments`],
    ] as const)
      expect(
        (await call(t.app, method, url, analyst.headers, { title: 'x', body: 'x' })).statusCode,
        `${method} ${url}`,
      ).toBe(403);
  });

  it('reaches tasks with the tasks scopes only', async () => {
    const reader = await createKey(t, boss.headers, ['tasks:read']);
    const projects = await createKey(t, boss.headers, ['projects:read']);
    expect((await call(t.app, 'GET', `/api/projects/${projectId}/tasks`, reader.headers)).statusCode).toBe(
      200,
    );
    expect(
      (await call(t.app, 'POST', `/api/projects/${projectId}/tasks`, reader.headers, { title: 'x' }))
        .statusCode,
    ).toBe(403);
    expect((await call(t.app, 'GET', `/api/projects/${projectId}/tasks`, projects.headers)).statusCode).toBe(
      403,
    );
  });

  it('goes with its project: the tasks, and the project’s task numbers', async () => {
    const clientId = (
      await call(t.app, 'POST', '/api/clients', boss.headers, { name: 'Short Client', ...billing })
    ).json().client._id;
    const short = (
      await call(t.app, 'POST', '/api/projects', boss.headers, { clientId, name: 'Short' })
    ).json().project._id;
    const task = (await add(boss, { title: 'Soon gone' }, short)).json().task as Task;
    expect((await call(t.app, 'DELETE', `/api/projects/${short}`, boss.headers)).statusCode).toBe(200);
    expect((await call(t.app, 'GET', `/api/tasks/${task._id}`, boss.headers)).statusCode).toBe(404);
    const sequences = await t.database.handle.db
      .selectFrom('number_sequences')
      .select('name')
      .where('name', '=', `task:${short}`)
      .execute();
    expect(sequences).toEqual([]);
  });
});
