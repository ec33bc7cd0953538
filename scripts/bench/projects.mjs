// Projects at scale (docs/product/projects.md, docs/architecture.md#budgets): 1,000 clients, 10,000 projects,
// 1,000,000 tasks and 5,000,000 time entries in one workspace of 500 members; then the project list, a
// project's board, a project's report and one member's week grid, p95 (target < 50 ms), each beside a bare
// indexed read of the same rows by this process on the same database, on SQLite and, when BENCH_DATABASE_URL
// or TEST_DATABASE_URL is set, on PostgreSQL. Prints figures only, never asserts. Loopback only.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { buildIfStale } from '../lib/build-if-stale.mjs';
import { percentile, seconds, startServer as startBenchServer, stopServer as stop } from './lib/server.mjs';

const AGENCY = '00000000-0000-4000-8000-000000000001';
const ADMIN = { email: 'bench@agency.test', password: 'bench-pass-1' };
const SIZES = { members: 500, clients: 1_000, projects: 10_000, tasks: 1_000_000, entries: 5_000_000 };
const RUNS = 200;
const DAY_MS = 86_400_000;
const today = new Date().toISOString().slice(0, 10);
const day = (offset) =>
  new Date(Date.parse(`${today}T00:00:00Z`) - offset * DAY_MS).toISOString().slice(0, 10);
