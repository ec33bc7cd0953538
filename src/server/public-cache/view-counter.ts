import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/types';

/**
 * A post's views go up by `views` in one atomic increment, so concurrent readers are all counted: one for a
 * public read of the API, a batch for the cached pages' views below. Answers the new count.
 */
export async function countView(
  db: Kysely<Database> | Transaction<Database>,
  id: string,
  views = 1,
): Promise<number> {
  const row = await db
    .updateTable('blogs')
    .set((eb) => ({ views: eb('views', '+', views) }))
    .where('id', '=', id)
    .returning('views')
    .executeTakeFirst();
  return Number(row?.views ?? 0);
}

/** How long views of cached post pages wait before they are written: one write per post per second. */
const FLUSH_EVERY_MS = 1000;

export interface ViewCounter {
  /** Counts one view of the post, written with the others at the next flush. */
  add(blogId: string): void;
  /** Writes what is pending now (each post's views in one atomic increment). */
  flush(): Promise<void>;
  /** Stops the timer after a last flush (shutdown). */
  stop(): Promise<void>;
}

/**
 * Views of post pages served from the render cache: counted in memory and added to the stored count in
 * batches, so a widely shared post costs one UPDATE a second rather than one per visitor. Increments add
 * up across instances; at most a second of views is lost if the process is killed outright.
 */
export function createViewCounter(
  db: Kysely<Database>,
  onError: (error: unknown) => void,
  flushEveryMs = FLUSH_EVERY_MS,
): ViewCounter {
  let pending = new Map<string, number>();
  let flushing: Promise<void> = Promise.resolve();

  async function write(batch: Map<string, number>) {
    for (const [id, views] of batch) {
      try {
        await countView(db, id, views);
      } catch (error) {
        onError(error);
      }
    }
  }

  function flush(): Promise<void> {
    if (pending.size === 0) return flushing;
    const batch = pending;
    pending = new Map();
    flushing = flushing.then(() => write(batch));
    return flushing;
  }

  const timer = setInterval(() => void flush(), flushEveryMs);
  timer.unref();

  return {
    add(blogId) {
      pending.set(blogId, (pending.get(blogId) ?? 0) + 1);
    },
    flush,
    async stop() {
      clearInterval(timer);
      await flush();
    },
  };
}
