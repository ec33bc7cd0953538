// Client Leads at scale (DESIGN §8): a 100k-row CSV import (target < 10 s), then list latency with
// 1,000,000 leads in the workspace (target p95 < 50 ms), on SQLite and, when BENCH_DATABASE_URL or
// TEST_DATABASE_URL is set, on PostgreSQL. Prints figures only, never asserts. Loopback only.
import fs from 'node:fs';
import os from 'node:os';
import net from 'node:net';
import path from 'node:path';
import { spawn } from 'node:child_process';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { buildIfStale } from '../lib/build-if-stale.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const TOTAL = 1_000_000;
const IMPORT_ROWS = 100_000;
const AGENCY = '00000000-0000-4000-8000-000000000001'; // the seeded agency workspace (workspaces.repository.ts)
const ADMIN = { email: 'bench@agency.test', password: 'bench-pass-1' };
// Data is dated back from now (one lead every 31 s over about a year), so the date presets find some.
const NOW_S = Math.floor(Date.now() / 1000);
// The slower cases (a deep offset, counting a month of rows) run fewer times.
const CASES = [
  ['default page (date desc)', 'page=1&limit=25', 200],
  ['status filter', 'status=Qualified&page=1&limit=25', 200],
  ['deep page (offset 500k)', 'page=20000&limit=25', 50],
  ['last 30 days', 'dateFilter=last30days&page=1&limit=25', 50],
  ['priority filter (indexed)', 'priority=High&page=1&limit=25', 200],
  ['search (trigram index)', 'search=lead12345&page=1&limit=25', 200],
];

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const started = performance.now();
if (await buildIfStale('Building first...')) console.log(`build: ${seconds(performance.now() - started)}`);

