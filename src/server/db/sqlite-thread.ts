import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * Every connection to the embedded database, the process's own and its threads': WAL for concurrent
 * readers; FULL so a committed write survives power loss; foreign keys; wait rather than fail on locks.
 * A page cache of up to 64 MiB (SQLite's default is 2 MiB), filled only as pages are read: a 100k-row
 * import updates a dozen indexes at once, and with the default it re-read their pages from the OS for a
 * third of its time (docs/architecture.md#budgets).
 */
export const SQLITE_PRAGMAS = [
  'journal_mode = WAL',
  'synchronous = FULL',
  'foreign_keys = ON',
  'busy_timeout = 5000',
  'cache_size = -65536',
];

/**
 * A worker thread with its own connection to `file` (named `db` in `body`, which answers the thread's
 * messages). The code runs by `eval`, so it needs no file of its own in the bundle, nor a TypeScript
 * loader under the tests; better-sqlite3 is loaded from where this process found it.
 */
export function startSqliteThread(file: string, body: string): Worker {
  const source = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { fileMustExist: true });
for (const pragma of workerData.pragmas) db.pragma(pragma);
${body}`;
  return new Worker(source, {
    eval: true,
    workerData: {
      file,
      driver: createRequire(import.meta.url).resolve('better-sqlite3'),
      pragmas: SQLITE_PRAGMAS,
    },
  });
}
