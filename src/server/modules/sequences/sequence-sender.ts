import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { LIST_UNSUBSCRIBE_PATH } from '../../../shared/campaigns';
import type { Database } from '../../db/types';
import { takeMailSlots } from '../../lib/plan-limits';
import { enqueueBulkMail, type BulkMail } from '../../mail/outbox';
import type { SecretBox } from '../../secrets/secret-box';
import {
  compileTemplate,
  personalise,
  templateSourceOf,
  type Brand,
  type CompiledTemplate,
} from '../email-templates/email-templates.service';
import { listUnsubscribeKeys, signListUnsubscribe } from '../mailing-lists/mailing-lists.service';
import {
  advanceEnrolledThrough,
  advanceEnrollment,
  dueEnrollments,
  insertEnrollments,
  leadOf,
  leaveEnrollment,
  newSubscribersOf,
  stepsOf,
  stillSubscribed,
  subscriptionSequences,
  workspacesDue,
  type DueEnrollment,
  type StepView,
} from './sequences.repository';

const DAY_MS = 24 * 60 * 60_000;
/**
 * The enrolment scan looks this far behind its cursor: a sign-up written with its time just before the
 * last scan but committed after it is still found (the unique enrolment makes the overlap harmless).
 */
const ENROL_MARGIN_MS = 10 * 60_000;
const ENROL_BATCH = 500;
/** The enrolment scan runs at most this often per process: a welcome is a few seconds late at worst. */
const ENROL_EVERY_MS = 5_000;
const ENROL_BATCHES_PER_ROUND = 10;
/** Due enrolments read per round and workspace (the throttle's budget bounds it further). */
const DUE_BATCH = 500;

/** Step N+1's time: `delayDays` after `from`. */
export const stepTime = (from: Date, delayDays: number) => new Date(from.getTime() + delayDays * DAY_MS);

class DayFull extends Error {}
class Raced extends Error {}

export interface SequenceSender {
  /**
   * Enrols the people who became subscribed to the list of a welcome sequence since its last scan, then
   * answers the workspaces with a step due now in an active sequence: the dispatcher visits them even when
   * they have no campaign sending.
   */
  workspacesWithDueSteps(db: Kysely<Database>, now: Date): Promise<string[]>;
  /**
   * Queues up to `budget` due steps of the workspace's sequences, inside the dispatcher's workspace lease
   * (so they count against the same throttle); answers how many were queued. Each step goes in one
   * transaction with the plan's day count and the UPDATE moving the enrolment on from the step read: sent
   * once however many ticks or instances race.
   */
  queueDueSequenceSteps(
    db: Kysely<Database>,
    workspaceId: string,
    budget: number,
    now: Date,
  ): Promise<number>;
}

