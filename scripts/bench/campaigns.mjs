// E-mail campaigns at scale (docs/product/marketing.md#campaigns, #results), on SQLite and, when
// BENCH_DATABASE_URL or TEST_DATABASE_URL is set or PostgreSQL answers on 127.0.0.1:5432, on PostgreSQL.
// Prints figures only, never asserts. Loopback only.
//
// 1. Queuing: a list of 100,000 subscribers, a newsletter made through the API, the throttle at its most
//    (1,000 a second, 1,000,000 an hour) and "Send now"; then the product's own dispatcher
//    (campaign-dispatcher.ts) driven round by round on a clock moved one second a round, as the tests drive
//    it: the audience copied into campaign_recipients, every copy personalised, its links tracked, queued in
//    the outbox and its recipient marked, 500 a transaction. No e-mail set-up and the outbox worker stopped:
//    nothing is sent. Beside it the bare loop: the same 100,000 recipient rows read 500 at a time by this
//    process and one outbox row with a fixed small body written for each, one transaction a batch.
// 2. Reading: a campaign of 1,000,000 recipients (opens, clicks over 3 links, bounces, unsubscribes, counted by
//    the triggers of migration 045 as they are written) among 50 others, then GET /api/campaigns, GET
//    /api/campaigns/reports and GET /api/campaigns/:id/report over real HTTP (target p95 < 50 ms) beside a
//    bare Fastify answering the very same bytes.
//
// The app is built in this process from the sources (tsx), as the API tests build it. `--quick`: 10,000 and
// 100,000; `--queue-only`: part 1 alone (to profile it). BENCH_ENGINE=sqlite|postgres runs one engine; CAMPAIGNS_BENCH_RUNS the requests a case (200).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import Fastify from 'fastify';
import { tsImport } from 'tsx/esm/api';
import { percentile, seconds } from './lib/server.mjs';

const {
  buildApp,
  openDatabase,
  migrateToLatest,
  seedDatabase,
  MIN_HASH_COST,
  CAMPAIGNS,
  SQLITE_PRAGMAS,
  sql,
} = await tsImport('./lib/campaigns-modules.ts', import.meta.url);

const QUICK = process.argv.includes('--quick');
/** Part 1 only (to profile the dispatcher with --cpu-prof without the seeding in the profile). */
const QUEUE_ONLY = process.argv.includes('--queue-only');
const QUEUE = QUICK ? 10_000 : 100_000;
const BIG = QUICK ? 100_000 : 1_000_000;
const OTHERS = 50;
const OTHER_RECIPIENTS = 1_000;
const RUNS = Number(process.env.CAMPAIGNS_BENCH_RUNS ?? 200);
const AGENCY = '00000000-0000-4000-8000-000000000001'; // the seeded agency workspace: no daily limit
const ADMIN = { email: 'bench@agency.test', password: 'bench-pass-1' };
const SITE_URL = 'https://agency.example';
const BIG_ID = '00000000-0000-4000-8000-00000000b160';
const LIST_ID = '00000000-0000-4000-8000-00000000a157';

const NEWSLETTER = {
  name: 'Bench newsletter',
  subject: 'Hello {{ name | default: "there" }}, spring at {{ company }}',
  preheader: 'Three things for {{ company }}',
  mjml: `<mjml><mj-body><mj-section><mj-column>
<mj-text><h1>Hello {{ name | default: "there" }}</h1><p>Spring is here at {{ company }}. Your account manager {{ owner | default: "our team" }} picked three things for you.</p></mj-text>
<mj-button href="https://shop.example/spring?ref=mail">See the spring range</mj-button>
<mj-text><p>Read <a href="https://shop.example/blog/spring-guide">the spring guide</a> or <a href="https://shop.example/contact">talk to us</a>.</p><p>Sent to {{ email }}.</p></mj-text>
</mj-column></mj-section></mj-body></mjml>`,
};

