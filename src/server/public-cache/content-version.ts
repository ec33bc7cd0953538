import type { Kysely } from 'kysely';
import type { Database } from '../db/types';

/** The public site's content version (migration 009), as every instance on the database reads it. */
export interface ContentVersion {
  current(): Promise<number>;
}

/** Reads the version from the database, so instances agree without any broadcast. */
export function createContentVersion(db: Kysely<Database>): ContentVersion {
  return {
    current: freshSharedReads(async () => {
      const row = await db
        .selectFrom('public_content_version')
        .select('version')
        .where('id', '=', 1)
        .executeTakeFirstOrThrow();
      return Number(row.version);
    }),
  };
}

/**
 * Shares reads between concurrent callers, but a caller only joins a read that started after it called:
 * an answer can never predate a write committed before its request came in ("published on one instance,
 * on every instance's next answer"). Under load that is one read per round trip, whatever the request rate.
 */
export function freshSharedReads<T>(read: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | null = null;
  let queued: Promise<T> | null = null;

  function start(): Promise<T> {
    const reading: Promise<T> = read().finally(() => {
      if (running === reading) running = null;
    });
    running = reading;
    return reading;
  }

  return () => {
    if (!running) return start();
    // The read under way may have begun before this call: wait for the next one.
    queued ??= running
      .then(
        () => undefined,
        () => undefined,
      )
      .then(() => {
        queued = null;
        return running ?? start();
      });
    return queued;
  };
}
