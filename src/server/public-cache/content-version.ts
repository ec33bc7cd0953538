import type { DatabaseHandle } from '../db/database';

/** The public site's content version (migration 009), as every instance on the database reads it. */
export interface ContentVersion {
  current(): Promise<number>;
}

/** Reads the version from the database on every answer, so instances agree without any broadcast. */
export function createContentVersion(database: DatabaseHandle): ContentVersion {
  if (database.sqlite) {
    // Synchronous and a few microseconds: nothing to share.
    const statement = database.sqlite.prepare<[], { version: number }>(
      'select version from public_content_version where id = 1',
    );
    return { current: async () => statement.get()!.version };
  }
  const { db } = database;
  const query = db.selectFrom('public_content_version').select('version').where('id', '=', 1).compile();
  return {
    current: freshSharedReads(async () => {
      const { rows } = await db.executeQuery(query);
      if (!rows[0]) throw new Error('public_content_version has no row');
      return Number(rows[0].version);
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
