import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { SEQUENCE_MESSAGES as M } from '../../../shared/messages';
import {
  SEQUENCES as S,
  type EnrolInput,
  type Enrollment,
  type EnrollmentCounts,
  type EnrollmentStatus,
  type LeftReason,
  type Sequence,
  type SequenceInput,
  type SequenceStatus,
} from '../../../shared/schemas/sequences';
import type { PageInfo } from '../../../shared/schemas/answers';
import type { Database, SessionUser } from '../../db/types';
import { badRequest, conflict, notFound } from '../../http/errors';
import { pageInfo } from '../../http/page-info';
import { templateSourceOf } from '../email-templates/email-templates.service';
import { stepTime } from './sequence-sender';
import {
  deleteSequence,
  enrollmentCounts,
  enrollmentPage,
  findEnrollmentView,
  findSequence,
  findSequenceView,
  hasEnrollments,
  insertEnrollments,
  insertSequence,
  leaveEnrollment,
  listExists,
  replaceSteps,
  sequencesOf,
  stepsOf,
  subscribedAmong,
  subscribedMembersAfter,
  updateSequence,
  type EnrollmentCountRow,
  type EnrollmentView,
  type SequenceView,
  type StepView,
} from './sequences.repository';

export { createSequenceSender, type SequenceSender } from './sequence-sender';

const ENROL_STEP = 1_000;

const noCounts = (): EnrollmentCounts => ({
  active: 0,
  completed: 0,
  left: { unsubscribed: 0, converted: 0, replied: 0, removed: 0 },
});

