// Finance at scale (docs/product/finance.md): one workspace with 100,000 documents over three financial years
// (invoices, mostly final: open, partly paid, overdue, paid and credited, and their credit notes) for 330
// clients, about 1,000,000 invoice lines with their tax groups, and a receipt for every payment made; then the
// invoice list (first page, overdue, one client's), one client's statement (~300 documents), last month's GST
// summary (target p95 < 50 ms) and one invoice's PDF (10 lines, target < 200 ms), each beside a bare indexed
// read of the same rows by this process on the same database, on SQLite and, when BENCH_DATABASE_URL or
// TEST_DATABASE_URL is set, on PostgreSQL. Prints figures only, never asserts. Loopback only.
//
// The rows are made here as the app makes them: totals, nets and tax groups by the one totals function
// (src/shared/invoice-totals.ts), parties, numbers and places of supply by the app's own helpers, numbers
// gapless per kind and financial year in date order, and paid / credited amounts matching the allocations
// and credit notes. BENCH_ENGINE=sqlite|postgres runs one engine; FINANCE_BENCH_DOCUMENTS changes the size,
// FINANCE_BENCH_RUNS the requests per case (200); FINANCE_BENCH_KEEP=1 keeps the database (to EXPLAIN).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { tsImport } from 'tsx/esm/api';
import { buildIfStale } from '../lib/build-if-stale.mjs';
import { percentile, seconds, startServer as startBenchServer, stopServer as stop } from './lib/server.mjs';

const { invoiceTotals } = await tsImport('../../src/shared/invoice-totals.ts', import.meta.url);
const { documentNumber, fiscalYearLabel, seriesName, placeOfSupply, taxSchemeFor } = await tsImport(
  '../../src/shared/finance.ts',
  import.meta.url,
);
const { buyerParty, sellerParty } = await tsImport(
  '../../src/server/modules/finance/finance-settings.ts',
  import.meta.url,
);

const AGENCY = '00000000-0000-4000-8000-000000000001'; // the seeded agency workspace
const ADMIN = { email: 'bench@agency.test', password: 'bench-pass-1' };
const DOCUMENTS = Number(process.env.FINANCE_BENCH_DOCUMENTS ?? 100_000);
const CLIENTS = 330; // ~300 documents each
const RUNS = Number(process.env.FINANCE_BENCH_RUNS ?? 200);
const KEEP = process.env.FINANCE_BENCH_KEEP === '1';
const PERIOD_DAYS = 1_095; // three years, ending today
const DAY_MS = 86_400_000;
const today = new Date().toISOString().slice(0, 10);
const dayAfter = (day, n) => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
const first = dayAfter(today, -PERIOD_DAYS + 1);
const minDay = (a, b) => (a < b ? a : b);
// Last month, whole: what the GST return is filed for.
const gstMonth = new Date(Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)) - 2, 1))
  .toISOString()
  .slice(0, 7);
const gstTo = new Date(Date.UTC(Number(gstMonth.slice(0, 4)), Number(gstMonth.slice(5, 7)), 0))
  .toISOString()
  .slice(0, 10);
const clientId = (c) => `c${String(c).padStart(7, '0')}`;
const STATEMENT_CLIENT = clientId(42); // a Maharashtra client, INR

/** The workspace's tax profile, saved through the API like a user would. */
const SETTINGS = {
  legalName: 'Bench Agency Private Limited',
  addressLine1: '12 Marine Drive',
  addressLine2: 'Churchgate',
  city: 'Mumbai',
  postalCode: '400020',
  country: 'IN',
  stateCode: '27',
  taxId: '27AAPFU0939F1ZV',
  email: 'accounts@agency.test',
  currency: 'INR',
  defaultRateBp: 1800,
  defaultSac: '998361',
  invoicePrefix: 'INV/',
  creditNotePrefix: 'CN/',
  fyStartMonth: 4,
  paymentTermsDays: 30,
  upiId: 'benchagency@okhdfc',
  bankDetails: 'HDFC Bank, Fort branch\nA/c 50200012345678\nIFSC HDFC0000060',
  notes: 'Thank you for your business.',
  terms: 'Payment within the terms shown. Interest at 18 % a year on late payments.',
};

const started = performance.now();
if (await buildIfStale('Building first...')) console.log(`build: ${seconds(performance.now() - started)}`);

