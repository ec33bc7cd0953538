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

const workers = Number(process.env.WORKERS) || os.availableParallelism();
cluster.setupPrimary({ exec: path.join(root, 'dist/server/main.js') });
let stopping = false;
cluster.on('exit', (worker, code, signal) => {
  if (stopping) {
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
    return;
  }
  console.error(`worker ${worker.process.pid} ended (${signal ?? code}); starting another`);
  cluster.fork();
});
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
  });
for (let i = 0; i < workers; i++) cluster.fork();
console.log(`AgencyHQ: ${workers} workers on port ${process.env.PORT ?? 3000}`);
