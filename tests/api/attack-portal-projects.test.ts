import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PORTAL_PROJECT_MESSAGES as M } from '../../src/shared/messages';
import { PORTAL_PROJECT_PARTS } from '../../src/shared/portal-projects';
import { createTestApp, uniqueEmail, type TestApp } from './support/test-app';
import { call, insertUser, insertWorkspace, type TestUser } from './support/users';
import { portalSignedIn } from './support/portal';
import {
  PDF,
  addProject,
  addTask,
  everyPortalAnswer,
  portalCall,
  portalUpload,
  staffComment,
  staffUpload,
} from './support/portal-projects';

const ALL = [...PORTAL_PROJECT_PARTS];
const INTERNAL_COMMENT = 'INTERNAL-COMMENT-7731 the client must never read this';
const INTERNAL_FILE = 'internal-cost-sheet-7731.pdf';
const RATE = 9_876_543;
const MEMBER_RATE = 5_551_113;
const BUDGET_AMOUNT = 43_219_871;
const DELIVERY_NOTE = 'secret-delivery-note-7731';

/**
 * docs/security.md#client-portal: the attacks on what a client sees of its projects, on SQLite and
 * PostgreSQL. Another client's or workspace's project, task or file is 404; a part a project does not share
 * is not in any answer and cannot be written to; an internal comment or file never reaches the portal; staff
 * data (rates, costs, e-mail addresses, delivery notes) is in no portal answer; a portal cookie reaches no
 * staff route.
 */
