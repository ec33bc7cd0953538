import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { migrateToLatest, openDatabase } from '../../src/server/db/database';
import { migrations } from '../../src/server/db/migrations/index';
import { newLeadRow } from '../../src/server/modules/leads/lead-rows';
import { insertWorkspace as insertWorkspaceRow } from '../../src/server/modules/workspaces/workspaces.repository';
import type { Lead } from '../../src/shared/schemas/leads';
import {
  createLeadsTestApp,
  emptyWorkspaceOwner,
  importCsv,
  insertLeads,
  listLeads,
  parseQuotedCsv,
  testClock,
  type LeadListAnswer,
  type LeadSeed,
} from './support/leads';
import { BASE_DEPS, testEngine, type TestApp } from './support/test-app';
import { insertUser, type TestUser } from './support/users';

/**
 * The trigram indexes behind the search (migration 005) must change nothing the API answers: every
 * expectation here is what the plain `lower-cased text LIKE '%term%'` scan answered before them.
 */
const LEADS: (LeadSeed & { email: string })[] = [
  {
    name: 'Meenakshi Sundaram',
    email: 'meenakshi@tatainfo.in',
    company: 'Northwind Traders',
    phone: '+91 98765 43210',
    status: 'New',
    priority: 'High',
  },
  { name: 'Rahul Verma', email: 'rahul_verma@acme.test', company: 'Acme Corp', status: 'In Progress' },
  {
    name: 'Rahul Xverma',
    email: 'rahulxverma@acme.test',
    company: 'Acme Corp',
    status: 'Qualified',
    priority: 'High',
  },
  {
    name: 'Deepa Joshi',
    email: 'deepa@sale.test',
    company: '50% Off Deals',
    status: 'Converted',
    priority: 'Low',
  },
  { name: 'Imran Khan', email: 'imran@5000.test', company: '5000 Offers', status: 'Lost', priority: 'High' },
  // Holds every trigram of "abcdy" (abc, bcd, cdy) but never the five letters in a row.
  {
    name: 'Ola Nordmann',
    email: 'ola@fjord.test',
    company: 'Abcd Xbcdy Tools',
    status: 'New',
    priority: 'Low',
  },
  { name: 'Zoë Rocket', email: 'zoe@rocket.test', company: 'Rocket🚀 Launch', status: 'Converted' },
  {
    name: 'Özil Ünal',
    email: 'ozil@istanbul.test',
    company: 'The "Quoted" Co',
    status: 'In Progress',
    priority: 'High',
  },
  { name: 'Nora Near', email: 'nora@near.test', company: 'Door* AND Window (OR) Co', status: 'New' },
];

/** The search as the plain scan defined it: name, e-mail, company and phone, lower-cased, one per line. */
function scanned(term: string): string[] {
  const needle = term.trim().toLowerCase();
  return LEADS.filter((l) =>
    [l.name, l.email, l.company ?? '', l.phone ?? ''].join('\n').toLowerCase().includes(needle),
  )
    .map((l) => l.name)
    .sort();
}

const names = (answer: LeadListAnswer) => answer.leads.map((l) => l.name).sort();

function statsOf(leads: Pick<Lead, 'status'>[]) {
  const count = (status: Lead['status']) => leads.filter((l) => l.status === status).length;
  return {
    total: leads.length,
    new: count('New'),
    inProgress: count('In Progress'),
    converted: count('Converted'),
    followUpsDue: 0,
  };
}

