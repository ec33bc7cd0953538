// `npm run bench:overload` (docs/decisions/0007-bounded-work.md): does the site keep answering through a flood? A visitor's p99 for
// /pricing and a post page, quiet and during each attack — (a) 50 connections of unknown-e-mail sign-ins
// from one address, (b) the same from 50 addresses through the trusted proxy, (c) a 100k-row lead import,
// (d) 20 concurrent 5 MB image uploads, (e) the CSV export of those 100k leads — beside the server's longest
// event-loop delay and what the attack was answered. Prints a table against the targets; never asserts. Loopback only.
import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import sharp from 'sharp';
import { buildIfStale } from '../lib/build-if-stale.mjs';
import { startMonitoredServer, stopServer } from './lib/server.mjs';

const PHASE_S = Number(process.env.BENCH_SECONDS ?? 10);
const ADMIN = { email: 'bench@agency.test', password: 'bench-pass-1' };
const VISITOR_CONNECTIONS = 2;

await buildIfStale('Building first...');
const { server, dataDir, loopMaxSinceLast } = await startMonitoredServer('overload', ADMIN);

async function api(method, url, body) {
  const json = typeof body === 'string' ? { 'content-type': 'application/json' } : {};
  const response = await fetch(server.base + url, { method, headers: { ...server.headers, ...json }, body });
  if (!response.ok) throw new Error(`${method} ${url}: HTTP ${response.status} ${await response.text()}`);
  return response.json();
}

function blogForm(category, title, image) {
  const form = new FormData();
  form.set('title', title);
  form.set('metaDescription', 'A practical guide to content, search and social for small businesses.');
  form.set('keywords', 'marketing, seo');
  form.set('category', category);
  form.set(
    'content',
    `<h2>Start here</h2>${'<p>Agencies that publish steadily earn traffic. </p>'.repeat(40)}`,
  );
  form.set('status', 'published');
  form.set('altText', '');
  if (image) form.set('featuredImage', new Blob([image], { type: 'image/png' }), 'photo.png');
  return form;
}

const { category } = await api(
  'POST',
  '/api/categories',
  JSON.stringify({ name: 'Guides', description: '' }),
);
const { blog: post } = await api('POST', '/api/blogs', blogForm(category.id, 'Growing a small business'));
const PAGES = { '/pricing': '/pricing', 'a post': `/blog/${post.slug}` };

/** A visitor load on both pages until `done` settles (or for PHASE_S): p99 in ms and non-2xx counts. */
async function visitors(done) {
  const runs = Object.entries(PAGES).map(([name, url]) => {
    const instance = autocannon({
      url: server.base + url,
      connections: VISITOR_CONNECTIONS,
      duration: done ? 3600 : PHASE_S,
    });
    if (done) done.finally(() => instance.stop());
    return new Promise((resolve) =>
      instance.on('done', (result) =>
        resolve([
          name,
          { p99: result.latency.p99, max: result.latency.max, errors: result.non2xx + result.errors },
        ]),
      ),
    );
  });
  return Object.fromEntries(await Promise.all(runs));
}

/** Sign-in attempts with unknown e-mails; `addressOf(i)` names a client through the trusted proxy. */
function signInFlood(addressOf) {
  const answers = {};
  let attemptsBeforeLimit = 0;
  let limited = false;
  let missingRetryAfter = 0;
  let sent = 0;
  const instance = autocannon({
    url: `${server.base}/api/login`,
    connections: 50,
    duration: PHASE_S,
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => {
          const i = sent++;
          const forwarded = addressOf ? { 'x-forwarded-for': addressOf(i) } : {};
          return {
            ...request,
            headers: { ...request.headers, 'content-type': 'application/json', ...forwarded },
            body: JSON.stringify({
              email: `u${randomBytes(6).toString('hex')}@flood.test`,
              password: 'guess-123',
            }),
          };
        },
        onResponse: (status, _body, _context, headers) => {
          answers[status] = (answers[status] ?? 0) + 1;
          if (status === 429) limited = true;
          if ((status === 401 || status === 503) && !limited) attemptsBeforeLimit += 1;
          const retryAfter = headers?.['retry-after'] ?? headers?.['Retry-After'];
          if ((status === 429 || status === 503) && !retryAfter) missingRetryAfter += 1;
        },
      },
    ],
  });
  return new Promise((resolve) =>
    instance.on('done', (result) =>
      resolve({ answers, attemptsBeforeLimit, missingRetryAfter, errors: result.errors + result.timeouts }),
    ),
  );
}

function describeAnswers({ answers, attemptsBeforeLimit, missingRetryAfter, errors }, addresses) {
  const codes = Object.entries(answers)
    .map(([status, n]) => `${status}×${n}`)
    .join(' ');
  const unexpected = Object.keys(answers).filter((s) => !['401', '429', '503'].includes(s));
  const notes = [
    codes,
    addresses === 1 ? `limited after ${attemptsBeforeLimit} attempts` : '',
    missingRetryAfter ? `${missingRetryAfter} without Retry-After` : '',
    unexpected.length ? `unexpected: ${unexpected.join(', ')}` : '',
    errors ? `${errors} connection errors/time-outs` : '',
  ];
  return notes.filter(Boolean).join('; ');
}

