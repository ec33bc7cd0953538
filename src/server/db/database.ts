import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql } from 'kysely';
import { engineOf, type Engine } from './engine';
import type { Database } from './types';
import { migrations } from './migrations/index';

export type { Engine };

export interface DatabaseHandle {
  db: Kysely<Database>;
  engine: Engine;
  /**
   * The embedded database's own connection, for the one read on every public answer (the content version)
   * as a statement prepared once: the query builder and a fresh prepare cost more than serving the page.
   */
  sqlite?: SQLite.Database;
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
  // WAL for concurrent readers; FULL so a committed write survives power loss; wait rather than fail on locks.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { db, engine: 'sqlite', sqlite, close: () => db.destroy() };
}

async function openPostgres(url: string, schema?: string): Promise<DatabaseHandle> {
  // Only loaded when used: the embedded set-up never holds the driver's ~15 MB.
  const { default: pg } = await import('pg');
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
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, engine: 'postgres', close: () => db.destroy() };
}

/** Applies every pending migration in order; each runs in a transaction (Kysely's Migrator). */
export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  // On PostgreSQL the migrator must look for its bookkeeping tables in our own schema: left to itself it
  // also finds another schema's tables (other instances, parallel test suites) and skips creating ours.
  const migrationTableSchema =
    engineOf(db) === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
      : undefined;
  const migrator = new Migrator({
    db,
    migrationTableSchema,
    provider: { getMigrations: async () => migrations },
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(
      `Database migration failed${failed ? ` at ${failed.migrationName}` : ''}: ${String(error)}`,
    );
  }
}