function toSequence(row: SequenceView, steps: StepView[], counts: EnrollmentCounts): Sequence {
  return {
    id: row.id,
    name: row.name,
    listId: row.list_id,
    listName: row.list_name,
    trigger: row.trigger,
    status: row.status,
    steps: steps.map((step) => ({
      position: step.position,
      templateId: step.template_id,
      templateName: step.template_name,
      delayDays: step.delay_days,
    })),
    counts,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function toEnrollment(row: EnrollmentView): Enrollment {
  return {
    id: row.id,
    subscriberId: row.subscriber_id,
    email: row.email,
    name: row.name,
    status: row.status,
    leftReason: row.left_reason,
    nextStep: row.status === 'active' ? row.next_step : null,
    nextAt: row.status === 'active' ? row.next_at : null,
    stepsSent: row.steps_sent,
    enrolledAt: row.enrolled_at,
    lastSentAt: row.last_sent_at,
    leftAt: row.left_at,
  };
}

function addCount(counts: EnrollmentCounts, row: EnrollmentCountRow) {
  if (row.status === 'left') counts.left[row.left_reason ?? 'removed'] += row.count;
  else counts[row.status] += row.count;
}

/**
 * Sequences (docs/product/marketing.md#sequences): welcome mail on subscription and linear drips, their
 * steps, enrolments, and people leaving by hand. The caller's workspace only: another workspace's sequence,
 * enrolment, list or template is as good as none (404 or 400).
 */
export function createSequencesService(deps: {
  db: Kysely<Database>;
  clock: () => Date;
  /** The dispatcher: a step due now goes at once rather than at the next tick. */
  kick: () => void;
}) {
  const { db, clock } = deps;

  async function views(rows: SequenceView[]): Promise<Sequence[]> {
    const ids = rows.map((row) => row.id);
    const [steps, counts] = await Promise.all([stepsOf(db, ids), enrollmentCounts(db, ids)]);
    const countsOf = new Map(ids.map((id) => [id, noCounts()]));
    for (const row of counts) addCount(countsOf.get(row.sequence_id)!, row);
    return rows.map((row) =>
      toSequence(
        row,
        steps.filter((step) => step.sequence_id === row.id),
        countsOf.get(row.id)!,
      ),
    );
  }

  async function view(workspaceId: string, id: string): Promise<Sequence> {
    const row = await findSequenceView(db, workspaceId, id);
    if (!row) throw notFound(M.notFound);
    return (await views([row]))[0]!;
  }

  async function sequenceOr404(caller: SessionUser, id: string) {
    const row = await findSequence(db, caller.workspace_id, id);
    if (!row) throw notFound(M.notFound);
    return row;
  }

  /** The list and every step's template must be the caller's workspace's. */
  async function assertParts(caller: SessionUser, input: SequenceInput) {
    if (!(await listExists(db, caller.workspace_id, input.listId))) throw badRequest(M.listNotFound);
    for (const [index, step] of input.steps.entries())
      if (!(await templateSourceOf(db, caller.workspace_id, step.templateId)))
        throw badRequest(M.templateNotFound(index + 1));
  }

  const stepRows = (sequenceId: string, input: SequenceInput) =>
    input.steps.map((step, index) => ({
      id: randomUUID(),
      sequence_id: sequenceId,
      position: index + 1,
      template_id: step.templateId,
      delay_days: step.delayDays,
    }));

  async function setStatus(caller: SessionUser, id: string, status: SequenceStatus) {
    await sequenceOr404(caller, id);
    await updateSequence(db, caller.workspace_id, id, { status, updated_at: clock().toISOString() });
    if (status === 'active') deps.kick();
    return view(caller.workspace_id, id);
  }

  async function leave(caller: SessionUser, sequenceId: string, enrollmentId: string, reason: LeftReason) {
    await sequenceOr404(caller, sequenceId);
    const row = await findEnrollmentView(db, sequenceId, enrollmentId);
    if (!row) throw notFound(M.enrollmentNotFound);
    if (!(await leaveEnrollment(db, enrollmentId, reason, clock().toISOString())))
      throw conflict(M.notActive);
    return toEnrollment((await findEnrollmentView(db, sequenceId, enrollmentId))!);
  }

  return {
    async list(caller: SessionUser): Promise<Sequence[]> {
      return views(await sequencesOf(db, caller.workspace_id));
    },

    get: (caller: SessionUser, id: string) => view(caller.workspace_id, id),

    async create(caller: SessionUser, input: SequenceInput): Promise<Sequence> {
      await assertParts(caller, input);
      const id = randomUUID();
      const now = clock().toISOString();
      await db.transaction().execute(async (trx) => {
        await insertSequence(trx, {
          id,
          workspace_id: caller.workspace_id,
          name: input.name,
          list_id: input.listId,
          trigger: input.trigger,
          status: 'active',
          // Only people subscribed from now on are welcomed: the list's present members are not mailed.
          enrolled_through: now,
          created_by: caller.id,
          created_at: now,
          updated_at: now,
        });
        await replaceSteps(trx, id, stepRows(id, input));
      });
      deps.kick();
      return view(caller.workspace_id, id);
    },

    /** Name, trigger and steps; the list only while no one is enrolled (their steps belong to it). */
    async update(caller: SessionUser, id: string, input: SequenceInput): Promise<Sequence> {
      const row = await sequenceOr404(caller, id);
      await assertParts(caller, input);
      if (input.listId !== row.list_id && (await hasEnrollments(db, id))) throw conflict(M.listLocked);
      const now = clock().toISOString();
      await db.transaction().execute(async (trx) => {
        await updateSequence(trx, caller.workspace_id, id, {
          name: input.name,
          list_id: input.listId,
          trigger: input.trigger,
          // A drip turned into a welcome greets those who subscribe from now on, not the whole list.
          ...(input.trigger !== row.trigger || input.listId !== row.list_id ? { enrolled_through: now } : {}),
          updated_at: now,
        });
        await replaceSteps(trx, id, stepRows(id, input));
      });
      return view(caller.workspace_id, id);
    },

    async remove(caller: SessionUser, id: string): Promise<void> {
      if (!(await deleteSequence(db, caller.workspace_id, id))) throw notFound(M.notFound);
    },

    pause: (caller: SessionUser, id: string) => setStatus(caller, id, 'paused'),
    resume: (caller: SessionUser, id: string) => setStatus(caller, id, 'active'),

    async enrollments(caller: SessionUser, id: string, query: { page: number; status?: EnrollmentStatus }) {
      await sequenceOr404(caller, id);
      const offset = (query.page - 1) * S.pageSize;
      const { rows, total } = await enrollmentPage(db, id, query.status, S.pageSize, offset);
      const info: PageInfo = pageInfo(query.page, S.pageSize, total);
      return { enrollments: rows.map(toEnrollment), pageInfo: info };
    },

    /**
     * Chosen people of the sequence's list, or everyone subscribed to it: only people subscribed and not
     * suppressed are enrolled, each once; the rest are counted as skipped.
     */
    async enrol(caller: SessionUser, id: string, input: EnrolInput) {
      const sequence = await sequenceOr404(caller, id);
      const now = clock();
      const [first] = await stepsOf(db, [id]);
      const nextAt = stepTime(now, first?.delay_days ?? 0).toISOString();
      const enrolSome = (subscriberIds: string[]) =>
        insertEnrollments(
          db,
          sequence,
          subscriberIds.map((subscriberId) => ({ subscriberId, nextAt })),
          randomUUID,
          now.toISOString(),
        );
      let added = 0;
      let skipped = 0;
      if (input.everyone) {
        let after: string | null = null;
        for (;;) {
          const ids: string[] = await subscribedMembersAfter(
            db,
            caller.workspace_id,
            sequence.list_id,
            after,
            ENROL_STEP,
          );
          const count = await enrolSome(ids);
          added += count;
          skipped += ids.length - count;
          if (ids.length < ENROL_STEP) break;
          after = ids.at(-1)!;
        }
      } else {
        const unique = [...new Set(input.subscriberIds)];
        const allowed = await subscribedAmong(db, caller.workspace_id, sequence.list_id, unique);
        added = await enrolSome(allowed);
        skipped = unique.length - added;
      }
      if (added) deps.kick();
      return { added, skipped };
    },

    markReplied: (caller: SessionUser, id: string, enrollmentId: string) =>
      leave(caller, id, enrollmentId, 'replied'),
    removePerson: (caller: SessionUser, id: string, enrollmentId: string) =>
      leave(caller, id, enrollmentId, 'removed'),
  };
}

export type SequencesService = ReturnType<typeof createSequencesService>;
