import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { migrateToLatest, openDatabase } from '../../../src/server/db/database';

/**
 * One migrated database per run, which each suite's fresh database is copied from: migrating anew for each
 * of the ~140 test apps of a run cost 2-4 s apiece on this machine (most of the PostgreSQL pass), a copy
 * costs a few milliseconds (an SQLite file) or ~0.2 s (`CREATE DATABASE … TEMPLATE`). The copy is then
 * migrated as usual, which finds nothing to do, so a migration added since still runs.
 *
 * The global set-up makes it and names it in the environment, which the workers inherit; a suite run
 * without it (its variables unset) migrates its own database as before.
 */
const SQLITE_TEMPLATE = 'TEST_SQLITE_TEMPLATE_FILE';
const PG_TEMPLATE = 'TEST_PG_TEMPLATE_DATABASE';
/** The schema the template's tables are in; each copy renames it to its own name. */
const TEMPLATE_SCHEMA = 'template_schema';

/** The URL of another database on the server `url` names. */
export function databaseUrlFor(url: string, database: string): string {
  return url.replace(/\/[^/?]+(\?|$)/, `/${database}$1`);
}

async function onServer<T>(url: string, job: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await job(client);
  } finally {
    await client.end();
  }
}

/** Makes the run's template for this engine; answers what removes it. */
export async function makeTemplateDatabase(engine: 'sqlite' | 'postgres'): Promise<() => Promise<void>> {
  if (engine === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agencyhq-template-'));
    const handle = await openDatabase({ dataDir: dir });
    await migrateToLatest(handle.db);
    await handle.close(); // checkpoints the log into the file
    process.env[SQLITE_TEMPLATE] = path.join(dir, 'agencyhq.sqlite');
    return async () => fs.rmSync(dir, { recursive: true, force: true });
  }
  const url = process.env.TEST_DATABASE_URL!;
  const name = `agencyhq_template_${process.pid}_${randomBytes(3).toString('hex')}`;
  await onServer(url, (client) => client.query(`create database ${name}`));
  const handle = await openDatabase({
    dataDir: os.tmpdir(),
    databaseUrl: databaseUrlFor(url, name),
    pgSchema: TEMPLATE_SCHEMA,
  });
  await migrateToLatest(handle.db);
  await handle.close(); // a template takes no connection while it is copied
  process.env[PG_TEMPLATE] = name;
  return () => onServer(url, (client) => client.query(`drop database if exists ${name} with (force)`)).then();
}

/**
 * Copies the run's SQLite template into `dataDir`, if there is one and the folder holds no database yet (a
 * suite reopening its data must find it as it left it); answers whether it did.
 */
export function copySqliteTemplate(dataDir: string): boolean {
  const template = process.env[SQLITE_TEMPLATE];
  const file = path.join(dataDir, 'agencyhq.sqlite');
  if (!template || fs.existsSync(file)) return false;
  fs.copyFileSync(template, file, fs.constants.COPYFILE_EXCL);
  return true;
}

/**
 * A database of its own copied from the run's PostgreSQL template, its schema renamed `name`: where the
 * copy is and what drops it. Undefined without a template.
 */
export async function copyPostgresTemplate(
  name: string,
): Promise<{ databaseUrl: string; drop: () => Promise<void> } | undefined> {
  const template = process.env[PG_TEMPLATE];
  if (!template) return undefined;
  const url = process.env.TEST_DATABASE_URL!;
  await onServer(url, (client) => client.query(`create database ${name} template ${template}`));
  const databaseUrl = databaseUrlFor(url, name);
  await onServer(databaseUrl, (client) => client.query(`alter schema ${TEMPLATE_SCHEMA} rename to ${name}`));
  return {
    databaseUrl,
    drop: () =>
      onServer(url, (client) => client.query(`drop database if exists ${name} with (force)`)).then(),
  };
}
