// `npm run bench:attacks` (docs/security.md#floods): attacks on lead files, uploads, analytics and sign-ups, tried from outside
// on the built app. For each: what the attack was answered and how long it took, a visitor's slowest
// /pricing meanwhile (one request after another), the server's longest event-loop delay and its peak memory.
// Prints a table against the targets (a visitor under 1 s, the loop under 100 ms); never asserts. Loopback only.
import fs from 'node:fs';
import http from 'node:http';
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
const IMPORT = '/api/leads/import';
let signUps = 0;

/** A new Business Admin of a workspace of their own, signed up from an address of its own (loopback may name one). */
async function newOwner() {
  signUps += 1;
  const email = `owner-${signUps}-${Date.now()}@attacker-${signUps}.test`;
  const password = 'attacker-pass-1';
  const response = await fetch(`${server.base}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `203.0.113.${signUps}` },
    body: JSON.stringify({
      userType: 'business-owner',
      businessName: `Attacker ${signUps}`,
      email,
      password,
      confirmPassword: password,
    }),
  });
  if (response.status !== 201) throw new Error(`sign-up: HTTP ${response.status} ${await response.text()}`);
  return { authorization: `Bearer ${(await response.json()).token}` };
}

/** A lead form whose first KB is sent at once and then one byte every `everyMs`, until answered: its status. */
async function trickle(route, headers, everyMs) {
  const form = new FormData();
  form.set(
    'file',
    new Blob([`Name,Email\r\n${'Slow Row,slow@upload.test\r\n'.repeat(5000)}`], { type: 'text/csv' }),
    'leads.csv',
  );
  const request = new Request('http://x', { method: 'POST', body: form });
  const body = Buffer.from(await request.arrayBuffer());
  const { port } = new URL(server.base);
  return new Promise((resolve) => {
    const started = performance.now();
    const outgoing = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: route,
      headers: {
        ...headers,
        'content-type': request.headers.get('content-type'),
        'content-length': body.length,
      },
    });
    let sent = 1024;
    outgoing.write(body.subarray(0, sent));
    const timer = setInterval(() => outgoing.write(body.subarray(sent, ++sent)), everyMs);
    const finish = (status) => {
      clearInterval(timer);
      outgoing.destroy();
      resolve({ status, ms: performance.now() - started });
    };
    outgoing.on('response', (response) => finish(response.statusCode));
    outgoing.on('error', () => finish('cut off'));
  });
}

/** Counts answers by status: '408×16 (slowest 10.9 s)'. */
function byStatus(answers) {
  const groups = {};
  for (const { status, ms } of answers) {
    groups[status] ??= { n: 0, slowest: 0 };
    groups[status].n += 1;
    groups[status].slowest = Math.max(groups[status].slowest, ms);
  }
  return Object.entries(groups)
    .map(([status, { n, slowest }]) => `${status}×${n} (slowest ${seconds(slowest)})`)
    .join(', ');
}

/** A page view through the beacon, as the site's own page sends it, from `address`. */
function beacon(address, path = '/pricing') {
  return fetch(`${server.base}/api/event`, {
    method: 'POST',
    headers: {
      'content-type': 'text/plain;charset=UTF-8',
      'x-forwarded-for': address,
      'user-agent':
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36',
      'sec-fetch-site': 'same-origin',
      origin: server.base.replace('127.0.0.1', 'localhost'),
      'accept-language': 'en-GB,en;q=0.9',
    },
    body: JSON.stringify({ p: path }),
  }).then((response) => response.status);
}
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
    return byStatus(await Promise.all(Array.from({ length: 20 }, () => upload(PREVIEW, file))));
  },
  'sixteen lead uploads trickling, from eight accounts': async () => {
    const owners = [];
    // One after another: sign-ups share a bounded password-hashing gate.
    for (let i = 0; i < 8; i += 1) owners.push(await newOwner());
    const trickles = owners.flatMap((headers) => [
      trickle(IMPORT, headers, 2000),
      trickle(PREVIEW, headers, 2000),
    ]);
    // An honest workspace's import while the trickles hold every upload place, then once they are answered.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const during = await upload(IMPORT, 'Name,Email\r\nAna,ana@honest.test\r\n');
    const answers = await Promise.all(trickles);
    const after = await upload(IMPORT, 'Name,Email\r\nBo,bo@honest.test\r\n');
    return `${byStatus(answers)}; an honest import meanwhile ${during.status}, after ${after.status}`;
  },
  '50,000 IPv6 /64s of one /48 spray the beacon': async () => {
    const started = performance.now();
    const answers = {};
    for (let i = 0; i < 50_000; i += 200) {
      const batch = await Promise.all(
        Array.from({ length: 200 }, (_, j) =>
          beacon(`2001:db8:77:${(i + j).toString(16)}::1`, `/spray-${i + j}`),
        ),
      );
      for (const status of batch) answers[status] = (answers[status] ?? 0) + 1;
    }
    const visitor = await beacon('198.51.100.7');
    const counts = Object.entries(answers)
      .map(([status, n]) => `${status}×${n}`)
      .join(', ');
    return `${counts} in ${seconds(performance.now() - started)}; a real visitor then ${visitor}`;
  },
  'an unconfirmed sign-up adds a webhook': async () => {
    const headers = await newOwner();
    const response = await fetch(`${server.base}/api/webhooks`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ url: 'https://hooks.example/squat', events: ['lead.created'] }),
    });
    return `${response.status}: ${((await response.json()).message ?? '').slice(0, 60)}`;
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
