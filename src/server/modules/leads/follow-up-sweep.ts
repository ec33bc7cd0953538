import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import { createPollingJob } from '../../lib/polling-job';
import type { Database } from '../../db/types';
import { BLOCKED_STATUSES, type UserStatus } from '../../../shared/roles';
import { canUseModule, isKeptOutOfDashboard } from '../../../shared/access';
import { permissionSubject } from '../../db/rows';
import type { UserRow } from '../../db/types';
import { utcDay } from '../../../shared/plans';
import { HttpError } from '../../http/errors';
import type { Mailer } from '../../mail/mailer';
import { enqueueMail } from '../../mail/outbox';
import { followUpDigestMail } from '../../mail/templates';
import { notifyUser } from '../notifications/notifications.service';
import { followUpNotification } from './follow-up-notification';
import { findUserById } from '../users/users.service';
import {
  claimDigest,
  digestClaimed,
  dueFollowUpCountOf,
  dueFollowUpsOf,
  followUpsOnDay,
  ownersWithFollowUpsDue,
} from './follow-ups.repository';

/** Looks every 10 minutes (and at start): a follow-up's notification comes within them of midnight UTC. */
const POLL_INTERVAL_MS = 10 * 60 * 1000;
/** The morning digest goes out at the first look from this hour (UTC) on. */
export const DIGEST_HOUR_UTC = 7;
/** Leads listed in one digest; it counts the rest. */
const DIGEST_ITEMS = 50;

export interface FollowUpSweep {
  /** Looks at once (a restart that spanned the morning), then every 10 minutes. */
  start(): Promise<void>;
  stop(): Promise<void>;
  /** One look: the day's notifications, and after the digest hour the digests (tests drive it). */
  sweep(): Promise<{ notified: number; digests: number }>;
}

/**
 * Follow-ups on their day (docs/product/leads.md#owners-and-follow-ups), in every instance and each thing
 * once whatever their number: the owner's notification of a lead's follow-up day has a dedupe key, so a
 * second writer's insert does nothing; an owner's digest of a day is claimed by a row keyed by owner and
 * day, written in the transaction that queues the mail. The digest counts against the workspace's
 * e-mails a day: refused by the limit, the claim is recorded as refused, and that day is not tried again.
 * The day is the UTC day.
 */
/**
 * Whether a lead's owner may still be told about the workspace's leads: a current, unblocked member of that
 * workspace whom the dashboard admits and whose role has Client Leads (docs/security.md#who-may-do-what).
 * Someone who moved to another workspace, or whose role lost the module, keeps the leads as owner until
 * they are handed on, but hears nothing of them.
 */
function maySeeLeadsOf(owner: UserRow | undefined, workspaceId: string): owner is UserRow {
  if (!owner || owner.workspace_id !== workspaceId) return false;
  if (BLOCKED_STATUSES.includes(owner.status as UserStatus)) return false;
  const subject = permissionSubject(owner);
  return !isKeptOutOfDashboard(subject) && canUseModule(subject, 'dataCenter');
}

export function createFollowUpSweep(
  db: Kysely<Database>,
  options: { clock: () => Date; log: FastifyBaseLogger; mailer: Mailer; pollMs?: number },
): FollowUpSweep {
  const pollMs = options.pollMs ?? POLL_INTERVAL_MS;

  async function notifyDay(day: string, now: Date): Promise<number> {
    let notified = 0;
    const owners = new Map<string, UserRow | undefined>();
    for (const lead of await followUpsOnDay(db, day)) {
      if (!owners.has(lead.owner_id)) owners.set(lead.owner_id, await findUserById(db, lead.owner_id));
      if (!maySeeLeadsOf(owners.get(lead.owner_id), lead.workspace_id)) continue;
      const added = await notifyUser(db, followUpNotification(lead, lead.owner_id, day), now);
      if (added) notified += 1;
    }
    return notified;
  }

  async function sendDigest(ownerId: string, workspaceId: string, day: string, now: Date): Promise<boolean> {
    if (await digestClaimed(db, ownerId, day)) return false;
    const owner = await findUserById(db, ownerId);
    if (!owner || !maySeeLeadsOf(owner, workspaceId)) return false;
    const total = await dueFollowUpCountOf(db, ownerId, workspaceId, day);
    if (total === 0) return false;
    const items = await dueFollowUpsOf(db, ownerId, workspaceId, day, DIGEST_ITEMS);
    const mail = followUpDigestMail(await options.mailer.siteName(), {
      username: owner.username,
      today: day,
      total,
      items: items.map((item) => ({
        name: item.name,
        company: item.company,
        day: item.next_follow_up_at,
        note: item.follow_up_note,
      })),
      link: options.mailer.link('/dashboard/client-leads', { followUp: 'due' }),
    });
    const claim = {
      user_id: ownerId,
      day,
      workspace_id: workspaceId,
      lead_count: total,
      created_at: now.toISOString(),
    };
    try {
      return await db.transaction().execute(async (trx) => {
        if (!(await claimDigest(trx, { ...claim, status: 'queued' }))) return false;
        await enqueueMail(
          trx,
          { workspaceId, kind: 'follow-up-digest', via: 'platform', to: owner.email, ...mail },
          now,
        );
        return true;
      });
    } catch (error) {
      if (!(error instanceof HttpError && error.statusCode === 429)) throw error;
      // Past the plan's e-mails a day: nothing queued, and the day's digest is not tried again.
      await claimDigest(db, { ...claim, status: 'refused' });
      options.log.info({ workspaceId }, 'follow-up digest refused: the day’s e-mails are used up');
      return false;
    }
  }

  async function sweep(): Promise<{ notified: number; digests: number }> {
    const now = options.clock();
    const day = utcDay(now);
    const notified = await notifyDay(day, now);
    let digests = 0;
    if (now.getUTCHours() >= DIGEST_HOUR_UTC)
      for (const { owner_id, workspace_id } of await ownersWithFollowUpsDue(db, day))
        if (await sendDigest(owner_id, workspace_id, day, now)) digests += 1;
    if (digests) options.mailer.worker.kick();
    return { notified, digests };
  }

  const job = createPollingJob(
    pollMs,
    async () => {
      const { notified, digests } = await sweep();
      if (notified || digests) options.log.info({ notified, digests }, 'follow-ups sent');
    },
    // The database may be away for a moment: look again at the next poll.
    (error) => options.log.warn({ err: error }, 'the follow-up sweep failed'),
  );

  return {
    start: job.start,
    stop: job.stop,
    sweep,
  };
}
