import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../../../src/server/db/database';
import { migrations } from '../../../src/server/db/migrations/index';
import { testEngine } from './test-app';

/**
 * A release's database fixture (tests/fixtures/release-*) copied into a place of its own — a temp DATA_DIR
 * for SQLite, a fresh PostgreSQL schema from its `pg_dump` — and opened as the product would open it.
 * `dispose` removes the copy.
 */
export async function openReleaseFixture(
  fixtureDir: string,
): Promise<{ handle: DatabaseHandle; dispose: () => Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agencyhq-upgrade-'));
  if (testEngine() === 'sqlite') {
    fs.copyFileSync(path.join(fixtureDir, 'agencyhq.sqlite'), path.join(dataDir, 'agencyhq.sqlite'));
    return {
      handle: await openDatabase({ dataDir }),
      dispose: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const url = process.env.TEST_DATABASE_URL!;
  const schema = `u_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  // The releases indexed lead search with pg_trgm's operator class in `public` (migration 005).
  await client.query('create extension if not exists pg_trgm schema public').catch(() => undefined);
  await client.query(
    fs.readFileSync(path.join(fixtureDir, 'postgres.sql'), 'utf8').replaceAll('__SCHEMA__', schema),
  );
  await client.end();
  return {
    handle: await openDatabase({ dataDir, databaseUrl: url, pgSchema: schema }),
    async dispose() {
      const drop = new pg.Client({ connectionString: url });
      await drop.connect();
      await drop.query(`drop schema if exists ${schema} cascade`);
      await drop.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The migrations a database has run, by name, sorted; and those the code knows, to compare them with. */
export async function migrationNames(
  handle: DatabaseHandle,
): Promise<{ applied: string[]; known: string[] }> {
  const rows = await handle.db
    .selectFrom('kysely_migration' as never)
    .select('name' as never)
    .execute();
  return {
    applied: (rows as { name: string }[]).map((row) => row.name).sort(),
    known: Object.keys(migrations).sort(),
  };
}
