import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_MESSAGES, TIME_MESSAGES as M } from '../../src/shared/messages';
import { createTestApp, type TestApp } from './support/test-app';
import { csvLine } from '../../src/server/lib/csv';
import { createKey } from './support/api-keys';
import { testClock, type TestClock } from './support/leads';
import { call, insertUser, insertWorkspace, type TestUser } from './support/users';

const billing = { country: 'IN', state: 'Karnataka', currency: 'INR' };
const MONDAY = '2026-11-23';
type Entry = { _id: string; minutes: number; amount: number; status: string; hourlyRate: number | null };

/**
 * Time (docs/product/projects.md#time), on SQLite and PostgreSQL: the rate in force, roll-ups summed exactly
 * in minor units, one running timer a person under concurrent starts, submitting and approving a week,
 * approved time locked, budget warnings, reports and CSV; the attacks: time for someone else, another
 * workspace's entries, editing approved time, approving as someone who does not manage the project.
 */
describe('time', () => {
  let t: TestApp;
  let clock: TestClock;
  let boss: TestUser;
  let manager: TestUser;
  let designer: TestUser;
  let developer: TestUser;
  let analyst: TestUser;
  let stranger: TestUser;
  let clientId: string;
  let projectId: string;

  const log = (who: TestUser, body: object) => call(t.app, 'POST', '/api/time-entries', who.headers, body);
  const project = async () => (await call(t.app, 'GET', `/api/projects/${projectId}`, boss.headers)).json();

  beforeAll(async () => {
    clock = testClock(`${MONDAY}T09:00:00.000Z`);
    t = await createTestApp({ clock: clock.read });
    const studio = await insertWorkspace(t, { name: 'Time Studio' });
    await t.database.handle.db
      .updateTable('workspaces')
      .set({ plan: 'Business' })
      .where('id', '=', studio.id)
      .execute();
    boss = await insertUser(t, { workspaceId: studio.id, role: 'Business Admin', username: 'time-boss' });
    manager = await insertUser(t, { workspaceId: studio.id, role: 'Project Manager', username: 'time-pm' });
    designer = await insertUser(t, { workspaceId: studio.id, role: 'Graphic Designer', username: 'time-gd' });
    developer = await insertUser(t, { workspaceId: studio.id, role: 'Web Developer', username: 'time-web' });
    analyst = await insertUser(t, { workspaceId: studio.id, role: 'Data Analyst', username: 'time-da' });
    const other = await insertWorkspace(t, { name: 'Other Time Studio' });
    stranger = await insertUser(t, { workspaceId: other.id, role: 'Business Admin', username: 'time-other' });
    clientId = (
      await call(t.app, 'POST', '/api/clients', boss.headers, { name: 'Time Client', ...billing })
    ).json().client._id;
    projectId = (
      await call(t.app, 'POST', '/api/projects', boss.headers, {
        clientId,
        name: 'Retainer work',
        status: 'active',
        managerId: manager.id,
        hourlyRate: 150_000,
        budgetMinutes: 10 * 60,
        team: [{ userId: designer.id, hourlyRate: 100_001 }, { userId: developer.id }],
      })
    ).json().project._id;
  });
  afterAll(async () => t.close());

  it('logs time with the rate in force, values it exactly in minor units, and rolls it up to the project and task', async () => {
    const task = (
      await call(t.app, 'POST', `/api/projects/${projectId}/tasks`, boss.headers, { title: 'Design' })
    ).json().task;
    const first = await log(designer, {
      projectId,
      taskId: task._id,
      date: MONDAY,
      minutes: 50,
      note: 'Sketches',
    });
    expect(first.statusCode, first.body).toBe(201);
    // 50 minutes at ₹1,000.01 an hour: 83,334.1666… paise, rounded to 83,334.
    expect(first.json().entry).toMatchObject({
      minutes: 50,
      hourlyRate: 100_001,
      amount: 83_334,
      currency: 'INR',
      status: 'open',
      user: { username: 'time-gd' },
      task: { number: 1 },
    });
    const second = await log(developer, { projectId, date: MONDAY, minutes: 70 });
    expect(second.json().entry).toMatchObject({ hourlyRate: 150_000, amount: 175_000 });
    const unbilled = await log(developer, { projectId, date: '2026-11-24', minutes: 30, billable: false });
    expect(unbilled.json().entry.amount).toBe(0);
    expect((await project()).usage).toEqual({
      approvedMinutes: 0,
      unapprovedMinutes: 150,
      approvedAmount: 0,
      unapprovedAmount: 258_334,
      expenseAmount: 0,
    });
    expect((await call(t.app, 'GET', `/api/tasks/${task._id}`, boss.headers)).json().loggedMinutes).toBe(50);
    // Edited and deleted, the roll-ups follow to the paisa.
    await call(t.app, 'PUT', `/api/time-entries/${unbilled.json().entry._id}`, developer.headers, {
      projectId,
      date: '2026-11-24',
      minutes: 45,
      billable: true,
    });
    await call(t.app, 'DELETE', `/api/time-entries/${first.json().entry._id}`, designer.headers);
    expect((await project()).usage).toEqual({
      approvedMinutes: 0,
      unapprovedMinutes: 115,
      approvedAmount: 0,
      unapprovedAmount: 287_500,
      expenseAmount: 0,
    });
    expect((await call(t.app, 'GET', `/api/tasks/${task._id}`, boss.headers)).json().loggedMinutes).toBe(0);
  });

  it('refuses what an entry cannot be, and time on a project one is not on', async () => {
    const cases: [object, string, string][] = [
      [{ projectId, date: MONDAY, minutes: 0 }, 'minutes', M.minutesInvalid],
      [{ projectId, date: MONDAY, minutes: 1.5 }, 'minutes', M.minutesInvalid],
      [{ projectId, date: MONDAY, minutes: 1441 }, 'minutes', M.minutesInvalid],
      [{ projectId, date: '2026-13-01', minutes: 10 }, 'date', PROJECT_MESSAGES.dateInvalid],
      [{ date: MONDAY, minutes: 10 }, 'projectId', M.projectRequired],
    ];
    for (const [body, field, message] of cases)
      expect((await log(designer, body)).json().errors, JSON.stringify(body)).toContainEqual({
        field,
        message,
      });
    const notOnTeam = await log(boss, { projectId, date: MONDAY, minutes: 10 });
    expect(notOnTeam.statusCode).toBe(403);
    expect(notOnTeam.json().message).toBe(M.notOnTeam);
  });

  it('attack: a member cannot log, edit or delete time for someone else', async () => {
    const forOther = await log(designer, { projectId, date: MONDAY, minutes: 10, userId: developer.id });
    expect(forOther.statusCode).toBe(400);
    const theirs = (await log(developer, { projectId, date: MONDAY, minutes: 10 })).json().entry as Entry;
    const edit = await call(t.app, 'PUT', `/api/time-entries/${theirs._id}`, designer.headers, {
      projectId,
      date: MONDAY,
      minutes: 600,
    });
    expect(edit.statusCode).toBe(403);
    expect(edit.json().message).toBe(M.notYours);
    expect((await call(t.app, 'DELETE', `/api/time-entries/${theirs._id}`, manager.headers)).statusCode).toBe(
      403,
    );
    expect(
      (await call(t.app, 'GET', `/api/time-entries/${theirs._id}`, developer.headers)).json().minutes,
    ).toBe(10);
    // Read by id as the lists show it: the project's manager sees it, a teammate does not.
    expect((await call(t.app, 'GET', `/api/time-entries/${theirs._id}`, manager.headers)).statusCode).toBe(
      200,
    );
    expect((await call(t.app, 'GET', `/api/time-entries/${theirs._id}`, designer.headers)).statusCode).toBe(
      404,
    );
    await call(t.app, 'DELETE', `/api/time-entries/${theirs._id}`, developer.headers);
  });

  it('runs one timer a person: concurrent starts make one, it survives a reload, and stopping logs its minutes', async () => {
    const starts = await Promise.all(
      Array.from({ length: 5 }, () =>
        call(t.app, 'POST', '/api/timer/start', designer.headers, { projectId, note: 'Call' }),
      ),
    );
    expect(starts.map((s) => s.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    expect(starts.find((s) => s.statusCode === 409)!.json().message).toBe(M.timerRunning('P-001'));
    const running = (await call(t.app, 'GET', '/api/timer', designer.headers)).json().timer;
    expect(running).toMatchObject({ note: 'Call', startedAt: clock.now.toISOString(), minutes: 0 });
    expect(
      (
        await call(t.app, 'PUT', `/api/time-entries/${running._id}`, designer.headers, {
          projectId,
          date: MONDAY,
          minutes: 5,
        })
      ).json().message,
    ).toBe(M.stopTimerFirst);
    clock.now = new Date(clock.now.getTime() + 25 * 60_000 + 10_000);
    const stopped = await call(t.app, 'POST', '/api/timer/stop', designer.headers);
    expect(stopped.statusCode, stopped.body).toBe(200);
    expect(stopped.json().entry).toMatchObject({ minutes: 26, startedAt: null, amount: 43_334 });
    expect((await call(t.app, 'GET', '/api/timer', designer.headers)).json().timer).toBeNull();
    expect((await call(t.app, 'POST', '/api/timer/stop', designer.headers)).json().message).toBe(M.noTimer);
    expect((await project()).usage.unapprovedMinutes).toBe(115 + 26);
  });

  it('submits a week, lets only the manager approve it, and locks approved time', async () => {
    const entry = (await log(designer, { projectId, date: '2026-11-25', minutes: 60 })).json().entry as Entry;
    const submitted = await call(t.app, 'POST', '/api/time-entries/submit', designer.headers, {
      weekStart: MONDAY,
    });
    expect(submitted.json()).toMatchObject({ count: 2, message: M.submitted(2) });
    expect(
      (
        await call(t.app, 'POST', '/api/time-entries/submit', designer.headers, { weekStart: '2026-11-24' })
      ).json().errors,
    ).toContainEqual({ field: 'weekStart', message: M.weekInvalid });
    expect(
      (
        await call(t.app, 'PUT', `/api/time-entries/${entry._id}`, designer.headers, {
          projectId,
          date: '2026-11-25',
          minutes: 5,
        })
      ).json().message,
    ).toBe(M.submittedLocked);
    const pending = (await call(t.app, 'GET', '/api/time-approvals', manager.headers)).json().pending;
    expect(pending).toContainEqual({
      user: { _id: designer.id, username: 'time-gd' },
      project: { _id: projectId, code: 'P-001', name: 'Retainer work' },
      weekStart: MONDAY,
      minutes: 86,
      entries: 2,
    });
    expect((await call(t.app, 'GET', '/api/time-approvals', developer.headers)).json().pending).toEqual([]);
    const decision = { userId: designer.id, projectId, weekStart: MONDAY, action: 'approve' };
    const byMember = await call(t.app, 'POST', '/api/time-approvals', developer.headers, decision);
    expect(byMember.statusCode).toBe(403);
    expect(byMember.json().message).toBe(M.notManager);
    const approved = await call(t.app, 'POST', '/api/time-approvals', manager.headers, decision);
    expect(approved.json()).toMatchObject({ count: 2, message: M.approved(2) });
    expect((await call(t.app, 'POST', '/api/time-approvals', manager.headers, decision)).json().message).toBe(
      M.nothingToApprove,
    );
    for (const [method, body] of [
      ['PUT', { projectId, date: '2026-11-25', minutes: 1 }],
      ['DELETE', undefined],
    ] as const) {
      const locked = await call(t.app, method, `/api/time-entries/${entry._id}`, designer.headers, body);
      expect(locked.statusCode).toBe(409);
      expect(locked.json().message).toBe(M.approvedLocked);
    }
    const usage = (await project()).usage;
    expect(usage.approvedMinutes).toBe(86);
    expect(usage.approvedMinutes + usage.unapprovedMinutes).toBe(115 + 26 + 60);
    expect(usage.approvedAmount).toBe(43_334 + 100_001);
    const audit = await t.database.handle.db
      .selectFrom('activity')
      .select('action')
      .where('kind', '=', 'time-approved')
      .execute();
    expect(audit.map((a) => a.action)).toContain(
      'time-pm approved 1h 26m of time-gd on P-001 Retainer work (week of 2026-11-23)',
    );
    // Returned, a week opens again for corrections.
    await call(t.app, 'POST', '/api/time-entries/submit', developer.headers, { weekStart: MONDAY });
    expect(
      (
        await call(t.app, 'POST', '/api/time-approvals', boss.headers, {
          ...decision,
          userId: developer.id,
          action: 'return',
        })
      ).json().message,
    ).toBe(M.returned(2));
    expect(
      (await call(t.app, 'GET', `/api/time-entries?from=${MONDAY}&to=2026-11-29`, developer.headers))
        .json()
        .entries.every((e: Entry) => e.status === 'open'),
    ).toBe(true);
  });

  it('tells the manager once at 80 % and once at 100 % of the budget, in the bell and by e-mail', async () => {
    const db = t.database.handle.db;
    const warnings = async () =>
      (
        await db
          .selectFrom('user_notifications')
          .select('title')
          .where('user_id', '=', manager.id)
          .where('kind', '=', 'budget-warning')
          .execute()
      ).map((n) => n.title);
    // 201 of 600 minutes used so far: 33 %.
    expect(await warnings()).toEqual([]);
    await log(developer, { projectId, date: '2026-11-26', minutes: 300 }); // 501: 83 %
    await log(developer, { projectId, date: '2026-11-26', minutes: 10 }); // 511: still 85 %
    expect(await warnings()).toEqual([M.budgetTitle(80)]);
    await log(developer, { projectId, date: '2026-11-27', minutes: 100 }); // 611: 101 %
    expect((await warnings()).sort()).toEqual([M.budgetTitle(100), M.budgetTitle(80)]);
    const mails = await db
      .selectFrom('mail_outbox')
      .select(['subject', 'to_address'])
      .where('kind', '=', 'budget-warning')
      .execute();
    expect(mails).toHaveLength(2);
    expect(mails.map((m) => m.subject).sort()).toEqual([
      'P-001 Retainer work has used 100% of its budget',
      'P-001 Retainer work has used 80% of its budget',
    ]);
    expect(mails.every((m) => m.to_address === manager.email)).toBe(true);
  });

  it('reports hours by project, member and week, billable and approved apart, and exports them as CSV', async () => {
    const byMember = (
      await call(t.app, 'GET', `/api/time-reports?from=${MONDAY}&to=2026-11-29&groupBy=member`, boss.headers)
    ).json();
    expect(byMember.rows.map((r: { label: string; minutes: number }) => [r.label, r.minutes])).toEqual([
      ['time-web', 525],
      ['time-gd', 86],
    ]);
    expect(byMember.totals).toMatchObject({ minutes: 611, approvedMinutes: 86 });
    const byWeek = (
      await call(t.app, 'GET', `/api/time-reports?from=2026-11-01&to=2026-11-30&groupBy=week`, boss.headers)
    ).json();
    expect(byWeek.rows).toEqual([
      expect.objectContaining({ key: MONDAY, label: `Week of ${MONDAY}`, minutes: 611 }),
    ]);
    const byProject = (
      await call(t.app, 'GET', `/api/time-reports?from=${MONDAY}&to=2026-11-29`, boss.headers)
    ).json();
    expect(byProject.rows[0]).toMatchObject({ key: projectId, label: 'P-001 Retainer work' });
    const total = byProject.rows[0].amounts[0];
    expect(total.currency).toBe('INR');
    expect(total.amount).toBe(
      (await project()).usage.approvedAmount + (await project()).usage.unapprovedAmount,
    );
    // A member sees only their own time; the report refuses a range past a year.
    expect(
      (
        await call(
          t.app,
          'GET',
          `/api/time-reports?from=${MONDAY}&to=2026-11-29&groupBy=member`,
          designer.headers,
        )
      )
        .json()
        .rows.map((r: { label: string }) => r.label),
    ).toEqual(['time-gd']);
    expect(
      (await call(t.app, 'GET', '/api/time-reports?from=2025-01-01&to=2026-11-29', boss.headers)).json()
        .message,
    ).toBe(M.rangeInvalid);
    const csv = await call(
      t.app,
      'GET',
      `/api/time-entries/export.csv?from=${MONDAY}&to=2026-11-29`,
      boss.headers,
    );
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    const csvRow = (cells: string[]) => csvLine(cells).trimEnd();
    expect(lines[0]).toBe(
      csvRow([
        'Date',
        'Member',
        'Client',
        'Project',
        'Task',
        'Hours',
        'Minutes',
        'Billable',
        'Hourly rate',
        'Amount',
        'Currency',
        'Status',
        'Note',
      ]),
    );
    expect(lines).toHaveLength(1 + 7);
    expect(lines).toContain(
      csvRow([
        '2026-11-23',
        'time-gd',
        'Time Client',
        'P-001 Retainer work',
        '',
        '26m',
        '26',
        'yes',
        '1000.01',
        '433.34',
        'INR',
        'approved',
        'Call',
      ]),
    );
  });

  it('attack: another workspace’s entries, approvals and reports show nothing of this one', async () => {
    const entry = (
      await call(t.app, 'GET', `/api/time-entries?from=${MONDAY}&to=2026-11-29&user=all`, boss.headers)
    ).json().entries[0] as Entry;
    for (const [method, url, body] of [
      ['GET', `/api/time-entries/${entry._id}`, undefined],
      ['PUT', `/api/time-entries/${entry._id}`, { projectId, date: MONDAY, minutes: 1 }],
      ['DELETE', `/api/time-entries/${entry._id}`, undefined],
    ] as const)
      expect((await call(t.app, method, url, stranger.headers, body)).statusCode, `${method} ${url}`).toBe(
        404,
      );
    expect((await log(stranger, { projectId, date: MONDAY, minutes: 10 })).statusCode).toBe(404);
    expect((await call(t.app, 'POST', '/api/timer/start', stranger.headers, { projectId })).statusCode).toBe(
      404,
    );
    expect(
      (
        await call(t.app, 'POST', '/api/time-approvals', stranger.headers, {
          userId: designer.id,
          projectId,
          weekStart: MONDAY,
          action: 'return',
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await call(t.app, 'GET', `/api/time-entries?from=${MONDAY}&to=2026-11-29&user=all`, stranger.headers)
      ).json().entries,
    ).toEqual([]);
    expect(
      (await call(t.app, 'GET', `/api/time-reports?from=${MONDAY}&to=2026-11-29`, stranger.headers)).json()
        .rows,
    ).toEqual([]);
    expect((await call(t.app, 'GET', '/api/time-approvals', stranger.headers)).json().pending).toEqual([]);
  });

  it('attack: a member without Projects is refused (403) on every time route', async () => {
    for (const [method, url] of [
      ['GET', `/api/time-entries?from=${MONDAY}&to=${MONDAY}`],
      ['POST', '/api/time-entries'],
      ['GET', '/api/timer'],
      ['POST', '/api/timer/start'],
      ['POST', '/api/timer/stop'],
      ['POST', '/api/time-entries/submit'],
      ['GET', '/api/time-approvals'],
      ['POST', '/api/time-approvals'],
      ['GET', `/api/time-reports?from=${MONDAY}&to=${MONDAY}`],
      ['GET', `/api/time-entries/export.csv?from=${MONDAY}&to=${MONDAY}`],
    ] as const)
      expect((await call(t.app, method, url, analyst.headers, {})).statusCode, `${method} ${url}`).toBe(403);
  });

  it('logs time with a key of the time scopes, as its creator, and never approves with one', async () => {
    const own = (
      await call(t.app, 'POST', '/api/projects', boss.headers, {
        clientId,
        name: 'Boss work',
        status: 'active',
      })
    ).json().project._id;
    const writer = await createKey(t, boss.headers, ['time:write']);
    const logged = await log(
      { ...boss, headers: writer.headers },
      { projectId: own, date: '2026-11-28', minutes: 15 },
    );
    expect(logged.statusCode, logged.body).toBe(201);
    expect(logged.json().entry.user.username).toBe('time-boss');
    const bossKey = await createKey(t, boss.headers, ['time:write', 'time:read']);
    expect(
      (
        await call(t.app, 'POST', '/api/time-approvals', bossKey.headers, {
          userId: developer.id,
          projectId,
          weekStart: MONDAY,
          action: 'approve',
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await call(t.app, 'GET', `/api/time-reports?from=${MONDAY}&to=${MONDAY}`, writer.headers)).statusCode,
    ).toBe(403);
  });

  it('sums the live figures: active projects, due this week, overdue tasks, hours this week', async () => {
    await call(t.app, 'POST', `/api/projects/${projectId}/tasks`, boss.headers, {
      title: 'Late',
      dueDate: '2026-11-20',
    });
    await call(t.app, 'POST', `/api/projects/${projectId}/tasks`, boss.headers, {
      title: 'Late but done',
      dueDate: '2026-11-20',
      status: 'done',
    });
    await call(t.app, 'POST', '/api/projects', boss.headers, {
      clientId,
      name: 'Due Friday',
      status: 'planned',
      dueDate: '2026-11-27',
    });
    const team = (await call(t.app, 'GET', '/api/projects/summary', boss.headers)).json();
    const minutes = (
      await call(t.app, 'GET', `/api/time-reports?from=${MONDAY}&to=2026-11-29`, boss.headers)
    ).json().totals.minutes;
    expect(team).toMatchObject({
      activeProjects: 2,
      dueThisWeek: 1,
      overdueTasks: 1,
      minutesThisWeek: minutes,
      teamTime: true,
      openProjectLimit: null,
    });
    const own = (await call(t.app, 'GET', '/api/projects/summary', designer.headers)).json();
    expect(own).toMatchObject({ minutesThisWeek: 86, teamTime: false });
    expect((await call(t.app, 'GET', '/api/projects/summary', stranger.headers)).json()).toMatchObject({
      activeProjects: 0,
      overdueTasks: 0,
      minutesThisWeek: 0,
      planName: 'Solo HQ',
      openProjectLimit: 5,
    });
  });

  it('shows a retainer’s month: its hours, the rollover from last month, the used and the overage', async () => {
    const retainer = (
      await call(t.app, 'POST', '/api/projects', boss.headers, {
        clientId,
        name: 'Monthly care',
        status: 'active',
        billingType: 'retainer',
        retainerMinutes: 600,
        retainerRollover: true,
        startDate: '2026-10-01',
        team: [{ userId: designer.id }],
      })
    ).json().project;
    await log(designer, { projectId: retainer._id, date: '2026-10-05', minutes: 480 });
    await log(designer, { projectId: retainer._id, date: '2026-11-02', minutes: 700 });
    await log(designer, { projectId: retainer._id, date: '2026-11-20', minutes: 60 });
    const shown = (await call(t.app, 'GET', `/api/projects/${retainer._id}`, boss.headers)).json();
    expect(shown.retainer).toEqual({
      month: '2026-11',
      includedMinutes: 600,
      rolledOverMinutes: 120,
      usedMinutes: 760,
      overageMinutes: 40,
      remainingMinutes: 0,
    });
    const listed = (await call(t.app, 'GET', `/api/projects?search=Monthly`, boss.headers)).json()
      .projects[0];
    expect(listed.retainer).toBeNull();
  });

  it('attack: two stops, two approvals or two deletes at once count once', async () => {
    const own = (
      await call(t.app, 'POST', '/api/projects', boss.headers, {
        clientId,
        name: 'Race work',
        status: 'active',
        managerId: manager.id,
        team: [{ userId: designer.id }],
      })
    ).json().project._id;
    const usage = async () => (await call(t.app, 'GET', `/api/projects/${own}`, boss.headers)).json().usage;
    await call(t.app, 'POST', '/api/timer/start', designer.headers, { projectId: own });
    clock.now = new Date(clock.now.getTime() + 30 * 60_000);
    const stops = await Promise.all(
      [1, 2, 3].map(() => call(t.app, 'POST', '/api/timer/stop', designer.headers)),
    );
    expect(stops.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect((await usage()).unapprovedMinutes).toBe(30);
    const entry = (await log(designer, { projectId: own, date: '2026-11-30', minutes: 20 })).json().entry;
    const deletes = await Promise.all(
      [1, 2].map(() => call(t.app, 'DELETE', `/api/time-entries/${entry._id}`, designer.headers)),
    );
    expect(deletes.map((r) => r.statusCode).sort()).toEqual([200, 404]);
    expect((await usage()).unapprovedMinutes).toBe(30);
    const week = MONDAY;
    await call(t.app, 'POST', '/api/time-entries/submit', designer.headers, { weekStart: week });
    const decision = { userId: designer.id, projectId: own, weekStart: week, action: 'approve' };
    const approvals = await Promise.all([
      call(t.app, 'POST', '/api/time-approvals', manager.headers, decision),
      call(t.app, 'POST', '/api/time-approvals', boss.headers, decision),
    ]);
    expect(approvals.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await usage()).toMatchObject({ approvedMinutes: 30, unapprovedMinutes: 0 });
  });

  it('warns again at a mark once a raised budget is reached anew', async () => {
    const db = t.database.handle.db;
    const current = (await call(t.app, 'GET', `/api/projects/${projectId}`, boss.headers)).json();
    const used = current.usage.approvedMinutes + current.usage.unapprovedMinutes;
    const raised = await call(t.app, 'PUT', `/api/projects/${projectId}`, boss.headers, {
      clientId,
      name: current.name,
      code: current.code,
      status: 'active',
      managerId: manager.id,
      hourlyRate: current.hourlyRate,
      budgetMinutes: used * 2,
      team: current.team.map((m: { _id: string; hourlyRate: number | null }) => ({
        userId: m._id,
        hourlyRate: m.hourlyRate,
      })),
    });
    expect(raised.statusCode, raised.body).toBe(200);
    const before = await db
      .selectFrom('user_notifications')
      .select('id')
      .where('user_id', '=', manager.id)
      .where('kind', '=', 'budget-warning')
      .execute();
    await log(developer, { projectId, date: '2026-11-27', minutes: Math.ceil(used * 0.6) });
    const after = await db
      .selectFrom('user_notifications')
      .select('title')
      .where('user_id', '=', manager.id)
      .where('kind', '=', 'budget-warning')
      .execute();
    expect(after.length).toBe(before.length + 1);
  });
});