async function freePort() {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function startServer(env) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [path.join(root, 'dist/server/main.js')], {
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error('the server exited during start');
    try {
      if ((await fetch(`${base}/api/ready`)).ok) break;
    } catch {
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  const login = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  const { token } = await login.json();
  return { child, base, headers: { authorization: `Bearer ${token}` } };
}

async function stop(server) {
  const exited = new Promise((r) => server.child.once('exit', r));
  server.child.kill('SIGTERM');
  await exited;
}

/** A realistic file: quoted commas in companies and notes, every column, dates over a year. */
function importCsv() {
  const statuses = ['New', 'In Progress', 'Qualified', 'Converted', 'Lost'];
  const lines = ['Name,Email,Phone,Company,Status,Source,Date,Priority,Notes'];
  for (let i = 0; i < IMPORT_ROWS; i++) {
    const day = new Date((NOW_S - (i % 365) * 86_400) * 1000).toISOString().slice(0, 10);
    lines.push(
      `Import Lead ${i},import${i}@bench.test,+91 98${String(i).padStart(8, '0')},"Company ${i % 977}, Pvt Ltd",${statuses[i % 5]},Referral,${day},${['High', 'Medium', 'Low'][i % 3]},"Called on ${day}, ""keen"""`,
    );
  }
  return lines.join('\r\n');
}

async function timeImport(server) {
  const csv = importCsv();
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'bench.csv');
  const t0 = performance.now();
  const response = await fetch(`${server.base}/api/leads/import`, {
    method: 'POST',
    headers: server.headers,
    body: form,
  });
  const ms = performance.now() - t0;
  const result = await response.json();
  console.log(
    `  import ${IMPORT_ROWS.toLocaleString('en')} rows (${(csv.length / 1e6).toFixed(1)} MB): ${seconds(ms)} (target < 10 s) → HTTP ${response.status}, imported ${result.imported}, skipped ${result.skipped}, errors ${result.errors?.length}`,
  );
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function timeLists(server) {
  for (const [label, query, runs] of CASES) {
    const url = `${server.base}/api/leads?${query}`;
    let total = 0;
    for (let i = 0; i < 3; i++) await (await fetch(url, { headers: server.headers })).arrayBuffer(); // warm-up
    const times = [];
    for (let i = 0; i < runs; i++) {
      const t0 = performance.now();
      const response = await fetch(url, { headers: server.headers });
      const body = await response.json();
      times.push(performance.now() - t0);
      total = body.pagination?.total;
    }
    times.sort((a, b) => a - b);
    const [p50, p95, p99] = [50, 95, 99].map((p) => percentile(times, p).toFixed(1));
    console.log(
      `  ${label.padEnd(28)} ×${String(runs).padEnd(3)} p50 ${p50} ms, p95 ${p95} ms, p99 ${p99} ms (total ${total?.toLocaleString('en')})`,
    );
  }
}

/**
 * The rows to add, generated by the database itself (no million round trips): ASCII values, so SQL's
 * lower() builds the same search text the app would; the count triggers keep the stats right, and the
 * trigram indexes (SQLite's FTS5 table by trigger, PostgreSQL's GIN index) take the rows as they come.
 */
function generatedLeads(dialect, from, to) {
  const seq = dialect === 'pg' ? 'g.i' : 'i';
  const ts =
    dialect === 'pg'
      ? `to_char(to_timestamp(${NOW_S} - ${seq} * 31) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
      : `strftime('%Y-%m-%dT%H:%M:%fZ', ${NOW_S} - ${seq} * 31, 'unixepoch')`;
  const pick = (list) =>
    `(case ${seq} % ${list.length} ${list.map((v, k) => `when ${k} then '${v}'`).join(' ')} end)`;
  const id = dialect === 'pg' ? 'gen_random_uuid()::text' : 'lower(hex(randomblob(16)))';
  const cat = (...parts) => parts.join(' || ');
  const name = cat("'Lead '", `${seq}`);
  const email = cat("'lead'", `${seq}`, "'@bench.test'");
  const company = cat("'Company '", `(${seq} % 997)`);
  const select = `select ${id}, '${AGENCY}', ${name}, ${email}, ${email}, '', ${company},
      ${pick(['New', 'In Progress', 'Qualified', 'Converted', 'Lost'])}, ${pick(['High', 'Medium', 'Low'])},
      ${pick(['Website', 'Referral', 'Social Media', 'Email Campaign', 'LinkedIn', 'Other'])}, '',
      lower(${cat(name, dialect === 'pg' ? 'chr(10)' : 'char(10)', email, dialect === 'pg' ? 'chr(10)' : 'char(10)', company, dialect === 'pg' ? 'chr(10)' : 'char(10)')}),
      ${ts}, substr(${ts}, 1, 10), ${ts}`;
  const columns =
    'id, workspace_id, name, email, email_lower, phone, company, status, priority, source, notes, search_text, created_at, last_contact, updated_at';
  return dialect === 'pg'
    ? `insert into leads (${columns}) ${select} from generate_series(${from}, ${to}) as g(i)`
    : `insert into leads (${columns}) with recursive s(i) as (select ${from} union all select i + 1 from s where i < ${to}) ${select} from s`;
}

async function benchEngine(label, env, fill) {
  console.log(`\n${label}`);
  let t0 = performance.now();
  let server = await startServer(env);
  console.log(`  setup: server started and signed in in ${seconds(performance.now() - t0)}`);
  await timeImport(server);
  await stop(server);
  t0 = performance.now();
  const existing = await fill(TOTAL);
  console.log(
    `  setup: filled to ${existing.toLocaleString('en')} leads in ${seconds(performance.now() - t0)}`,
  );
  server = await startServer(env);
  await timeLists(server);
  await stop(server);
}

async function sqliteFill(dataDir) {
  const db = new SQLite(path.join(dataDir, 'agencyhq.sqlite'));
  const have = db.prepare('select count(*) as n from leads').get().n;
  db.exec(generatedLeads('sqlite', 1, TOTAL - have));
  const n = db.prepare('select count(*) as n from leads').get().n;
  db.close();
  return n;
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agencyhq-bench-leads-'));
try {
  await benchEngine('SQLite (embedded, WAL)', { DATA_DIR: dataDir, DATABASE_URL: '' }, () =>
    sqliteFill(dataDir),
  );
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}

const pgUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
if (pgUrl) {
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query('drop database if exists agencyhq_bench with (force)');
  await admin.query('create database agencyhq_bench');
  const url = new URL(pgUrl);
  url.pathname = '/agencyhq_bench';
  const pgDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agencyhq-bench-pg-'));
  try {
    await benchEngine('PostgreSQL', { DATA_DIR: pgDir, DATABASE_URL: url.toString() }, async () => {
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      const have = Number((await client.query('select count(*) as n from leads')).rows[0].n);
      await client.query(generatedLeads('pg', 1, TOTAL - have));
      // What autovacuum would do shortly after a bulk load: statistics and the visibility map.
      await client.query('vacuum analyze leads');
      const n = Number((await client.query('select count(*) as n from leads')).rows[0].n);
      await client.end();
      return n;
    });
  } finally {
    await admin.query('drop database if exists agencyhq_bench with (force)');
    await admin.end();
    fs.rmSync(pgDir, { recursive: true, force: true });
  }
} else {
  console.log('\nPostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
}
console.log(`\ntotal: ${seconds(performance.now() - started)}`);
