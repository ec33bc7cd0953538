import type { Enrollment, Sequence } from '../../../src/shared/schemas/sequences';
import type { TestApp } from './test-app';
import { call, type TestUser } from './users';
import { mjmlDoc, section, template } from './email-templates';

/** A template whose subject names the step, so each step's mail is told apart. */
export async function stepTemplate(t: TestApp, boss: TestUser, subject: string): Promise<string> {
  const answer = await call(
    t.app,
    'POST',
    '/api/email-templates',
    boss.headers,
    template(
      `${subject} ${Math.random().toString(36).slice(2, 8)}`,
      mjmlDoc(
        section('<mj-text>Hi {{ name | default: "there" }} of {{ company }}, from {{ owner }}</mj-text>'),
      ),
      { subject: `${subject} for {{ name | default: "you" }}` },
    ),
  );
  if (answer.statusCode !== 201) throw new Error(`template: ${answer.statusCode} ${answer.body}`);
  return (answer.json() as { template: { _id: string } }).template._id;
}

export async function createSequence(
  t: TestApp,
  boss: TestUser,
  body: {
    listId: string;
    trigger: 'subscription' | 'manual';
    steps: { templateId: string; delayDays: number }[];
    name?: string;
  },
): Promise<Sequence> {
  const answer = await call(t.app, 'POST', '/api/sequences', boss.headers, { name: 'Onboarding', ...body });
  if (answer.statusCode !== 201) throw new Error(`sequence: ${answer.statusCode} ${answer.body}`);
  return (answer.json() as { sequence: Sequence }).sequence;
}

export async function sequenceOf(t: TestApp, boss: TestUser, id: string): Promise<Sequence> {
  return ((await call(t.app, 'GET', `/api/sequences/${id}`, boss.headers)).json() as { sequence: Sequence })
    .sequence;
}

export async function enrollmentsOf(t: TestApp, boss: TestUser, id: string): Promise<Enrollment[]> {
  const answer = await call(t.app, 'GET', `/api/sequences/${id}/enrollments`, boss.headers);
  if (answer.statusCode !== 200) throw new Error(`enrollments: ${answer.statusCode} ${answer.body}`);
  return (answer.json() as { enrollments: Enrollment[] }).enrollments;
}
