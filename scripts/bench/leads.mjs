// Client Leads at scale (docs/architecture.md#budgets): a 100k-row CSV import (target < 10 s), then list latency with
// 1,000,000 leads in the workspace (target p95 < 50 ms), on SQLite and, when BENCH_DATABASE_URL or
// TEST_DATABASE_URL is set, on PostgreSQL. Prints figures only, never asserts. Loopback only.
// BENCH_IMPORT_ONLY=1 times the import alone (seconds instead of minutes, for working on it).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { buildIfStale } from '../lib/build-if-stale.mjs';
import { percentile, seconds, startServer as startBenchServer, stopServer as stop } from './lib/server.mjs';

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
  ['last page (offset 999,975)', 'page=40000&limit=25', 50],
  ['last 30 days', 'dateFilter=last30days&page=1&limit=25', 50],
  ['priority filter (indexed)', 'priority=High&page=1&limit=25', 200],
  ['search (trigram index)', 'search=lead12345&page=1&limit=25', 200],
];

const started = performance.now();
if (await buildIfStale('Building first...')) console.log(`build: ${seconds(performance.now() - started)}`);

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

/**
 * The file's rows as the bare baseline inserts them, all text: an id, the line's first nine comma-separated
 * pieces (a quoted comma splits a field; the baseline only needs the same amount of text) and the row number.
 */
function bareRows() {
  return importCsv()
    .split('\r\n')
    .slice(1)
    .map((line, i) => [crypto.randomUUID(), ...line.split(',').slice(0, 9), String(i)]);
}

const BARE_COLUMNS = Array.from({ length: 11 }, (_, k) => `c${k}`);

/**
 * The bare baseline, measured in the same run: the same 100k rows inserted by this process into an
 * unindexed table of text columns, 500 rows a statement, one transaction, on the same engine and disk.
 * The import's figure over it is what the product adds (parsing, keys, look-ups, indexes, triggers),
 * and moves less than the seconds with the machine's load.
 */
async function bareInsertSqlite(file) {
  const db = new SQLite(file);
  for (const pragma of ['journal_mode = WAL', 'synchronous = FULL']) db.pragma(pragma);
  db.exec(`create table bench_bare (${BARE_COLUMNS.map((c) => `${c} text`).join(', ')})`);
  const rows = bareRows();
  const t0 = performance.now();
  const insert = db.prepare(
    `insert into bench_bare values ${Array.from({ length: 500 }, () => `(${BARE_COLUMNS.map(() => '?').join(',')})`).join(',')}`,
  );
  db.transaction(() => {
    for (let i = 0; i < rows.length; i += 500) insert.run(rows.slice(i, i + 500).flat());
  })();
  const ms = performance.now() - t0;
  db.close();
  return ms;
}

async function bareInsertPostgres(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`create table bench_bare (${BARE_COLUMNS.map((c) => `${c} text`).join(', ')})`);
  const rows = bareRows();
  const t0 = performance.now();
  await client.query('begin');
  for (let i = 0; i < rows.length; i += 500) {
    const batch = rows.slice(i, i + 500);
    const tuples = batch.map((_, r) => `(${BARE_COLUMNS.map((_, k) => `$${r * 11 + k + 1}`).join(',')})`);
    await client.query(`insert into bench_bare values ${tuples.join(',')}`, batch.flat());
  }
  await client.query('commit');
  const ms = performance.now() - t0;
  await client.query('drop table bench_bare');
  await client.end();
  return ms;
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
  return ms;
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

const startServer = (env) => startBenchServer(env, ADMIN);

async function benchEngine(label, env, fill, bareInsert) {
  console.log(`\n${label}`);
  let t0 = performance.now();
  let server = await startServer(env);
  console.log(`  setup: server started and signed in in ${seconds(performance.now() - t0)}`);
  const importMs = await timeImport(server);
  await stop(server);
  const bareMs = await bareInsert();
  console.log(
    `  bare baseline (same rows, unindexed table, from Node): ${seconds(bareMs)} → import ${(importMs / bareMs).toFixed(1)}× the bare insert`,
  );
  if (process.env.BENCH_IMPORT_ONLY) return;
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
  await benchEngine(
    'SQLite (embedded, WAL)',
    { DATA_DIR: dataDir, DATABASE_URL: '' },
    () => sqliteFill(dataDir),
    () => bareInsertSqlite(path.join(dataDir, 'bench-bare.sqlite')),
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
    await benchEngine(
      'PostgreSQL',
      { DATA_DIR: pgDir, DATABASE_URL: url.toString() },
      async () => {
        const client = new pg.Client({ connectionString: url.toString() });
        await client.connect();
        const have = Number((await client.query('select count(*) as n from leads')).rows[0].n);
        await client.query(generatedLeads('pg', 1, TOTAL - have));
        // What autovacuum would do shortly after a bulk load: statistics and the visibility map.
        await client.query('vacuum analyze leads');
        const n = Number((await client.query('select count(*) as n from leads')).rows[0].n);
        await client.end();
        return n;
      },
      () => bareInsertPostgres(url.toString()),
    );
  } finally {
    await admin.query('drop database if exists agencyhq_bench with (force)');
    await admin.end();
    fs.rmSync(pgDir, { recursive: true, force: true });
  }
} else {
  console.log('\nPostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
}
console.log(`\ntotal: ${seconds(performance.now() - started)}`);