const monday = day((new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7);
const sunday = new Date(Date.parse(`${monday}T00:00:00Z`) + 6 * DAY_MS).toISOString().slice(0, 10);

const started = performance.now();
if (await buildIfStale('Building first...')) console.log(`build: ${seconds(performance.now() - started)}`);

/**
 * The rows, made by the database itself. Ids are readable and derived from the row's number, so the rows
 * refer to each other without look-ups: member m<i>, client c<i>, project p<i> (client c<i % 1000>),
 * task t<i> (project p<i % 10000>), entry e<i> (project p<i % 10000>, member m<i % 500>, a day of the last year).
 */
function fillStatements(dialect, adminId, copy) {
  const pgd = dialect === 'pg';
  const series = (n, body) =>
    pgd
      ? `${body.replace(/\{i\}/g, 'g.i')} from generate_series(0, ${n - 1}) as g(i)`
      : `with recursive s(i) as (select 0 union all select i + 1 from s where i < ${n - 1}) ${body.replace(/\{i\}/g, 'i')} from s`;
  const pad = (expr) => (pgd ? `lpad((${expr})::text, 7, '0')` : `substr('0000000' || (${expr}), -7, 7)`);
  const pick = (expr, list) =>
    `(case (${expr}) % ${list.length} ${list.map((v, k) => `when ${k} then '${v}'`).join(' ')} end)`;
  const date = (expr) =>
    pgd
      ? `to_char(current_date - ((${expr}) % 365)::int, 'YYYY-MM-DD')`
      : `date('now', '-' || ((${expr}) % 365) || ' days')`;
  const now = `'${new Date().toISOString()}'`;
  return [
    // Members: copies of the Admin's row with their own id, e-mail and name.
    `insert into users (${copy.userColumns}) ${series(SIZES.members - 1, `select ${copy.userValues}`)}`,
    `insert into clients (id, workspace_id, kind, name, legal_name, tax_id, address_line1, address_line2, city, state, postal_code, country, currency, payment_terms_days, owner_id, notes, lead_id, source, search_text, created_by, created_at, updated_at) ${series(SIZES.clients, `select 'c' || ${pad('{i}')}, '${AGENCY}', 'company', 'Client ' || {i}, '', '', '', '', 'Mumbai', 'Maharashtra', '', 'IN', 'INR', 30, '${adminId}', '', null, '', 'client ' || {i}, '${adminId}', ${now}, ${now}`)}`,
    `insert into projects (id, workspace_id, client_id, number, code, name, description, status, billing_type, currency, budget_minutes, budget_amount, hourly_rate, retainer_minutes, retainer_rollover, start_date, due_date, manager_id, delivered_on, delivery_note, search_text, created_by, created_at, updated_at) ${series(SIZES.projects, `select 'p' || ${pad('{i}')}, '${AGENCY}', 'c' || ${pad(`{i} % ${SIZES.clients}`)}, {i} + 1, 'P-' || ({i} + 1), 'Project ' || {i}, '', ${pick('{i}', ['active', 'active', 'planned', 'on_hold', 'delivered'])}, 'hourly', 'INR', 60000, 150000000, 250000, null, 0, ${date('{i}')}, ${date(`{i} + 400`)}, 'm' || ${pad(`{i} % ${SIZES.members - 1} + 1`)}, null, '', 'project ' || {i}, '${adminId}', ${date('{i}')} || 'T00:00:00.000Z', ${now}`)}`,
    `insert into number_sequences (workspace_id, name, last_value) values ('${AGENCY}', 'project', ${SIZES.projects})`,
    `insert into tasks (id, workspace_id, project_id, number, title, description, status, blocked, priority, due_date, estimate_minutes, parent_id, position, recurrence, next_task_id, completed_at, created_by, created_at, updated_at) ${series(SIZES.tasks, `select 't' || ${pad('{i}')}, '${AGENCY}', 'p' || ${pad(`{i} % ${SIZES.projects}`)}, {i} / ${SIZES.projects} + 1, 'Task ' || {i}, '', ${pick('{i} / 7', ['todo', 'in_progress', 'in_review', 'done'])}, 0, ${pick('{i}', ['low', 'medium', 'high'])}, ${date('{i}')}, 120, null, {i} / ${SIZES.projects}, 'none', null, null, '${adminId}', ${now}, ${now}`)}`,
    `insert into number_sequences (workspace_id, name, last_value) ${series(SIZES.projects, `select '${AGENCY}', 'task:p' || ${pad('{i}')}, ${SIZES.tasks / SIZES.projects}`)}`,
    `insert into time_entries (id, workspace_id, project_id, task_id, user_id, user_name, date, minutes, note, billable, hourly_rate, amount, currency, status, started_at, approved_by, approved_at, invoiced_at, created_at, updated_at) ${series(SIZES.entries, `select 'e' || ${pad('{i}')}, '${AGENCY}', 'p' || ${pad(`{i} % ${SIZES.projects}`)}, 't' || ${pad(`{i} % ${SIZES.tasks}`)}, ${`case when {i} % ${SIZES.members} = 0 then '${adminId}' else 'm' || ${pad(`{i} % ${SIZES.members}`)} end`}, 'member', ${date(`{i} / ${SIZES.members}`)}, 30 + {i} % 90, '', 1, 250000, (30 + {i} % 90) * 250000 / 60, 'INR', ${pick('{i}', ['approved', 'approved', 'submitted', 'open'])}, null, null, null, null, ${now}, ${now}`)}`,
    // The roll-ups the time writes keep, summed once.
    pgd
      ? `update projects set approved_minutes = s.am, unapproved_minutes = s.um, approved_amount = s.aa, unapproved_amount = s.ua from (select project_id, sum(case when status = 'approved' then minutes else 0 end) am, sum(case when status <> 'approved' then minutes else 0 end) um, sum(case when status = 'approved' then amount else 0 end) aa, sum(case when status <> 'approved' then amount else 0 end) ua from time_entries group by project_id) s where projects.id = s.project_id`
      : `update projects set (approved_minutes, unapproved_minutes, approved_amount, unapproved_amount) = (select sum(case when status = 'approved' then minutes else 0 end), sum(case when status <> 'approved' then minutes else 0 end), sum(case when status = 'approved' then amount else 0 end), sum(case when status <> 'approved' then amount else 0 end) from time_entries where project_id = projects.id)`,
  ];
}

/** The Admin's row copied per member: every column as it is, but id, e-mail, username and name. */
function userCopy(columns, adminId, dialect) {
  const pad =
    dialect === 'pg' ? (e) => `lpad((${e})::text, 7, '0')` : (e) => `substr('0000000' || (${e}), -7, 7)`;
  const values = columns.map((c) => {
    if (c === 'id') return `'m' || ${pad('{i} + 1')}`;
    if (c === 'email') return `'member' || ({i} + 1) || '@bench.test'`;
    if (c === 'username' || c === 'name') return `'member' || ({i} + 1)`;
    if (c === 'role') return `'Project Manager'`;
    return `(select ${c} from users where id = '${adminId}')`;
  });
  return { userColumns: columns.join(', '), userValues: values.join(', ') };
}

async function fillSqlite(file, adminId) {
  const db = new SQLite(file);
  db.pragma('journal_mode = WAL');
  const columns = db
    .prepare('select name from pragma_table_info(?)')
    .all('users')
    .map((r) => r.name);
  const copy = userCopy(columns, adminId, 'sqlite');
  db.transaction(() => {
    for (const statement of fillStatements('sqlite', adminId, copy)) db.exec(statement);
  })();
  db.exec('analyze');
  db.close();
}

async function fillPostgres(url, adminId) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const columns = (
    await client.query(
      "select column_name from information_schema.columns where table_name = 'users' order by ordinal_position",
    )
  ).rows.map((r) => r.column_name);
  const copy = userCopy(columns, adminId, 'pg');
  for (const statement of fillStatements('pg', adminId, copy)) await client.query(statement);
  await client.query('vacuum analyze');
  await client.end();
}

