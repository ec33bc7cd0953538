import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';

/**
 * `npm run start:cluster` (scripts/start-cluster.mjs) as real processes on a fresh PostgreSQL database:
 * two workers answer on one port (which one answered is read from the server's own request log, never
 * from anything a client sees); a sign-in and a write made through one worker hold on the other (the
 * generated JWT secret is shared through the database); a worker killed with SIGKILL is replaced while
 * the other keeps answering; SIGTERM lets every worker finish its requests and exit, then the primary
 * exits 0 with no process left behind. Without DATABASE_URL the script refuses to start.
 */
const root = path.resolve(import.meta.dirname, '../..');
const SCRIPT = path.join(root, 'scripts/start-cluster.mjs');
const ADMIN = { email: 'cluster@agency.test', password: 'cluster-pass-1' };
const NO_DATABASE_URL =
  'start:cluster runs several processes on one database: set DATABASE_URL to a PostgreSQL database';

/** Why this file cannot run here, or undefined when PostgreSQL answers. */
async function whyNotRunnable(): Promise<string | undefined> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return 'TEST_DATABASE_URL is not set (start:cluster needs PostgreSQL)';
  if (process.env.TEST_DB_ENGINE === 'sqlite')
    return 'this is the SQLite pass of npm test (the PostgreSQL pass runs it)';
  if (process.platform !== 'linux') return 'it reads the worker processes from /proc (Linux only)';
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
  } catch (error) {
    return `PostgreSQL at TEST_DATABASE_URL does not answer (${(error as Error).message})`;
  }
  await client.end();
  return undefined;
}
const skipReason = await whyNotRunnable();
if (skipReason) console.warn(`start:cluster suite skipped: ${skipReason}`);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until `check` answers something other than undefined/false, or fails naming `what`. */
async function until<T>(
  what: string,
  check: () => T | undefined | false | Promise<T | undefined | false>,
  timeoutMs: number,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await sleep(20);
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** The processes whose parent is `pid`, from /proc. */
function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // pid (comm) state ppid ...: comm may hold spaces and parentheses, so read after the last ')'.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) children.push(Number(entry));
    } catch {
      // ended while we looked
    }
  }
  return children.sort((a, b) => a - b);
}

/** Every live process whose environment names this DATABASE_URL: only what this file spawned does. */
function processesWith(databaseUrl: string): number[] {
  const found: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const environ = fs.readFileSync(`/proc/${entry}/environ`, 'utf8').split('\0');
      if (environ.includes(`DATABASE_URL=${databaseUrl}`)) found.push(Number(entry));
    } catch {
      // ended, or not ours to read
    }
  }
  return found;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

interface Line {
  at: number;
  text: string;
  json?: { pid?: number; msg?: string; req?: { url?: string } };
}

interface Cluster {
  child: ChildProcess;
  /** The primary's exit; the test reads the code and the signal. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Its output pipes closed: the workers hold them too, so every one of them has ended as well. */
  closed: Promise<void>;
  /** The primary's and (inherited) the workers' output, line by line, with when it arrived. */
  stdout: Line[];
  stderr: Line[];
}

function collectLines(stream: NodeJS.ReadableStream, into: Line[]): void {
  let rest = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    const parts = (rest + chunk).split('\n');
    rest = parts.pop()!;
    for (const text of parts) {
      let json: Line['json'];
      if (text.startsWith('{'))
        try {
          json = JSON.parse(text);
        } catch {
          // not a log record
        }
      into.push({ at: Date.now(), text, json });
    }
  });
}

function launch(env: Record<string, string>): Cluster {
  const child = spawn(process.execPath, [SCRIPT], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const cluster: Cluster = {
    child,
    exited: new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal }))),
    closed: new Promise((resolve) => child.once('close', () => resolve())),
    stdout: [],
    stderr: [],
  };
  collectLines(child.stdout!, cluster.stdout);
  collectLines(child.stderr!, cluster.stderr);
  return cluster;
}

