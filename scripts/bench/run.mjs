// `npm run bench`: prints figures (never asserts). Cold start on an existing database, then req/s and
// latency of the liveness route and a server-rendered page under 100 connections, on loopback only.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import autocannon from 'autocannon';
import { buildIfStale } from '../lib/build-if-stale.mjs';
import { freePort } from './lib/server.mjs';

const root = path.resolve(import.meta.dirname, '../..');
await buildIfStale('Building first...');

const port = await freePort();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agencyhq-bench-'));
const base = `http://127.0.0.1:${port}`;
const env = {
  ...process.env,
  PORT: String(port),
  DATA_DIR: dataDir,
  ADMIN_PASSWORD: 'bench-pass',
  LOG_LEVEL: 'warn',
  DATABASE_URL: '',
};

async function startServer() {
  const started = performance.now();
  const child = spawn(process.execPath, [path.join(root, 'dist/server/main.js')], { env, stdio: 'ignore' });
  for (;;) {
    try {
      if ((await fetch(`${base}/api/ready`)).ok) return { child, ms: performance.now() - started };
    } catch {
      await new Promise((r) => setTimeout(r, 20));
    }
  }
}

async function stop(child) {
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

const first = await startServer(); // creates and seeds the database
await stop(first.child);
const { child, ms } = await startServer();
console.log(`cold start on an existing database: ${ms.toFixed(0)} ms (target < 2000 ms)`);

for (const url of ['/api/health', '/login']) {
  const result = await autocannon({ url: base + url, connections: 100, duration: 5 });
  console.log(
    `${url.padEnd(12)} ${result.requests.average.toFixed(0)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, errors ${result.errors + result.non2xx}`,
  );
}

await stop(child);
fs.rmSync(dataDir, { recursive: true, force: true });
