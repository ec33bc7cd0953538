// `npm run bench` (docs/decisions/0005-render-cache-and-content-version.md): the public pages and the published-posts API under 100 connections, each beside a bare
// Fastify route serving the very same bytes, started in the same run: on a shared 2-core machine the ratio
// is the figure, not the absolute numbers. Also the cold answer after a publish, three cold starts (median), and the
// server's RSS idle and after the load; then the campaign-traffic rows (docs/decisions/0005-render-cache-and-content-version.md) (lib/churn.mjs): tracked URLs
// vs plain, a visitor's p99 while unique URLs churn, RSS after the churn, /blog past its last page.
// Prints Markdown tables; never asserts. Loopback only.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { buildIfStale } from '../lib/build-if-stale.mjs';
import { measureCampaignTraffic, printCampaignTraffic } from './lib/churn.mjs';
import {
  coldStart,
  coldStartBare,
  percentile,
  startBareTwin,
  startServer,
  stopServer,
} from './lib/server.mjs';
import { measureSignedIn, printSignedIn, seedWorkspace } from './lib/signed-in.mjs';

const CONNECTIONS = 100;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 8);
const POSTS = 13;
const COLD_STARTS = 3;
const ADMIN = { email: 'bench@agency.test', password: 'bench-pass-1' };

await buildIfStale('Building first...');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agencyhq-bench-'));
const env = { DATA_DIR: dataDir, DATABASE_URL: '' };

// Cold starts on an existing database (the first start creates and seeds it), three: one is noise.
await stopServer(await startServer(env, ADMIN));
const coldStarts = [];
const bareStarts = [];
for (let i = 0; i < COLD_STARTS; i++) {
  coldStarts.push(await coldStart(env));
  bareStarts.push(await coldStartBare());
}
const server = await startServer(env, ADMIN);

// Never leave a server behind, whatever fails below.
process.on('exit', () => server.child.kill());

