import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql, type Migration } from 'kysely';
import { engineOf, type Engine } from './engine';
import type { Database } from './types';
import { migrations } from './migrations/index';
import { CHECKPOINT_AT_BYTES, startWalCheckpointer } from './wal-checkpointer';
import { sqliteWorkerDialect, type HoldMainConnection } from './sqlite-worker-dialect';
import { SQLITE_PRAGMAS } from './sqlite-thread';
import { withOwnSchemaIntrospection } from './own-schema-introspection';
import { writeSignalFor, watchWrites, type CommittedWrites } from './committed-writes';
import { cachedStatements } from './sqlite-statements';
import { loadModule } from '../lib/load-module';

export type { Engine };

export interface DatabaseHandle {
  db: Kysely<Database>;
  engine: Engine;
  /**
   * The embedded database's own connection, for the one read on every public answer (the content version)
   * as a statement prepared once: the query builder and a fresh prepare cost more than serving the page.
   */
  sqlite?: SQLite.Database;
  /**
   * Runs a long database job (a 100k-row import) where its statements cannot hold the event loop. On
   * SQLite, whose statements and COMMITs run synchronously, `job` gets a Kysely whose connection lives in
   * a worker thread, while this process's own connection is held so that nothing else here writes
   * meanwhile (a write waiting on the thread's lock would wait on the event loop). On PostgreSQL the
   * job runs on the pool as it is: its I/O never held the loop.
   */
  offLoop<T>(job: (db: Kysely<Database>) => Promise<T>): Promise<T>;
  /**
   * Runs a job that mostly reads on a connection in a worker thread without holding this process's own:
   * on SQLite its reads neither hold the event loop nor wait for this process's writes (WAL). Each of its
   * transactions holds this process's connection while it lasts (this process's statements wait for it as
   * promises, off the loop), so each must be short. On PostgreSQL the job runs on
   * the pool as it is (docs/decisions/0018-first-party-analytics.md: the analytics roll-ups).
   */
  onWorker<T>(job: (db: Kysely<Database>) => Promise<T>): Promise<T>;
  /** Which database this is, the same on every instance that opens it (the SQLite file, the PostgreSQL schema). */
  identity: string;
  /** The committed writes of every handle on this database in this process (db/committed-writes.ts). */
  writes: CommittedWrites;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres:// URL; when absent the embedded SQLite file in dataDir is used. */
  databaseUrl?: string;
  dataDir: string;
  /** PostgreSQL schema to use (tests isolate each suite in its own); created when missing. */
  pgSchema?: string;
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.pgSchema);
  return openSqlite(path.join(options.dataDir, 'agencyhq.sqlite'));
}

function openSqlite(file: string): DatabaseHandle {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  for (const pragma of SQLITE_PRAGMAS) sqlite.pragma(pragma);
  // Checkpoints run in a thread of their own (wal-checkpointer.ts), never inside a request's COMMIT; the
  // log file is cut back to this size when it starts over, so one huge import does not leave 50 MB behind.
  sqlite.pragma('wal_autocheckpoint = 0');
  sqlite.pragma(`journal_size_limit = ${CHECKPOINT_AT_BYTES}`);
  const checkpointer = startWalCheckpointer(file);
  const identity = `sqlite:${path.resolve(file)}`;
  const writes = writeSignalFor(identity);
  const dialect = new SqliteDialect({ database: cachedStatements(sqlite) });
  const db = new Kysely<Database>({ dialect: watchWrites(dialect, writes) });
  return {
    db,
    engine: 'sqlite',
    sqlite,
    identity,
    writes,
    // offLoop holds the main connection already: its job's transactions need not take it again.
    offLoop: (job) => db.connection().execute(() => onWorker(file, job)),
    onWorker: (job) => onWorker(file, job, () => holdConnection(db)),
    close: async () => {
      // The thread's connection goes first, so closing the last one checkpoints all that is left.
      await checkpointer.stop();
      await db.destroy();
    },
  };
}

/**
 * `job` on a connection to `file` in a worker thread of its own, closed after it; each of its transactions
 * holds the main connection through `holdMain` (sqlite-worker-dialect.ts says why).
 */
async function onWorker<T>(
  file: string,
  job: (db: Kysely<Database>) => Promise<T>,
  holdMain?: HoldMainConnection,
): Promise<T> {
  const signal = writeSignalFor(`sqlite:${path.resolve(file)}`);
  const worker = new Kysely<Database>({ dialect: watchWrites(sqliteWorkerDialect(file, holdMain), signal) });
  try {
    return await job(worker);
  } finally {
    await worker.destroy();
  }
}

/** Takes `db`'s connection (once its current user lets it go) and keeps it until the answer is called. */
function holdConnection(db: Kysely<Database>): Promise<() => void> {
  return new Promise((held, failed) => {
    db.connection()
      .execute(() => new Promise<void>((release) => held(release)))
      .catch(failed);
  });
}

async function openPostgres(url: string, schema?: string): Promise<DatabaseHandle> {
  // Only loaded when used: the embedded set-up never holds the driver's ~15 MB.
  const { default: pg } = await loadModule<typeof import('pg')>('pg');
  if (schema) {
    if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`Invalid PostgreSQL schema name: ${schema}`);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(`create schema if not exists ${schema}`);
    } finally {
      await client.end();
    }
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  // A connection the server ends (restart, failover, terminated backend) is an 'error' event on its client,
  // and on the pool too when it was idle: unhandled, either ends the process. A query running on it fails
  // on its own; the pool drops the dead client and the next query opens another. pg-pool's own listener is
  // taken off a client while it is checked out (between two statements of a transaction, say), hence ours.
  pool.on('connect', (client) =>
    client.on('error', (error) =>
      console.warn(`PostgreSQL ended a connection (${error.message}); the pool opens another when needed.`),
    ),
  );
  pool.on('error', () => {}); // already reported by the client's listener above
  const identity = `postgres:${new URL(url).pathname.slice(1)}:${schema ?? 'public'}`;
  const writes = writeSignalFor(identity);
  const db = new Kysely<Database>({ dialect: watchWrites(new PostgresDialect({ pool }), writes) });
  return {
    db,
    engine: 'postgres',
    identity,
    writes,
    offLoop: (job) => job(db),
    onWorker: (job) => job(db),
    close: () => db.destroy(),
  };
}

/**
 * Applies every pending migration in order; each runs in a transaction (Kysely's Migrator). `set` is all of
 * them; a test that builds an older release's database passes the ones that release had.
 */
export async function migrateToLatest(
  db: Kysely<Database>,
  set: Record<string, Migration> = migrations,
): Promise<void> {
  // On PostgreSQL the migrator must look for its bookkeeping tables in our own schema, and only there: left
  // to itself it also finds another schema's tables (other instances, parallel test suites) and skips
  // creating ours, and fails when one of those schemas is dropped while it looks.
  const migrationTableSchema =
    engineOf(db) === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
      : undefined;
  const migrator = new Migrator({
    db: migrationTableSchema ? withOwnSchemaIntrospection(db, migrationTableSchema) : db,
    migrationTableSchema,
    provider: { getMigrations: async () => set },
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(
      `Database migration failed${failed ? ` at ${failed.migrationName}` : ''}: ${String(error)}`,
    );
  }
}