/** The tables the seeder writes, with each column's PostgreSQL type (for the unnest batches). */
const TABLES = {
  clients:
    'id text, workspace_id text, kind text, name text, legal_name text, tax_id text, address_line1 text, address_line2 text, city text, state text, postal_code text, country text, currency text, payment_terms_days int, owner_id text, notes text, lead_id text, source text, search_text text, created_by text, created_at text, updated_at text',
  invoices:
    'id text, workspace_id text, kind text, client_id text, project_id text, corrects_id text, status text, number text, series text, issue_date text, due_date text, currency text, scheme text, place_of_supply text, seller text, buyer text, subtotal bigint, tax_total bigint, total bigint, paid_amount bigint, credited_amount bigint, notes text, terms text, search_text text, reminders_paused int, finalised_at text, finalised_by text, sent_at text, created_by text, created_at text, updated_at text',
  invoice_lines:
    'id text, invoice_id text, workspace_id text, position int, description text, sac text, quantity_milli int, unit text, unit_price bigint, discount bigint, category text, rate_bp int, exempt_reason text, inclusive int, net bigint',
  invoice_taxes:
    'invoice_id text, workspace_id text, category text, rate_bp int, base bigint, cgst bigint, sgst bigint, igst bigint, vat bigint',
  payments:
    'id text, workspace_id text, client_id text, kind text, refund_of text, date text, amount bigint, currency text, method text, reference text, note text, allocated_amount bigint, refunded_amount bigint, created_by text, created_at text',
  payment_allocations:
    'id text, workspace_id text, payment_id text, invoice_id text, amount bigint, created_at text',
  number_sequences: 'workspace_id text, name text, last_value int',
};
const COLUMNS = Object.fromEntries(
  Object.entries(TABLES).map(([table, spec]) => [table, spec.split(', ').map((c) => c.split(' '))]),
);

/** Rows into SQLite: one prepared INSERT a table, all inside the caller's one transaction. */
function sqliteSink(db) {
  const statements = Object.fromEntries(
    Object.entries(COLUMNS).map(([table, columns]) => [
      table,
      db.prepare(
        `insert into ${table} (${columns.map(([c]) => c).join(', ')}) values (${columns.map(() => '?').join(', ')})`,
      ),
    ]),
  );
  return {
    add: (table, row) => statements[table].run(row),
    flushIfFull: async () => undefined,
    flush: async () => undefined,
  };
}

/**
 * Rows into PostgreSQL: buffered per table as column arrays, written 5,000 rows a statement with
 * `insert ... select * from unnest($1::text[], ...)`, tables in the order their foreign keys need.
 */
function postgresSink(client) {
  const BATCH = 5_000;
  const buffers = Object.fromEntries(Object.keys(COLUMNS).map((t) => [t, []]));
  async function flushTable(table) {
    const rows = buffers[table];
    if (!rows.length) return;
    buffers[table] = [];
    const columns = COLUMNS[table];
    const arrays = columns.map((_, k) => rows.map((row) => row[k]));
    await client.query(
      `insert into ${table} (${columns.map(([c]) => c).join(', ')}) select * from unnest(${columns.map(([, type], k) => `$${k + 1}::${type}[]`).join(', ')})`,
      arrays,
    );
  }
  const flush = async () => {
    for (const table of Object.keys(COLUMNS)) await flushTable(table);
  };
  return {
    add: (table, row) => buffers[table].push(row),
    flushIfFull: async () => {
      if (Object.values(buffers).some((rows) => rows.length >= BATCH)) await flush();
    },
    flush,
  };
}

