import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/types';
import { PUBLISHING_MESSAGES } from '../../../shared/messages';
import { recordActivity } from '../activity/activity.service';
import { nextPublishAt, publishDuePosts } from './blog-writes.repository';
import { postPublished } from '../webhooks/webhooks.service';

/**
 * Longest wait between two looks for due posts. Each instance also sets a timer for the next known publish
 * time, so a post goes out on time; the poll catches posts scheduled on another instance.
 */
const POLL_INTERVAL_MS = 15_000;

export interface PublishScheduler {
  /** Publishes what is already due (a restart that spanned a publish time), then keeps watching. */
  start(): Promise<void>;
  stop(): Promise<void>;
  /** A post was scheduled here: plan the timer again (it may be sooner than the one set). */
  kick(): void;
  /** Publishes every post whose time has come; answers how many this call published (tests drive it). */
  publishDue(): Promise<number>;
}

/**
 * Scheduled drafts become published by themselves. Exactly once, whatever the number of instances: the
 * publish is one conditional UPDATE (still a draft, time passed), so of two instances racing only one
 * changes the row (PostgreSQL re-checks the condition after the other's commit; SQLite writes one at a
 * time), and only that one records the activity, in the same transaction.
 */
export function createPublishScheduler(
  db: Kysely<Database>,
  options: { clock: () => Date; log: FastifyBaseLogger; pollMs?: number },
): PublishScheduler {
  const pollMs = options.pollMs ?? POLL_INTERVAL_MS;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = true;

  async function publishDue(): Promise<number> {
    const now = options.clock().toISOString();
    return db.transaction().execute(async (trx) => {
      const published = await publishDuePosts(trx, now);
      for (const post of published) {
        await recordActivity(trx, {
          workspaceId: post.workspace_id,
          userId: null,
          action: PUBLISHING_MESSAGES.scheduledActivity(post.title),
          kind: 'post-published',
          ip: null,
        });
        await postPublished(trx, post.workspace_id, post, true, new Date(now));
      }
      return published.length;
    });
  }

  /** Milliseconds until the next scheduled draft is due (capped at the poll interval). */
  async function untilNext(): Promise<number> {
    const next = await nextPublishAt(db);
    if (!next) return pollMs;
    return Math.min(pollMs, Math.max(0, Date.parse(next) - options.clock().getTime()));
  }

  function plan(delayMs: number): void {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(() => void tick(), delayMs);
    timer.unref();
  }

  async function tick(): Promise<void> {
    const work = (async () => {
      try {
        const count = await publishDue();
        if (count) options.log.info({ count }, 'scheduled posts published');
        plan(await untilNext());
      } catch (error) {
        // The database may be away for a moment: look again at the next poll.
        options.log.warn({ err: error }, 'scheduled publishing failed');
        plan(pollMs);
      }
    })();
    running = work;
    await work;
  }

  return {
    async start() {
      stopped = false;
      await tick();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
    kick() {
      if (stopped) return;
      void untilNext().then(plan, () => plan(pollMs));
    },
    publishDue,
  };
}
