import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink';
import { testEngine } from './support/test-app';
import { startServerProcess, type ServerProcess } from './support/server-process';

/**
 * A campaign of 10,000 on the built server as real processes (docs/product/marketing.md#how-a-campaign-sends):
 * the sending instance is killed with SIGKILL at the two moments that decide between a lost and a doubled
 * copy (the real SMTP server holds its answer, so the kill lands there every run): waiting for RCPT TO,
 * before any data (the copy must go again), and after the server has the whole message (it must not). A
 * restarted instance (PostgreSQL: two, sharing the work) finishes, and the server has received each of the
 * 10,000 people exactly once: 0 duplicates, 0 lost.
 */
const ADMIN = { email: 'crash@agency.test', password: 'crash-pass-1' };
const PEOPLE = Number(process.env.CRASH_PEOPLE ?? 10_000);
const SECRETS = {
  JWT_SECRET: 'crash-test-jwt-secret-that-is-long-enough-0001',
  SECRET_KEY: 'crash-test-secret-key-that-is-long-enough-0001',
};

/** The built server, made to send to the test's SMTP server and to take over a dead instance's work in 2 s. */
const start = (env: Record<string, string>) =>
  startServerProcess({
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    ALLOW_PRIVATE_SMTP: 'true',
    SMTP_ALLOW_PLAINTEXT_LOOPBACK: 'true',
    WORKER_LEASE_MS: '2000',
    // Every instance builds and reads the same unsubscribe addresses.
    SITE_URL: 'https://news.agency.example',
    ...SECRETS,
    ...env,
  });

