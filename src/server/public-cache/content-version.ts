import type { DatabaseHandle } from '../db/database';

/** The public site's content version (migration 009), as every instance on the database reads it. */
export interface ContentVersion {
  current(): Promise<number>;
}

/**
 * How long the embedded database's version, once read, is trusted while this process writes nothing: a
 * change made outside the product (by hand, in the sqlite3 shell) shows within this.
 */
export const SQLITE_VERSION_TRUSTED_MS = 1_000;

/**
 * On PostgreSQL, read from the database on every answer, so instances agree without any broadcast. The
 * embedded database has one process (its instance lock), and the triggers move the version only inside a
 * write: the version read stays true until this process commits a write of any kind
 * (db/committed-writes.ts), and is read again then. That read was an eighth of a cached page's time.
 */
export function createContentVersion(database: DatabaseHandle): ContentVersion {
  if (database.sqlite) {
    const statement = database.sqlite.prepare<[], { version: number }>(
      'select version from public_content_version where id = 1',
    );
    let known: { version: number; writes: number; at: number } | null = null;
    return {
      current: async () => {
        // The count before the read: a write that lands during or after it makes the next answer read again.
        const writes = database.writes.count();
        const now = Date.now();
        if (known && known.writes === writes && now - known.at < SQLITE_VERSION_TRUSTED_MS)
          return known.version;
        known = { version: statement.get()!.version, writes, at: now };
        return known.version;
      },
    };
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