async function importLeads(rows) {
  const lines = ['Name,Email,Phone,Company,Source,Notes'];
  for (let i = 0; i < rows; i++)
    lines.push(
      `Lead ${i},lead${i}@import.test,+1 555 ${String(i).padStart(7, '0')},Company ${i % 500},Import,Row ${i}`,
    );
  const form = new FormData();
  form.set('file', new Blob([lines.join('\n')], { type: 'text/csv' }), 'leads.csv');
  const started = performance.now();
  const result = await api('POST', '/api/leads/import', form);
  return `imported ${result.imported} in ${((performance.now() - started) / 1000).toFixed(1)} s`;
}

async function uploadImages(count) {
  // Noise does not compress: a 1250×1250 PNG of it is about 4.7 MB, under the 5 MB limit.
  const side = 1250;
  const image = await sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
  const started = performance.now();
  const results = await Promise.allSettled(
    Array.from({ length: count }, (_, i) =>
      api(
        'POST',
        '/api/blogs',
        blogForm(category.id, `Photo essay ${i} ${randomBytes(3).toString('hex')}`, image),
      ),
    ),
  );
  const failed = results.filter((r) => r.status === 'rejected').length;
  const mb = (image.length / 1024 / 1024).toFixed(1);
  return `${count - failed}/${count} uploads of ${mb} MB in ${((performance.now() - started) / 1000).toFixed(1)} s`;
}

async function exportLeads() {
  const started = performance.now();
  const response = await fetch(`${server.base}/api/leads/export`, { headers: server.headers });
  if (!response.ok) throw new Error(`export: HTTP ${response.status}`);
  const lines = (await response.text()).split('\r\n').length - 2; // header and final line end
  return `exported ${lines.toLocaleString('en-US')} rows in ${((performance.now() - started) / 1000).toFixed(1)} s`;
}

const rows = [];
async function phase(name, attack) {
  await loopMaxSinceLast();
  let note = '';
  let pages;
  if (!attack) pages = await visitors();
  else if (attack.timed) {
    const done = attack.run().then((text) => (note = text));
    pages = await visitors(done);
    await done;
  } else {
    const flood = attack.run();
    pages = await visitors();
    note = await flood;
  }
  rows.push({ name, pages, loopMs: await loopMaxSinceLast(), note });
  console.log(`  ${name}: done`);
}

console.log(
  `Overload bench: ${PHASE_S} s phases, visitors on /pricing and a post (${VISITOR_CONNECTIONS} connections each)`,
);
await phase('quiet');
await phase('(a) sign-in flood, 1 address', {
  run: async () => describeAnswers(await signInFlood(null), 1),
});
await phase('(b) sign-in flood, 50 addresses', {
  run: async () => describeAnswers(await signInFlood((i) => `198.51.100.${(i % 50) + 1}`), 50),
});
await phase('(c) 100k-row lead import', { timed: true, run: () => importLeads(100_000) });
// The first image loads sharp (libvips), once per process: a one-time delay, shown apart from the flood.
await loopMaxSinceLast();
await uploadImages(1);
const firstImageLoopMs = await loopMaxSinceLast();
await phase('(d) 20 concurrent 5 MB uploads', { timed: true, run: () => uploadImages(20) });
await phase('(e) CSV export of the 100k leads', { timed: true, run: exportLeads });
await stopServer(server);

const quiet = rows[0].pages;
const target = (page) => Math.max(3 * quiet[page].p99, 250);
const pad = (text, width) => String(text).padEnd(width);
console.log(
  `\n${pad('phase', 34)}${pad('/pricing p99 (max)', 22)}${pad('post p99 (max)', 22)}${pad('loop max', 12)}answers to the attack`,
);
for (const { name, pages, loopMs, note } of rows) {
  const cell = (page) => {
    const ok = name === 'quiet' || pages[page].p99 <= target(page);
    const errors = pages[page].errors ? ` ${pages[page].errors} non-2xx` : '';
    return `${pages[page].p99} (${pages[page].max}) ms${ok ? '' : ' ✗'}${errors}`;
  };
  const loop = `${loopMs.toFixed(0)} ms${loopMs < 100 ? '' : ' ✗'}`;
  console.log(
    `${pad(name, 34)}${pad(cell('/pricing'), 22)}${pad(cell('a post'), 22)}${pad(loop, 12)}${note}`,
  );
}
console.log(
  `\nBefore (d), one upload loaded the image library (once per process): event loop max ${firstImageLoopMs.toFixed(0)} ms.`,
);
console.log(
  `Targets: pages' p99 within 3× quiet or 250 ms (here ${target('/pricing')} / ${target('a post')} ms); ` +
    'event loop under 100 ms; the attack answered only 401 (a failed sign-in), 429 and 503 with Retry-After. ✗ marks a miss.',
);
fs.rmSync(dataDir, { recursive: true, force: true });