describe('attacks on the client portal’s projects', () => {
  let t: TestApp;
  let boss: TestUser;
  let designer: TestUser;
  let a: { cookie: string };
  let b: { cookie: string };
  let c: { cookie: string };
  const ids = {} as Record<
    | 'aAll'
    | 'review'
    | 'todo'
    | 'internalFile'
    | 'clientFile'
    | 'aNone'
    | 'hidden'
    | 'aTasks'
    | 'quiet'
    | 'quietFile'
    | 'aDelivered'
    | 'aCancelled'
    | 'cancelledTask'
    | 'bProject'
    | 'bTask'
    | 'bFile'
    | 'cProject'
    | 'cTask'
    | 'cFile',
    string
  >;

  beforeAll(async () => {
    t = await createTestApp();
    const studio = await insertWorkspace(t, { name: 'Projects Attack Studio' });
    // More open projects than Solo HQ keeps.
    await t.database.handle.db
      .updateTable('workspaces')
      .set({ plan: 'Enterprise' })
      .where('id', '=', studio.id)
      .execute();
    boss = await insertUser(t, { workspaceId: studio.id, role: 'Business Admin', username: 'pp-boss' });
    designer = await insertUser(t, {
      workspaceId: studio.id,
      role: 'Graphic Designer',
      username: 'pp-designer',
    });
    const signedA = await portalSignedIn(t, boss, { name: 'Alice A', email: uniqueEmail('a.test') }, 'A Ltd');
    const signedB = await portalSignedIn(t, boss, { name: 'Bob B', email: uniqueEmail('b.test') }, 'B Ltd');
    a = signedA.headers;
    b = signedB.headers;
    const other = await insertWorkspace(t, { name: 'Other Studio' });
    const otherBoss = await insertUser(t, { workspaceId: other.id, role: 'Business Admin' });
    const signedC = await portalSignedIn(
      t,
      otherBoss,
      { name: 'Cy C', email: uniqueEmail('c.test') },
      'C Ltd',
    );
    c = signedC.headers;

    // Client A: a project sharing everything, with staff-only money and people on it.
    ids.aAll = await addProject(t, boss, signedA.clientId, ALL, {
      hourlyRate: RATE,
      budgetAmount: BUDGET_AMOUNT,
      budgetMinutes: 6000,
      team: [{ userId: designer.id, hourlyRate: MEMBER_RATE }],
    });
    ids.review = await addTask(t, boss, ids.aAll, {
      title: 'Homepage design',
      status: 'in_review',
      assigneeIds: [designer.id],
      milestone: true,
    });
    ids.todo = await addTask(t, boss, ids.aAll, { title: 'Logo' });
    await staffComment(t, boss, ids.review, INTERNAL_COMMENT, 'internal');
    await staffComment(t, boss, ids.review, 'Here is the first draft', 'client');
    ids.internalFile = await staffUpload(t, boss, ids.review, 'internal', INTERNAL_FILE);
    ids.clientFile = await staffUpload(t, boss, ids.review, 'client', 'draft.pdf');
    // Client A: a project sharing nothing, and one sharing its tasks only.
    ids.aNone = await addProject(t, boss, signedA.clientId, []);
    ids.hidden = await addTask(t, boss, ids.aNone, { title: 'Hidden task', status: 'in_review' });
    await staffComment(t, boss, ids.hidden, INTERNAL_COMMENT, 'client');
    ids.aTasks = await addProject(t, boss, signedA.clientId, ['tasks']);
    ids.quiet = await addTask(t, boss, ids.aTasks, { title: 'Quiet task', status: 'in_review' });
    await staffComment(t, boss, ids.quiet, 'quiet-client-comment-7731', 'client');
    ids.quietFile = await staffUpload(t, boss, ids.quiet, 'client', 'quiet.pdf');
    // Client A: a delivered project with a note, and a cancelled one.
    ids.aDelivered = await addProject(t, boss, signedA.clientId, ALL);
    expect(
      (
        await call(t.app, 'POST', `/api/projects/${ids.aDelivered}/deliver`, boss.headers, {
          note: DELIVERY_NOTE,
        })
      ).statusCode,
    ).toBe(200);
    ids.aCancelled = await addProject(t, boss, signedA.clientId, ALL, { status: 'cancelled' });
    ids.cancelledTask = await addTask(t, boss, ids.aCancelled, { title: 'Old' });
    // Client B of the same workspace, and client C of another.
    ids.bProject = await addProject(t, boss, signedB.clientId, ALL);
    ids.bTask = await addTask(t, boss, ids.bProject, { title: 'B task', status: 'in_review' });
    ids.bFile = await staffUpload(t, boss, ids.bTask, 'client');
    ids.cProject = await addProject(t, otherBoss, signedC.clientId, ALL);
    ids.cTask = await addTask(t, otherBoss, ids.cProject, { title: 'C task', status: 'in_review' });
    ids.cFile = await staffUpload(t, otherBoss, ids.cTask, 'client');
  });
  afterAll(async () => t?.close());

  it('answers 404 to a contact opening another client’s or another workspace’s project, task or file', async () => {
    const list = (await portalCall(t, a, 'GET', '/api/portal/projects')).json().projects as { _id: string }[];
    expect(list.map((p) => p._id)).not.toContain(ids.bProject);
    expect(list.map((p) => p._id)).not.toContain(ids.cProject);
    for (const [project, task, file] of [
      [ids.bProject, ids.bTask, ids.bFile],
      [ids.cProject, ids.cTask, ids.cFile],
    ] as const) {
      const answers = [
        await portalCall(t, a, 'GET', `/api/portal/projects/${project}`),
        await portalCall(t, a, 'GET', `/api/portal/tasks/${task}`),
        await portalCall(t, a, 'GET', `/api/portal/attachments/${file}`),
        await portalCall(t, a, 'POST', `/api/portal/tasks/${task}/comments`, { body: 'hi' }),
        await portalCall(t, a, 'POST', `/api/portal/tasks/${task}/approve`, {}),
        await portalCall(t, a, 'POST', `/api/portal/tasks/${task}/request-changes`, { note: 'no' }),
        await portalUpload(t, a, task, { name: 'x.pdf', type: 'application/pdf', bytes: PDF }),
      ];
      for (const answer of answers) expect(answer.statusCode, answer.body).toBe(404);
    }
    // The owners themselves are let in.
    expect((await portalCall(t, b, 'GET', `/api/portal/tasks/${ids.bTask}`)).statusCode).toBe(200);
    expect((await portalCall(t, c, 'GET', `/api/portal/attachments/${ids.cFile}`)).statusCode).toBe(200);
    // Nothing was changed by the refused writes.
    const bTask = await call(t.app, 'GET', `/api/tasks/${ids.bTask}`, boss.headers);
    expect(bTask.json().status).toBe('in_review');
  });

  it('hides every part a project does not share, and refuses writes to it', async () => {
    const none = await portalCall(t, a, 'GET', `/api/portal/projects/${ids.aNone}`);
    expect(none.statusCode).toBe(200);
    expect(none.json()).toMatchObject({
      parts: [],
      progress: null,
      time: null,
      tasks: null,
      milestones: null,
      team: null,
      activity: null,
    });
    expect(none.body).not.toContain('Hidden task');
    // Tasks off: the task is not there, nor can it be written to or decided on.
    for (const answer of [
      await portalCall(t, a, 'GET', `/api/portal/tasks/${ids.hidden}`),
      await portalCall(t, a, 'POST', `/api/portal/tasks/${ids.hidden}/comments`, { body: 'hi' }),
      await portalCall(t, a, 'POST', `/api/portal/tasks/${ids.hidden}/approve`, {}),
      await portalUpload(t, a, ids.hidden, { name: 'x.pdf', type: 'application/pdf', bytes: PDF }),
    ])
      expect(answer.statusCode, answer.body).toBe(404);

    // Tasks on, comments and files off: the task without them; its client-visible file not downloadable.
    const quiet = await portalCall(t, a, 'GET', `/api/portal/tasks/${ids.quiet}`);
    expect(quiet.statusCode).toBe(200);
    expect(quiet.json()).toMatchObject({ comments: null, attachments: null, assignees: null });
    expect(quiet.body).not.toContain('quiet-client-comment-7731');
    expect(quiet.body).not.toContain('quiet.pdf');
    const comment = await portalCall(t, a, 'POST', `/api/portal/tasks/${ids.quiet}/comments`, { body: 'hi' });
    expect(comment.statusCode).toBe(403);
    expect(comment.json().message).toBe(M.commentsOff);
    const upload = await portalUpload(t, a, ids.quiet, {
      name: 'x.pdf',
      type: 'application/pdf',
      bytes: PDF,
    });
    expect(upload.statusCode).toBe(403);
    expect(upload.json().message).toBe(M.filesOff);
    expect((await portalCall(t, a, 'GET', `/api/portal/attachments/${ids.quietFile}`)).statusCode).toBe(404);
    const project = (await portalCall(t, a, 'GET', `/api/portal/projects/${ids.aTasks}`)).json();
    expect(project).toMatchObject({ milestones: null, team: null, activity: null, time: null });
    expect(project.tasks).toHaveLength(1);
    // Nothing was stored by the refused writes.
    const stored = await call(t.app, 'GET', `/api/tasks/${ids.quiet}/comments`, boss.headers);
    expect(stored.json().comments).toHaveLength(1);
  });

  it('never shows an internal comment or file, in any portal answer', async () => {
    // The client's own writes answer with the task too: scanned with the rest.
    const posted = await portalCall(t, a, 'POST', `/api/portal/tasks/${ids.review}/comments`, {
      body: 'Looks good so far',
    });
    expect(posted.statusCode).toBe(201);
    const answers = await everyPortalAnswer(t, a, Object.values(ids));
    expect(answers.filter((x) => x.status === 200).length).toBeGreaterThan(5);
    for (const answer of [...answers, { url: 'comment', status: 201, body: posted.body }]) {
      expect(answer.body, answer.url).not.toContain('INTERNAL-COMMENT-7731');
      expect(answer.body, answer.url).not.toContain(INTERNAL_FILE);
      expect(answer.body, answer.url).not.toContain(ids.internalFile);
    }
    // The client-visible ones are there.
    const task = answers.find((x) => x.url === `/api/portal/tasks/${ids.review}`)!;
    expect(task.body).toContain('Here is the first draft');
    expect(task.body).toContain('draft.pdf');
  });

  it('never lets an internal file be downloaded', async () => {
    const internal = await portalCall(t, a, 'GET', `/api/portal/attachments/${ids.internalFile}`);
    expect(internal.statusCode).toBe(404);
    expect(internal.body).not.toContain('%PDF');
    const shared = await portalCall(t, a, 'GET', `/api/portal/attachments/${ids.clientFile}`);
    expect(shared.statusCode).toBe(200);
    expect(shared.headers['content-disposition']).toMatch(/^attachment;/);
    expect(shared.headers['x-content-type-options']).toBe('nosniff');
    // A staff member turning it internal takes it back at once.
    const hide = await call(
      t.app,
      'PUT',
      `/api/tasks/${ids.review}/attachments/${ids.clientFile}/visibility`,
      boss.headers,
      { visibility: 'internal' },
    );
    expect(hide.statusCode).toBe(200);
    expect((await portalCall(t, a, 'GET', `/api/portal/attachments/${ids.clientFile}`)).statusCode).toBe(404);
    await call(
      t.app,
      'PUT',
      `/api/tasks/${ids.review}/attachments/${ids.clientFile}/visibility`,
      boss.headers,
      {
        visibility: 'client',
      },
    );
  });

  it('refuses to approve a task not in review (409) or another client’s (404)', async () => {
    const todo = await portalCall(t, a, 'POST', `/api/portal/tasks/${ids.todo}/approve`, {});
    expect(todo.statusCode).toBe(409);
    expect(todo.json().message).toBe(M.notInReview);
    const changes = await portalCall(t, a, 'POST', `/api/portal/tasks/${ids.todo}/request-changes`, {
      note: 'Redo it',
    });
    expect(changes.statusCode).toBe(409);
    expect((await portalCall(t, a, 'POST', `/api/portal/tasks/${ids.bTask}/approve`, {})).statusCode).toBe(
      404,
    );
    const task = await call(t.app, 'GET', `/api/tasks/${ids.todo}`, boss.headers);
    expect(task.json().status).toBe('todo');
    // Nothing went on the refused task's comments.
    expect(
      (await call(t.app, 'GET', `/api/tasks/${ids.todo}/comments`, boss.headers)).json().comments,
    ).toEqual([]);
  });

  it('keeps staff-only data out of every portal answer: rates, costs, e-mail addresses, delivery notes', async () => {
    // Time on the project, so its money roll-ups are not zero.
    const logged = await call(t.app, 'POST', '/api/time-entries', boss.headers, {
      projectId: ids.aAll,
      date: '2026-01-05',
      minutes: 90,
      billable: true,
    });
    expect(logged.statusCode, logged.body).toBe(201);
    const answers = await everyPortalAnswer(t, a, Object.values(ids));
    const body = answers.map((x) => x.body).join('\n');
    for (const secret of [
      String(RATE),
      String(MEMBER_RATE),
      String(BUDGET_AMOUNT),
      DELIVERY_NOTE,
      boss.email,
      designer.email,
      'hourlyRate',
      'budgetAmount',
      'Amount',
      'currency',
      'email',
    ])
      expect(body, secret).not.toContain(secret);
    // What is shared is there: hours, not money; names and roles, not addresses.
    const project = answers.find((x) => x.url === `/api/portal/projects/${ids.aAll}`)!;
    expect(JSON.parse(project.body).time).toEqual({ usedMinutes: 90, budgetMinutes: 6000, percent: 1 });
  });

  it('keeps a cancelled project out of the portal', async () => {
    const list = (await portalCall(t, a, 'GET', '/api/portal/projects')).json().projects as { _id: string }[];
    expect(list.map((p) => p._id)).not.toContain(ids.aCancelled);
    expect((await portalCall(t, a, 'GET', `/api/portal/projects/${ids.aCancelled}`)).statusCode).toBe(404);
    expect((await portalCall(t, a, 'GET', `/api/portal/tasks/${ids.cancelledTask}`)).statusCode).toBe(404);
  });

  it('lets a portal cookie reach no staff route of projects and tasks (401)', async () => {
    for (const url of [
      `/api/projects/${ids.aAll}`,
      `/api/tasks/${ids.review}`,
      `/api/tasks/${ids.review}/comments`,
      `/api/tasks/${ids.review}/timeline`,
      `/api/tasks/${ids.review}/attachments/${ids.clientFile}`,
    ]) {
      const response = await t.app.inject({ method: 'GET', url, headers: a });
      expect(response.statusCode, url).toBe(401);
    }
  });

  it('refuses a portal upload without the portal’s header, and a comment that is not JSON', async () => {
    const upload = await portalUpload(
      t,
      a,
      ids.review,
      { name: 'x.pdf', type: 'application/pdf', bytes: PDF },
      false,
    );
    expect(upload.statusCode).toBe(400);
    expect(upload.json().message).toBe(M.uploadHeaderMissing);
    const form = await t.app.inject({
      method: 'POST',
      url: `/api/portal/tasks/${ids.review}/comments`,
      headers: { ...a, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'body=hello',
    });
    expect(form.statusCode).toBe(415);
    const approve = await t.app.inject({
      method: 'POST',
      url: `/api/portal/tasks/${ids.review}/approve`,
      headers: { ...a, 'content-type': 'text/plain' },
      payload: '{}',
    });
    expect(approve.statusCode).toBe(415);
    expect((await call(t.app, 'GET', `/api/tasks/${ids.review}`, boss.headers)).json().status).toBe(
      'in_review',
    );
  });
});