const started = performance.now();
const ms = (v) => (v < 10 ? v.toFixed(2) : v < 100 ? v.toFixed(1) : v.toFixed(0));
const nowIso = new Date().toISOString();

/** The app as the API tests build it, on `handle`, on a clock the bench moves. */
async function appOn(handle, clock) {
  const app = await buildApp({
    config: {
      siteName: 'AgencyHQ',
      siteUrl: SITE_URL,
      logLevel: 'silent',
      passwordHashCost: MIN_HASH_COST,
      addressLimitMultiplier: 1000,
    },
    database: handle,
    jwtSecret: 'bench-secret-that-is-at-least-32-characters-long',
    secretKey: 'bench-secret-key-that-seals-smtp-passwords-at-rest',
    logger: false,
    clock,
  });
  await app.ready();
  // Nothing is sent: the outbox worker is stopped, so only the dispatcher's work is measured.
  await app.outbox.stop();
  return app;
}

async function call(app, headers, method, url, payload) {
  const answer = await app.inject({ method, url, headers, payload });
  if (answer.statusCode >= 300) throw new Error(`${method} ${url}: ${answer.statusCode} ${answer.body}`);
  return answer.json();
}

/** Rows numbered 0..n-1 made by the database itself; `{i}` in `body` is the row's number. */
function series(dialect, n, body, where = '') {
  const i = dialect === 'pg' ? 'g.i' : 's.i';
  const rows = `${body} from ${dialect === 'pg' ? `generate_series(0, ${n - 1}) as g(i)` : 's'}${where ? ` where ${where}` : ''}`;
  const text = rows.replace(/\{i\}/g, i);
  return dialect === 'pg'
    ? text
    : `with recursive s(i) as (select 0 union all select i + 1 from s where i < ${n - 1}) ${text}`;
}
const pad = (dialect, expr) =>
  dialect === 'pg' ? `lpad((${expr})::text, 8, '0')` : `substr('00000000' || (${expr}), -8, 8)`;

/** A subscribed list of `n` people, written straight to the database as the API tests do. */
function listStatements(dialect, n) {
  const id = (e) => `'s' || ${pad(dialect, e)}`;
  return [
    `insert into mailing_lists (id, workspace_id, name, description, opt_in, consent_text, form_key, created_by, created_at, updated_at) values ('${LIST_ID}', '${AGENCY}', 'Bench newsletter list', '', 'single', 'Yes, send me the newsletter.', 'benchformkey0000', null, '${nowIso}', '${nowIso}')`,
    `insert into subscribers (id, workspace_id, email, name, company, lead_id, created_at, updated_at) ${series(dialect, n, `select ${id('{i}')}, '${AGENCY}', 'person-' || {i} || '@list.bench.test', 'Person ' || {i}, 'Company ' || ({i} % 997), null, '${nowIso}', '${nowIso}'`)}`,
    `insert into list_members (list_id, subscriber_id, workspace_id, status, consent_source, consent_text, consent_at, consent_ip, consent_basis, confirm_token_hash, confirm_sent_at, confirmed_at, unsubscribed_at, created_at) ${series(dialect, n, `select '${LIST_ID}', ${id('{i}')}, '${AGENCY}', 'subscribed', 'import', 'Yes, send me the newsletter.', '${nowIso}', null, 'Bench list', null, null, '${nowIso}', null, '${nowIso}'`)}`,
  ];
}

/**
 * The big campaign (BIG recipients, sent a week ago) and OTHERS older ones of OTHER_RECIPIENTS each. Of the
 * big one's recipients: 1 % bounced (with a bounce-hard event), the rest sent; 20 % opened, 5 % clicked
 * (a fifth of them on two links), 0.5 % unsubscribed. The triggers count every row as it is written;
 * the clickers (counted by the click redirect, not by a trigger) are written with their counter here.
 */