describe('GET /api/leads search and priority filter over their indexes', () => {
  const clock = testClock('2024-03-15T12:00:00.000Z');
  let t: TestApp;
  let owner: TestUser;
  let elsewhere: TestUser;
  const send = async (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    user: TestUser,
    payload?: object,
  ) => {
    const response = await t.app.inject({
      method,
      url,
      headers: user.headers,
      ...(payload ? { payload } : {}),
    });
    expect(response.statusCode, `${method} ${url}`).toBeLessThan(300);
    return response;
  };
  /** POST /api/leads, answering the new lead's id. */
  const create = async (user: TestUser, payload: object) =>
    ((await send('POST', '/api/leads', user, payload)).json() as { lead: Lead }).lead.id;
  const search = (user: TestUser, term: string, query: Record<string, string | number> = {}) =>
    listLeads(t.app, user, { limit: 100, search: term, ...query });

  beforeAll(async () => {
    t = await createLeadsTestApp(clock);
    owner = await emptyWorkspaceOwner(t, 'Search Co');
    await insertLeads(t, owner.workspaceId, LEADS);
    elsewhere = await emptyWorkspaceOwner(t, 'Elsewhere');
    await insertLeads(t, elsewhere.workspaceId, [
      { name: 'Meenakshi Elsewhere', email: 'meenakshi@elsewhere.test', company: 'Northwind Traders' },
    ]);
  });
  afterAll(() => t.close());

  it('finds a substring inside a word of any searched field, whatever its case', async () => {
    expect(names(await search(owner, 'NAKSH'))).toEqual(['Meenakshi Sundaram']);
    expect(names(await search(owner, 'atainf'))).toEqual(['Meenakshi Sundaram']);
    expect(names(await search(owner, 'hWIND tr'))).toEqual(['Meenakshi Sundaram']);
    expect(names(await search(owner, '765 432'))).toEqual(['Meenakshi Sundaram']);
    expect(names(await search(owner, 'ÖZIL'))).toEqual(['Özil Ünal']);
    // A term spanning the end of one field and the start of the next matches nothing.
    expect((await search(owner, 'sundarammeenakshi')).leads).toEqual([]);
  });

  it('takes % and _ literally, in short terms and in terms long enough for the index', async () => {
    expect(names(await search(owner, '50%'))).toEqual(['Deepa Joshi']);
    expect(names(await search(owner, '50% off'))).toEqual(['Deepa Joshi']);
    expect(names(await search(owner, '%'))).toEqual(['Deepa Joshi']);
    expect(names(await search(owner, 'l_v'))).toEqual(['Rahul Verma']);
    expect(names(await search(owner, 'rahul_verma@'))).toEqual(['Rahul Verma']);
    expect(names(await search(owner, '_'))).toEqual(['Rahul Verma']);
  });

  it('needs the characters in a row: every trigram of the term found apart is no match', async () => {
    expect((await search(owner, 'abcdy')).leads).toEqual([]);
    expect(names(await search(owner, 'xbcdy'))).toEqual(['Ola Nordmann']);
  });

  it('answers 1- and 2-character terms, and counts an emoji as one character', async () => {
    expect(names(await search(owner, 'z'))).toEqual(scanned('z'));
    expect(names(await search(owner, 'ZO'))).toEqual(['Zoë Rocket']);
    expect(names(await search(owner, '🚀'))).toEqual(['Zoë Rocket']);
    // Two characters in three UTF-16 units: still below the index's three characters.
    expect(names(await search(owner, 'T🚀'))).toEqual(['Zoë Rocket']);
    expect(names(await search(owner, 't🚀 l'))).toEqual(['Zoë Rocket']);
  });

  it('treats full-text query syntax in a term as plain text', async () => {
    const terms = [
      '"quoted"',
      'the "q',
      'door*',
      '* and',
      'and window',
      '(or)',
      'near',
      'or) c',
      'a:b',
      '^ab',
      '\\',
    ];
    for (const term of terms) expect(names(await search(owner, term)), term).toEqual(scanned(term));
  });

  it('matches the plain scan for every term cut from the leads themselves', async () => {
    const terms = new Set<string>();
    for (const lead of LEADS)
      for (const field of [lead.name, lead.email, lead.company ?? '']) {
        // Cut by characters, not UTF-16 units, so an emoji is never split.
        const chars = [...field];
        for (const [at, length] of [
          [0, 1],
          [1, 2],
          [2, 3],
          [3, 5],
          [chars.length - 4, 4],
        ] as const)
          terms.add(chars.slice(at, at + length).join(''));
      }
    for (const term of [...terms].filter((x) => x.trim()))
      expect(names(await search(owner, term)), term).toEqual(scanned(term));
  });

  it("never shows another workspace's leads, nor counts them", async () => {
    for (const term of ['meenakshi', 'northwind', 'NO']) {
      const answer = await search(owner, term);
      expect(answer.leads.map((l) => l.name)).not.toContain('Meenakshi Elsewhere');
      expect(answer.pagination.total).toBe(scanned(term).length);
    }
    expect(names(await search(elsewhere, 'northwind traders'))).toEqual(['Meenakshi Elsewhere']);
  });

  it('gives the totals and stats of the rows themselves when combined with status and priority', async () => {
    const all = (await listLeads(t.app, owner, { limit: 100 })).leads;
    for (const term of ['a', 'ra', 'acme', 'rahul', 'o', 'co']) {
      const matching = all.filter((l) => scanned(term).includes(l.name));
      const filters: { priority?: string; status?: string }[] = [
        { priority: 'High' },
        { priority: 'Medium', status: 'In Progress' },
        { status: 'New' },
        { priority: 'Low' },
      ];
      for (const filter of filters) {
        const expected = matching.filter(
          (l) =>
            (!filter.priority || l.priority === filter.priority) &&
            (!filter.status || l.status === filter.status),
        );
        const answer = await search(owner, term, filter);
        expect(names(answer), `${term} ${JSON.stringify(filter)}`).toEqual(
          expected.map((l) => l.name).sort(),
        );
        expect(answer.stats).toEqual(statsOf(expected));
        expect(answer.pagination.total).toBe(expected.length);
      }
    }
    const paged = await listLeads(t.app, owner, { search: 'a', limit: 2, page: 2 });
    expect(paged.leads).toHaveLength(2);
    expect(paged.pagination.total).toBe(scanned('a').length);
  });

  it('exports the same rows the list shows for a search', async () => {
    for (const term of ['acme', 'RAHUL_', 'o']) {
      const response = await send('GET', `/api/leads/export?${new URLSearchParams({ search: term })}`, owner);
      const exported = parseQuotedCsv(response.body)
        .slice(1)
        .map((row) => row[0])
        .sort();
      expect(exported, term).toEqual(scanned(term));
    }
  });

  it('follows an edit of a searched field and forgets a deleted lead', async () => {
    const user = await emptyWorkspaceOwner(t, 'Edits');
    const id = await create(user, {
      name: 'Kavya Iyer',
      email: 'kavya@oldmail.test',
      company: 'Saffron Textiles',
    });
    expect(names(await search(user, 'saffron'))).toEqual(['Kavya Iyer']);

    await send('PUT', `/api/leads/${id}`, user, {
      company: 'Indigo Looms',
      status: 'Lost',
    });
    expect((await search(user, 'saffron')).leads).toEqual([]);
    expect((await search(user, 'saffron')).pagination.total).toBe(0);
    expect(names(await search(user, 'digo lo'))).toEqual(['Kavya Iyer']);
    // Editing another field leaves the searched text alone and the lead still found.
    await send('PUT', `/api/leads/${id}`, user, { notes: 'called', priority: 'High' });
    expect(names(await search(user, 'indigo', { priority: 'High' }))).toEqual(['Kavya Iyer']);

    await send('DELETE', `/api/leads/${id}`, user);
    for (const term of ['indigo', 'kavya', 'ka'])
      expect(await search(user, term)).toMatchObject({ leads: [], pagination: { total: 0 } });
    // The LIKE hides stale index entries from the answers; SQLite's FTS5 check says there are none.
    if (t.database.handle.engine === 'sqlite')
      await sql`insert into leads_search (leads_search, rank) values ('integrity-check', 1)`.execute(
        t.database.handle.db,
      );
  });

  it('keeps the priority filter totals right through create, edit, delete and import', async () => {
    const user = await emptyWorkspaceOwner(t, 'Counts');
    const expectPriorityTotals = async () => {
      const all = (await listLeads(t.app, user, { limit: 100 })).leads;
      for (const priority of ['High', 'Medium', 'Low'])
        for (const status of [undefined, 'New', 'Lost']) {
          const expected = all.filter((l) => l.priority === priority && (!status || l.status === status));
          const answer = await listLeads(t.app, user, {
            limit: 100,
            priority,
            ...(status ? { status } : {}),
          });
          expect(answer.stats, `${priority} ${status}`).toEqual(statsOf(expected));
          expect(names(answer)).toEqual(expected.map((l) => l.name).sort());
        }
    };
    const ids: string[] = [];
    for (const name of ['Asha', 'Bala', 'Chitra']) {
      ids.push(await create(user, { name, email: `${name.toLowerCase()}@counts.test` }));
    }
    await expectPriorityTotals();
    await send('PUT', `/api/leads/${ids[0]}`, user, { priority: 'High' });
    await send('PUT', `/api/leads/${ids[1]}`, user, { priority: 'Low', status: 'Lost' });
    await send('PUT', `/api/leads/${ids[2]}`, user, { status: 'Lost' });
    await expectPriorityTotals();
    await send('DELETE', `/api/leads/${ids[0]}`, user);
    await expectPriorityTotals();
    const csv = [
      'Name,Email,Status,Priority',
      'Dev,dev@counts.test,New,High',
      'Esha,esha@counts.test,Lost,Low',
      'Farah,farah@counts.test,Converted,Low',
    ].join('\n');
    expect((await importCsv(t.app, user.headers, csv)).json()).toMatchObject({ imported: 3 });
    await expectPriorityTotals();
    expect(names(await search(user, 'farah@count', { priority: 'Low' }))).toEqual(['Farah']);
  });
});

