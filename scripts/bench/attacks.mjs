// `npm run bench:attacks` (docs/security.md#floods): attacks on lead files, tried from outside
// on the built app. For each: what the attack was answered and how long it took, a visitor's slowest
// /pricing meanwhile (one request after another), the server's longest event-loop delay and its peak memory.
// Prints a table against the targets (a visitor under 1 s, the loop under 100 ms); never asserts. Loopback only.
import fs from 'node:fs';
import { spawn } from 'node:child_process';
import { buildIfStale } from '../lib/build-if-stale.mjs';
import { seconds, startMonitoredServer, stopServer } from './lib/server.mjs';

const ADMIN = { email: 'bench@agency.test', password: 'bench-pass-1' };

await buildIfStale('Building first...');
const { server, dataDir, loopMaxSinceLast } = await startMonitoredServer('attacks', ADMIN);

/** The server's resident memory in MB, from /proc (Linux). */
function rssMb() {
  const status = fs.readFileSync(`/proc/${server.child.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024;
}

/**
 * A visitor asking for /pricing one request after another, from a process of its own (the attack's own
 * sending must not slow the visitor's clock), and the server's memory, until `done` settles.
 */
async function watch(done) {
  const visitor = spawn(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `let slowest = 0;
       let answered = 0;
       process.on('message', () => { process.send({ slowest, answered }); process.exit(0); });
       for (;;) {
         const started = performance.now();
         await (await fetch(process.argv[1] + '/pricing')).arrayBuffer();
         slowest = Math.max(slowest, performance.now() - started);
         answered += 1;
         await new Promise((r) => setTimeout(r, 50));
       }`,
      server.base,
    ],
    { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] },
  );
  let peakMb = rssMb();
  const memory = setInterval(() => (peakMb = Math.max(peakMb, rssMb())), 100);
  await done.catch(() => {});
  clearInterval(memory);
  const { slowest: slowestMs, answered } = await new Promise((resolve) => {
    visitor.once('message', resolve);
    visitor.send('stop');
  });
  return { slowestMs, answered, peakMb };
}

/** POSTs a lead file (and a mapping) as the browser's form does: status, message and time taken. */
async function upload(route, content, mapping) {
  const form = new FormData();
  if (mapping) form.set('mapping', JSON.stringify(mapping));
  form.set('file', new Blob([content], { type: 'text/csv' }), 'leads.csv');
  const started = performance.now();
  const response = await fetch(server.base + route, { method: 'POST', headers: server.headers, body: form });
  const body = await response.text();
  let message = '';
  try {
    message = JSON.parse(body).message ?? '';
  } catch {
    // not JSON
  }
  return { status: response.status, message, ms: performance.now() - started };
}

const PREVIEW = '/api/leads/import/preview';
const attacks = {
  'a header of 300,000 columns, its last 500 mapped': async () => {
    const names = Array.from({ length: 300_000 }, (_, i) => `Extra ${i}`);
    const mapping = Object.fromEntries(names.slice(-500).map((name) => [name, null]));
    const answer = await upload(PREVIEW, `Name,Email,${names.join(',')}\r\nAna,ana@x.test\r\n`, mapping);
    return `${answer.status} in ${seconds(answer.ms)}: ${answer.message.slice(0, 60)}`;
  },
  'a cell of 10 million stray quotes (20 MB)': async () => {
    const answer = await upload(PREVIEW, `Name,Email\r\nAna,"${'a"'.repeat(10_000_000)},x@y.test\r\n`);
    return `${answer.status} in ${seconds(answer.ms)}: ${answer.message.slice(0, 60)}`;
  },
  'twenty 45 MB previews at once, one account': async () => {
    const row = 'Some Person,some.person@example.test,+1 555 0100,Company,Referral,A note of a few words\r\n';
    const file = `Name,Email,Phone,Company,Source,Notes\r\n${row.repeat(Math.ceil((45 * 1024 * 1024) / row.length))}`;
    const answers = await Promise.all(Array.from({ length: 20 }, () => upload(PREVIEW, file)));
    const byStatus = {};
    for (const { status, ms } of answers) {
      byStatus[status] ??= { n: 0, slowest: 0 };
      byStatus[status].n += 1;
      byStatus[status].slowest = Math.max(byStatus[status].slowest, ms);
    }
    return Object.entries(byStatus)
      .map(([status, { n, slowest }]) => `${status}×${n} (slowest ${seconds(slowest)})`)
      .join(', ');
  },
};

const rows = [];
for (const [name, attack] of Object.entries(attacks)) {
  await loopMaxSinceLast();
  const done = attack();
  const watched = await watch(done);
  rows.push({ name, answer: await done, loopMs: await loopMaxSinceLast(), ...watched });
  console.log(`  ${name}: done`);
}
await stopServer(server);
fs.rmSync(dataDir, { recursive: true, force: true });

const pad = (text, width) => String(text).padEnd(width);
console.log(
  `\n${pad('attack', 52)}${pad('/pricing slowest', 18)}${pad('loop max', 12)}${pad('peak RSS', 12)}answer`,
);
for (const { name, answer, loopMs, slowestMs, answered, peakMb } of rows) {
  const visitor = answered ? `${slowestMs.toFixed(0)} ms${slowestMs < 1000 ? '' : ' ✗'}` : 'none yet'; // the attack was answered before the visitor's first page
  const loop = `${loopMs.toFixed(0)} ms${loopMs < 100 ? '' : ' ✗'}`;
  console.log(
    `${pad(name, 52)}${pad(visitor, 18)}${pad(loop, 12)}${pad(`${peakMb.toFixed(0)} MB`, 12)}${answer}`,
  );
}
console.log(
  '\nTargets: a visitor’s /pricing under 1 s and the event loop under 100 ms throughout. ✗ marks a miss.',
);