function bigStatements(dialect) {
  const week = new Date(Date.now() - 7 * 86_400_000).toISOString();
  const rid = (e) => `'r' || ${pad(dialect, e)}`;
  const campaignRow = (id, name, status, created, total, sent) =>
    `('${id}', '${AGENCY}', '${name}', null, null, null, 'newsletter', 'email', '${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}', '${status}', null, '${created}', '${created}', null, null, 1, ${total}, ${total}, ${sent}, ${total - sent}, 0, null, null, '${created}', '${created}')`;
  const others = Array.from({ length: OTHERS }, (_, k) => {
    const created = new Date(Date.now() - (8 + k) * 86_400_000).toISOString();
    return campaignRow(
      `00000000-0000-4000-8000-${String(k).padStart(12, '0')}`,
      `Older campaign ${k}`,
      'sent',
      created,
      OTHER_RECIPIENTS,
      OTHER_RECIPIENTS - 10,
    );
  });
  const bounced = `({i} % 100 = 7)`;
  const otherId = (e) =>
    dialect === 'pg'
      ? `'00000000-0000-4000-8000-' || lpad(((${e}) / ${OTHER_RECIPIENTS})::text, 12, '0')`
      : `'00000000-0000-4000-8000-' || substr('000000000000' || ((${e}) / ${OTHER_RECIPIENTS}), -12, 12)`;
  return [
    `insert into campaigns (id, workspace_id, name, template_id, list_id, segment, utm_source, utm_medium, utm_campaign, status, scheduled_at, started_at, finished_at, snapshot, audience_cursor, audience_done, recipients_total, queued_count, sent_count, failed_count, cancelled_count, wait_reason, created_by, created_at, updated_at) values ${[campaignRow(BIG_ID, 'Spring sale 2026', 'sent', week, BIG, BIG - BIG / 100), ...others].join(', ')}`,
    `insert into campaign_links (campaign_id, position, url, clicks) values ('${BIG_ID}', 0, 'https://shop.example/spring?ref=mail', 0), ('${BIG_ID}', 1, 'https://shop.example/blog/spring-guide', 0), ('${BIG_ID}', 2, 'https://shop.example/contact', 0)`,
    `insert into campaign_recipients (id, campaign_id, workspace_id, subscriber_id, email, name, company, owner, status, outbox_id, queued_at, sent_at) ${series(dialect, BIG, `select ${rid('{i}')}, '${BIG_ID}', '${AGENCY}', null, 'person-' || {i} || '@big.bench.test', 'Person ' || {i}, 'Company ' || ({i} % 997), '', case when ${bounced} then 'bounced' else 'sent' end, null, '${week}', '${week}'`)}`,
    `insert into campaign_recipients (id, campaign_id, workspace_id, subscriber_id, email, name, company, owner, status, outbox_id, queued_at, sent_at) ${series(dialect, OTHERS * OTHER_RECIPIENTS, `select 'o' || ${pad(dialect, '{i}')}, ${otherId('{i}')}, '${AGENCY}', null, 'person-' || {i} || '@old.bench.test', 'Person ' || {i}, '', '', case when {i} % 100 = 0 then 'bounced' else 'sent' end, null, '${nowIso}', '${nowIso}'`)}`,
    // Events: each kind written by one statement over the numbers that have it.
    ...eventStatements(dialect, week),
    `insert into campaign_clickers (recipient_id) ${series(dialect, BIG, `select ${rid('{i}')}`, '{i} % 20 = 3')}`,
    `insert into campaign_counts (campaign_id, metric, n) select '${BIG_ID}', 'clickers', count(*) from campaign_clickers`,
    `update campaign_links set clicks = (select count(*) from campaign_events e where e.campaign_id = campaign_links.campaign_id and e.kind = 'click' and e.link_position = campaign_links.position) where campaign_id = '${BIG_ID}'`,
  ];
  function eventStatements(d, at) {
    const ev = (kind, position, where, suffix) =>
      `insert into campaign_events (id, workspace_id, campaign_id, recipient_id, kind, link_position, detail, created_at) ${series(d, BIG, `select 'e${suffix}' || ${pad(d, '{i}')}, '${AGENCY}', '${BIG_ID}', ${rid('{i}')}, '${kind}', ${position}, '', '${at}'`, where)}`;
    return [
      ev('open', '-1', '{i} % 5 = 1', 'o'),
      ev('click', '({i} / 20) % 3', '{i} % 20 = 3', 'c'),
      ev('click', '(({i} / 20) + 1) % 3', '{i} % 100 = 3', 'd'),
      ev('bounce-hard', '-1', '{i} % 100 = 7', 'b'),
      ev('unsubscribe', '-1', '{i} % 200 = 11', 'u'),
    ];
  }
}

