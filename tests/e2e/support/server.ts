import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';

export const E2E_ADMIN = { email: 'admin@agency.test', password: 'e2e-admin-pass' };
const root = path.resolve(import.meta.dirname, '../../..');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  baseURL: string;
  dataDir: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

/** The built product (dist/server/main.js) on a free loopback port with its own temp DATA_DIR. */
export async function startServer(extraEnv: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agencyhq-e2e-'));
  const child = spawn(process.execPath, [path.join(root, 'dist/server/main.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      // Its own limits: counts left in a shared Redis by an earlier run must not refuse this run's sign-ins.
      REDIS_URL: '',
      // The suites sign up hundreds of accounts from this one address; the limits themselves are API-tested.
      ADDRESS_LIMIT_MULTIPLIER: '1000',
      // Every page the suites open comes from this one address too (the render budget is API-tested).
      RENDER_BUDGET_PER_CLIENT: '0',
      // scrypt at its floor (2^14): the same code, a fraction of the time per sign-in.
      PASSWORD_HASH_COST: '14',
      // No load shedding: two browsers and two servers on two cores hold the event loop past its 1 s limit now
      // and then, and a beacon or a save answered 503 fails a journey that is not about overload (CI run 19's
      // analytics test got 503 from /api/event). Shedding itself is API-tested (tests/api/flood-defences.test.ts).
      OVERLOAD_EVENT_LOOP_DELAY_MS: '0',
      SITE_URL: `http://127.0.0.1:${port}`,
      ...extraEnv,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseURL = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${baseURL}/api/ready`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('server did not become ready within 20 s');
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    baseURL,
    dataDir,
    process: child,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