/** A small deterministic generator (mulberry32), so both engines get the same rows. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SERVICES = [
  ['Social media management', 'hrs'],
  ['Campaign strategy workshop', 'hrs'],
  ['Creative design: static posts', 'item'],
  ['Video editing', 'hrs'],
  ['Copywriting', 'hrs'],
  ['SEO audit and fixes', 'hrs'],
  ['Performance marketing management', 'month'],
  ['Influencer outreach', 'hrs'],
  ['Website maintenance', 'hrs'],
  ['Photography shoot', 'item'],
];

/** One line as the editor sends it: mostly 18 % hours, some 12 % and 5 %, inclusive media, exempt expenses. */
function lineOf(rand, abroad) {
  const [service, unit] = SERVICES[Math.floor(rand() * SERVICES.length)];
  const kind = rand();
  const quantityMilli =
    unit === 'hrs' ? 500 * (1 + Math.floor(rand() * 60)) : 1000 * (1 + Math.floor(rand() * 8));
  const unitPrice =
    [150_000, 200_000, 250_000, 350_000, 500_000][Math.floor(rand() * 5)] * (unit === 'hrs' ? 1 : 4);
  const gross = Math.round((quantityMilli * unitPrice) / 1000);
  const line = {
    description: service,
    sac: abroad ? '' : '998361',
    quantityMilli,
    unit,
    unitPrice,
    discount: rand() < 0.1 ? Math.round(gross * 0.05) : 0,
    category: 'standard',
    rateBp: 1800,
    exemptReason: '',
    inclusive: false,
  };
  if (abroad) return { ...line, category: 'zero', rateBp: 0 };
  if (kind < 0.08) return { ...line, rateBp: 1200, description: 'Printing of brochures', unit: 'item' };
  if (kind < 0.13) return { ...line, rateBp: 500, description: 'Event space booking', unit: 'item' };
  if (kind < 0.17)
    return { ...line, inclusive: true, description: 'Media buy (price incl. GST)', unit: 'item' };
  if (kind < 0.2)
    return {
      ...line,
      category: 'exempt',
      rateBp: 0,
      discount: 0,
      description: 'Reimbursement: travel (as pure agent)',
      exemptReason: 'Reimbursement as pure agent (Rule 33)',
    };
  return line;
}

/** invoices.service.ts taxRows: one row per category and rate, each component in its own column. */
function taxRows(invoiceId, totals) {
  const rows = new Map();
  for (const group of totals.groups) {
    const key = `${group.category}|${group.rateBp}`;
    const row = rows.get(key) ?? {
      category: group.category,
      rate_bp: group.rateBp,
      base: 0,
      cgst: 0,
      sgst: 0,
      igst: 0,
      vat: 0,
    };
    row.base += group.base;
    for (const component of group.components) row[component.name.toLowerCase()] += component.amount;
    rows.set(key, row);
  }
  return [...rows.values()].map((r) => [
    invoiceId,
    AGENCY,
    r.category,
    r.rate_bp,
    r.base,
    r.cgst,
    r.sgst,
    r.igst,
    r.vat,
  ]);
}

/**
 * Everything, written through `sink`: clients, invoices in date order (numbered per financial year as they
 * were finalised), their lines and tax groups, the receipts that paid them, credit notes (numbered in their
 * own date order), money received on account and some of it refunded, and the number sequences.
 */