async function runStatements(db, statements) {
  await db.transaction().execute(async (trx) => {
    for (const statement of statements) await sql.raw(statement).execute(trx);
  });
}

/** The bare loop: the campaign's recipients read 500 at a time, one outbox row each, a transaction a batch. */
function bareQueueSqlite(file, campaignId) {
  // The app's own connection settings (durable commits, checkpoints left to the app's checkpointer).
  const db = new SQLite(file);
  for (const pragma of SQLITE_PRAGMAS) db.pragma(pragma);
  db.pragma('wal_autocheckpoint = 0');
  const read = db.prepare(
    "select id, email from campaign_recipients where campaign_id = ? and status = 'queued' and id > ? order by id limit 500",
  );
  const write = db.prepare(
    `insert into mail_outbox (id, workspace_id, kind, via, to_address, subject, text_body, html_body, status, attempts, next_attempt_at, created_at, priority) values (?, ?, 'campaign', 'workspace', ?, 'Hello', 'Hello there', '<p>Hello there</p>', 'sent', 0, ?, ?, 1)`,
  );
  const t0 = performance.now();
  let after = '';
  let n = 0;
  const batch = db.transaction(() => {
    const rows = read.all(campaignId, after);
    const now = new Date().toISOString();
    for (const row of rows) write.run(`bare-${row.id}`, AGENCY, row.email, now, now);
    return rows;
  });
  for (;;) {
    const rows = batch();
    if (rows.length === 0) break;
    n += rows.length;
    after = rows.at(-1).id;
  }
  const elapsed = performance.now() - t0;
  db.close();
  return { n, elapsed };
}

async function bareQueuePostgres(url, campaignId) {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  const t0 = performance.now();
  let after = '';
  let n = 0;
  for (;;) {
    await db.query('begin');
    const { rows } = await db.query(
      "select id, email from campaign_recipients where campaign_id = $1 and status = 'queued' and id > $2 order by id limit 500",
      [campaignId, after],
    );
    const now = new Date().toISOString();
    // One statement a batch, as the outbox's own bulk insert (a round trip a row would flatter the app).
    if (rows.length)
      await db.query(
        `insert into mail_outbox (id, workspace_id, kind, via, to_address, subject, text_body, html_body, status, attempts, next_attempt_at, created_at, priority) values ${rows.map((_, k) => `($${2 * k + 3}, $1, 'campaign', 'workspace', $${2 * k + 4}, 'Hello', 'Hello there', '<p>Hello there</p>', 'sent', 0, $2, $2, 1)`).join(', ')}`,
        [AGENCY, now, ...rows.flatMap((row) => [`bare-${row.id}`, row.email])],
      );
    await db.query('commit');
    if (rows.length === 0) break;
    n += rows.length;
    after = rows.at(-1).id;
  }
  const elapsed = performance.now() - t0;
  await db.end();
  return { n, elapsed };
}

/**
 * The app's request and the bare one taken in turns, RUNS times after 5 of warm-up: both meet the same
 * moments of a shared machine's load, so their ratio holds better than either figure.
 */
