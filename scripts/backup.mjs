// `npm run backup [file]`: a consistent copy of the database while the server keeps running.
// SQLite (the default): SQLite's online backup of DATA_DIR/agencyhq.sqlite into one file, every user, post,
// image and lead included (uploads live in the database). PostgreSQL (DATABASE_URL set): pg_dump in its
// custom format. Restoring is described in the README ("Backups") and exercised by tests/api/backup.test.ts.
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import SQLite from 'better-sqlite3';

const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const databaseUrl = process.env.DATABASE_URL || '';
const target = path.resolve(
  process.argv[2] ?? path.join('backups', `agencyhq-${stamp}.${databaseUrl ? 'dump' : 'sqlite'}`),
);
fs.mkdirSync(path.dirname(target), { recursive: true });

if (databaseUrl) {
  // The password, if any, stays in the URL handed to pg_dump: never printed.
  const result = spawnSync('pg_dump', ['--format=custom', '--no-owner', `--file=${target}`, databaseUrl], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (result.error) {
    console.error('pg_dump was not found: install the PostgreSQL client (Debian: postgresql-client).');
    process.exit(1);
  }
  if (result.status !== 0) process.exit(result.status ?? 1);
} else {
  const source = path.join(path.resolve(process.env.DATA_DIR || './data'), 'agencyhq.sqlite');
  if (!fs.existsSync(source)) {
    console.error(`No database at ${source}: set DATA_DIR to the server's data directory.`);
    process.exit(1);
  }
  // A second connection is fine beside a running server (WAL); the backup API copies a consistent state.
  const db = new SQLite(source, { readonly: true, fileMustExist: true });
  try {
    await db.backup(target);
  } finally {
    db.close();
  }
}
console.log(`Backup written to ${target} (${(fs.statSync(target).size / 1024).toFixed(0)} KB)`);
