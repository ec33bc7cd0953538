// The blog at scale (DESIGN §8: "100k blog posts listed without slowing down"): latency of the public
// reads, the dashboard list, the server-rendered /blog page, the sitemap and the feed with 100 posts and
// again with 100,000, on SQLite and, when BENCH_DATABASE_URL or TEST_DATABASE_URL is set, on PostgreSQL.
// Prints figures only, never asserts. Loopback only.
import fs from 'node:fs';
import os from 'node:os';
import net from 'node:net';
import path from 'node:path';
import { spawn } from 'node:child_process';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { buildIfStale } from '../lib/build-if-stale.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const SIZES = [100, 100_000];
const AGENCY = '00000000-0000-4000-8000-000000000001'; // the seeded agency workspace (workspaces.repository.ts)
const ADMIN = { email: 'bench@agency.test', password: 'bench-pass-1' };
const CATEGORIES = ['Marketing', 'SEO', 'Social Media', 'Content', 'Analytics'];
const slugOf = (name) => name.toLowerCase().replace(/\s+/g, '-');
// Post i was created i × 10 minutes ago (100k posts span about two years): post 1 is the newest.
const NOW_S = Math.floor(Date.now() / 1000);
const PUBLIC = 'status=published&scope=public';
// Whole-site documents are heavier, so they run fewer times.
const RUNS = { light: 100, heavy: 15 };

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

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** p50/p95 of `runs` sequential GETs after three warm-ups, with the last answer's status and size. */
async function time(server, target, runs, auth) {
  const url = `${server.base}${target}`;
  const init = auth ? { headers: server.headers, redirect: 'manual' } : { redirect: 'manual' };
  for (let i = 0; i < 3; i++) await (await fetch(url, init)).arrayBuffer();
  const times = [];
  let status = 0;
  let bytes = 0;
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    const response = await fetch(url, init);
    bytes = (await response.arrayBuffer()).byteLength;
    times.push(performance.now() - t0);
    status = response.status;
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), status, bytes };
}

async function json(server, target, auth) {
  return (await fetch(`${server.base}${target}`, auth ? { headers: server.headers } : {})).json();
}

/** The cases; the deep page is the public list's last page, wherever that is at this size. */
async function cases(server) {
  const first = await json(server, `/api/blogs?${PUBLIC}&page=1&limit=12`);
  const last = Math.max(1, first.pagination.totalPages);
  const slug = first.blogs[0]?.slug ?? 'none';
  const list = [
    ['public list, page 1', `/api/blogs?${PUBLIC}&page=1&limit=12`, 'light'],
    [`public list, last page`, `/api/blogs?${PUBLIC}&page=${last}&limit=12`, 'light'],
    ['public list, category', `/api/blogs?${PUBLIC}&category=seo&page=1&limit=12`, 'light'],
    ['admin list (all statuses)', '/api/blogs?page=1&limit=10', 'light', true],
    ['admin list, drafts', '/api/blogs?status=draft&page=1&limit=10', 'light', true],
    ['post by slug', `/api/blogs/${slug}?scope=public`, 'light'],
    ['/blog (server-rendered)', '/blog', 'light'],
    ['/rss.xml', '/rss.xml', 'heavy'],
    ['/sitemap.xml', '/sitemap.xml', 'heavy'],
  ];
  // When the sitemap is an index, its largest file is what a crawler fetches next.
  const sitemap = await (await fetch(`${server.base}/sitemap.xml`)).text();
  const part = /<loc>[^<]*?(\/sitemap-posts-1\.xml)<\/loc>/.exec(sitemap)?.[1];
  if (part) list.push(['/sitemap-posts-1.xml', part, 'heavy']);
  return { list, totalPosts: first.pagination.totalBlogs };
}

async function timeAll(server) {
  const { list, totalPosts } = await cases(server);
  const results = new Map();
  for (const [label, target, weight, auth] of list)
    results.set(label, await time(server, target, RUNS[weight], auth));
  return { results, totalPosts };
}

function report(small, large) {
  const ms = (v) => `${v.toFixed(1)}`.padStart(7);
  const [fewHeader, manyHeader] = SIZES.map((n) =>
    `${n >= 1000 ? `${n / 1000}k` : n} posts p50/p95 ms`.padStart(22),
  );
  console.log(
    `  ${'case'.padEnd(28)} ${fewHeader}   ${manyHeader}   p95 ×   answer at ${SIZES[1].toLocaleString('en')}`,
  );
  for (const [label, big] of large.results) {
    const few = small.results.get(label);
    const left = few ? `${ms(few.p50)} /${ms(few.p95)}` : '—';
    const ratio = few ? `${(big.p95 / few.p95).toFixed(1)}×` : '—';
    const kb = `${(big.bytes / 1024).toFixed(0)} KB`;
    console.log(
      `  ${label.padEnd(28)} ${left.padStart(22)}   ${`${ms(big.p50)} /${ms(big.p95)}`.padStart(22)}   ${ratio.padStart(5)}   HTTP ${big.status}, ${kb}`,
    );
  }
}

/**
 * Posts `from`..`to`, generated by the database itself: mostly published, some drafts and archived, over
 * five categories, with a meta description and 1-5 KB of HTML content each.
 */
