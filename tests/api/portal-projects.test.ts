import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PORTAL_PROJECT_MESSAGES as M, TASK_MESSAGES } from '../../src/shared/messages';
import { PORTAL_PROJECT_LIMITS, PORTAL_PROJECT_PARTS } from '../../src/shared/portal-projects';
import { createTestApp, uniqueEmail, type TestApp } from './support/test-app';
import { call, insertUser, insertWorkspace, type TestUser } from './support/users';
import { portalSignedIn } from './support/portal';
import {
  HTML,
  PDF,
  SVG,
  addProject,
  addTask,
  portalCall,
  portalUpload,
  staffComment,
  staffUpload,
} from './support/portal-projects';

const ALL = [...PORTAL_PROJECT_PARTS];

/**
 * A client's projects in the portal (docs/product/portal.md#what-a-client-sees), on SQLite and PostgreSQL:
 * the staff's switches and visibility choices, what each part shows, and what the client does there —
 * comments, uploads checked by their content and counted in storage, approving a task in review or asking
 * for changes — each on the task's timeline with who and when.
 */
describe('client portal projects', () => {
  let t: TestApp;
  let workspaceId: string;
  let boss: TestUser;
  let designer: TestUser;
  let developer: TestUser;
  let client: { cookie: string };
  let clientId: string;
  const contact = { name: 'Priya Client', email: uniqueEmail('client.test') };

  const stored = async () =>
    Number(
      (
        await t.database.handle.db
          .selectFrom('workspace_storage')
          .select('bytes')
          .where('workspace_id', '=', workspaceId)
          .executeTakeFirstOrThrow()
      ).bytes,
    );

  beforeAll(async () => {
    t = await createTestApp({ config: { allowPrivateWebhooks: true } });
    const studio = await insertWorkspace(t, { name: 'Portal Projects Studio' });
    workspaceId = studio.id;
    // More open projects than Solo HQ keeps.
    await t.database.handle.db
      .updateTable('workspaces')
      .set({ plan: 'Enterprise' })
      .where('id', '=', workspaceId)
      .execute();
    boss = await insertUser(t, {
      workspaceId,
      role: 'Business Admin',
      username: 'pp-boss',
      name: 'Maya Boss',
    });
    designer = await insertUser(t, {
      workspaceId,
      role: 'Graphic Designer',
      username: 'pp-gd',
      name: 'Dev Designer',
    });
    developer = await insertUser(t, { workspaceId, role: 'Web Developer', username: 'pp-web' });
    const signed = await portalSignedIn(t, boss, contact, 'Priya Ltd');
    client = signed.headers;
    clientId = signed.clientId;
  });
  afterAll(async () => t?.close());

  it('saves the portal switches with the project, and shows nothing of an existing project by default', async () => {
    const plain = await addProject(t, boss, clientId, []);
    const project = (await call(t.app, 'GET', `/api/projects/${plain}`, boss.headers)).json();
    expect(project.portalVisibility).toEqual([]);
    const edited = await call(t.app, 'PUT', `/api/projects/${plain}`, boss.headers, {
      clientId,
      name: project.name,
      portalVisibility: ['team', 'tasks', 'tasks'],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().project.portalVisibility).toEqual(['tasks', 'team']);
    const wrong = await call(t.app, 'PUT', `/api/projects/${plain}`, boss.headers, {
      clientId,
      name: project.name,
      portalVisibility: ['rates'],
    });
    expect(wrong.statusCode).toBe(400);
    const listed = (await portalCall(t, client, 'GET', '/api/portal/projects')).json().projects;
    expect(listed.find((p: { _id: string }) => p._id === plain)).toMatchObject({
      parts: ['tasks', 'team'],
      progress: { tasksDone: 0, tasksTotal: 0 },
      time: null,
    });
  });

  it('shows each shared part: tasks with progress, hours against the budget, milestones, team, activity', async () => {
    const id = await addProject(t, boss, clientId, ALL, {
      budgetMinutes: 600,
      hourlyRate: 150_000,
      team: [{ userId: designer.id, hourlyRate: null }],
      status: 'planned',
    });
    const first = await addTask(t, boss, id, {
      title: 'Wireframes',
      status: 'done',
      assigneeIds: [designer.id],
      milestone: true,
      dueDate: '2030-02-01',
    });
    await addTask(t, boss, id, { title: 'Build', status: 'in_progress' });
    await call(t.app, 'POST', '/api/time-entries', boss.headers, {
      projectId: id,
      taskId: first,
      date: '2026-01-05',
      minutes: 150,
    });
    const project = (await call(t.app, 'GET', `/api/projects/${id}`, boss.headers)).json();
    await call(t.app, 'PUT', `/api/projects/${id}`, boss.headers, {
      clientId,
      name: project.name,
      status: 'active',
      budgetMinutes: 600,
      hourlyRate: 160_000,
      team: [{ userId: designer.id, hourlyRate: null }],
      portalVisibility: ALL,
    });
    const answer = await portalCall(t, client, 'GET', `/api/portal/projects/${id}`);
    expect(answer.statusCode, answer.body).toBe(200);
    const shown = answer.json();
    expect(shown).toMatchObject({
      status: 'active',
      progress: { tasksDone: 1, tasksTotal: 2 },
      time: { usedMinutes: 150, budgetMinutes: 600, percent: 25 },
      milestones: [{ number: 1, title: 'Wireframes', dueDate: '2030-02-01', status: 'done' }],
      team: {
        manager: { name: 'Maya Boss', jobTitle: 'Business Admin' },
        members: [{ name: 'Dev Designer', jobTitle: 'Graphic Designer' }],
      },
    });
    expect(shown.tasks).toEqual([
      expect.objectContaining({
        number: 1,
        title: 'Wireframes',
        assignees: ['Dev Designer'],
        milestone: true,
      }),
      expect.objectContaining({ number: 2, title: 'Build', assignees: [] }),
    ]);
    // The timeline's status change, not the edit of the rate.
    expect(shown.activity.map((e: { kind: string }) => e.kind)).toEqual(['status', 'created']);
    expect(shown.activity[0]).toMatchObject({ from: 'planned', to: 'active' });

    // Milestones on, tasks off: the milestones still show, the tasks do not.
    await call(t.app, 'PUT', `/api/projects/${id}`, boss.headers, {
      ...project,
      clientId,
      team: [{ userId: designer.id, hourlyRate: null }],
      portalVisibility: ['milestones'],
    });
    const milestonesOnly = (await portalCall(t, client, 'GET', `/api/portal/projects/${id}`)).json();
    expect(milestonesOnly.tasks).toBeNull();
    expect(milestonesOnly.milestones).toHaveLength(1);
    expect((await portalCall(t, client, 'GET', `/api/portal/tasks/${first}`)).statusCode).toBe(404);
  });

  it('lets staff choose who sees each comment and file, and change it when they may', async () => {
    const id = await addProject(t, boss, clientId, ALL, {
      team: [
        { userId: designer.id, hourlyRate: null },
        { userId: developer.id, hourlyRate: null },
      ],
    });
    const task = await addTask(t, boss, id, { title: 'Copy' });
    const internal = await staffComment(t, designer, task, 'Only us');
    const comments = (await call(t.app, 'GET', `/api/tasks/${task}/comments`, boss.headers)).json().comments;
    expect(comments[0]).toMatchObject({ visibility: 'internal', authorKind: 'staff' });
    // Only its author changes who sees it; an edit without a visibility keeps it.
    const other = await call(t.app, 'PUT', `/api/tasks/${task}/comments/${internal}`, boss.headers, {
      body: 'Only us',
      visibility: 'client',
    });
    expect(other.statusCode).toBe(403);
    expect(
      (
        await call(t.app, 'PUT', `/api/tasks/${task}/comments/${internal}`, designer.headers, {
          body: 'For the client',
          visibility: 'client',
        })
      ).statusCode,
    ).toBe(200);
    await call(t.app, 'PUT', `/api/tasks/${task}/comments/${internal}`, designer.headers, { body: 'Edited' });
    let portalTask = (await portalCall(t, client, 'GET', `/api/portal/tasks/${task}`)).json();
    expect(portalTask.comments).toEqual([
      expect.objectContaining({ body: 'Edited', author: { name: 'pp-gd', kind: 'staff' } }),
    ]);

    // Files: internal by default; who attached it, the manager or an admin switch it; others 403.
    const file = await staffUpload(t, designer, task, 'internal', 'mock.pdf');
    const listed = (await call(t.app, 'GET', `/api/tasks/${task}/attachments`, boss.headers)).json()
      .attachments;
    expect(listed[0]).toMatchObject({ visibility: 'internal', uploaderKind: 'staff' });
    const byOther = await call(
      t.app,
      'PUT',
      `/api/tasks/${task}/attachments/${file}/visibility`,
      developer.headers,
      {
        visibility: 'client',
      },
    );
    expect(byOther.statusCode).toBe(403);
    expect(byOther.json().message).toBe(M.visibilityNotYours);
    const shown = await call(
      t.app,
      'PUT',
      `/api/tasks/${task}/attachments/${file}/visibility`,
      designer.headers,
      {
        visibility: 'client',
      },
    );
    expect(shown.statusCode).toBe(200);
    expect(shown.json().attachment.visibility).toBe('client');
    portalTask = (await portalCall(t, client, 'GET', `/api/portal/tasks/${task}`)).json();
    expect(portalTask.attachments).toEqual([
      expect.objectContaining({ name: 'mock.pdf', uploadedBy: 'pp-gd' }),
    ]);
    const download = await portalCall(t, client, 'GET', `/api/portal/attachments/${file}`);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(PDF)).toBe(true);
    expect(download.headers['cache-control']).toBe('private, no-store');
    // A milestone flag is saved with the task.
    const flagged = await call(t.app, 'PUT', `/api/tasks/${task}`, boss.headers, {
      title: 'Copy',
      milestone: true,
    });
    expect(flagged.json().task.milestone).toBe(true);
  });

  it('takes a client’s comment, shown to both sides as the contact’s and on the task’s timeline', async () => {
    const id = await addProject(t, boss, clientId, ALL);
    const task = await addTask(t, boss, id, { title: 'Logo' });
    const posted = await portalCall(t, client, 'POST', `/api/portal/tasks/${task}/comments`, {
      body: '  Can we try blue?  ',
    });
    expect(posted.statusCode, posted.body).toBe(201);
    expect(posted.json().comment).toMatchObject({
      body: 'Can we try blue?',
      author: { name: contact.name, kind: 'client' },
    });
    const empty = await portalCall(t, client, 'POST', `/api/portal/tasks/${task}/comments`, { body: ' ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(TASK_MESSAGES.commentRequired);
    const staff = (await call(t.app, 'GET', `/api/tasks/${task}/comments`, boss.headers)).json().comments;
    expect(staff).toEqual([
      expect.objectContaining({
        author: { _id: null, username: contact.name },
        authorKind: 'client',
        visibility: 'client',
      }),
    ]);
    // The client's comment is not the staff's to edit or hide.
    const edit = await call(t.app, 'PUT', `/api/tasks/${task}/comments/${staff[0]._id}`, boss.headers, {
      body: 'x',
      visibility: 'internal',
    });
    expect(edit.statusCode).toBe(403);
    const timeline = (await call(t.app, 'GET', `/api/tasks/${task}/timeline`, boss.headers)).json().events;
    expect(timeline).toEqual([
      expect.objectContaining({ kind: 'client-commented', actorKind: 'client', actorName: contact.name }),
    ]);
    const seen = (await portalCall(t, client, 'GET', `/api/portal/tasks/${task}`)).json();
    expect(seen.timeline[0]).toMatchObject({ kind: 'client-commented', actorName: contact.name });
  });

  it('takes a client’s upload by its content, counts it in storage, and refuses markup (415)', async () => {
    const id = await addProject(t, boss, clientId, ALL);
    const task = await addTask(t, boss, id, { title: 'Assets' });
    const before = await stored();
    const added = await portalUpload(t, client, task, {
      name: 'C:\\brief.pdf',
      type: 'image/png',
      bytes: PDF,
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().attachment).toMatchObject({
      name: 'brief.pdf',
      contentType: 'application/pdf',
      size: PDF.length,
      uploadedBy: contact.name,
    });
    expect(await stored()).toBe(before + PDF.length);
    for (const [name, bytes] of [
      ['logo.png', SVG],
      ['page.txt', HTML],
    ] as const) {
      const refused = await portalUpload(t, client, task, { name, type: 'image/png', bytes });
      expect(refused.statusCode, name).toBe(415);
      expect(refused.json().message).toBe(TASK_MESSAGES.attachmentType);
    }
    expect(await stored()).toBe(before + PDF.length);
    const staffView = (await call(t.app, 'GET', `/api/tasks/${task}/attachments`, boss.headers)).json()
      .attachments;
    expect(staffView).toEqual([
      expect.objectContaining({
        visibility: 'client',
        uploaderKind: 'client',
        uploadedBy: { _id: null, username: contact.name },
      }),
    ]);
    const timeline = (await call(t.app, 'GET', `/api/tasks/${task}/timeline`, boss.headers)).json().events;
    expect(timeline[0]).toMatchObject({
      kind: 'client-uploaded',
      detail: 'brief.pdf',
      actorName: contact.name,
    });
    // Deleting it gives the bytes back, as a member's file does.
    await call(t.app, 'DELETE', `/api/tasks/${task}/attachments/${staffView[0]._id}`, boss.headers);
    expect(await stored()).toBe(before);
  });

  it('approves a task in review through the tasks’ own move: done, the webhook, the next recurring task', async () => {
    const hook = await call(t.app, 'POST', '/api/webhooks', boss.headers, {
      url: 'http://127.0.0.1:9/hook',
      events: ['task.completed'],
    });
    expect(hook.statusCode, hook.body).toBe(201);
    const id = await addProject(t, boss, clientId, ['tasks']);
    const task = await addTask(t, boss, id, {
      title: 'Monthly report',
      status: 'in_review',
      recurrence: 'monthly',
      dueDate: '2030-01-31',
    });
    const approved = await portalCall(t, client, 'POST', `/api/portal/tasks/${task}/approve`, {});
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({
      message: M.approved,
      task: { status: 'done', canReview: false, comments: null },
    });
    expect(approved.json().task.timeline[0]).toMatchObject({
      kind: 'client-approved',
      actorName: contact.name,
    });
    const staff = (await call(t.app, 'GET', `/api/tasks/${task}`, boss.headers)).json();
    expect(staff.status).toBe('done');
    expect(staff.completedAt).not.toBeNull();
    const tasks = (await call(t.app, 'GET', `/api/projects/${id}/tasks`, boss.headers)).json().tasks;
    expect(tasks.find((x: { number: number }) => x.number === 2)).toMatchObject({
      title: 'Monthly report',
      status: 'todo',
      dueDate: '2030-02-28',
    });
    const deliveries = await t.database.handle.db
      .selectFrom('webhook_deliveries')
      .select(['event', 'payload'])
      .where('workspace_id', '=', workspaceId)
      .where('event', '=', 'task.completed')
      .execute();
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]!.payload).toContain(task);
    // Twice is refused: it is no longer in review.
    const again = await portalCall(t, client, 'POST', `/api/portal/tasks/${task}/approve`, {});
    expect(again.statusCode).toBe(409);
  });

  it('sends a task in review back with the client’s note as a client-visible comment', async () => {
    const id = await addProject(t, boss, clientId, ['tasks', 'comments']);
    const task = await addTask(t, boss, id, { title: 'Banner', status: 'in_review' });
    const missing = await portalCall(t, client, 'POST', `/api/portal/tasks/${task}/request-changes`, {
      note: '',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(M.noteRequired);
    const sent = await portalCall(t, client, 'POST', `/api/portal/tasks/${task}/request-changes`, {
      note: 'Make the logo larger',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().task).toMatchObject({
      status: 'in_progress',
      canReview: false,
      comments: [{ body: 'Make the logo larger', author: { name: contact.name, kind: 'client' } }],
    });
    const staff = (await call(t.app, 'GET', `/api/tasks/${task}`, boss.headers)).json();
    expect(staff).toMatchObject({ status: 'in_progress', completedAt: null });
    const timeline = (await call(t.app, 'GET', `/api/tasks/${task}/timeline`, boss.headers)).json().events;
    expect(timeline[0]).toMatchObject({
      kind: 'client-requested-changes',
      actorKind: 'client',
      actorName: contact.name,
      detail: 'Make the logo larger',
    });
  });

  it(`limits a contact to ${PORTAL_PROJECT_LIMITS.commentsPerHour} comments an hour (429)`, async () => {
    const id = await addProject(t, boss, clientId, ['tasks', 'comments']);
    const task = await addTask(t, boss, id, { title: 'Chatty' });
    // The earlier tests' comments count too: post until refused.
    let refused = null;
    for (let i = 0; i <= PORTAL_PROJECT_LIMITS.commentsPerHour && !refused; i++) {
      const answer = await portalCall(t, client, 'POST', `/api/portal/tasks/${task}/comments`, {
        body: `#${i}`,
      });
      if (answer.statusCode === 429) refused = answer;
      else expect(answer.statusCode).toBe(201);
    }
    expect(refused).not.toBeNull();
    expect(refused!.headers['retry-after']).toBeDefined();
    const count = (await call(t.app, 'GET', `/api/tasks/${task}/comments`, boss.headers)).json().comments
      .length;
    expect(count).toBeLessThan(PORTAL_PROJECT_LIMITS.commentsPerHour);
  });

  it('answers the staff timeline to API keys with tasks:read', async () => {
    const { createKey } = await import('./support/api-keys');
    const id = await addProject(t, boss, clientId, []);
    const task = await addTask(t, boss, id);
    const reader = await createKey(t, boss.headers, ['tasks:read']);
    expect((await call(t.app, 'GET', `/api/tasks/${task}/timeline`, reader.headers)).statusCode).toBe(200);
    const writer = await createKey(t, boss.headers, ['tasks:read']);
    const file = await staffUpload(t, boss, task, 'internal');
    const put = await call(
      t.app,
      'PUT',
      `/api/tasks/${task}/attachments/${file}/visibility`,
      writer.headers,
      {
        visibility: 'client',
      },
    );
    expect(put.statusCode).toBe(403);
  });
});
