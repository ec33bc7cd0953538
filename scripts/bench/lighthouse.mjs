// `npm run bench:lighthouse`: Lighthouse (default mobile config: mobile form factor, simulated throttling)
// on the public pages, median of 3 runs each, against docs/architecture.md#budgets (performance 100, accessibility, best
// practices and SEO 100, ≤ 90 KB gzip of JS). Prints figures only, never asserts. Loopback only.
import fs from 'node:fs';
import os from 'node:os';
import http from 'node:http';
import path from 'node:path';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import sharp from 'sharp';
import { buildIfStale } from '../lib/build-if-stale.mjs';
import { seconds, startServer, stopServer as stop } from './lib/server.mjs';

const RUNS = 3;
const MAX_RETRIES = 2; // per page, for runs that fail inside Lighthouse
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const JS_BUDGET_KB = 90; // docs/architecture.md#budgets: public pages ≤ 90 KB gzip of JS
const ADMIN = { email: 'bench@agency.test', password: 'bench-pass-1' };
const CHROME_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const started = performance.now();
if (await buildIfStale('Building first...')) console.log(`build: ${seconds(performance.now() - started)}`);

async function api(server, method, url, body, headers = {}) {
  const response = await fetch(server.base + url, {
    method,
    headers: {
      ...headers,
      ...(body && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}),
    },
    body: body instanceof FormData ? body : body && JSON.stringify(body),
  });
  const json = await response.json().catch(() => null);
  if (!response.ok) throw new Error(`${method} ${url} → HTTP ${response.status} ${JSON.stringify(json)}`);
  return json;
}

/** A published post with a 1600×900 PNG featured image, in its own category; returns its slug. */
async function createContent(server) {
  const auth = server.headers;
  const { category } = await api(
    server,
    'POST',
    '/api/categories',
    { name: 'Growth Marketing', description: 'Playbooks for growing a brand online.' },
    auth,
  );
  const stripes = Array.from(
    { length: 8 },
    (_, i) => `<rect x="${i * 200}" y="0" width="120" height="900" fill="hsl(${i * 40}, 60%, 55%)"/>`,
  ).join('');
  const image = await sharp({
    create: { width: 1600, height: 900, channels: 3, background: { r: 30, g: 64, b: 120 } },
  })
    .composite([{ input: Buffer.from(`<svg width="1600" height="900">${stripes}</svg>`) }])
    .png()
    .toBuffer();
  const paragraph = (i) =>
    `<p>Paragraph ${i}: a steady content calendar, clear calls to action and honest reporting are what turn ` +
    `a marketing budget into leads. Measure every channel, keep what works, and drop what does not.</p>`;
  const form = new FormData();
  form.append('title', 'Seven Ways to Grow Your Agency Pipeline');
  form.append(
    'metaDescription',
    'Practical steps to turn your website, content and campaigns into a steady flow of leads.',
  );
  form.append('keywords', 'marketing, leads, growth');
  form.append('category', category.id ?? category._id);
  form.append(
    'content',
    `<h2>Start with the basics</h2>${[1, 2, 3].map(paragraph).join('')}<h2>Then scale</h2>${[4, 5].map(paragraph).join('')}`,
  );
  form.append('status', 'published');
  form.append('altText', 'Coloured stripes on a blue background');
  form.append('featuredImage', new Blob([image], { type: 'image/png' }), 'featured.png');
  const { blog } = await api(server, 'POST', '/api/blogs', form, auth);
  return blog.slug;
}

/** Bytes on the wire for a GET with the given Accept-Encoding (no decoding), and the encoding used. */
function wireBytes(url, acceptEncoding) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': acceptEncoding } }, (response) => {
        let bytes = 0;
        response.on('data', (chunk) => (bytes += chunk.length));
        response.on('end', () =>
          resolve({ bytes, encoding: response.headers['content-encoding'] ?? 'identity' }),
        );
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