function generatedBlogs(dialect, from, to, authorId) {
  const isPg = dialect === 'pg';
  const seq = isPg ? 'g.i' : 'i';
  const iso = (seconds) =>
    isPg
      ? `to_char(to_timestamp(${seconds}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
      : `strftime('%Y-%m-%dT%H:%M:%fZ', ${seconds}, 'unixepoch')`;
  const created = iso(`${NOW_S} - ${seq} * 600`);
  const published = iso(`${NOW_S} - ${seq} * 600 + 300`);
  // 90% published, 7% drafts, 3% archived (archived posts keep the publish date they had).
  const status = `(case when ${seq} % 100 < 7 then 'draft' when ${seq} % 100 < 10 then 'archived' else 'published' end)`;
  const category = `(case ${seq} % ${CATEGORIES.length} ${CATEGORIES.map((c, k) => `when ${k} then 'bench-cat-${k}'`).join(' ')} end)`;
  const paragraph =
    "'<p>Growth comes from steady, measurable work on search, content and social channels. </p>'";
  const repeat = (n) =>
    isPg ? `repeat(${paragraph}, ${n})` : `replace(hex(zeroblob(${n})), '00', ${paragraph})`;
  const content = `'<h2>Post ' || ${seq} || '</h2>' || ${repeat(`10 + ${seq} % 50`)}`;
  const id = isPg ? 'gen_random_uuid()::text' : 'lower(hex(randomblob(16)))';
  const select = `select ${id}, '${AGENCY}', '${authorId}', ${category},
      'Bench post ' || ${seq} || ': growing an audience', 'bench-post-' || ${seq},
      'How an agency grew organic traffic and leads with a plan, a calendar and a weekly review of the numbers, post ' || ${seq},
      '["seo","growth","content"]', ${content}, ${status}, null, '', ${seq} % 1000,
      case when ${status} = 'draft' then null else ${published} end, ${created},
      case when ${status} = 'draft' then ${created} else ${published} end`;
  const columns =
    'id, workspace_id, author_id, category_id, title, slug, meta_description, keywords, content, status, featured_media_id, alt_text, views, published_at, created_at, updated_at';
  return isPg
    ? `insert into blogs (${columns}) ${select} from generate_series(${from}, ${to}) as g(i)`
    : `insert into blogs (${columns}) with recursive s(i) as (select ${from} union all select i + 1 from s where i < ${to}) ${select} from s`;
}

function categoryRows() {
  const now = new Date(NOW_S * 1000 - 800 * 86_400_000).toISOString();
  return CATEGORIES.map((name, k) => [`bench-cat-${k}`, AGENCY, name, slugOf(name), '', now]);
}

/** SQLite: the file the server uses, written while the server is stopped. */
function sqliteFiller(dataDir) {
  return async (total) => {
    const db = new SQLite(path.join(dataDir, 'agencyhq.sqlite'));
    const author = db.prepare('select id from users where email = ?').get(ADMIN.email).id;
    const insert = db.prepare(
      'insert or ignore into categories (id, workspace_id, name, slug, description, created_at) values (?, ?, ?, ?, ?, ?)',
    );
    for (const row of categoryRows()) insert.run(...row);
    const have = db.prepare('select count(*) as n from blogs').get().n;
    db.exec(generatedBlogs('sqlite', have + 1, total, author));
    const n = db.prepare('select count(*) as n from blogs').get().n;
    db.close();
    return n;
  };
}

function postgresFiller(url) {
  return async (total) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const author = (await client.query('select id from users where email = $1', [ADMIN.email])).rows[0].id;
    for (const row of categoryRows())
      await client.query(
        'insert into categories (id, workspace_id, name, slug, description, created_at) values ($1, $2, $3, $4, $5, $6) on conflict do nothing',
        row,
      );
    const have = Number((await client.query('select count(*) as n from blogs')).rows[0].n);
    await client.query(generatedBlogs('pg', have + 1, total, author));
    // What autovacuum would do shortly after a bulk load: statistics and the visibility map.
    await client.query('vacuum analyze blogs');
    const n = Number((await client.query('select count(*) as n from blogs')).rows[0].n);
    await client.end();
    return n;
  };
}

async function benchEngine(label, env, fill) {
  console.log(`\n${label}`);
  // The first start migrates and creates the Admin the seeded posts are written by.
  await stop(await startServer(env));
  const measured = [];
  for (const size of SIZES) {
    const t0 = performance.now();
    const n = await fill(size);
    const server = await startServer(env);
    console.log(
      `  setup: ${n.toLocaleString('en')} posts seeded and server started in ${seconds(performance.now() - t0)}`,
    );
    measured.push(await timeAll(server));
    await stop(server);
  }
  const [small, large] = measured;
  console.log(
    `  published: ${small.totalPosts.toLocaleString('en')} of ${SIZES[0].toLocaleString('en')}, ${large.totalPosts.toLocaleString('en')} of ${SIZES[1].toLocaleString('en')}`,
  );
  report(small, large);
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agencyhq-bench-blogs-'));
try {
  await benchEngine('SQLite (embedded, WAL)', { DATA_DIR: dataDir, DATABASE_URL: '' }, sqliteFiller(dataDir));
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}

const pgUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
if (pgUrl) {
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query('drop database if exists agencyhq_bench_blogs with (force)');
  await admin.query('create database agencyhq_bench_blogs');
  const url = new URL(pgUrl);
  url.pathname = '/agencyhq_bench_blogs';
  const pgDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agencyhq-bench-pg-'));
  try {
    await benchEngine(
      'PostgreSQL',
      { DATA_DIR: pgDir, DATABASE_URL: url.toString() },
      postgresFiller(url.toString()),
    );
  } finally {
    await admin.query('drop database if exists agencyhq_bench_blogs with (force)');
    await admin.end();
    fs.rmSync(pgDir, { recursive: true, force: true });
  }
} else {
  console.log('\nPostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
}
console.log(`\ntotal: ${seconds(performance.now() - started)}`);