/** The cases: the API's route, and the bare indexed read of the same rows. */
function cases(adminId) {
  const project = 'p0000042';
  return [
    [
      'project list (page 1, newest)',
      '/api/projects?page=1&limit=25',
      `select * from projects where workspace_id = '${AGENCY}' order by created_at desc, id desc limit 25`,
    ],
    [
      'project list (active, by due)',
      '/api/projects?status=active&sort=due&page=1&limit=25',
      `select * from projects where workspace_id = '${AGENCY}' and status = 'active' order by due_date asc, id asc limit 25`,
    ],
    [
      'board (100 tasks)',
      `/api/projects/${project}/tasks`,
      `select * from tasks where project_id = '${project}' order by status, position, number limit 500`,
    ],
    [
      'project report (a year, by member)',
      `/api/time-reports?from=${day(365)}&to=${today}&groupBy=member&project=${project}`,
      `select user_id, currency, sum(minutes), sum(amount) from time_entries where project_id = '${project}' and date >= '${day(365)}' and date <= '${today}' group by user_id, currency`,
    ],
    [
      'week grid (one member)',
      `/api/time-entries?from=${monday}&to=${sunday}`,
      `select * from time_entries where user_id = '${adminId}' and date >= '${monday}' and date <= '${sunday}' order by date, created_at, id limit 1000`,
    ],
  ];
}

async function measure(run, runs = RUNS) {
  for (let i = 0; i < 5; i++) await run();
  const times = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await run();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

async function benchEngine(label, env, fill, bareQuery) {
  console.log(`\n${label}`);
  let t0 = performance.now();
  let server = await startBenchServer(env, ADMIN);
  const profile = await (await fetch(`${server.base}/api/profile`, { headers: server.headers })).json();
  const adminId = profile.user?._id ?? profile._id;
  await stop(server);
  await fill(adminId);
  console.log(
    `  setup: ${Object.entries(SIZES)
      .map(([k, v]) => `${v.toLocaleString('en')} ${k}`)
      .join(', ')} in ${seconds(performance.now() - t0)}`,
  );
  server = await startBenchServer(env, ADMIN);
  for (const [name, url, sql] of cases(adminId)) {
    let rows = 0;
    const api = await measure(async () => {
      const response = await fetch(`${server.base}${url}`, { headers: server.headers });
      if (!response.ok) throw new Error(`${url}: HTTP ${response.status} ${await response.text()}`);
      const body = await response.json();
      rows = body.projects?.length ?? body.tasks?.length ?? body.rows?.length ?? body.entries?.length ?? 0;
    });
    const bare = await measure(() => bareQuery(sql));
    console.log(
      `  ${name.padEnd(34)} p50 ${api.p50.toFixed(1)} ms, p95 ${api.p95.toFixed(1)} ms (target < 50 ms) · bare read p95 ${bare.p95.toFixed(2)} ms → ${(api.p95 / bare.p95).toFixed(1)}× (${rows} rows)`,
    );
  }
  await stop(server);
}

// BENCH_ENGINE=sqlite or postgres runs one engine only.
const engines = process.env.BENCH_ENGINE ? [process.env.BENCH_ENGINE] : ['sqlite', 'postgres'];
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agencyhq-bench-projects-'));
if (engines.includes('sqlite'))
  try {
    const file = path.join(dataDir, 'agencyhq.sqlite');
    let reader;
    await benchEngine(
      'SQLite (embedded, WAL)',
      { DATA_DIR: dataDir, DATABASE_URL: '' },
      (adminId) => fillSqlite(file, adminId),
      (sql) => {
        reader ??= new SQLite(file, { readonly: true });
        return reader.prepare(sql).all();
      },
    );
    reader?.close();
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

const pgUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
if (!engines.includes('postgres')) console.log('\nPostgreSQL: not asked for (BENCH_ENGINE)');
else if (pgUrl) {
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query('drop database if exists agencyhq_bench with (force)');
  await admin.query('create database agencyhq_bench');
  const url = new URL(pgUrl);
  url.pathname = '/agencyhq_bench';
  const pgDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agencyhq-bench-pg-'));
  const reader = new pg.Client({ connectionString: url.toString() });
  try {
    await benchEngine(
      'PostgreSQL',
      { DATA_DIR: pgDir, DATABASE_URL: url.toString() },
      (adminId) => fillPostgres(url.toString(), adminId),
      async (sql) => {
        if (!reader._connected) await reader.connect();
        return (await reader.query(sql)).rows;
      },
    );
  } finally {
    await reader.end().catch(() => undefined);
    await admin.query('drop database if exists agencyhq_bench with (force)');
    await admin.end();
    fs.rmSync(pgDir, { recursive: true, force: true });
  }
} else {
  console.log('\nPostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
}
console.log(`\ntotal: ${seconds(performance.now() - started)}`);