const rssMb = () => {
  const status = fs.readFileSync(`/proc/${server.child.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024;
};

const startRss = rssMb();

async function api(method, url, body) {
  const json = typeof body === 'string' ? { 'content-type': 'application/json' } : {};
  const response = await fetch(server.base + url, { method, headers: { ...server.headers, ...json }, body });
  if (!response.ok) throw new Error(`${method} ${url}: HTTP ${response.status} ${await response.text()}`);
  return response.json();
}

/** A post as an editor writes one: a few headed sections of paragraphs and a list (~5 KB of HTML). */
function postForm(category, i, edit = '') {
  const section = (n) =>
    `<h2>Part ${n}: what works in ${2026 + (n % 2)}</h2>` +
    `<p>${'Agencies that publish steadily earn search traffic that compounds; '.repeat(8)}</p>` +
    `<ul><li>Plan topics from real questions</li><li>Measure what converts</li><li>Refresh old posts</li></ul>`;
  const form = new FormData();
  form.set('title', `Marketing playbook ${i}: growing a small business`);
  form.set(
    'metaDescription',
    `A practical guide, part ${i}, to content, search and social for small businesses.`,
  );
  form.set('keywords', 'marketing, seo, content');
  form.set('category', category);
  form.set('content', [1, 2, 3, 4, 5].map(section).join('') + edit);
  form.set('status', 'published');
  form.set('altText', '');
  return form;
}

const { category } = await api(
  'POST',
  '/api/categories',
  JSON.stringify({ name: 'Marketing', description: '' }),
);
let newest;
for (let i = 1; i <= POSTS; i++) newest = (await api('POST', '/api/blogs', postForm(category.id, i))).blog;

const ROUTES = [
  ['/', '/'],
  ['/blog', '/blog'],
  ['a post', `/blog/${newest.slug}`],
  ['/pricing', '/pricing'],
  ['/rss.xml', '/rss.xml'],
  ['GET /api/blogs?status=published', '/api/blogs?status=published'],
];

// The bare baseline: the same bytes from a bare Fastify in its own process.
const bare = await startBareTwin(
  server,
  ROUTES.map(([, url]) => url),
  {},
  path.join(dataDir, 'answers.json'),
);
const { answers } = bare;
const bareBase = bare.base;

const idleRss = rssMb(); // with the posts written (the sanitizer loaded) and every page rendered once

/** The first answer after a publish (the cache holds every page of the old version), in ms. */
async function coldAfterPublish(url) {
  const times = [];
  for (let i = 0; i < 5; i++) {
    // An edit of the newest post's text: the same address, a new content version.
    await api('PUT', `/api/blogs/${newest.id}`, postForm(category.id, POSTS, `<p>Edit ${i}.</p>`));
    const t0 = performance.now();
    await (await fetch(server.base + url)).arrayBuffer();
    times.push(performance.now() - t0);
  }
  return percentile(
    times.sort((a, b) => a - b),
    50,
  );
}

async function load(base, url, headers) {
  const result = await autocannon({
    url: base + url,
    connections: CONNECTIONS,
    duration: DURATION_S,
    headers,
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

const rows = [];
for (const [label, url] of ROUTES) {
  const cold = url.startsWith('/api') ? null : await coldAfterPublish(url);
  const product = await load(server.base, url, {});
  const baseline = await load(bareBase, url, {});
  rows.push({
    label,
    cold,
    product,
    baseline,
    bytes: Buffer.from(answers[url].body, 'base64').length,
  });
}
const loadedRss = rssMb();
bare.stop();
// The signed-in reads, on a workspace filled through the API (lib/signed-in.mjs).
const workspace = await seedWorkspace(server);
const signedIn = await measureSignedIn(server, workspace.routes, { dataDir, duration: DURATION_S });
const campaign = await measureCampaignTraffic(server.base, {
  connections: CONNECTIONS,
  duration: DURATION_S,
  rssMb,
  posts: POSTS,
});

await stopServer(server);
fs.rmSync(dataDir, { recursive: true, force: true });

const ms = (n) => (n === null ? '—' : `${n.toFixed(n < 10 ? 1 : 0)} ms`);
const pct = (n) => `${(n * 100).toFixed(0)} %`;
console.log(
  `\n${CONNECTIONS} connections, ${DURATION_S} s per route, SQLite, ${POSTS} published posts; Node ${process.version}, ${os.cpus().length} cores\n`,
);
console.log(
  '| route | bytes | req/s | p50 | p99 | errors | bare req/s | bare p99 | ratio | cold after a publish |',
);
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const r of rows)
  console.log(
    `| ${r.label} | ${r.bytes.toLocaleString('en-US')} | ${r.product.rps.toFixed(0)} | ${ms(r.product.p50)} | ${ms(r.product.p99)} | ${r.product.errors} | ${r.baseline.rps.toFixed(0)} | ${ms(r.baseline.p99)} | ${pct(r.product.rps / r.baseline.rps)} | ${ms(r.cold)} |`,
  );
console.log(
  `\nRSS: ${startRss.toFixed(0)} MB just started, ${idleRss.toFixed(0)} MB idle with the posts written and the pages rendered, ${loadedRss.toFixed(0)} MB after the load (targets < 150 / < 250 MB)`,
);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const starts = (key) => coldStarts.map((start) => start[key].toFixed(0)).join(', ');
const coldHealth = median(coldStarts.map((s) => s.health));
const bareStart = median(bareStarts);
console.log(
  `cold start on an existing database, until /api/health answers: median ${coldHealth.toFixed(0)} ms of ${starts('health')} ms (target < 1000 ms); until the home page does: median ${median(coldStarts.map((s) => s.page)).toFixed(0)} ms of ${starts('page')} ms; a bare Fastify process with one route, the same way: median ${bareStart.toFixed(0)} ms of ${bareStarts.map((t) => t.toFixed(0)).join(', ')} ms (the start takes ${(coldHealth / bareStart).toFixed(1)}× the bare one)`,
);
printSignedIn(signedIn, workspace.sizes, { ms, pct });
printCampaignTraffic(campaign, { ms, pct, rssBefore: loadedRss });
