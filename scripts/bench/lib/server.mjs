// What every bench does around its measurements: build if stale, start the built server on a free loopback
// port with its own settings, sign in, stop it, and read percentiles.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fork, spawn } from 'node:child_process';

const root = path.resolve(import.meta.dirname, '../../..');
const READY_TIMEOUT_MS = 60_000;

export const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/** The p-th percentile of an ascending array (nearest rank). */
export function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

export async function freePort() {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/**
 * dist/server/main.js with `env` (DATA_DIR, DATABASE_URL…) and `admin` as its first Admin; resolves once
 * /api/ready answers, signed in as that Admin: `{ child, base, headers }` (headers carry the bearer token).
 * `nodeArgs` go before the script (e.g. `--import` of a monitor); `ipc` opens a channel to the child.
 */
export async function startServer(env, admin, { nodeArgs = [], ipc = false } = {}) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...nodeArgs, path.join(root, 'dist/server/main.js')], {
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit', ...(ipc ? ['ipc'] : [])],
  });
  const server = { child, base, headers: {} };
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error('the server exited during start');
    if (Date.now() > deadline) {
      await stopServer(server);
      throw new Error(`the server was not ready within ${READY_TIMEOUT_MS / 1000} s`);
    }
    try {
      if ((await fetch(`${base}/api/ready`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  const login = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(admin),
  });
  if (!login.ok) throw new Error(`bench sign-in failed: HTTP ${login.status}`);
  server.headers = { authorization: `Bearer ${(await login.json()).token}` };
  return server;
}

/**
 * One start of the built server on the existing database of `env`: ms from spawning it until /api/health
 * answers (`health`), then until the home page does (`page`: the server-side renderer loads after listen).
 * The server is stopped before this resolves.
 */
export async function coldStart(env) {
  return timeStart([path.join(root, 'dist/server/main.js')], env, ['/api/health', '/']);
}

/**
 * The baseline of a start on the same machine in the same run: a bare Fastify process with one route, from
 * spawning it until `/api/health` answers. A start's figure moves with the machine (`node -e 1` alone took
 * 40 ms on one and 110 ms on another), so the bench prints the product's start beside this one.
 */
export async function coldStartBare() {
  const answers = path.join(os.tmpdir(), `agencyhq-bare-start-${process.pid}.json`);
  fs.writeFileSync(
    answers,
    JSON.stringify({
      '/api/health': { contentType: 'application/json', body: Buffer.from('{"ok":true}').toString('base64') },
    }),
  );
  const port = await freePort();
  const { health } = await timeStart(
    [path.join(import.meta.dirname, 'bare-server.mjs'), answers, String(port)],
    {},
    ['/api/health'],
    port,
  );
  fs.rmSync(answers, { force: true });
  return health;
}

/** Spawns `node <args>` and times, from the spawn, the first OK answer to each URL in turn. */
async function timeStart(args, env, urls, knownPort) {
  const port = knownPort ?? (await freePort());
  const base = `http://127.0.0.1:${port}`;
  const startedAt = performance.now();
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env, PORT: String(port), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const server = { child, base, headers: {} };
  const answered = async (url) => {
    const deadline = Date.now() + READY_TIMEOUT_MS;
    for (;;) {
      if (child.exitCode !== null) throw new Error('the server exited during start');
      if (Date.now() > deadline) {
        await stopServer(server);
        throw new Error(`${url} did not answer within ${READY_TIMEOUT_MS / 1000} s`);
      }
      try {
        const response = await fetch(base + url);
        await response.arrayBuffer();
        if (response.ok) return performance.now() - startedAt;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 5));
    }
  };
  const times = {};
  for (const url of urls) times[url === '/' ? 'page' : 'health'] = await answered(url);
  await stopServer(server);
  return times;
}

export async function stopServer(server) {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  const exited = new Promise((r) => server.child.once('exit', r));
  server.child.kill('SIGTERM');
  await exited;
}

/**
 * The built server on an embedded database in a new temporary folder, with the event-loop monitor
 * preloaded (lib/loop-monitor.mjs) and `loopMaxSinceLast()`: its longest event-loop delay since the last
 * call, in ms, read over IPC. Killed when the bench exits.
 */
export async function startMonitoredServer(name, admin) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `agencyhq-${name}-`));
  const server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '' }, admin, {
    nodeArgs: ['--import', path.join(import.meta.dirname, 'loop-monitor.mjs')],
    ipc: true,
  });
  process.on('exit', () => server.child.kill());
  async function loopMaxSinceLast() {
    const answer = new Promise((resolve) => server.child.once('message', (m) => resolve(m.loop)));
    server.child.send('loop:read');
    const { maxMs } = await answer;
    server.child.send('loop:reset');
    return maxMs;
  }
  return { server, dataDir, loopMaxSinceLast };
}

/**
 * The bare baseline of a run: each of `urls` asked once of `server` (with `headers`), its bytes recorded
 * into `file` (identity: autocannon asks for no compression), and a bare Fastify serving those very bytes
 * started in a process of its own. Answers `{ answers, base, stop }`.
 */
export async function startBareTwin(server, urls, headers, file) {
  const answers = {};
  for (const url of urls) {
    const response = await fetch(server.base + url, { headers });
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
    answers[url] = {
      contentType: response.headers.get('content-type'),
      body: Buffer.from(await response.arrayBuffer()).toString('base64'),
    };
  }
  fs.writeFileSync(file, JSON.stringify(answers));
  const port = await freePort();
  const bare = fork(path.join(import.meta.dirname, 'bare-server.mjs'), [file, String(port)], {
    stdio: 'ignore',
  });
  process.on('exit', () => bare.kill());
  await new Promise((resolve) => bare.once('message', resolve));
  return { answers, base: `http://127.0.0.1:${port}`, stop: () => bare.kill() };
}
