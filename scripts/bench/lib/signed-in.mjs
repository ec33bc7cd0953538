// The signed-in reads of `npm run bench` (docs/benchmarks.md#signed-in-reads): a workspace with the data an
// agency's first months leave (leads, clients, projects, a week of time, invoices), then each read the
// dashboard makes all day under 50 connections, beside a bare Fastify route serving the very same bytes.
import path from 'node:path';
import autocannon from 'autocannon';
import { startBareTwin } from './server.mjs';

export const SIGNED_IN_CONNECTIONS = 50;
const SIZES = { leads: 200, clients: 10, projects: 20, entriesPerProject: 3, invoices: 10 };

const FINANCE_SETTINGS = {
  legalName: 'Bench Studio Private Limited',
  addressLine1: '1 Church Street',
  city: 'Bengaluru',
  postalCode: '560001',
  country: 'IN',
  stateCode: '29',
  email: 'accounts@bench-studio.test',
  currency: 'INR',
  defaultRateBp: 1800,
  defaultSac: '998361',
  fyStartMonth: 4,
  paymentTermsDays: 15,
};

/** Monday and Sunday of this ISO week (UTC), as the time API counts them. */
function thisWeek() {
  const now = new Date();
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const monday = midnight - ((now.getUTCDay() + 6) % 7) * 86_400_000;
  const iso = (ms) => new Date(ms).toISOString().slice(0, 10);
  return { from: iso(monday), to: iso(monday + 6 * 86_400_000) };
}

/** Fills the signed-in Admin's workspace through the API, as people would. */
export async function seedWorkspace(server) {
  const api = async (method, url, body) => {
    const response = await fetch(server.base + url, {
      method,
      headers: { ...server.headers, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body && JSON.stringify(body),
    });
    const json = await response.json().catch(() => null);
    if (!response.ok) throw new Error(`${method} ${url}: HTTP ${response.status} ${JSON.stringify(json)}`);
    return json;
  };
  for (let i = 0; i < SIZES.leads; i++)
    await api('POST', '/api/leads', {
      name: `Lead ${i}`,
      email: `lead${i}@client-${i}.test`,
      company: `Client Company ${i}`,
      notes: 'Asked for a proposal for a new website and a monthly SEO retainer.',
    });
  await api('PUT', '/api/finance/settings', FINANCE_SETTINGS);
  const week = thisWeek();
  const clients = [];
  for (let i = 0; i < SIZES.clients; i++) {
    const { client } = await api('POST', '/api/clients', {
      kind: 'company',
      name: `Bench Client ${i}`,
      country: 'IN',
      state: 'Karnataka',
      currency: 'INR',
      paymentTermsDays: 15,
    });
    clients.push(client._id);
  }
  for (let i = 0; i < SIZES.projects; i++) {
    const { project } = await api('POST', '/api/projects', {
      clientId: clients[i % clients.length],
      name: `Website rebuild ${i}`,
    });
    for (let j = 0; j < SIZES.entriesPerProject; j++)
      await api('POST', '/api/time-entries', {
        projectId: project._id,
        date: week.from,
        minutes: 30 + j * 15,
        note: 'Design review',
      });
  }
  for (let i = 0; i < SIZES.invoices; i++)
    await api('POST', '/api/invoices', {
      clientId: clients[i % clients.length],
      issueDate: week.from,
      lines: [
        {
          description: 'Website design',
          sac: '998361',
          quantityMilli: 1000,
          unit: 'item',
          unitPrice: 5_000_000,
          category: 'standard',
          rateBp: 1800,
        },
      ],
    });
  return {
    sizes: SIZES,
    routes: [
      ['GET /api/profile', '/api/profile'],
      ['GET /api/leads?page=1&limit=10', '/api/leads?page=1&limit=10'],
      ['GET /api/users', '/api/users'],
      ['GET /api/dashboard', '/api/dashboard'],
      ['GET /api/projects', '/api/projects'],
      ['GET /api/time-entries (this week)', `/api/time-entries?from=${week.from}&to=${week.to}`],
      ['GET /api/invoices', '/api/invoices'],
    ],
  };
}

async function load(url, headers, duration) {
  const result = await autocannon({ url, connections: SIGNED_IN_CONNECTIONS, duration, headers });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

/** Each route under load, then the same bytes from a bare Fastify in its own process. */
export async function measureSignedIn(server, routes, { dataDir, duration }) {
  const bare = await startBareTwin(
    server,
    routes.map(([, url]) => url),
    server.headers,
    path.join(dataDir, 'signed-in-answers.json'),
  );
  const { answers } = bare;
  try {
    const rows = [];
    for (const [label, url] of routes) {
      const product = await load(server.base + url, server.headers, duration);
      const baseline = await load(bare.base + url, {}, duration);
      rows.push({ label, product, baseline, bytes: Buffer.from(answers[url].body, 'base64').length });
    }
    return rows;
  } finally {
    bare.stop();
  }
}

export function printSignedIn(rows, sizes, { ms, pct }) {
  console.log(
    `\nSigned-in reads: ${SIGNED_IN_CONNECTIONS} connections, the Admin's workspace with ${sizes.leads} leads, ${sizes.clients} clients, ${sizes.projects} projects, ${sizes.projects * sizes.entriesPerProject} time entries this week, ${sizes.invoices} invoices (targets: ≥ 30 % of bare, p99 < 20 ms)\n`,
  );
  console.log('| read | bytes | req/s | p50 | p99 | errors | bare req/s | bare p99 | ratio |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of rows)
    console.log(
      `| ${r.label} | ${r.bytes.toLocaleString('en-US')} | ${r.product.rps.toFixed(0)} | ${ms(r.product.p50)} | ${ms(r.product.p99)} | ${r.product.errors} | ${r.baseline.rps.toFixed(0)} | ${ms(r.baseline.p99)} | ${pct(r.product.rps / r.baseline.rps)} |`,
    );
}