/** Workers that logged "Server listening", in order. */
const listeningPids = (c: Cluster) =>
  c.stdout.filter((l) => l.json?.msg?.startsWith('Server listening')).map((l) => l.json!.pid!);

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what}: not within ${ms} ms`)), ms);
    }),
  ]);
}

interface Answer {
  status: number;
  body: string;
  /** The probe id in the URL: the server's request log names the process that answered it. */
  probe: string;
}

let probes = 0;
/** One request on a connection of its own (agent: false: `Connection: close`, no reuse). */
function send(
  port: number,
  method: 'GET' | 'POST',
  url: string,
  options: { token?: string; json?: unknown; probe?: string; timeoutMs?: number } = {},
): Promise<Answer> {
  const probe = options.probe ?? `p${++probes}`;
  const payload = options.json === undefined ? undefined : JSON.stringify(options.json);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: `${url}${url.includes('?') ? '&' : '?'}probe=${probe}`,
        agent: false,
        timeout: options.timeoutMs ?? 10_000,
        headers: {
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        },
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body, probe }));
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error(`${method} ${url} timed out`)));
    request.on('error', reject);
    request.end(payload);
  });
}

/** The worker whose request log shows the probe arriving. */
function answeredBy(c: Cluster, probe: string): Promise<number> {
  return until(
    `the request log line of probe ${probe}`,
    () =>
      c.stdout.find(
        (l) =>
          l.json?.msg === 'incoming request' &&
          new URL(l.json.req?.url ?? '/', 'http://x').searchParams.get('probe') === probe,
      )?.json?.pid,
    5000,
  );
}

const byPid = (a: number, b: number) => a - b;

/**
 * Sends requests, four at a time, each on its own connection, until every worker has answered one (at
 * most 100): node:cluster's round robin alternates, the operating system's scheduling (if chosen) need not.
 */
async function untilEachAnswers(
  c: Cluster,
  workers: number[],
  request: () => Promise<Answer>,
): Promise<{ answers: Answer[]; pids: number[] }> {
  const answers: Answer[] = [];
  const pids: number[] = [];
  while (answers.length < 100 && !workers.every((pid) => pids.includes(pid))) {
    const batch = await Promise.all([request(), request(), request(), request()]);
    answers.push(...batch);
    pids.push(...(await Promise.all(batch.map((a) => answeredBy(c, a.probe)))));
  }
  return { answers, pids: [...new Set(pids)].sort(byPid) };
}

describe('start:cluster without DATABASE_URL', () => {
  it('refuses to start, exits 1 and says why', async () => {
    const c = launch({ DATABASE_URL: '', WORKERS: '2', PORT: String(await freePort()), HOST: '127.0.0.1' });
    try {
      const { code } = await withTimeout(c.exited, 10_000, 'the refusal');
      expect(code).toBe(1);
      await withTimeout(c.closed, 5000, 'the last of its output');
      expect(c.stderr.map((l) => l.text).join('\n')).toContain(NO_DATABASE_URL);
      expect(c.stdout.map((l) => l.text).join('\n')).not.toContain('workers on port');
    } finally {
      if (c.child.exitCode === null) c.child.kill('SIGKILL');
    }
  });
});

describe('start:cluster that cannot serve', () => {
  it('refuses a WORKERS that is not a whole number of at least 1', async () => {
    for (const workers of ['-1', 'abc', '1.5', '0']) {
      const c = launch({ DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none', WORKERS: workers });
      try {
        expect((await withTimeout(c.exited, 10_000, 'the refusal')).code, workers).toBe(1);
        await withTimeout(c.closed, 5000, 'the last of its output');
        expect(c.stderr.map((l) => l.text).join('\n')).toContain('WORKERS must be a whole number');
      } finally {
        if (c.child.exitCode === null) c.child.kill('SIGKILL');
      }
    }
  });

  it('gives up with exit 1 when every worker dies before serving, instead of re-forking forever', async () => {
    // Nothing listens on port 1: each worker fails to reach its database and ends before listening.
    const c = launch({
      DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
      WORKERS: '2',
      PORT: String(await freePort()),
      HOST: '127.0.0.1',
    });
    try {
      expect((await withTimeout(c.exited, 20_000, 'giving up')).code).toBe(1);
      await withTimeout(c.closed, 5000, 'the last of its output');
      expect(c.stderr.map((l) => l.text).join('\n')).toContain('ended before serving');
    } finally {
      if (c.child.exitCode === null) c.child.kill('SIGKILL');
    }
  });
});

describe.skipIf(skipReason !== undefined)('start:cluster with two workers on PostgreSQL', () => {
  // The body runs even when skipped: nothing here may assume PostgreSQL or leave anything behind.
  const adminUrl = process.env.TEST_DATABASE_URL ?? '';
  const name = `cluster_${process.pid}_${Date.now()}`;
  const databaseUrl = adminUrl.replace(/\/[^/?]+(\?|$)/, `/${name}$1`);
  let dataDir: string | undefined;
  let c: Cluster;
  let port: number;
  let token: string;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    port = await freePort();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agencyhq-cluster-'));
    c = launch({
      WORKERS: '2',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      REDIS_URL: '',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      // Generated into the shared database: the two workers must agree on them.
      JWT_SECRET: '',
      SECRET_KEY: '',
      // The request log says which worker answered.
      LOG_LEVEL: 'info',
      // Not what this file tests, and a busy CI machine must not trip them.
      ADDRESS_LIMIT_MULTIPLIER: '1000',
      PASSWORD_HASH_MAX_WAIT_MS: '60000',
      OVERLOAD_EVENT_LOOP_DELAY_MS: '0',
    });
    await until(
      'two workers listening',
      () => {
        if (c.child.exitCode !== null)
          throw new Error(
            `start:cluster exited ${c.child.exitCode}: ${c.stderr.map((l) => l.text).join('\n')}`,
          );
        return listeningPids(c).length >= 2;
      },
      20_000,
    );
  });

  afterAll(async () => {
    if (c && c.child.exitCode === null && c.child.signalCode === null) {
      c.child.kill('SIGKILL');
      await withTimeout(c.exited, 5000, 'the primary after SIGKILL').catch(() => undefined);
    }
    try {
      // Workers outlive a killed primary only until they notice; none may stay either way.
      for (const pid of processesWith(databaseUrl)) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }
      await until('no process left on the database', () => processesWith(databaseUrl).length === 0, 5000);
    } finally {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
      if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('answers on one port from two worker processes', async () => {
    const workers = childrenOf(c.child.pid!);
    expect(workers).toHaveLength(2);
    expect(listeningPids(c).sort(byPid)).toEqual(workers);
    expect(c.stdout.map((l) => l.text)).toContain(`AgencyHQ: 2 workers on port ${port}`);
    const { answers, pids } = await untilEachAnswers(c, workers, () => send(port, 'GET', '/api/ready'));
    expect(answers.filter((a) => a.status !== 200)).toEqual([]);
    expect(pids).toEqual(workers);
  });

  it('holds a sign-in and a write made through one worker on the other', async () => {
    const workers = childrenOf(c.child.pid!);
    const login = await send(port, 'POST', '/api/login', { json: ADMIN });
    expect(login.status).toBe(200);
    token = JSON.parse(login.body).token;
    const email = `lead-${Date.now()}@cluster.test`;
    const created = await send(port, 'POST', '/api/leads', {
      token,
      json: { name: 'Cluster Lead', email },
    });
    expect(created.status).toBe(201);
    const id = JSON.parse(created.body).lead.id;
    expect(workers).toContain(await answeredBy(c, login.probe));
    expect(workers).toContain(await answeredBy(c, created.probe));

    // Both workers read the lead with the token: at least one of them neither signed in nor wrote it.
    const { answers, pids } = await untilEachAnswers(c, workers, () =>
      send(port, 'GET', `/api/leads/${id}`, { token }),
    );
    expect(answers.map((a) => [a.status, JSON.parse(a.body).email])).toEqual(answers.map(() => [200, email]));
    expect(pids).toEqual(workers);
  });

  it('replaces a worker killed with SIGKILL while the other keeps answering', async () => {
    const [victim, survivor] = childrenOf(c.child.pid!) as [number, number];
    const before = new Set(listeningPids(c));
    const outcomes: { started: number; status: number | string; probe: string }[] = [];
    let stop = false;
    // Three clients, each sending one request after another on fresh connections.
    const lanes = [0, 1, 2].map(async () => {
      while (!stop) {
        const started = Date.now();
        const probe = `p${++probes}`;
        try {
          const answer = await send(port, 'GET', '/api/ready', { probe, timeoutMs: 2000 });
          outcomes.push({ started, status: answer.status, probe });
        } catch (error) {
          outcomes.push({ started, status: (error as NodeJS.ErrnoException).code ?? String(error), probe });
        }
      }
    });
    try {
      await until('traffic flowing', () => outcomes.length >= 6, 5000);
      process.kill(victim, 'SIGKILL');
      const ended = await until(
        'the primary reporting the death',
        () => c.stderr.find((l) => l.text === `worker ${victim} ended (SIGKILL); starting another`),
        5000,
      );
      const replacement = await until(
        'a replacement listening',
        () => listeningPids(c).find((pid) => !before.has(pid)),
        15_000,
      );
      const replaced = Date.now();
      await until(
        'traffic after the replacement',
        () => outcomes.filter((o) => o.started > replaced && o.status === 200).length >= 10,
        5000,
      );
      stop = true;
      await Promise.all(lanes);

      expect(alive(victim)).toBe(false);
      expect(childrenOf(c.child.pid!)).toEqual([survivor, replacement].sort(byPid));
      // What the victim held when it died may be lost (and a connection node:cluster's round robin handed
      // it before the primary noticed hangs until the client gives up); every request sent once the
      // primary knew of the death was answered, by the survivor alone until the replacement listened.
      const lost = outcomes.filter((o) => o.status !== 200);
      expect(lost.filter((o) => o.started >= ended.at)).toEqual([]);
      const gap = outcomes.filter((o) => o.started >= ended.at && o.started < replaced);
      expect(gap.length).toBeGreaterThan(0);
      expect(await answeredBy(c, gap[0]!.probe)).toBe(survivor);
    } finally {
      stop = true;
      await Promise.all(lanes);
    }

    // Two workers again, both answering, and the session signed in before holds on the newcomer.
    const workers = childrenOf(c.child.pid!);
    const { answers, pids } = await untilEachAnswers(c, workers, () =>
      send(port, 'GET', '/api/profile', { token }),
    );
    expect(answers.filter((a) => a.status !== 200)).toEqual([]);
    expect(pids).toEqual(workers);
  });

  it('on SIGTERM lets every worker finish its requests and exit, then exits 0, leaving nothing', async () => {
    const workers = childrenOf(c.child.pid!);
    expect(workers).toHaveLength(2);
    // Sign-ins are the slowest answers (scrypt): two in flight when the signal arrives.
    const drains = ['drain-a', 'drain-b'];
    const logins = drains.map((probe) => send(port, 'POST', '/api/login', { json: ADMIN, probe }));
    await Promise.all(drains.map((probe) => answeredBy(c, probe)));
    const signalled = Date.now();
    c.child.kill('SIGTERM');
    expect((await Promise.all(logins)).map((a) => a.status)).toEqual([200, 200]);
    expect(await withTimeout(c.exited, 15_000, 'the primary exiting')).toEqual({ code: 0, signal: null });
    await withTimeout(c.closed, 5000, 'every process holding the output ending');
    expect(Date.now() - signalled).toBeLessThan(15_000);

    for (const pid of workers) expect(alive(pid)).toBe(false);
    expect(processesWith(databaseUrl)).toEqual([]);
    // Each worker took the graceful path (not the default end a signal brings), and none was replaced.
    for (const pid of workers)
      expect(c.stdout.some((l) => l.json?.pid === pid && l.json.msg?.startsWith('SIGTERM received'))).toBe(
        true,
      );
    expect(c.stderr.filter((l) => l.at >= signalled && l.text.includes('starting another'))).toEqual([]);
    await expect(send(port, 'GET', '/api/health')).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });
});
