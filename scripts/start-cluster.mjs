// `npm run start:cluster`: one server process per core on this machine, sharing one port (node:cluster),
// for PostgreSQL set-ups (an embedded SQLite database belongs to one process). WORKERS overrides the
// count. A worker that dies is replaced; SIGTERM/SIGINT stop every worker gracefully (each drains its
// requests), then the primary exits.
import cluster from 'node:cluster';
import os from 'node:os';
import path from 'node:path';
import { buildIfStale } from './lib/build-if-stale.mjs';

const root = path.resolve(import.meta.dirname, '..');
if (!process.env.DATABASE_URL) {
  console.error(
    'start:cluster runs several processes on one database: set DATABASE_URL to a PostgreSQL database ' +
      '(the embedded SQLite database serves one process; use npm start for it).',
  );
  process.exit(1);
}
await buildIfStale('Building AgencyHQ (first start or sources changed)...');

const workers = process.env.WORKERS ? Number(process.env.WORKERS) : os.availableParallelism();
if (!Number.isInteger(workers) || workers < 1) {
  console.error(`WORKERS must be a whole number of at least 1 (got "${process.env.WORKERS}").`);
  process.exit(1);
}
cluster.setupPrimary({ exec: path.join(root, 'dist/server/main.js') });

// A worker that dies while serving is replaced at once. One that dies before it ever listened (a database
// that does not exist, a port in use) would die again the same way: after `workers` such deaths in a row
// the primary gives up with exit 1, as `npm start` would, instead of re-forking forever.
let stopping = false;
let exitCode = 0;
let failedStarts = 0;
const listened = new WeakSet();
cluster.on('listening', (worker) => {
  listened.add(worker);
  failedStarts = 0;
});
function stopAll(code) {
  stopping = true;
  exitCode = code;
  for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
  if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(exitCode);
}
cluster.on('exit', (worker, code, signal) => {
  if (stopping) {
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(exitCode);
    return;
  }
  if (!listened.has(worker) && ++failedStarts >= workers) {
    console.error(`${failedStarts} workers in a row ended before serving (${signal ?? code}); stopping.`);
    stopAll(1);
    return;
  }
  console.error(`worker ${worker.process.pid} ended (${signal ?? code}); starting another`);
  cluster.fork();
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stopAll(0));
for (let i = 0; i < workers; i++) cluster.fork();
console.log(`AgencyHQ: ${workers} workers on port ${process.env.PORT ?? 3000}`);