async function measurePair(app, bare) {
  for (let i = 0; i < 5; i++) {
    await app();
    await bare();
  }
  const times = { app: [], bare: [] };
  for (let i = 0; i < RUNS; i++) {
    for (const [name, run] of [
      ['app', app],
      ['bare', bare],
    ]) {
      const t0 = performance.now();
      await run();
      times[name].push(performance.now() - t0);
    }
  }
  const figures = (list) => {
    list.sort((a, b) => a - b);
    return { p50: percentile(list, 50), p95: percentile(list, 95), p99: percentile(list, 99) };
  };
  return { api: figures(times.app), plain: figures(times.bare) };
}

async function benchEngine(label, dialect, handle, bareQueue, analyze) {
  console.log(`\n${label}`);
  const db = handle.db;
  await migrateToLatest(db);
  await seedDatabase(db, {
    siteName: 'AgencyHQ',
    adminEmail: ADMIN.email,
    adminPassword: ADMIN.password,
    passwordHashCost: MIN_HASH_COST,
  });
  let now = Math.floor(Date.now() / 3_600_000) * 3_600_000 + 60_000; // an hour's window from its start
  const app = await appOn(handle, () => new Date(now));
  const { token } = await call(app, {}, 'POST', '/api/login', ADMIN);
  const headers = { authorization: `Bearer ${token}` };

  // Part 1: queuing.
  let t0 = performance.now();
  await runStatements(db, listStatements(dialect, QUEUE));
  await analyze();
  console.log(`  list of ${QUEUE.toLocaleString('en')} written in ${seconds(performance.now() - t0)}`);
  await call(app, headers, 'PUT', '/api/campaigns/settings', {
    perSecond: CAMPAIGNS.perSecondMax,
    perHour: CAMPAIGNS.perHourMax,
  });
  const { template } = await call(app, headers, 'POST', '/api/email-templates', NEWSLETTER);
  const { campaign } = await call(app, headers, 'POST', '/api/campaigns', {
    name: 'Bench spring newsletter',
    templateId: template._id,
    listId: LIST_ID,
  });
  const copying = [];
  const queuing = [];
  t0 = performance.now();
  await call(app, headers, 'POST', `/api/campaigns/${campaign.id}/send`);
  for (let round = 0; ; round++) {
    if (round > QUEUE / CAMPAIGNS.perSecondMax + 50) throw new Error('the campaign did not finish');
    now += 1000;
    const before = await db
      .selectFrom('campaigns')
      .select(['audience_done'])
      .where('id', '=', campaign.id)
      .executeTakeFirstOrThrow();
    const r1 = performance.now();
    await app.campaigns.tick();
    (before.audience_done ? queuing : copying).push(performance.now() - r1);
    const state = await db
      .selectFrom('campaigns')
      .select(['status', 'queued_count', 'recipients_total'])
      .where('id', '=', campaign.id)
      .executeTakeFirstOrThrow();
    if (Number(state.queued_count) >= QUEUE || state.status !== 'sending') {
      if (Number(state.queued_count) !== QUEUE)
        throw new Error(`queued ${state.queued_count} of ${QUEUE} (${state.status})`);
      break;
    }
  }
  const appTotal = performance.now() - t0;
  const tickSum = (list) => list.reduce((a, b) => a + b, 0);
  const perQueueTick = tickSum(queuing) / Math.max(1, queuing.length);
  const outboxRows = await db
    .selectFrom('mail_outbox')
    .select((eb) => [
      eb.fn.countAll().as('n'),
      eb.fn.avg(sql`length(html_body)`).as('html'),
      eb.fn.avg(sql`length(text_body)`).as('text'),
    ])
    .where('kind', '=', 'campaign')
    .executeTakeFirstOrThrow();
  const bare = await bareQueue(campaign.id);
  console.log(
    `  app: ${QUEUE.toLocaleString('en')} copied and queued in ${seconds(appTotal)} over ${copying.length + queuing.length} rounds (${Number(outboxRows.n).toLocaleString('en')} outbox rows, ${(Number(outboxRows.html) / 1024).toFixed(1)} KB HTML + ${(Number(outboxRows.text) / 1024).toFixed(1)} KB text each): ${Math.round(QUEUE / (appTotal / 1000)).toLocaleString('en')} messages/s`,
  );
  console.log(
    `       rounds still copying the audience: ${copying.length}, ${seconds(tickSum(copying))}; queuing only: ${queuing.length}, ${ms(perQueueTick)} ms each (${Math.round(CAMPAIGNS.perSecondMax / (perQueueTick / 1000)).toLocaleString('en')} messages/s)`,
  );
  console.log(
    `  bare loop: ${bare.n.toLocaleString('en')} rows read and written in ${seconds(bare.elapsed)}: ${Math.round(bare.n / (bare.elapsed / 1000)).toLocaleString('en')} rows/s → app = ${(appTotal / bare.elapsed).toFixed(1)}× bare (queuing rounds only: ${(((perQueueTick / CAMPAIGNS.perSecondMax) * bare.n) / bare.elapsed).toFixed(1)}×)`,
  );

  if (QUEUE_ONLY) {
    await app.close();
    return [];
  }

  // Part 2: reading with a million recipients.
  t0 = performance.now();
  await runStatements(db, bigStatements(dialect));
  // Every seeded campaign sent a newsletter of its own: the template and list named, and its snapshot a
  // full-size one (the bench's newsletter, its body twenty times: ~10 KB), as a list page reads it.
  const sent = await db
    .selectFrom('campaigns')
    .select(['snapshot', 'template_id'])
    .where('id', '=', campaign.id)
    .executeTakeFirstOrThrow();
  const snapshot = JSON.parse(sent.snapshot);
  snapshot.mjml = snapshot.mjml.replace(
    /<mj-body>([\s\S]*)<\/mj-body>/,
    (_, body) => `<mj-body>${body.repeat(20)}</mj-body>`,
  );
  await db
    .updateTable('campaigns')
    .set({ snapshot: JSON.stringify(snapshot), template_id: sent.template_id, list_id: LIST_ID })
    .where('id', '<>', campaign.id)
    .execute();
  const seeded = performance.now() - t0;
  await analyze();
  const counts = await db
    .selectFrom('campaign_counts')
    .select(['metric', 'n'])
    .where('campaign_id', '=', BIG_ID)
    .orderBy('metric')
    .execute();
  console.log(
    `  seeded ${BIG.toLocaleString('en')} recipients (snapshots of ${(JSON.stringify(snapshot).length / 1024).toFixed(0)} KB; + ${(OTHERS * OTHER_RECIPIENTS).toLocaleString('en')} in ${OTHERS} other campaigns) with their events in ${seconds(seeded)} (+ ${seconds(performance.now() - t0 - seeded)} analyze): ${counts.map((c) => `${c.metric} ${Number(c.n).toLocaleString('en')}`).join(', ')}`,
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${app.server.address().port}`;
  const cases = [
    ['campaign list, page 1', '/api/campaigns?page=1'],
    ['results, all campaigns (page 1)', '/api/campaigns/reports?page=1'],
    [`one campaign's report (${BIG.toLocaleString('en')})`, `/api/campaigns/${BIG_ID}/report`],
  ];
  const answers = {};
  for (const [, url] of cases) {
    const response = await fetch(`${base}${url}`, { headers });
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status} ${await response.text()}`);
    answers[url] = Buffer.from(await response.arrayBuffer());
  }
  const bareApp = Fastify({ logger: false });
  for (const [url, bytes] of Object.entries(answers))
    bareApp.get(url.split('?')[0], (request, reply) =>
      reply.type('application/json; charset=utf-8').send(bytes),
    );
  await bareApp.listen({ port: 0, host: '127.0.0.1' });
  const bareBase = `http://127.0.0.1:${bareApp.server.address().port}`;
  const results = [];
  for (const [name, url] of cases) {
    const { api, plain } = await measurePair(
      async () => {
        const response = await fetch(`${base}${url}`, { headers });
        if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
        await response.arrayBuffer();
      },
      async () => {
        await (await fetch(`${bareBase}${url}`)).arrayBuffer();
      },
    );
    results.push({ name, api, plain, bytes: answers[url].length });
    console.log(
      `  ${name.padEnd(34)} p50 ${ms(api.p50)} ms, p95 ${ms(api.p95)} ms, p99 ${ms(api.p99)} ms (target p95 < 50 ms) · bare p50 ${ms(plain.p50)} ms, p95 ${ms(plain.p95)} ms → p95 ${(api.p95 / plain.p95).toFixed(1)}×, p50 ${(api.p50 / plain.p50).toFixed(1)}× (${answers[url].length.toLocaleString('en')} bytes)`,
    );
  }
  await bareApp.close();
  await app.close();
  return results;
}

