// `npm run bench:webhooks` (docs/decisions/0016-webhooks.md#fairness): a tarpit workspace with 10,000
// queued events beside a healthy one, on the built app. The healthy workspace's events are timed from the
// lead's creation to their arrival at its receiver, first alone (the baseline, in this same run), then
// with the tarpit's queue full and its receiver holding every connection open. Prints the figures and the
// ratio; never asserts. Loopback only.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import Database from 'better-sqlite3';
import { buildIfStale } from '../lib/build-if-stale.mjs';
import { percentile, startServer, stopServer } from './lib/server.mjs';
import os from 'node:os';

const ADMIN = { email: 'bench@agency.test', password: 'bench-pass-1' };
const QUEUED = 10_000;
const SAMPLES = 8;

await buildIfStale('Building first...');

/** A receiver on a loopback port: `tarpit` takes every connection and never answers. */
async function receiver(tarpit) {
  const arrivals = new Map();
  let open = 0;
  let mostOpen = 0;
  const server = http.createServer((request, response) => {
    const chunks = [];
    request.on('data', (c) => chunks.push(c));
    request.on('end', () => {
      if (tarpit) return;
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      arrivals.set(body.data?.lead?.email, performance.now());
      response.end('ok');
    });
  });
  server.on('connection', (socket) => {
    open += 1;
    mostOpen = Math.max(mostOpen, open);
    socket.on('close', () => (open -= 1));
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${server.address().port}/hook`,
    arrivals,
    get mostOpen() {
      return mostOpen;
    },
    close: () => {
      server.closeAllConnections();
      return new Promise((r) => server.close(r));
    },
  };
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agencyhq-webhooks-'));
const server = await startServer(
  { DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '', ALLOW_PRIVATE_WEBHOOKS: 'true' },
  ADMIN,
);
process.on('exit', () => server.child.kill());
const sqlite = new Database(path.join(dataDir, 'agencyhq.sqlite'));
sqlite.pragma('busy_timeout = 10000');

async function api(method, route, headers, body) {
  const response = await fetch(server.base + route, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${route}: HTTP ${response.status} ${text}`);
  return JSON.parse(text);
}

/** A business owner whose address is proven (set in the database: the bench reads no mailbox). */
async function owner(name, hookUrl) {
  const email = `owner@${name.toLowerCase()}-${randomUUID().slice(0, 6)}.test`;
  const password = 'bench-pass-1';
  await api(
    'POST',
    '/api/register',
    {},
    {
      userType: 'business-owner',
      businessName: name,
      email,
      password,
      confirmPassword: password,
    },
  );
  sqlite
    .prepare('update users set email_confirmed_at = ? where email = ?')
    .run(new Date().toISOString(), email);
  const { token, user } = await api('POST', '/api/login', {}, { email, password });
  const headers = { authorization: `Bearer ${token}` };
  const { webhook } = await api('POST', '/api/webhooks', headers, { url: hookUrl, events: ['lead.created'] });
  return { headers, workspaceId: user.workspaceId ?? user.workspace_id, webhookId: webhook._id };
}

/** Creates leads one after another; answers each one's time from the request to its arrival, in ms. */
async function timedLeads(who, hook, label) {
  const times = [];
  for (let i = 0; i < SAMPLES; i += 1) {
    const email = `${label}-${i}@healthy.test`;
    const started = performance.now();
    await api('POST', '/api/leads', who.headers, { name: `Lead ${i}`, email });
    const deadline = started + 120_000;
    while (!hook.arrivals.has(email) && performance.now() < deadline)
      await new Promise((r) => setTimeout(r, 20));
    times.push(hook.arrivals.has(email) ? hook.arrivals.get(email) - started : Infinity);
  }
  return times.sort((a, b) => a - b);
}

const healthyHook = await receiver(false);
const tarpitHook = await receiver(true);
const healthy = await owner('Healthy', healthyHook.url);
const tarpit = await owner('Tarpit', tarpitHook.url);

console.log('  the healthy workspace alone...');
const alone = await timedLeads(healthy, healthyHook, 'alone');

console.log(`  ${QUEUED.toLocaleString('en-US')} events queued for the tarpit...`);
const now = new Date().toISOString();
const insert = sqlite.prepare(
  `insert into webhook_deliveries (id, webhook_id, workspace_id, event_id, event, payload, status, attempts,
     next_attempt_at, created_at) values (?, ?, ?, ?, 'lead.created', ?, 'queued', 0, ?, ?)`,
);
sqlite.transaction(() => {
  for (let i = 0; i < QUEUED; i += 1) {
    const eventId = randomUUID();
    const payload = JSON.stringify({
      id: eventId,
      event: 'lead.created',
      createdAt: now,
      data: { lead: { email: `t${i}@tarpit.test` } },
    });
    insert.run(randomUUID(), tarpit.webhookId, tarpit.workspaceId, eventId, payload, now, now);
  }
})();
// One real event wakes the worker; it finds the tarpit's queue at once.
await api('POST', '/api/leads', tarpit.headers, { name: 'Wake', email: 'wake@tarpit.test' });
await new Promise((r) => setTimeout(r, 2_000));
console.log('  the healthy workspace beside the tarpit...');
const beside = await timedLeads(healthy, healthyHook, 'beside');

const attempts = sqlite
  .prepare('select count(*) as n from webhook_deliveries where workspace_id = ? and attempts > 0')
  .get(tarpit.workspaceId).n;
const held = sqlite.prepare('select held_until from webhooks where id = ?').get(tarpit.webhookId).held_until;

await stopServer(server);
sqlite.close();
await healthyHook.close();
await tarpitHook.close();
fs.rmSync(dataDir, { recursive: true, force: true });

const ms = (v) => (Number.isFinite(v) ? `${v.toFixed(0)} ms` : 'never');
const p50 = (a) => percentile(a, 50);
console.log(`
healthy workspace's event, from the lead's creation to its receiver (${SAMPLES} each, one after another)
  alone (baseline)                 median ${ms(p50(alone))}, slowest ${ms(alone.at(-1))}
  beside a tarpit of ${QUEUED.toLocaleString('en-US')} queued   median ${ms(p50(beside))}, slowest ${ms(beside.at(-1))}
  ratio of slowest to baseline's slowest: ${(beside.at(-1) / alone.at(-1)).toFixed(1)}×
the tarpit: at most ${tarpitHook.mostOpen} connections open at once; ${attempts} of its deliveries tried; held until ${held ?? '(not held)'}
Target: the healthy workspace's events arrive within seconds (slowest under 5 s) beside the tarpit.`);