async function seed(sink, adminId, settings) {
  const rand = random(20261128);
  const counts = {
    clients: 0,
    invoices: 0,
    credit_notes: 0,
    drafts: 0,
    lines: 0,
    taxes: 0,
    payments: 0,
    allocations: 0,
  };
  const seller = JSON.stringify(sellerParty(settings));
  const at = (day, k) =>
    `${day}T${String(9 + (k % 9)).padStart(2, '0')}:${String(k % 60).padStart(2, '0')}:00.000Z`;

  // Clients: 70 % Maharashtra (CGST + SGST), 25 % Karnataka (IGST), 5 % abroad (USD, zero-rated exports).
  const clients = [];
  for (let c = 0; c < CLIENTS; c++) {
    const abroad = c % 20 === 19;
    const karnataka = !abroad && c % 4 === 1;
    const row = {
      id: clientId(c),
      name: `Client ${c} ${abroad ? 'Inc' : 'Pvt Ltd'}`,
      legal_name: `Client ${c} ${abroad ? 'Incorporated' : 'Private Limited'}`,
      tax_id: abroad ? '' : `${karnataka ? '29' : '27'}AABCC${String(c).padStart(4, '0')}A1Z${c % 10}`,
      address_line1: `${c + 1} Business Park`,
      address_line2: '',
      city: abroad ? 'San Francisco' : karnataka ? 'Bengaluru' : 'Pune',
      state: abroad ? 'California' : karnataka ? 'Karnataka' : 'Maharashtra',
      postal_code: abroad ? '94105' : karnataka ? '560001' : '411001',
      country: abroad ? 'US' : 'IN',
      currency: abroad ? 'USD' : 'INR',
      payment_terms_days: [30, 15, 45][c % 3],
    };
    const place = placeOfSupply(settings.country, { ...row, taxId: row.tax_id }, '');
    clients.push({
      ...row,
      abroad,
      place,
      scheme: taxSchemeFor(settings.country, settings.stateCode, place),
      buyer: JSON.stringify(buyerParty(row, [], place)),
    });
    sink.add('clients', [
      row.id,
      AGENCY,
      'company',
      row.name,
      row.legal_name,
      row.tax_id,
      row.address_line1,
      row.address_line2,
      row.city,
      row.state,
      row.postal_code,
      row.country,
      row.currency,
      row.payment_terms_days,
      adminId,
      '',
      null,
      '',
      `${row.name} ${row.legal_name}`.toLowerCase(),
      adminId,
      at(first, c),
      at(first, c),
    ]);
    counts.clients++;
  }
  await sink.flush();

  // Invoices: ~95 % of the documents, evenly over the period; credit notes are the rest.
  const invoiceCount = Math.round(DOCUMENTS / 1.05);
  const sequences = new Map();
  const next = (kind, day) => {
    const fy = fiscalYearLabel(day, settings.fyStartMonth);
    const series = seriesName(kind, fy);
    const value = (sequences.get(series) ?? 0) + 1;
    sequences.set(series, value);
    const prefix = kind === 'invoice' ? settings.invoicePrefix : settings.creditNotePrefix;
    return { series, number: documentNumber(prefix, fy, value) };
  };
  const creditNotes = [];
  const refundable = [];
  let paymentNo = 0;
  let pdfInvoice = null;
  const method = () =>
    ['bank_transfer', 'bank_transfer', 'upi', 'upi', 'card', 'cheque', 'cash'][Math.floor(rand() * 7)];
  const receipt = (client, day, amount, allocated, k) => {
    const id = `pay${String(++paymentNo).padStart(7, '0')}`;
    sink.add('payments', [
      id,
      AGENCY,
      client.id,
      'receipt',
      null,
      day,
      amount,
      client.currency,
      method(),
      `UTR${100000000 + paymentNo}`,
      '',
      allocated,
      0,
      adminId,
      at(day, k),
    ]);
    counts.payments++;
    return id;
  };

  for (let i = 0; i < invoiceCount; i++) {
    const client = clients[i % CLIENTS];
    const day = dayAfter(first, Math.floor((i * PERIOD_DAYS) / invoiceCount));
    const age = (Date.parse(today) - Date.parse(day)) / DAY_MS;
    const id = `inv${String(i).padStart(7, '0')}`;
    const lineCount = 5 + Math.floor(rand() * 11);
    const lines = Array.from({ length: lineCount }, () => lineOf(rand, client.abroad));
    const totals = invoiceTotals(lines, client.scheme);
    const draft = age <= 20 && rand() < 0.3;
    const dueDate = dayAfter(day, client.payment_terms_days);
    const numbered = draft ? { series: null, number: null } : next('invoice', day);
    let paid = 0;
    let credited = 0;
    let status = draft ? 'draft' : 'open';
    let allocation = null;
    const roll = rand();
    const creditRoll = rand();
    if (!draft) {
      // A credit note: the whole invoice (a cancelled job) or its first lines (a disputed part).
      const whole = creditRoll < 0.04 && age > 10;
      const part = !whole && creditRoll < 0.05 && age > 10;
      if (whole || part) {
        const credit = whole ? lines : lines.slice(0, 1 + (i % 2));
        const creditTotals = invoiceTotals(credit, client.scheme);
        creditNotes.push({
          invoice: i,
          id,
          client,
          lines: credit,
          totals: creditTotals,
          day: minDay(today, dayAfter(day, 2 + Math.floor(rand() * 20))),
          number: numbered.number,
        });
        credited = creditTotals.total;
        if (whole) status = 'credited';
      }
      // The money: old invoices mostly paid, recent ones mostly waiting; some paid in part, some never.
      const left = totals.total - credited;
      const paidChance = age > 120 ? 0.95 : age > 30 ? 0.8 : age > 10 ? 0.35 : 0.1;
      if (status === 'open' && left > 0 && roll < paidChance) {
        paid = left;
        status = 'paid';
      } else if (status === 'open' && left > 0 && roll < paidChance + 0.08) {
        paid = Math.floor(left * 0.4);
      }
      if (paid > 0) {
        const payDay = minDay(today, dayAfter(day, 3 + Math.floor(rand() * Math.min(60, Math.max(1, age)))));
        const payment = receipt(client, payDay, paid, paid, i);
        allocation = [`alloc${String(paymentNo).padStart(7, '0')}`, AGENCY, payment, id, paid, at(payDay, i)];
      }
    }
    const created = at(day, i);
    const search = [client.name, client.legal_name, ...lines.map((l) => l.description)]
      .join(' ')
      .toLowerCase()
      .slice(0, 2000);
    sink.add('invoices', [
      id,
      AGENCY,
      'invoice',
      client.id,
      null,
      null,
      status,
      numbered.number,
      numbered.series,
      day,
      dueDate,
      client.currency,
      client.scheme,
      client.place,
      seller,
      client.buyer,
      totals.subtotal,
      totals.taxTotal,
      totals.total,
      paid,
      credited,
      settings.notes,
      settings.terms,
      search,
      0,
      draft ? null : created,
      draft ? null : adminId,
      draft ? null : created,
      adminId,
      created,
      created,
    ]);
    if (draft) counts.drafts++;
    counts.invoices++;
    if (allocation) {
      sink.add('payment_allocations', allocation);
      counts.allocations++;
    }
    lines.forEach((line, position) => {
      sink.add('invoice_lines', [
        `${id}-${String(position).padStart(2, '0')}`,
        id,
        AGENCY,
        position,
        line.description,
        line.sac,
        line.quantityMilli,
        line.unit,
        line.unitPrice,
        line.discount,
        line.category,
        line.category === 'standard' ? line.rateBp : 0,
        line.category === 'exempt' ? line.exemptReason : '',
        line.inclusive && line.category === 'standard' ? 1 : 0,
        totals.lineNets[position],
      ]);
      counts.lines++;
    });
    for (const row of taxRows(id, totals)) {
      sink.add('invoice_taxes', row);
      counts.taxes++;
    }
    // The PDF's invoice: a recent final one of ten lines with money still to pay (it prints the UPI code).
    if (!draft && !client.abroad && lineCount === 10 && status === 'open' && paid === 0) pdfInvoice = id;
    // Some clients pay ahead: money on account, every third such receipt partly refunded later.
    if (rand() < 1 / 300) refundable.push({ client, day: minDay(today, dayAfter(day, 5)), k: i });
    await sink.flushIfFull();
  }
  await sink.flush();

  // Credit notes, numbered in their own date order; each copies its invoice's buyer and search text.
  creditNotes.sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : a.invoice - b.invoice));
  for (const [k, note] of creditNotes.entries()) {
    const id = `cn${String(k).padStart(7, '0')}`;
    const numbered = next('credit_note', note.day);
    const created = at(note.day, k);
    sink.add('invoices', [
      id,
      AGENCY,
      'credit_note',
      note.client.id,
      null,
      note.id,
      'paid',
      numbered.number,
      numbered.series,
      note.day,
      null,
      note.client.currency,
      note.client.scheme,
      note.client.place,
      seller,
      note.client.buyer,
      note.totals.subtotal,
      note.totals.taxTotal,
      note.totals.total,
      0,
      0,
      `Credited against ${note.number}`,
      '',
      [note.client.name, note.client.legal_name, ...note.lines.map((l) => l.description)]
        .join(' ')
        .toLowerCase()
        .slice(0, 2000),
      1,
      created,
      adminId,
      null,
      adminId,
      created,
      created,
    ]);
    counts.credit_notes++;
    note.lines.forEach((line, position) => {
      sink.add('invoice_lines', [
        `${id}-${String(position).padStart(2, '0')}`,
        id,
        AGENCY,
        position,
        line.description,
        line.sac,
        line.quantityMilli,
        line.unit,
        line.unitPrice,
        line.discount,
        line.category,
        line.category === 'standard' ? line.rateBp : 0,
        line.category === 'exempt' ? line.exemptReason : '',
        line.inclusive && line.category === 'standard' ? 1 : 0,
        note.totals.lineNets[position],
      ]);
      counts.lines++;
    });
    for (const row of taxRows(id, note.totals)) {
      sink.add('invoice_taxes', row);
      counts.taxes++;
    }
    await sink.flushIfFull();
  }

  // Money on account (unallocated: the client's credit), and refunds of half of every third one.
  const refunds = [];
  for (const [k, ahead] of refundable.entries()) {
    const amount = 5_000_000 + 100_000 * (k % 50);
    const refunded = k % 3 === 0 ? amount / 2 : 0;
    const id = receipt(ahead.client, ahead.day, amount, 0, ahead.k);
    if (refunded) refunds.push({ ...ahead, of: id, amount: refunded });
  }
  await sink.flush();
  for (const refund of refunds) {
    const refundDay = minDay(today, dayAfter(refund.day, 10));
    sink.add('payments', [
      `ref${String(++paymentNo).padStart(7, '0')}`,
      AGENCY,
      refund.client.id,
      'refund',
      refund.of,
      refundDay,
      refund.amount,
      refund.client.currency,
      'bank_transfer',
      `UTR${100000000 + paymentNo}`,
      'Refund of advance',
      0,
      0,
      adminId,
      at(refundDay, refund.k),
    ]);
    counts.payments++;
  }
  for (const [name, value] of sequences) sink.add('number_sequences', [AGENCY, name, value]);
  await sink.flush();
  return { counts, pdfInvoice };
}