function median(values) {
  const sorted = values.filter((v) => typeof v === 'number' && !Number.isNaN(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** The figures of one run, plus the failing audits of the categories that should be 100. */
function figures(lhr) {
  const scripts = (lhr.audits['network-requests']?.details?.items ?? []).filter(
    (item) => item.resourceType === 'Script',
  );
  const failing = [];
  for (const category of ['accessibility', 'best-practices', 'seo']) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (audit?.score === null || audit?.score === undefined || audit.score >= 1) continue;
      const items = audit.details?.items ?? [];
      const where = items
        .map((item) => item.node?.selector ?? item.source?.url ?? item.url ?? item.description)
        .filter(Boolean)
        .slice(0, 3);
      failing.push({
        id: ref.id,
        title: audit.title,
        category,
        weight: ref.weight,
        where,
        count: items.length,
      });
    }
  }
  return {
    scores: Object.fromEntries(CATEGORIES.map((c) => [c, (lhr.categories[c]?.score ?? NaN) * 100])),
    lcp: lhr.audits['largest-contentful-paint']?.numericValue,
    tbt: lhr.audits['total-blocking-time']?.numericValue,
    cls: lhr.audits['cumulative-layout-shift']?.numericValue,
    // Lighthouse's estimate of this machine's speed: its 4× slowdown is tuned for 1,500–2,000.
    benchmarkIndex: lhr.environment?.benchmarkIndex,
    jsKB: scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0) / 1024,
    scriptUrls: scripts.map((item) => item.url),
    failing,
  };
}

async function measure(chrome, url) {
  const result = await lighthouse(url, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: CATEGORIES,
  });
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`Lighthouse returned no result for ${url}`);
  if (lhr.runtimeError) return { error: `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` };
  // Anything the page asked for beyond loopback would be a finding (and would fail offline anyway).
  const offHost = (lhr.audits['network-requests']?.details?.items ?? [])
    .map((item) => item.url)
    .filter((u) => /^(https?|wss?):/.test(u) && new URL(u).hostname !== '127.0.0.1');
  const warnings = [...(lhr.runWarnings ?? []), ...offHost.map((u) => `request to another host: ${u}`)];
  return { ...figures(lhr), warnings };
}

function report(route, runs) {
  const ok = runs.filter((run) => !run.error);
  console.log(`\n${route}  (median of ${ok.length} run${ok.length === 1 ? '' : 's'})`);
  for (const run of runs) if (run.error) console.log(`  run failed: ${run.error}`);
  for (const warning of new Set(ok.flatMap((run) => run.warnings))) console.log(`  warning: ${warning}`);
  if (ok.length === 0) return null;
  const row = (label, values, format, note = '') => {
    const all = values.map(format).join(', ');
    console.log(`  ${label.padEnd(16)} ${format(median(values)).padStart(8)}   runs: ${all}${note}`);
  };
  const score = (v) => (Number.isNaN(v) ? '–' : v.toFixed(0));
  const target = { performance: ' (target 100)' };
  for (const c of CATEGORIES)
    row(
      c,
      ok.map((r) => r.scores[c]),
      score,
      target[c] ?? ' (target 100)',
    );
  row(
    'LCP (ms)',
    ok.map((r) => r.lcp),
    (v) => v.toFixed(0),
  );
  row(
    'TBT (ms)',
    ok.map((r) => r.tbt),
    (v) => v.toFixed(0),
  );
  row(
    'CLS',
    ok.map((r) => r.cls),
    (v) => v.toFixed(3),
  );
  row(
    'benchmarkIndex',
    ok.map((r) => r.benchmarkIndex),
    (v) => v.toFixed(0),
    ' (this machine; the default 4× CPU slowdown is tuned for 1,500–2,000)',
  );
  row(
    'JS transfer (KB)',
    ok.map((r) => r.jsKB),
    (v) => v.toFixed(1),
    ` (budget ≤ ${JS_BUDGET_KB} KB gzip)`,
  );
  const seen = new Map();
  for (const run of ok) {
    for (const f of run.failing) {
      const key = `${f.category}/${f.id}`;
      seen.set(key, { ...f, runs: (seen.get(key)?.runs ?? 0) + 1 });
    }
  }
  if (seen.size === 0) console.log('  failing audits (accessibility, best-practices, seo): none');
  else console.log('  failing audits (accessibility, best-practices, seo):');
  for (const f of seen.values()) {
    const weight = f.weight === 0 ? ', weight 0' : '';
    const where = f.where.length
      ? `\n      e.g. ${f.where.join(' | ')}${f.count > 3 ? ` (+${f.count - 3} more)` : ''}`
      : '';
    console.log(`    [${f.category}] ${f.id} — ${f.title} (${f.runs}/${ok.length} runs${weight})${where}`);
  }
  return {
    route,
    scores: CATEGORIES.map((c) => median(ok.map((r) => r.scores[c]))),
    lcp: median(ok.map((r) => r.lcp)),
    tbt: median(ok.map((r) => r.tbt)),
    cls: median(ok.map((r) => r.cls)),
    jsKB: median(ok.map((r) => r.jsKB)),
    scriptUrls: [...new Set(ok.flatMap((r) => r.scriptUrls))],
  };
}

