import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import { createPollingJob } from '../../lib/polling-job';
import type { Database } from '../../db/types';
import { WORKSPACE_DELETION_MESSAGES as M } from '../../../shared/messages';
import { AGENCY_WORKSPACE_ID, WORKSPACE_RECOVERY_DAYS } from '../../../shared/workspace-deletion';
import { recordActivity } from '../activity/activity.service';
import { sweepUnconfirmed } from '../email-confirmation/email-confirmation.service';
import { purgeUnconfirmedMembers } from '../mailing-lists/mailing-lists.service';
import { eraseWorkspace, workspacesDueForPurge } from './workspace-deletion.repository';

/** Deletions wait 30 days: looking once an hour (and at start) erases each within the hour after. */
const POLL_INTERVAL_MS = 60 * 60 * 1000;
/** Workspaces erased per round, each in its own transaction; a backlog takes a few rounds of one run. */
const BATCH = 50;
const MAX_ROUNDS = 20;

export interface WorkspacePurge {
  /** Erases what is already due, then looks again every hour. */
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Erases every deleted workspace whose recovery time is over; answers how many this call erased. */
  purgeDue(): Promise<number>;
}

/**
 * Erases deleted workspaces for good once their 30 days are over (docs/product/workspace.md#danger-zone). Deleting the workspaces row
 * erases everything of it: every table holding a workspace_id references workspaces ON DELETE CASCADE
 * (users, and through them their own rows, leads, posts, media, scraped profiles, settings, mail). Exactly
 * once with any number of instances: the conditional DELETE decides (PostgreSQL re-checks it after a
 * racing commit; SQLite writes one at a time), and only the instance that deleted the row records it, in
 * the agency's activity, by name: no row keeps the erased workspace's id.
 */
export function createWorkspacePurge(
  db: Kysely<Database>,
  options: { clock: () => Date; log: FastifyBaseLogger; pollMs?: number },
): WorkspacePurge {
  const pollMs = options.pollMs ?? POLL_INTERVAL_MS;

  async function eraseOne(id: string, now: string): Promise<boolean> {
    return db.transaction().execute(async (trx) => {
      const erased = await eraseWorkspace(trx, id, now, AGENCY_WORKSPACE_ID);
      if (erased === undefined) return false;
      await recordActivity(trx, {
        workspaceId: AGENCY_WORKSPACE_ID,
        userId: null,
        action: M.purgedActivity(erased, WORKSPACE_RECOVERY_DAYS),
        kind: 'workspace-purged',
        ip: null,
      });
      return true;
    });
  }

  async function purgeDue(): Promise<number> {
    const now = options.clock().toISOString();
    let erased = 0;
    for (let round = 0; round < MAX_ROUNDS; round += 1) {
      const due = await workspacesDueForPurge(db, now, BATCH);
      for (const id of due) if (await eraseOne(id, now)) erased += 1;
      if (due.length < BATCH) break;
    }
    return erased;
  }

  async function round(): Promise<void> {
    const count = await purgeDue();
    if (count) options.log.info({ count }, 'deleted workspaces erased for good');
    // The same hourly round erases sign-ups never confirmed within 7 days (docs/product/auth.md#proven-addresses).
    const lapsed = await sweepUnconfirmed(db, options.clock());
    if (lapsed) options.log.info({ count: lapsed }, 'unconfirmed sign-ups erased after 7 days');
    // And mailing-list sign-ups never confirmed within 7 days (docs/product/marketing.md#the-subscribe-form).
    const unconfirmed = await purgeUnconfirmedMembers(db, options.clock());
    if (unconfirmed)
      options.log.info({ count: unconfirmed }, 'unconfirmed list sign-ups erased after 7 days');
  }

  // Once stopped (the app closing) never started again: a late start must not poll a closed database.
  const job = createPollingJob(pollMs, round, (error) =>
    // The database may be away for a moment: look again at the next poll.
    options.log.warn({ err: error }, 'erasing deleted workspaces failed'),
  );
  return {
    start: job.start,
    stop: job.stop,
    purgeDue,
  };
}
