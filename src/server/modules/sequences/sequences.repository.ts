import { sql, type Kysely, type Transaction } from 'kysely';
import type { EnrollmentStatus, LeftReason } from '../../../shared/sequences';
import type { Database, SequenceEnrollmentRow, SequenceRow, SequenceStepRow } from '../../db/types';

export type Db = Kysely<Database> | Transaction<Database>;

// Sequences and their steps.

export type SequenceView = SequenceRow & { list_name: string };
export type StepView = SequenceStepRow & { template_name: string | null };

const viewQuery = (db: Db) =>
  db
    .selectFrom('sequences')
    .innerJoin('mailing_lists', 'mailing_lists.id', 'sequences.list_id')
    .selectAll('sequences')
    .select('mailing_lists.name as list_name');

export function sequencesOf(db: Db, workspaceId: string): Promise<SequenceView[]> {
  return viewQuery(db)
    .where('sequences.workspace_id', '=', workspaceId)
    .orderBy('sequences.created_at', 'desc')
    .orderBy('sequences.id', 'desc')
    .execute();
}

export function findSequenceView(db: Db, workspaceId: string, id: string): Promise<SequenceView | undefined> {
  return viewQuery(db)
    .where('sequences.workspace_id', '=', workspaceId)
    .where('sequences.id', '=', id)
    .executeTakeFirst();
}