/** The same scripts as served gzip-only (the budget's unit), next to what Chrome got. */
async function gzipFigures(server, summary) {
  const local = summary.scriptUrls.filter((url) => url.startsWith(`${server.base}/`));
  let gzip = 0;
  const encodings = new Set();
  for (const url of local) {
    gzip += (await wireBytes(url, 'gzip')).bytes;
    encodings.add((await wireBytes(url, 'gzip, deflate, br, zstd')).encoding);
  }
  return { gzipKB: gzip / 1024, count: local.length, encodings: [...encodings].join('/') || '–' };
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agencyhq-bench-lighthouse-'));
let server;
let chrome;
try {
  server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: '' }, ADMIN);
  const slug = await createContent(server);
  const routes = ['/', '/blog', `/blog/${slug}`, '/pricing'];
  console.log(
    `server ${server.base}, post /blog/${slug}; Lighthouse ${RUNS} runs × ${routes.length} pages (mobile, simulated throttling)`,
  );
  chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: CHROME_FLAGS,
    logLevel: 'error',
  });
  const summaries = [];
  for (const route of routes) {
    const runs = [];
    // Lighthouse sometimes loses the trace (NO_NAVSTART and the like): such a run is retried, up to twice.
    while (runs.filter((r) => !r.error).length < RUNS && runs.length < RUNS + MAX_RETRIES) {
      runs.push(await measure(chrome, server.base + route));
    }
    const summary = report(route, runs);
    if (summary) summaries.push({ ...summary, ...(await gzipFigures(server, summary)) });
  }

  console.log('\nsummary (medians)');
  console.log(
    `  ${'page'.padEnd(28)} perf  a11y  b-p   seo   LCP ms  TBT ms  CLS     JS KB transfer (gzip-only) vs ≤ ${JS_BUDGET_KB} KB gzip`,
  );
  for (const s of summaries) {
    const [perf, a11y, bp, seo] = s.scores.map((v) => (Number.isNaN(v) ? '–' : v.toFixed(0)).padEnd(5));
    const page = s.route.length > 28 ? `${s.route.slice(0, 27)}…` : s.route.padEnd(28);
    console.log(
      `  ${page} ${perf} ${a11y} ${bp} ${seo} ${s.lcp.toFixed(0).padStart(6)}  ${s.tbt.toFixed(0).padStart(6)}  ${s.cls.toFixed(3).padEnd(6)}  ${s.jsKB.toFixed(1).padStart(5)} (${s.gzipKB.toFixed(1)} in ${s.count} file${s.count === 1 ? '' : 's'}; Chrome got ${s.encodings})`,
    );
  }
} finally {
  if (chrome) await chrome.kill();
  if (server) await stop(server);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
console.log(`\ntotal: ${seconds(performance.now() - started)}`);