describe('migration 005 on a database that already has leads', () => {
  it('indexes and counts the leads written before it', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agencyhq-test-'));
    const pgSchema = testEngine() === 'postgres' ? `t_${randomBytes(6).toString('hex')}` : undefined;
    const handle = await openDatabase({
      dataDir,
      databaseUrl: pgSchema && process.env.TEST_DATABASE_URL,
      pgSchema,
    });
    // The app closes the handle once it exists.
    let app: Awaited<ReturnType<typeof buildApp>> | undefined;
    try {
      const db = handle.db;
      const before = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < '005'));
      // The same migrator the server uses, so on PostgreSQL it looks for its tables in this schema only.
      await migrateToLatest(db, before);
      const fake = { database: { handle } } as unknown as TestApp;
      // The workspace row alone (no sample leads): today's lead rows have columns a pre-005 table lacks.
      const workspace = await insertWorkspaceRow(db, { name: 'Before 005', domain: null, kind: 'business' });
      const row = (name: string, company: string, priority: string) => {
        const {
          owner_id: _o,
          next_follow_up_at: _n,
          follow_up_note: _f,
          origin: _origin,
          created_by: _by,
          phone_key: _pk,
          name_key: _nk,
          attribution_source: _as,
          utm_source: _us,
          utm_medium: _um,
          utm_campaign: _uc,
          value: _v,
          converted_at: _ca,
          import_bytes: _ib,
          ...before005
        } = newLeadRow(
          workspace.id,
          {
            name,
            email: `${name.toLowerCase()}@before.test`,
            phone: '',
            company,
            status: 'Qualified',
            priority,
            source: 'Website',
            notes: '',
            createdAt: '2024-01-01T00:00:00.000Z',
            lastContact: '2024-01-01',
            origin: 'dashboard',
          },
          '2024-01-01T00:00:00.000Z',
          null,
        );
        return before005;
      };
      await db
        .insertInto('leads')
        .values([row('Old', 'Heritage Mills', 'High'), row('Older', 'Banyan Crafts', 'Low')])
        .execute();

      await migrateToLatest(db);
      app = await buildApp({
        ...BASE_DEPS,
        database: handle,
      });
      const user = await insertUser(fake, { workspaceId: workspace.id, role: 'Business Admin' });
      expect(names(await listLeads(app, user, { search: 'ritage mil' }))).toEqual(['Old']);
      const high = await listLeads(app, user, { priority: 'High', status: 'Qualified' });
      expect(names(high)).toEqual(['Old']);
      expect(high.stats).toEqual({ total: 1, new: 0, inProgress: 0, converted: 0, followUpsDue: 0 });
    } finally {
      if (app) await app.close();
      else await handle.close();
      if (pgSchema) {
        const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
        await client.connect();
        await client.query(`drop schema if exists ${pgSchema} cascade`);
        await client.end();
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
