import SQLite from 'better-sqlite3';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createContentVersion,
  SQLITE_VERSION_TRUSTED_MS,
} from '../../src/server/public-cache/content-version';
import type { DatabaseHandle } from '../../src/server/db/database';
import { createTestDatabase, reopenTestDatabase, testEngine, type TestDatabase } from './support/test-app';

/**
 * The public content version every cached page is checked against (docs/decisions/0005-render-cache-and-content-version.md). On the embedded
 * database the read is kept until this process writes anything; each way a write can reach the database
 * from the product must make the very next read see it: a statement, a transaction, raw SQL, the worker
 * thread and a second handle on the same file.
 */
describe(`the public content version after each kind of write (${testEngine()})`, () => {
  let database: TestDatabase;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    database = await createTestDatabase();
    handle = database.handle;
  });
  afterAll(() => database.dispose());

  /** The write a published post's trigger makes, as any other writer in the product could. */
  const bump = (db: DatabaseHandle['db']) =>
    db
      .updateTable('public_content_version')
      .set((eb) => ({ version: eb('version', '+', 1) }))
      .where('id', '=', 1)
      .execute();

  it('moves on the very next read, however the write was made', async () => {
    const version = createContentVersion(handle);
    const writes: [string, () => Promise<unknown>][] = [
      ['a statement', () => bump(handle.db)],
      ['a transaction', () => handle.db.transaction().execute((trx) => bump(trx))],
      [
        'raw SQL',
        () => sql`update public_content_version set version = version + 1 where id = 1`.execute(handle.db),
      ],
      ['the worker thread', () => handle.offLoop((db) => bump(db))],
    ];
    for (const [how, write] of writes) {
      const before = await version.current();
      expect(await version.current(), `${how}: nothing written yet`).toBe(before);
      await write();
      expect(await version.current(), how).toBe(before + 1);
    }
  });

  it('moves for a write through another handle on the same database in this process', async () => {
    const version = createContentVersion(handle);
    const other = await reopenTestDatabase(database);
    try {
      const before = await version.current();
      await bump(other.handle.db);
      expect(await version.current()).toBe(before + 1);
    } finally {
      await other.dispose();
    }
  });

  it.runIf(testEngine() === 'sqlite')(
    'sees a change made outside the product once the read has been trusted its while',
    async () => {
      const version = createContentVersion(handle);
      const before = await version.current();
      const outside = new SQLite(path.join(database.dataDir, 'agencyhq.sqlite'));
      try {
        outside.prepare('update public_content_version set version = version + 1 where id = 1').run();
      } finally {
        outside.close();
      }
      await new Promise((resolve) => setTimeout(resolve, SQLITE_VERSION_TRUSTED_MS + 50));
      expect(await version.current()).toBe(before + 1);
    },
  );
});
