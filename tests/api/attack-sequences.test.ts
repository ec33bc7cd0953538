import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEQUENCE_MESSAGES as M } from '../../src/shared/messages';
import { createTestApp, type TestApp } from './support/test-app';
import { call, insertUser, insertWorkspace, type TestUser } from './support/users';
import { subscribedList } from './support/campaign-sending';
import { createSequence, enrollmentsOf, stepTemplate } from './support/sequences';

/**
 * docs/security.md#e-mail-marketing: the attacks on sequences, on SQLite and PostgreSQL. Another
 * workspace's sequence or enrolment is 404 whatever the action; its lists, people and templates cannot be
 * used in one's own sequence; only people subscribed to the sequence's own list are ever enrolled.
 */
describe('attacks on sequences', () => {
  let t: TestApp;
  const now = new Date('2026-11-29T09:00:00.000Z');
  let owner: TestUser;
  let other: TestUser;
  let ownerWorkspace: string;
  let otherWorkspace: string;

  beforeAll(async () => {
    t = await createTestApp({ clock: () => now });
    ownerWorkspace = (await insertWorkspace(t, { name: 'Drip Studio' })).id;
    otherWorkspace = (await insertWorkspace(t, { name: 'Other Studio' })).id;
    for (const id of [ownerWorkspace, otherWorkspace])
      await t.database.handle.db
        .updateTable('workspaces')
        .set({ plan: 'Enterprise' })
        .where('id', '=', id)
        .execute();
    owner = await insertUser(t, {
      workspaceId: ownerWorkspace,
      role: 'Business Admin',
      username: 'drip-owner',
    });
    other = await insertUser(t, {
      workspaceId: otherWorkspace,
      role: 'Business Admin',
      username: 'drip-other',
    });
  });
  afterAll(async () => t?.close());

  async function victimSequence() {
    const list = await subscribedList(t, ownerWorkspace, 2);
    const templateId = await stepTemplate(t, owner, 'Victim');
    const sequence = await createSequence(t, owner, {
      listId: list.listId,
      trigger: 'manual',
      steps: [{ templateId, delayDays: 3 }],
    });
    await call(t.app, 'POST', `/api/sequences/${sequence.id}/enrollments`, owner.headers, { everyone: true });
    const [enrollment] = await enrollmentsOf(t, owner, sequence.id);
    return { list, templateId, sequence, enrollment: enrollment! };
  }

  it("answers 404 for another workspace's sequence and enrolments, whatever the action, and changes nothing", async () => {
    const { list, templateId, sequence, enrollment } = await victimSequence();
    const base = `/api/sequences/${sequence.id}`;
    const attempts: [Parameters<typeof call>[1], string, unknown?][] = [
      ['GET', base],
      [
        'PUT',
        base,
        { name: 'Mine now', listId: list.listId, trigger: 'manual', steps: [{ templateId, delayDays: 0 }] },
      ],
      ['DELETE', base],
      ['POST', `${base}/pause`],
      ['POST', `${base}/resume`],
      ['GET', `${base}/enrollments`],
      ['POST', `${base}/enrollments`, { everyone: true }],
      ['POST', `${base}/enrollments/${enrollment.id}/replied`],
      ['POST', `${base}/enrollments/${enrollment.id}/remove`],
    ];
    for (const [method, url, body] of attempts) {
      const answer = await call(t.app, method, url, other.headers, body);
      expect(answer.statusCode, `${method} ${url}: ${answer.body}`).toBe(404);
      expect(answer.json().message).toBe(M.notFound);
    }
    const list2 = await t.app.inject({ method: 'GET', url: '/api/sequences', headers: other.headers });
    expect(list2.json().sequences).toEqual([]);
    const [after] = await enrollmentsOf(t, owner, sequence.id);
    expect(after).toMatchObject({ status: 'active', leftReason: null });
  });

  it("answers 404 for another sequence's enrolment through one's own sequence", async () => {
    const { enrollment } = await victimSequence();
    const list = await subscribedList(t, otherWorkspace, 1);
    const templateId = await stepTemplate(t, other, 'Attacker');
    const own = await createSequence(t, other, {
      listId: list.listId,
      trigger: 'manual',
      steps: [{ templateId, delayDays: 0 }],
    });
    for (const action of ['replied', 'remove']) {
      const answer = await call(
        t.app,
        'POST',
        `/api/sequences/${own.id}/enrollments/${enrollment.id}/${action}`,
        other.headers,
      );
      expect(answer.statusCode).toBe(404);
      expect(answer.json().message).toBe(M.enrollmentNotFound);
    }
  });

  it("refuses another workspace's list, and never enrols another workspace's people or people off the list", async () => {
    const { list: victimList } = await victimSequence();
    const templateId = await stepTemplate(t, other, 'Attacker');
    const onVictimList = await call(t.app, 'POST', '/api/sequences', other.headers, {
      name: 'Steal',
      listId: victimList.listId,
      trigger: 'subscription',
      steps: [{ templateId, delayDays: 0 }],
    });
    expect(onVictimList.statusCode).toBe(400);
    expect(onVictimList.json().message).toBe(M.listNotFound);

    const ownList = await subscribedList(t, otherWorkspace, 1);
    const elsewhere = await subscribedList(t, otherWorkspace, 1);
    const own = await createSequence(t, other, {
      listId: ownList.listId,
      trigger: 'manual',
      steps: [{ templateId, delayDays: 0 }],
    });
    const enrol = await call(t.app, 'POST', `/api/sequences/${own.id}/enrollments`, other.headers, {
      subscriberIds: [...victimList.subscriberIds, ...elsewhere.subscriberIds],
    });
    expect(enrol.statusCode, enrol.body).toBe(200);
    expect(enrol.json()).toMatchObject({ added: 0, skipped: 3 });
    expect(await enrollmentsOf(t, other, own.id)).toEqual([]);

    // Moving a sequence onto another workspace's list is refused as well.
    const moved = await call(t.app, 'PUT', `/api/sequences/${own.id}`, other.headers, {
      name: 'Steal',
      listId: victimList.listId,
      trigger: 'manual',
      steps: [{ templateId, delayDays: 0 }],
    });
    expect(moved.statusCode).toBe(400);
  });

  it("refuses a step with another workspace's template, on create and on edit", async () => {
    const { templateId: victimTemplate } = await victimSequence();
    const list = await subscribedList(t, otherWorkspace, 1);
    const ownTemplate = await stepTemplate(t, other, 'Attacker');
    const created = await call(t.app, 'POST', '/api/sequences', other.headers, {
      name: 'Steal a template',
      listId: list.listId,
      trigger: 'manual',
      steps: [
        { templateId: ownTemplate, delayDays: 0 },
        { templateId: victimTemplate, delayDays: 1 },
      ],
    });
    expect(created.statusCode).toBe(400);
    expect(created.json().message).toBe(M.templateNotFound(2));

    const own = await createSequence(t, other, {
      listId: list.listId,
      trigger: 'manual',
      steps: [{ templateId: ownTemplate, delayDays: 0 }],
    });
    const edited = await call(t.app, 'PUT', `/api/sequences/${own.id}`, other.headers, {
      name: 'Steal a template',
      listId: list.listId,
      trigger: 'manual',
      steps: [{ templateId: victimTemplate, delayDays: 0 }],
    });
    expect(edited.statusCode).toBe(400);
    expect(edited.json().message).toBe(M.templateNotFound(1));
  });
});