/** Welcome and drip sequences' sending (docs/product/marketing.md#sequences), driven by the campaign dispatcher. */
export function createSequenceSender(deps: {
  box: SecretBox;
  siteUrl: string;
  brand: () => Promise<Brand>;
}): SequenceSender {
  const keys = listUnsubscribeKeys(deps.box);
  let lastEnrolScan = Number.NEGATIVE_INFINITY;

  async function enrolNewSubscribers(db: Kysely<Database>, now: Date): Promise<void> {
    if (Math.abs(now.getTime() - lastEnrolScan) < ENROL_EVERY_MS) return;
    lastEnrolScan = now.getTime();
    const nowIso = now.toISOString();
    for (const sequence of await subscriptionSequences(db)) {
      const through = new Date(sequence.enrolled_through).getTime();
      const margin = new Date(through - ENROL_MARGIN_MS).toISOString();
      const since = margin > sequence.created_at ? margin : sequence.created_at;
      for (let batch = 0; batch < ENROL_BATCHES_PER_ROUND; batch += 1) {
        const rows = await newSubscribersOf(db, sequence, since, ENROL_BATCH);
        if (rows.length === 0 && now.getTime() - through < ENROL_MARGIN_MS / 2) break; // the cursor can wait
        const [first] = rows.length ? await stepsOf(db, [sequence.id]) : [];
        await insertEnrollments(
          db,
          sequence,
          rows.map((row) => ({
            subscriberId: row.subscriber_id,
            // A welcome counts from the sign-up, so a late scan does not delay it further.
            nextAt: stepTime(new Date(row.subscribed_at), first?.delay_days ?? 0).toISOString(),
          })),
          randomUUID,
          nowIso,
        );
        if (rows.length < ENROL_BATCH) {
          await advanceEnrolledThrough(db, sequence.id, nowIso);
          break;
        }
      }
    }
  }

  function unsubscribeUrlOf(person: DueEnrollment): string {
    const token = signListUnsubscribe(keys, {
      subscriberId: person.subscriber_id,
      listId: person.list_id,
      recipientId: null,
    });
    return `${new URL(LIST_UNSUBSCRIBE_PATH, deps.siteUrl).toString()}?token=${token}`;
  }

  return {
    async workspacesWithDueSteps(db, now) {
      await enrolNewSubscribers(db, now);
      return workspacesDue(db, now.toISOString());
    },

    async queueDueSequenceSteps(db, workspaceId, budget, now) {
      if (budget <= 0) return 0;
      const nowIso = now.toISOString();
      const due = await dueEnrollments(db, workspaceId, nowIso, Math.min(budget, DUE_BATCH));
      const steps = new Map<string, StepView[]>();
      const compiled = new Map<string, CompiledTemplate | null>();
      let brand: Brand | undefined;

      async function stepsFor(sequenceId: string): Promise<StepView[]> {
        let entry = steps.get(sequenceId);
        if (!entry) {
          entry = await stepsOf(db, [sequenceId]);
          steps.set(sequenceId, entry);
        }
        return entry;
      }

      /** The step's template rendered, or null when it is gone or no longer renders (then the step is skipped). */
      async function templateOf(templateId: string | null): Promise<CompiledTemplate | null> {
        if (!templateId) return null;
        if (!compiled.has(templateId)) {
          const source = await templateSourceOf(db, workspaceId, templateId);
          brand ??= await deps.brand();
          compiled.set(templateId, source ? (await compileTemplate(source, brand)).compiled : null);
        }
        return compiled.get(templateId) ?? null;
      }

      let queued = 0;
      for (const person of due) {
        if (queued >= budget) break;
        const all = await stepsFor(person.sequence_id);
        const step = all.find((s) => s.position === person.next_step);
        const following = all.find((s) => s.position === person.next_step + 1);
        if (!step) {
          // Steps removed since: nothing is left to send.
          await advanceEnrollment(db, person.id, person.next_step, { nextAt: null, sent: false }, nowIso);
          continue;
        }
        if (!(await stillSubscribed(db, workspaceId, person.list_id, person.subscriber_id))) {
          await leaveEnrollment(db, person.id, 'unsubscribed', nowIso);
          continue;
        }
        const lead = person.lead_id ? await leadOf(db, person.lead_id) : undefined;
        if (lead?.status === 'Converted') {
          await leaveEnrollment(db, person.id, 'converted', nowIso);
          continue;
        }
        const nextAt = following ? stepTime(now, following.delay_days).toISOString() : null;
        const template = await templateOf(step.template_id);
        if (!template) {
          await advanceEnrollment(db, person.id, person.next_step, { nextAt, sent: false }, nowIso);
          continue;
        }
        const unsubscribeUrl = unsubscribeUrlOf(person);
        const mail: BulkMail & { id: string } = {
          id: randomUUID(),
          workspaceId,
          kind: 'sequence',
          via: 'workspace',
          to: person.email,
          ...personalise(template, {
            values: {
              name: person.name,
              company: person.company,
              owner: lead?.owner ?? '',
              email: person.email,
            },
            unsubscribeUrl,
          }),
          listUnsubscribe: unsubscribeUrl,
          campaignRecipientId: null,
        };
        try {
          await db.transaction().execute(async (trx) => {
            if ((await takeMailSlots(trx, workspaceId, 1, now)) < 1) throw new DayFull();
            if (!(await advanceEnrollment(trx, person.id, person.next_step, { nextAt, sent: true }, nowIso)))
              throw new Raced();
            await enqueueBulkMail(trx, [mail], now);
          });
          queued += 1;
        } catch (error) {
          if (error instanceof DayFull) break;
          if (error instanceof Raced) continue;
          throw error;
        }
      }
      return queued;
    },
  };
}