/** The refunds' receipts carry what was refunded of them. */
const REFUNDED = `update payments set refunded_amount = (select coalesce(sum(r.amount), 0) from payments r where r.refund_of = payments.id) where kind = 'receipt' and id in (select refund_of from payments where refund_of is not null)`;

async function fillSqlite(file, adminId, settings) {
  const db = new SQLite(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  db.exec('begin');
  const seeded = await seed(sqliteSink(db), adminId, settings);
  db.exec(REFUNDED);
  db.exec('commit');
  db.exec('analyze');
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  return seeded;
}

async function fillPostgres(url, adminId, settings) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('begin');
  const seeded = await seed(postgresSink(client), adminId, settings);
  await client.query(REFUNDED);
  await client.query('commit');
  await client.query('vacuum analyze');
  await client.end();
  return seeded;
}

/** The cases: the API's route, and the bare indexed read of the same rows. */
function cases(pdfInvoice) {
  const c = STATEMENT_CLIENT;
  return [
    [
      'invoice list (page 1, newest)',
      '/api/invoices?page=1&limit=25',
      `select * from invoices where workspace_id = '${AGENCY}' and kind = 'invoice' order by issue_date desc, id desc limit 25`,
    ],
    [
      'invoice list (overdue)',
      '/api/invoices?state=overdue&page=1&limit=25',
      `select * from invoices where workspace_id = '${AGENCY}' and status = 'open' and due_date < '${today}' order by due_date desc limit 25`,
    ],
    [
      'invoice list (one client)',
      `/api/invoices?client=${c}&page=1&limit=25`,
      `select * from invoices where client_id = '${c}' order by issue_date desc limit 25`,
    ],
    [
      'statement (one client, all time)',
      `/api/clients/${c}/statement`,
      `select id, issue_date, kind, number, total from invoices where client_id = '${c}' and status <> 'draft' union all select id, date, kind, reference, amount from payments where client_id = '${c}'`,
    ],
    [
      `GST summary (${gstMonth})`,
      `/api/finance/gst-summary?month=${gstMonth}`,
      `select t.category, t.rate_bp, sum(t.base), sum(t.cgst), sum(t.sgst), sum(t.igst), sum(t.vat) from invoices i join invoice_taxes t on t.invoice_id = i.id where i.workspace_id = '${AGENCY}' and i.issue_date >= '${gstMonth}-01' and i.issue_date <= '${gstTo}' group by t.category, t.rate_bp`,
    ],
    [
      'invoice PDF (10 lines)',
      `/api/invoices/${pdfInvoice}/pdf`,
      `select * from invoice_lines where invoice_id = '${pdfInvoice}' order by position`,
      200,
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

/** How many rows or entries an answer carries, for the printout. */
function sizeOf(body) {
  if (body instanceof ArrayBuffer) return `${(body.byteLength / 1024).toFixed(0)} KB`;
  if (body.invoices) return `${body.invoices.length} of ${body.pageInfo.total} rows`;
  if (body.entries) return `${body.entries.length} entries`;
  if (body.rows) return `${body.rows.length} rate rows`;
  return '';
}

async function benchEngine(label, env, fill, bareQuery) {
  console.log(`\n${label}`);
  const t0 = performance.now();
  let server = await startBenchServer(env, ADMIN);
  const profile = await (await fetch(`${server.base}/api/profile`, { headers: server.headers })).json();
  const adminId = profile.user?._id ?? profile._id;
  const saved = await fetch(`${server.base}/api/finance/settings`, {
    method: 'PUT',
    headers: { ...server.headers, 'content-type': 'application/json' },
    body: JSON.stringify(SETTINGS),
  });
  if (!saved.ok) throw new Error(`finance settings: HTTP ${saved.status} ${await saved.text()}`);
  const { settings } = await saved.json();
  await stop(server);
  const t1 = performance.now();
  const { counts, pdfInvoice } = await fill(adminId, settings);
  console.log(
    `  seeded ${Object.entries(counts)
      .map(([k, v]) => `${v.toLocaleString('en')} ${k.replace('_', ' ')}`)
      .join(
        ', ',
      )} in ${seconds(performance.now() - t1)} (with the app's start ${seconds(performance.now() - t0)})`,
  );
  server = await startBenchServer(env, ADMIN);
  for (const [name, url, sql, target = 50] of cases(pdfInvoice)) {
    let size = '';
    const api = await measure(async () => {
      const response = await fetch(`${server.base}${url}`, { headers: server.headers });
      if (!response.ok) throw new Error(`${url}: HTTP ${response.status} ${await response.text()}`);
      size = sizeOf(
        response.headers.get('content-type')?.includes('json')
          ? await response.json()
          : await response.arrayBuffer(),
      );
    });
    const bare = await measure(() => bareQuery(sql));
    console.log(
      `  ${name.padEnd(34)} p50 ${api.p50.toFixed(1)} ms, p95 ${api.p95.toFixed(1)} ms (target < ${target} ms) · bare read p95 ${bare.p95.toFixed(2)} ms → ${(api.p95 / bare.p95).toFixed(1)}× (${size})`,
    );
  }
  await stop(server);
}

// BENCH_ENGINE=sqlite or postgres runs one engine only.
const engines = process.env.BENCH_ENGINE ? [process.env.BENCH_ENGINE] : ['sqlite', 'postgres'];
if (engines.includes('sqlite')) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agencyhq-bench-finance-'));
  try {
    const file = path.join(dataDir, 'agencyhq.sqlite');
    let reader;
    await benchEngine(
      'SQLite (embedded, WAL)',
      { DATA_DIR: dataDir, DATABASE_URL: '' },
      (adminId, settings) => fillSqlite(file, adminId, settings),
      (sql) => {
        reader ??= new SQLite(file, { readonly: true });
        return reader.prepare(sql).all();
      },
    );
    reader?.close();
  } finally {
    if (KEEP) console.log(`  kept: ${path.join(dataDir, 'agencyhq.sqlite')}`);
    else fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const pgUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
if (!engines.includes('postgres')) console.log('\nPostgreSQL: not asked for (BENCH_ENGINE)');
else if (pgUrl) {
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query('drop database if exists agencyhq_bench_finance with (force)');
  await admin.query('create database agencyhq_bench_finance');
  const url = new URL(pgUrl);
  url.pathname = '/agencyhq_bench_finance';
  const pgDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agencyhq-bench-finance-pg-'));
  const reader = new pg.Client({ connectionString: url.toString() });
  try {
    await benchEngine(
      'PostgreSQL',
      { DATA_DIR: pgDir, DATABASE_URL: url.toString() },
      (adminId, settings) => fillPostgres(url.toString(), adminId, settings),
      async (sql) => {
        if (!reader._connected) await reader.connect();
        return (await reader.query(sql)).rows;
      },
    );
  } finally {
    await reader.end().catch(() => undefined);
    if (KEEP) console.log(`  kept: database agencyhq_bench_finance`);
    else await admin.query('drop database if exists agencyhq_bench_finance with (force)');
    await admin.end();
    fs.rmSync(pgDir, { recursive: true, force: true });
  }
} else {
  console.log('\nPostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
}
console.log(`\ntotal: ${seconds(performance.now() - started)}`);