async function api(base: string, token: string, method: string, url: string, body?: unknown) {
  let response: Response;
  // A busy server (the import, MJML's first load) answers 503 with Retry-After: a client tries again.
  for (let attempt = 0; ; attempt += 1) {
    response = await fetch(`${base}${url}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (response.status !== 503 || attempt >= 40) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  const json = (await response.json()) as Record<string, unknown>;
  if (response.status >= 300) throw new Error(`${method} ${url}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

/** The Admin's token, trying again while a busy server answers 503. */
async function signIn(base: string): Promise<string> {
  for (let attempt = 0; attempt < 40; attempt += 1) {
    const response = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    if (response.ok) return ((await response.json()) as { token: string }).token;
    if (response.status !== 503) throw new Error(`sign-in: ${response.status} ${await response.text()}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('sign-in: the server stayed busy');
}

async function waitUntil(check: () => Promise<boolean> | boolean, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('a campaign across a kill -9 of its sender', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agencyhq-crash-'));
  let env: Record<string, string>;
  let dropDatabase: (() => Promise<void>) | undefined;
  let sink: SmtpSink;
  const servers: ServerProcess[] = [];

  /** SIGKILL to the instance whose SMTP connection the sink holds (found by its client port). */
  async function killHolder(held: { clientPort: number }): Promise<void> {
    const line = execFileSync('ss', ['-Htnp', `sport = :${held.clientPort}`], { encoding: 'utf8' });
    const pid = Number(/pid=(\d+)/.exec(line)?.[1]);
    const holder = servers.find((server) => server.child.pid === pid);
    if (!holder) throw new Error(`no instance holds port ${held.clientPort}: ${line}`);
    holder.child.kill('SIGKILL');
    await holder.exited;
  }

  beforeAll(async () => {
    sink = await startSmtpSink({ light: true });
    if (testEngine() === 'postgres') {
      const url = process.env.TEST_DATABASE_URL!;
      const name = `crash_${process.pid}_${Date.now()}`;
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
    for (const server of servers) if (server.child.exitCode === null) server.child.kill('SIGKILL');
    await Promise.all(servers.map((server) => server.exited));
    await sink?.close();
    await dropDatabase?.();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('sends each of 10,000 people exactly once, though the sending instance is killed mid-send', async () => {
    const first = await start(env);
    servers.push(first);
    const token = await signIn(first.base);
    const call = (method: string, url: string, body?: unknown) => api(first.base, token, method, url, body);

    await call('POST', '/api/email/setup', {
      host: '127.0.0.1',
      port: sink.port,
      secure: false,
      auth: { user: sink.user, pass: sink.pass },
      from: 'Agency News <news@agency.test>',
    });
    const { list } = (await call('POST', '/api/mailing-lists', {
      name: 'Everyone',
      optIn: 'single',
      consentText: 'Yes, send me the agency newsletter.',
    })) as { list: { _id?: string; id?: string } };
    const listId = (list.id ?? list._id)!;
    const csv = [
      'email,name',
      ...Array.from({ length: PEOPLE }, (_, i) => `p${i}@crash.test,Person ${i}`),
    ].join('\n');
    const form = new FormData();
    form.append('consentBasis', 'Customers who asked for news at checkout');
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'people.csv');
    const imported = await fetch(`${first.base}/api/mailing-lists/${listId}/import`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(imported.status, await imported.clone().text()).toBe(200);
    expect(((await imported.json()) as { added: number }).added).toBe(PEOPLE);

    const { template } = (await call('POST', '/api/email-templates', {
      name: 'Crash newsletter',
      subject: 'News for {{ name }}',
      preheader: '',
      mjml: '<mjml><mj-body><mj-section><mj-column><mj-text>Hello {{ name }}</mj-text></mj-column></mj-section></mj-body></mjml>',
    })) as { template: { _id: string } };
    await call('PUT', '/api/campaigns/settings', { perSecond: 250, perHour: 1_000_000 });
    const { campaign } = (await call('POST', '/api/campaigns', {
      name: 'Crash test',
      templateId: template._id,
      listId,
    })) as { campaign: { id: string } };
    await call('POST', `/api/campaigns/${campaign.id}/send`);

    // Kill 1: the sender is waiting for the server's answer to RCPT TO, before any data: that copy must go
    // again, once.
    await waitUntil(() => sink.messages.length >= PEOPLE / 4, 180_000, 'a quarter of the messages');
    await killHolder(await sink.holdNext('recipient'));
    expect(await first.exited).toBeNull();
    const receivedAtFirstKill = sink.messages.length;
    expect(receivedAtFirstKill).toBeLessThan(PEOPLE);

    // The killed instance comes back (on SQLite the only way on); on PostgreSQL a second one shares the work.
    servers.push(await start(env));
    if (testEngine() === 'postgres') servers.push(await start(env));

    // Kill 2: the server has the whole message but its answer never comes: that copy must not go again.
    await waitUntil(() => sink.messages.length >= (PEOPLE * 3) / 5, 180_000, 'three fifths of the messages');
    await killHolder(await sink.holdNext('accepted'));
    if (!servers.some((server) => server.child.exitCode === null && server.child.signalCode === null))
      servers.push(await start(env));

    const live = servers.find(
      (server) => server.child.exitCode === null && server.child.signalCode === null,
    )!;
    const token2 = await signIn(live.base);
    const status = async () =>
      (
        (await api(live.base, token2, 'GET', `/api/campaigns/${campaign.id}`)) as {
          campaign: { status: string; progress: Record<string, number> };
        }
      ).campaign;
    await waitUntil(async () => (await status()).status === 'sent', 240_000, 'the campaign to be sent').catch(
      async (error: Error) => {
        throw new Error(
          `${error.message}: ${JSON.stringify(await status())}, ${sink.messages.length} received`,
        );
      },
    );

    const counts = new Map<string, number>();
    for (const mail of sink.messages)
      for (const to of mail.envelopeTo) counts.set(to, (counts.get(to) ?? 0) + 1);
    const duplicates = [...counts].filter(([, n]) => n > 1);
    const lost = Array.from({ length: PEOPLE }, (_, i) => `p${i}@crash.test`).filter((a) => !counts.has(a));
    expect(duplicates, 'addresses mailed more than once').toEqual([]);
    expect(lost, 'addresses never mailed').toEqual([]);
    expect(sink.messages).toHaveLength(PEOPLE);
    expect((await status()).progress).toMatchObject({ total: PEOPLE, sent: PEOPLE, pending: 0, queued: 0 });
    // Every copy is bulk mail with its own one-click unsubscribe.
    const without = sink.messages.filter(
      (m) => m.headers['list-unsubscribe-post'] !== 'List-Unsubscribe=One-Click',
    );
    expect(without.slice(0, 1).map((m) => m.headers)).toEqual([]);
  }, 600_000);
});
