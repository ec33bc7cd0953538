// The rows of docs/decisions/0005-render-cache-and-content-version.md in `npm run bench`: campaign traffic against the render cache. `/` asked plainly vs
// with a tracking parameter unique per request; a visitor's /pricing p99 quiet vs while 40 other connections
// (a forked client, lib/churn-load.mjs) ask URLs never seen before; the server's RSS after that churn; the
// status of /blog past its last page. Each figure against a baseline from the same run. Never asserts.
import path from 'node:path';
import { fork } from 'node:child_process';
import autocannon from 'autocannon';

const VISITOR_CONNECTIONS = 10;
const CHURN_CONNECTIONS = 40;
const RAMP_MS = 1000; // the churn's connections open and its misses start before the visitor is timed

/** What a newsletter, Facebook, Google Ads and a partner link add to `/`: unique per request. */
const TRACKED = [
  (n) => `/?utm_source=newsletter&utm_medium=email&utm_campaign=launch&fbclid=IwAR${n}`,
  (n) => `/?gclid=Cj0K${n}`,
  (n) => `/?ref=partner-${n}`,
  (n) => `/?utm_source=facebook&utm_medium=cpc&utm_campaign=spring&utm_content=ad-${n}`,
];

/** autocannon on `base`, each request's path from `pathOf(n)` (the plain run pays the same client cost). */
async function load(base, connections, duration, pathOf) {
  let n = 0;
  const setupRequest = (request) => {
    n += 1;
    request.path = pathOf(n);
    return request;
  };
  const result = await autocannon({ url: base, connections, duration, requests: [{ setupRequest }] });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

/** The churn generator in its own process, started; `stop()` ends it and resolves to its result. */
async function startChurn(base) {
  const child = fork(path.join(import.meta.dirname, 'churn-load.mjs'), [base, String(CHURN_CONNECTIONS)], {
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const killIt = () => child.kill();
  process.on('exit', killIt);
  await new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', () => reject(new Error('the churn generator exited before starting')));
  });
  return {
    stop: async () => {
      const result = new Promise((resolve) => child.once('message', resolve));
      child.send('stop');
      const answer = await result;
      process.off('exit', killIt);
      return answer;
    },
  };
}

/** Measures every row; `rssMb()` reads the server's RSS; `posts` are published (12 per /blog page). */
export async function measureCampaignTraffic(base, { connections, duration, rssMb, posts }) {
  const plain = await load(base, connections, duration, () => '/');
  const tracked = await load(base, connections, duration, (n) => TRACKED[n % TRACKED.length](n));
  const rssAfterTracked = rssMb();

  // Before the churn: after it, the bench's own address has spent its render share (RENDER_BUDGET_PER_CLIENT).
  const lastPage = Math.ceil(posts / 12);
  const pages = {};
  for (const page of [lastPage, lastPage + 1, 99999]) {
    const response = await fetch(`${base}/blog?page=${page}`, { redirect: 'manual' });
    await response.arrayBuffer();
    pages[page] = response.status;
  }

  const quiet = await load(base, VISITOR_CONNECTIONS, duration, () => '/pricing');
  const churn = await startChurn(base);
  await new Promise((r) => setTimeout(r, RAMP_MS));
  const churning = await load(base, VISITOR_CONNECTIONS, duration, () => '/pricing');
  const generator = await churn.stop();
  const rssAfterChurn = rssMb();

  const rows = { connections, duration, plain, tracked, quiet, churning, generator };
  return { ...rows, rssAfterTracked, rssAfterChurn, posts, lastPage, pages };
}

/** Prints the rows as Markdown tables (after the route table); `rssBefore`: the RSS after the route table. */
export function printCampaignTraffic(c, { ms, pct, rssBefore }) {
  const times = (a, b) => (b > 0 ? `${(a / b).toFixed(1)}×` : '—');
  const row = (label, r) => `| ${label} | ${r.rps.toFixed(0)} | ${ms(r.p50)} | ${ms(r.p99)} | ${r.errors} |`;
  console.log(`\nCampaign traffic: \`/\` with ${c.connections} connections, ${c.duration} s each\n`);
  console.log('| `/` asked | req/s | p50 | p99 | errors |');
  console.log('|---|---:|---:|---:|---:|');
  console.log(row('plainly', c.plain));
  console.log(row('with a unique tracking parameter (utm_*+fbclid, gclid, ref, utm_content)', c.tracked));
  console.log(
    `| ratio tracked / plain (target req/s ≥ 80 %) | ${pct(c.tracked.rps / c.plain.rps)} | ${times(c.tracked.p50, c.plain.p50)} | ${times(c.tracked.p99, c.plain.p99)} | |`,
  );
  console.log(
    `\nA visitor's \`/pricing\`, ${VISITOR_CONNECTIONS} connections, ${c.duration} s, quiet then while ${CHURN_CONNECTIONS} other connections (a forked client) ask unique URLs\n`,
  );
  console.log('| `/pricing` | req/s | p50 | p99 | errors |');
  console.log('|---|---:|---:|---:|---:|');
  console.log(row('quiet', c.quiet));
  console.log(row('during the churn', c.churning));
  console.log(
    `| ratio churn / quiet (target p99 ≤ 3× quiet or ≤ 50 ms) | ${pct(c.churning.rps / c.quiet.rps)} | ${times(c.churning.p50, c.quiet.p50)} | ${times(c.churning.p99, c.quiet.p99)} | |`,
  );
  const g = c.generator;
  console.log(
    `\nchurn generator: ${g.rps.toFixed(0)} req/s; 2xx ${g.codes['2xx']}, 3xx ${g.codes['3xx']}, 4xx ${g.codes['4xx']}, 5xx ${g.codes['5xx']}, errors ${g.errors} ` +
      '(`/?fbclid=`, `/pricing?utm_content=`, `/?zz<n>=1`, `/blog?page=<100000+n>`, `/blog?category=nope-`, `/no-such-page-`)',
  );
  const setting = process.env.RENDER_CACHE_MB ? `${process.env.RENDER_CACHE_MB}` : '64 (default)';
  console.log(
    `RSS after the churn: ${c.rssAfterChurn.toFixed(0)} MB (target < 250 MB; ${rssBefore.toFixed(0)} MB after the route table, ${c.rssAfterTracked.toFixed(0)} MB after the tracked \`/\`); RENDER_CACHE_MB ${setting}`,
  );
  console.log(
    `/blog past its last page (${c.posts} posts, 12 per page: ${c.lastPage} pages): page ${c.lastPage + 1} → ${c.pages[c.lastPage + 1]}, page 99999 → ${c.pages[99999]} (target: not 200); page ${c.lastPage} → ${c.pages[c.lastPage]}`,
  );
}