export function findSequence(db: Db, workspaceId: string, id: string): Promise<SequenceRow | undefined> {
  return db
    .selectFrom('sequences')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function insertSequence(db: Db, row: SequenceRow): Promise<void> {
  await db.insertInto('sequences').values(row).execute();
}

export async function updateSequence(
  db: Db,
  workspaceId: string,
  id: string,
  patch: Partial<
    Pick<SequenceRow, 'name' | 'list_id' | 'trigger' | 'status' | 'enrolled_through' | 'updated_at'>
  >,
): Promise<boolean> {
  const result = await db
    .updateTable('sequences')
    .set(patch)
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteSequence(db: Db, workspaceId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('sequences')
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export function stepsOf(db: Db, sequenceIds: string[]): Promise<StepView[]> {
  if (sequenceIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('sequence_steps')
    .leftJoin('email_templates', 'email_templates.id', 'sequence_steps.template_id')
    .selectAll('sequence_steps')
    .select('email_templates.name as template_name')
    .where('sequence_steps.sequence_id', 'in', sequenceIds)
    .orderBy('sequence_steps.sequence_id')
    .orderBy('sequence_steps.position')
    .execute();
}

/** The steps replaced as a whole, in the caller's transaction. */
export async function replaceSteps(trx: Db, sequenceId: string, steps: SequenceStepRow[]): Promise<void> {
  await trx.deleteFrom('sequence_steps').where('sequence_id', '=', sequenceId).execute();
  if (steps.length) await trx.insertInto('sequence_steps').values(steps).execute();
}

export async function listExists(db: Db, workspaceId: string, listId: string): Promise<boolean> {
  const row = await db
    .selectFrom('mailing_lists')
    .select('id')
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', listId)
    .executeTakeFirst();
  return Boolean(row);
}

// Enrolments.

export interface EnrollmentCountRow {
  sequence_id: string;
  status: EnrollmentStatus;
  left_reason: LeftReason | null;
  count: number;
}

export async function enrollmentCounts(db: Db, sequenceIds: string[]): Promise<EnrollmentCountRow[]> {
  if (sequenceIds.length === 0) return [];
  const rows = await db
    .selectFrom('sequence_enrollments')
    .select(['sequence_id', 'status', 'left_reason'])
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('sequence_id', 'in', sequenceIds)
    .groupBy(['sequence_id', 'status', 'left_reason'])
    .execute();
  return rows.map((row) => ({ ...row, count: Number(row.count) }));
}

export async function hasEnrollments(db: Db, sequenceId: string): Promise<boolean> {
  const row = await db
    .selectFrom('sequence_enrollments')
    .select('id')
    .where('sequence_id', '=', sequenceId)
    .limit(1)
    .executeTakeFirst();
  return Boolean(row);
}

export type EnrollmentView = SequenceEnrollmentRow & { email: string; name: string };

const enrollmentViewQuery = (db: Db) =>
  db
    .selectFrom('sequence_enrollments')
    .innerJoin('subscribers', 'subscribers.id', 'sequence_enrollments.subscriber_id')
    .selectAll('sequence_enrollments')
    .select(['subscribers.email', 'subscribers.name']);

export async function enrollmentPage(
  db: Db,
  sequenceId: string,
  status: EnrollmentStatus | undefined,
  limit: number,
  offset: number,
): Promise<{ rows: EnrollmentView[]; total: number }> {
  const [rows, count] = await Promise.all([
    enrollmentViewQuery(db)
      .where('sequence_enrollments.sequence_id', '=', sequenceId)
      .$if(status !== undefined, (q) => q.where('sequence_enrollments.status', '=', status!))
      .orderBy('sequence_enrollments.enrolled_at', 'desc')
      .orderBy('sequence_enrollments.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    db
      .selectFrom('sequence_enrollments')
      .select((eb) => eb.fn.countAll<string | number>().as('total'))
      .where('sequence_id', '=', sequenceId)
      .$if(status !== undefined, (q) => q.where('status', '=', status!))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

export function findEnrollmentView(
  db: Db,
  sequenceId: string,
  id: string,
): Promise<EnrollmentView | undefined> {
  return enrollmentViewQuery(db)
    .where('sequence_enrollments.sequence_id', '=', sequenceId)
    .where('sequence_enrollments.id', '=', id)
    .executeTakeFirst();
}

/** An active enrolment leaves, for `reason`; false when it was no longer active. */
export async function leaveEnrollment(db: Db, id: string, reason: LeftReason, now: string): Promise<boolean> {
  const result = await db
    .updateTable('sequence_enrollments')
    .set({ status: 'left', left_reason: reason, left_at: now, next_at: null })
    .where('id', '=', id)
    .where('status', '=', 'active')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export interface NewEnrollment {
  subscriberId: string;
  /** When step 1 is due. */
  nextAt: string;
}

/** People enrolled once each: someone already in the sequence (in any status) is skipped. Answers how many were added. */
export async function insertEnrollments(
  db: Db,
  sequence: Pick<SequenceRow, 'id' | 'workspace_id'>,
  people: NewEnrollment[],
  ids: () => string,
  now: string,
): Promise<number> {
  let added = 0;
  for (let i = 0; i < people.length; i += 500) {
    const result = await db
      .insertInto('sequence_enrollments')
      .values(
        people.slice(i, i + 500).map((person) => ({
          id: ids(),
          sequence_id: sequence.id,
          workspace_id: sequence.workspace_id,
          subscriber_id: person.subscriberId,
          status: 'active' as const,
          left_reason: null,
          next_step: 1,
          next_at: person.nextAt,
          enrolled_at: now,
          last_sent_at: null,
          left_at: null,
        })),
      )
      .onConflict((oc) => oc.columns(['sequence_id', 'subscriber_id']).doNothing())
      .executeTakeFirst();
    added += Number(result.numInsertedOrUpdatedRows ?? 0);
  }
  return added;
}

const subscribedAt = sql<string>`coalesce(list_members.confirmed_at, list_members.consent_at)`;

/** Of some subscribers, those subscribed to the list and not suppressed (the only ones who may be enrolled). */
export async function subscribedAmong(
  db: Db,
  workspaceId: string,
  listId: string,
  subscriberIds: string[],
): Promise<string[]> {
  if (subscriberIds.length === 0) return [];
  const rows = await sendableMembersQuery(db, workspaceId, listId)
    .where('list_members.subscriber_id', 'in', subscriberIds)
    .execute();
  return rows.map((row) => row.subscriber_id);
}

function sendableMembersQuery(db: Db, workspaceId: string, listId: string) {
  return db
    .selectFrom('list_members')
    .innerJoin('subscribers', 'subscribers.id', 'list_members.subscriber_id')
    .select(['list_members.subscriber_id', subscribedAt.as('subscribed_at')])
    .where('list_members.list_id', '=', listId)
    .where('list_members.status', '=', 'subscribed')
    .where('subscribers.workspace_id', '=', workspaceId)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('suppressions')
            .select('suppressions.email')
            .where('suppressions.workspace_id', '=', workspaceId)
            .whereRef('suppressions.email', '=', 'subscribers.email'),
        ),
      ),
    );
}

/** The list's sendable members after the subscriber id `after`, for enrolling a whole list in steps. */
export async function subscribedMembersAfter(
  db: Db,
  workspaceId: string,
  listId: string,
  after: string | null,
  limit: number,
): Promise<string[]> {
  const rows = await sendableMembersQuery(db, workspaceId, listId)
    .$if(after !== null, (q) => q.where('list_members.subscriber_id', '>', after!))
    .orderBy('list_members.subscriber_id')
    .limit(limit)
    .execute();
  return rows.map((row) => row.subscriber_id);
}

// The enrolment scan of welcome sequences.

export function subscriptionSequences(db: Db): Promise<SequenceRow[]> {
  return db.selectFrom('sequences').selectAll().where('trigger', '=', 'subscription').execute();
}

/**
 * Members of the sequence's list subscribed at or after `since` and not yet in the sequence, oldest first,
 * with the time they became subscribed (read by the list's (list, status, subscribed-at) index).
 */
export async function newSubscribersOf(
  db: Db,
  sequence: Pick<SequenceRow, 'id' | 'list_id'>,
  since: string,
  limit: number,
): Promise<{ subscriber_id: string; subscribed_at: string }[]> {
  return db
    .selectFrom('list_members')
    .select(['list_members.subscriber_id', subscribedAt.as('subscribed_at')])
    .where('list_members.list_id', '=', sequence.list_id)
    .where('list_members.status', '=', 'subscribed')
    .where(subscribedAt, '>=', since)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('sequence_enrollments')
            .select('sequence_enrollments.id')
            .where('sequence_enrollments.sequence_id', '=', sequence.id)
            .whereRef('sequence_enrollments.subscriber_id', '=', 'list_members.subscriber_id'),
        ),
      ),
    )
    .orderBy(subscribedAt)
    .limit(limit)
    .execute();
}

/** Moves the scan's cursor forward only (two instances scanning at once never move it back). */
export async function advanceEnrolledThrough(db: Db, sequenceId: string, through: string): Promise<void> {
  await db
    .updateTable('sequences')
    .set({ enrolled_through: through })
    .where('id', '=', sequenceId)
    .where('enrolled_through', '<', through)
    .execute();
}

// The due scan.

/** The workspaces with a step due in an active sequence. */
export async function workspacesDue(db: Db, now: string): Promise<string[]> {
  const rows = await db
    .selectFrom('sequence_enrollments')
    .innerJoin('sequences', 'sequences.id', 'sequence_enrollments.sequence_id')
    .select('sequence_enrollments.workspace_id')
    .distinct()
    .where('sequence_enrollments.status', '=', 'active')
    .where('sequence_enrollments.next_at', '<=', now)
    .where('sequences.status', '=', 'active')
    .execute();
  return rows.map((row) => row.workspace_id);
}

export interface DueEnrollment {
  id: string;
  sequence_id: string;
  subscriber_id: string;
  next_step: number;
  list_id: string;
  email: string;
  name: string;
  company: string;
  lead_id: string | null;
}

/** Active enrolments of the workspace's active sequences whose step is due, the longest waiting first. */
export function dueEnrollments(
  db: Db,
  workspaceId: string,
  now: string,
  limit: number,
): Promise<DueEnrollment[]> {
  return db
    .selectFrom('sequence_enrollments')
    .innerJoin('sequences', 'sequences.id', 'sequence_enrollments.sequence_id')
    .innerJoin('subscribers', 'subscribers.id', 'sequence_enrollments.subscriber_id')
    .select([
      'sequence_enrollments.id',
      'sequence_enrollments.sequence_id',
      'sequence_enrollments.subscriber_id',
      'sequence_enrollments.next_step',
      'sequences.list_id',
      'subscribers.email',
      'subscribers.name',
      'subscribers.company',
      'subscribers.lead_id',
    ])
    .where('sequence_enrollments.workspace_id', '=', workspaceId)
    .where('sequence_enrollments.status', '=', 'active')
    .where('sequence_enrollments.next_at', '<=', now)
    .where('sequences.status', '=', 'active')
    .orderBy('sequence_enrollments.next_at')
    .orderBy('sequence_enrollments.id')
    .limit(limit)
    .execute();
}

/** Whether the subscriber may still be mailed from the list: subscribed to it and not suppressed. */
export async function stillSubscribed(
  db: Db,
  workspaceId: string,
  listId: string,
  subscriberId: string,
): Promise<boolean> {
  return (await subscribedAmong(db, workspaceId, listId, [subscriberId])).length > 0;
}

/** The lead's status and its owner's name (null: no such lead). */
export function leadOf(
  db: Db,
  leadId: string,
): Promise<{ status: string; owner: string | null } | undefined> {
  return db
    .selectFrom('leads')
    .leftJoin('users', 'users.id', 'leads.owner_id')
    .select([
      'leads.status',
      sql<string | null>`coalesce(nullif(users.name, ''), users.username)`.as('owner'),
    ])
    .where('leads.id', '=', leadId)
    .executeTakeFirst();
}

/**
 * The step sent moves the enrolment on, only from the step read (`expected`): false when another tick or
 * instance got there first, and then the caller's transaction (with its queued mail) is rolled back.
 */
export async function advanceEnrollment(
  trx: Db,
  id: string,
  expected: number,
  next: { nextAt: string | null; sent: boolean },
  now: string,
): Promise<boolean> {
  const result = await trx
    .updateTable('sequence_enrollments')
    .set((eb) => ({
      next_step: expected + 1,
      next_at: next.nextAt,
      ...(next.nextAt === null ? { status: 'completed' as const } : {}),
      ...(next.sent ? { steps_sent: eb('steps_sent', '+', 1), last_sent_at: now } : {}),
    }))
    .where('id', '=', id)
    .where('status', '=', 'active')
    .where('next_step', '=', expected)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