const engines = process.env.BENCH_ENGINE ? [process.env.BENCH_ENGINE] : ['sqlite', 'postgres'];
console.log(
  `Campaigns bench${QUICK ? ' (--quick)' : ''}: queuing ${QUEUE.toLocaleString('en')}, reading with ${BIG.toLocaleString('en')} recipients, ${RUNS} requests a case`,
);
if (engines.includes('sqlite')) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agencyhq-bench-campaigns-'));
  try {
    const handle = await openDatabase({ dataDir });
    const file = path.join(dataDir, 'agencyhq.sqlite');
    await benchEngine(
      'SQLite (embedded, WAL)',
      'sqlite',
      handle,
      async (campaignId) => bareQueueSqlite(file, campaignId),
      async () => {
        await sql.raw('analyze').execute(handle.db);
        // The write-ahead log folded into the database now, not by the app's checkpointer during the timings.
        await sql.raw('pragma wal_checkpoint(TRUNCATE)').execute(handle.db);
      },
    );
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** BENCH_DATABASE_URL, TEST_DATABASE_URL, or the local PostgreSQL when it answers. */
async function postgresUrl() {
  const url = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (url) return url;
  const probe = new pg.Client({
    connectionString: 'postgres://postgres@127.0.0.1:5432/postgres',
    connectionTimeoutMillis: 2000,
  });
  try {
    await probe.connect();
    await probe.end();
    return 'postgres://postgres@127.0.0.1:5432/postgres';
  } catch {
    return null;
  }
}

const pgUrl = engines.includes('postgres') ? await postgresUrl() : null;
if (!engines.includes('postgres')) console.log('\nPostgreSQL: not asked for (BENCH_ENGINE)');
else if (pgUrl) {
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query('drop database if exists agencyhq_bench_campaigns with (force)');
  await admin.query('create database agencyhq_bench_campaigns');
  const url = new URL(pgUrl);
  url.pathname = '/agencyhq_bench_campaigns';
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agencyhq-bench-campaigns-pg-'));
  try {
    const handle = await openDatabase({ dataDir, databaseUrl: url.toString() });
    await benchEngine(
      'PostgreSQL',
      'pg',
      handle,
      (campaignId) => bareQueuePostgres(url.toString(), campaignId),
      async () => {
        await sql.raw('vacuum analyze').execute(handle.db);
      },
    );
  } finally {
    await admin.query('drop database if exists agencyhq_bench_campaigns with (force)');
    await admin.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
} else {
  console.log(
    '\nPostgreSQL: skipped (nothing answers on 127.0.0.1:5432; set BENCH_DATABASE_URL or TEST_DATABASE_URL)',
  );
}
console.log(`\ntotal: ${seconds(performance.now() - started)}`);
