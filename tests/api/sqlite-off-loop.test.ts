import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../../src/server/db/database';
import { CHECKPOINT_AT_BYTES } from '../../src/server/db/wal-checkpointer';
import { testEngine } from './support/test-app';

/**
 * The embedded database's work off the event loop (docs/security.md#floods): jobs on a connection in a worker thread, and
 * checkpoints in a thread of their own. SQLite only: PostgreSQL's I/O never ran on the loop.
 */
describe.runIf(testEngine() === 'sqlite')('SQLite work off the event loop', () => {
  let dataDir: string;
  let database: DatabaseHandle;
  const file = () => path.join(dataDir, 'agencyhq.sqlite');

  beforeEach(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agencyhq-offloop-'));
    database = await openDatabase({ dataDir });
    await migrateToLatest(database.db);
    await sql`create table probe (id text primary key, n integer not null, data blob)`.execute(database.db);
  });
  afterEach(async () => {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('runs a job on its own connection: rows, numbers and bytes go and come back, and the main connection sees the commit', async () => {
    const bytes = randomBytes(70_000);
    const result = await database.offLoop(async (db) => {
      await db.transaction().execute(async (trx) => {
        for (let n = 0; n < 3; n++)
          await sql`insert into probe (id, n, data) values (${randomUUID()}, ${n}, ${bytes})`.execute(trx);
      });
      return (await sql<{ n: number; data: Buffer }>`select n, data from probe order by n`.execute(db)).rows;
    });
    expect(result.map((row) => row.n)).toEqual([0, 1, 2]);
    expect(Buffer.isBuffer(result[0]!.data)).toBe(true);
    expect(result[0]!.data.equals(bytes)).toBe(true);
    const seen = await sql<{ n: number }>`select count(*) as n from probe`.execute(database.db);
    expect(seen.rows[0]!.n).toBe(3);
  });

  it('rolls a failed transaction back whole and keeps the database error code', async () => {
    const failure = database.offLoop((db) =>
      db.transaction().execute(async (trx) => {
        await sql`insert into probe (id, n) values ('same', 1)`.execute(trx);
        await sql`insert into probe (id, n) values ('same', 2)`.execute(trx);
      }),
    );
    await expect(failure).rejects.toMatchObject({ code: 'SQLITE_CONSTRAINT_PRIMARYKEY' });
    const seen = await sql<{ n: number }>`select count(*) as n from probe`.execute(database.db);
    expect(seen.rows[0]!.n).toBe(0);
  });

  it('holds the main connection while the job runs, so no write of this process waits on a lock', async () => {
    const order: string[] = [];
    let entered!: () => void;
    const inJob = new Promise<void>((resolve) => (entered = resolve));
    const job = database.offLoop(async (db) => {
      entered();
      await db.transaction().execute(async (trx) => {
        await sql`insert into probe (id, n) values ('job', 1)`.execute(trx);
        await new Promise((r) => setTimeout(r, 100));
        order.push('job committed');
      });
    });
    await inJob;
    const write = sql`insert into probe (id, n) values ('main', 2)`
      .execute(database.db)
      .then(() => order.push('main wrote'));
    await Promise.all([job, write]);
    expect(order).toEqual(['job committed', 'main wrote']);
  });

  it('a write transaction of a worker job (the analytics roll-up) makes this process wait off the loop, never into a lock', async () => {
    // Each statement of the worker's transaction is a message answered on this thread. A write of this
    // process that met its lock waited in SQLite's busy handler, holding the loop, so the worker's next
    // statement could not go on: the write failed after busy_timeout (5 s) with SQLITE_BUSY, and the
    // polling jobs' writes, one after another, held the server's loop for a minute.
    const order: string[] = [];
    let mainWrite: Promise<unknown> = Promise.resolve();
    const started = Date.now();
    await database.onWorker((db) =>
      db.transaction().execute(async (trx) => {
        await sql`insert into probe (id, n) values ('job-1', 1)`.execute(trx);
        mainWrite = sql`insert into probe (id, n) values ('main', 2)`.execute(database.db).then(
          () => order.push('main wrote'),
          (error: { code?: string }) => order.push(`main failed: ${error.code}`),
        );
        // Past the write's start: it is on the loop, waiting, while these go on.
        await new Promise((r) => setTimeout(r, 50));
        for (let n = 2; n <= 5; n++)
          await sql`insert into probe (id, n) values (${`job-${n}`}, ${n})`.execute(trx);
        order.push('job committed');
      }),
    );
    await mainWrite;
    expect(order).toEqual(['job committed', 'main wrote']);
    expect(Date.now() - started).toBeLessThan(4_000);
    const seen = await sql<{ n: number }>`select count(*) as n from probe`.execute(database.db);
    expect(seen.rows[0]!.n).toBe(6);
  });

  it('a worker job started inside offLoop does not wait for the main connection offLoop already holds', async () => {
    await database.offLoop((db) =>
      db.transaction().execute((trx) => sql`insert into probe (id, n) values ('inside', 1)`.execute(trx)),
    );
    const seen = await sql<{ n: number }>`select count(*) as n from probe`.execute(database.db);
    expect(seen.rows[0]!.n).toBe(1);
  });

  it('checkpoints a grown write-ahead log in its own thread: the data reaches the database file', async () => {
    const before = fs.statSync(file()).size;
    const chunk = randomBytes(1024 * 1024);
    const rows = Math.ceil(CHECKPOINT_AT_BYTES / chunk.length) + 2;
    for (let n = 0; n < rows; n++)
      await sql`insert into probe (id, n, data) values (${randomUUID()}, ${n}, ${chunk})`.execute(
        database.db,
      );
    // The connection's own automatic checkpoint is off: only the thread moves the log into the file.
    expect(fs.statSync(file()).size).toBeLessThan(before + chunk.length);
    await expect
      .poll(() => fs.statSync(file()).size, { timeout: 15_000, interval: 200 })
      .toBeGreaterThan(before + rows * chunk.length);
  });
});
