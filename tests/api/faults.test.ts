import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { testEngine } from './support/test-app';
import { startServerProcess } from './support/server-process';

/**
 * Faults (docs/security.md#faults), on the built server as a real process (dist/server/main.js): SIGTERM drains what is in
 * flight and exits 0; `kill -9` never loses an acknowledged write, 20 times over, on SQLite and on
 * PostgreSQL.
 */
const ADMIN = { email: 'faults@agency.test', password: 'faults-pass-1' };
const start = (env: Record<string, string>) =>
  startServerProcess({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, ...env });

async function token(base: string): Promise<string> {
  const response = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  return (await response.json()).token;
}

describe('faults of the server process', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agencyhq-faults-'));
  let env: Record<string, string>;
  let dropDatabase: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    if (testEngine() === 'postgres') {
      const url = process.env.TEST_DATABASE_URL!;
      const name = `faults_${process.pid}_${Date.now()}`;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
      env = { DATA_DIR: dataDir, DATABASE_URL: url.replace(/\/[^/?]+(\?|$)/, `/${name}$1`) };
      dropDatabase = async () => {
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        await client.query(`drop database if exists ${name} with (force)`);
        await client.end();
      };
    } else env = { DATA_DIR: dataDir, DATABASE_URL: '' };
  });
  afterAll(async () => {
    await dropDatabase?.();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('finishes requests in flight on SIGTERM, refuses new ones, and exits 0', async () => {
    // The hashing gate's time bound is lifted: this is about draining, not about refusing a queue that a
    // busy test machine makes longer than 2 s (the password gate of docs/decisions/0007-bounded-work.md answered some of the five 503).
    const server = await start({ ...env, PASSWORD_HASH_MAX_WAIT_MS: '60000' });
    // Sign-ins are the slowest answers (scrypt): five in flight when the signal arrives.
    const inFlight = Array.from({ length: 5 }, () =>
      fetch(`${server.base}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(ADMIN),
      }).then((r) => r.status),
    );
    // Long enough for the server to have accepted all five (on a loaded machine 30 ms was not: a connection
    // still in the kernel's backlog is reset when the listener closes), short of the five hashes' time.
    await new Promise((r) => setTimeout(r, 250));
    server.child.kill('SIGTERM');
    expect(await Promise.all(inFlight)).toEqual([200, 200, 200, 200, 200]);
    const late = await fetch(`${server.base}/api/health`).then(
      (r) => r.status,
      () => 'refused',
    );
    expect([503, 'refused']).toContain(late);
    expect(await server.exited).toBe(0);
  });

  it('keeps every acknowledged write through 20 kill -9s', async () => {
    const acknowledged: string[] = [];
    for (let round = 0; round < 20; round++) {
      const server = await start(env);
      const headers = {
        'content-type': 'application/json',
        authorization: `Bearer ${await token(server.base)}`,
      };
      // Writes stream in one after another; the process dies at a moment none of them chose.
      let killed = false;
      const writing = (async () => {
        for (let i = 0; !killed; i++) {
          const email = `kill-${round}-${i}@faults.test`;
          try {
            const response = await fetch(`${server.base}/api/leads`, {
              method: 'POST',
              headers,
              body: JSON.stringify({ name: `Round ${round} lead ${i}`, email }),
            });
            if (response.status === 201) acknowledged.push(email);
          } catch {
            return; // the connection died with the process: not acknowledged
          }
        }
      })();
      await new Promise((r) => setTimeout(r, 60 + Math.random() * 200));
      killed = true;
      server.child.kill('SIGKILL');
      await writing;
      await server.exited;
    }
    expect(acknowledged.length).toBeGreaterThan(20);

    const server = await start(env);
    try {
      const headers = { authorization: `Bearer ${await token(server.base)}` };
      const stored = new Set<string>();
      for (let page = 1; ; page++) {
        const answer = await (
          await fetch(`${server.base}/api/leads?limit=100&page=${page}`, { headers })
        ).json();
        for (const lead of answer.leads) stored.add(lead.email);
        if (answer.leads.length < 100) break;
      }
      expect(acknowledged.filter((email) => !stored.has(email))).toEqual([]);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  }, 120_000);
});
