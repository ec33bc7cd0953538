import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEAD_MESSAGES, SERVER_MESSAGES } from '../../src/shared/messages';
import {
  createLeadsTestApp,
  emptyWorkspaceOwner,
  importCsv,
  insertLeads,
  listLeads,
  parseQuotedCsv,
  testClock,
} from './support/leads';
import { Readable } from 'node:stream';
import { sql } from 'kysely';
import type { TestApp } from './support/test-app';
import { insertUser, type TestUser } from './support/users';

const HEADER = '"Name","Email","Phone","Company","Status","Source","Date","Priority","Notes"';

/** A file with everything a real parser must survive: BOM, CRLF, quoted commas and quotes, odd headers. */
const MESSY_CSV = [
  '\uFEFFName,EMAIL, phone ,Company,Status,Source,Date,Priority,Notes',
  '"Sharma, Anil",anil@sharma.test,+91 90000 00001,"Sharma, Sons & Co",qualified,Referral,2024-02-10,high,"He said ""call me later"""',
  '',
  'Bina Patel,bina@patel.test,,,,,,,',
  ',noname@x.test,,,,,,,',
  'Chirag,,,,,,,,',
  'Dev,not-an-email,,,,,,,',
  'Bina Again,BINA@Patel.test,,,,,,,',
  'Already Here,existing@lead.test,,,,,,,',
  'Esha,esha@x.test,,,Won,,31/12/2024,Urgent,',
  'Farah,farah@x.test,,,Lost,LinkedIn,2024-03-01T10:15:00Z,Low,"two',
  'lines"',
].join('\r\n');

describe('POST /api/leads/import and GET /api/leads/export', () => {
  const clock = testClock('2024-06-15T09:30:00.000Z');
  let t: TestApp;
  let owner: TestUser;
  let other: TestUser;

  const exportCsv = (user: TestUser, query: Record<string, string> = {}) =>
    t.app.inject({
      method: 'GET',
      url: `/api/leads/export?${new URLSearchParams(query).toString()}`,
      headers: user.headers,
    });

  beforeAll(async () => {
    t = await createLeadsTestApp(clock);
    owner = await emptyWorkspaceOwner(t);
    other = await emptyWorkspaceOwner(t, 'Other');
    await insertLeads(t, owner.workspaceId, [{ name: 'Already Here', email: 'existing@lead.test' }]);
  });
  afterAll(async () => t.close());

  it('imports a messy file: counts, per-row errors (data rows from 1), defaults and kept values', async () => {
    const response = await importCsv(t.app, owner.headers, MESSY_CSV);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      imported: 4,
      skipped: 2, // "Bina Again" repeats an e-mail of the file, "Already Here" one of the workspace
      errors: [
        { row: 3, message: LEAD_MESSAGES.nameRequired },
        { row: 4, message: LEAD_MESSAGES.emailRequired },
        { row: 5, message: LEAD_MESSAGES.emailInvalid },
      ],
    });
    const byName = Object.fromEntries(
      (await listLeads(t.app, owner, { limit: 100 })).leads.map((lead) => [lead.name, lead]),
    );
    expect(byName['Sharma, Anil']).toMatchObject({
      email: 'anil@sharma.test',
      phone: '+91 90000 00001',
      company: 'Sharma, Sons & Co',
      status: 'Qualified',
      source: 'Referral',
      date: '2024-02-10T12:00:00.000Z',
      priority: 'High',
      notes: 'He said "call me later"',
    });
    // Spec defaults: status New, source Import, date today, priority Medium, other fields empty.
    const defaults = {
      status: 'New',
      source: 'Import',
      priority: 'Medium',
      phone: '',
      company: '',
      notes: '',
    };
    expect(byName['Bina Patel']).toMatchObject({ ...defaults, date: clock.now.toISOString() });
    expect(byName['Esha']).toMatchObject({ ...defaults, date: clock.now.toISOString() });
    expect(byName['Farah']).toMatchObject({ status: 'Lost', source: 'LinkedIn', notes: 'two\r\nlines' });
    expect(byName['Farah']!.date).toBe('2024-03-01T10:15:00.000Z');
    expect(Object.keys(byName)).toHaveLength(5);

    const actions = await t.database.handle.db
      .selectFrom('activity')
      .select('action')
      .where('workspace_id', '=', owner.workspaceId)
      .execute();
    expect(actions.map((a) => a.action)).toContain('user-business-admin imported 4 leads');
    expect((await listLeads(t.app, other)).leads).toEqual([]);
  });

  it('refuses anything but .csv (415), headers without a name and a way to reach the lead, and broken quoting', async () => {
    const xlsx = await importCsv(t.app, owner.headers, 'Name,Email\r\nA,a@a.test', 'leads.xlsx');
    expect(xlsx.statusCode).toBe(415);
    expect(xlsx.json().message).toBe(LEAD_MESSAGES.csvOnly);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/leads/import',
      headers: owner.headers,
      payload: {},
    });
    expect(json.statusCode).toBe(415);
    // Name and Phone columns import since docs/product/leads.md (leads-import-formats.test.ts); no way to reach anyone: refused.
    const noContact = await importCsv(t.app, owner.headers, 'Name,Company\r\nA,B');
    expect(noContact.statusCode).toBe(400);
    expect(noContact.json().message).toBe(LEAD_MESSAGES.missingColumns);
    expect((await importCsv(t.app, owner.headers, '')).json().message).toBe(LEAD_MESSAGES.missingColumns);
    const broken = await importCsv(t.app, owner.headers, 'Name,Email\r\n"Unclosed,a@a.test\r\nB,b@b.test');
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toBe(LEAD_MESSAGES.importError);
    const binary = await importCsv(t.app, owner.headers, Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 0]));
    expect(binary.json().message).toBe(LEAD_MESSAGES.importError);
    expect((await importCsv(t.app, undefined, 'Name,Email')).statusCode).toBe(401);
    const hr = await insertUser(t, { workspaceId: owner.workspaceId, role: 'Human Resource' });
    expect((await importCsv(t.app, hr.headers, 'Name,Email')).statusCode).toBe(403);
  });

  it('exports RFC 4180 CSV with every value quoted and spreadsheet formulas neutralised', async () => {
    const user = await emptyWorkspaceOwner(t, 'Formulas');
    await insertLeads(t, user.workspaceId, [
      {
        name: '=HYPERLINK("http://x","y")',
        email: 'formula@x.test',
        phone: '+91 99999 00000',
        company: '-2+3',
        notes: '@SUM(A1)',
        source: '\tTabbed',
        status: 'Lost',
        priority: 'Low',
        created_at: '2024-06-14T20:00:00.000Z',
      },
      { name: 'Plain "Quoted" Name', email: 'plain@x.test', company: 'Comma, Inc', notes: '\rcr first' },
    ]);
    const response = await exportCsv(user, { tzOffset: '-330' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    // The user's today: 15 June in India.
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="leads_export_2024-06-15.csv"',
    );
    const lines = response.body.split('\r\n');
    expect(lines[0]).toBe(HEADER);
    expect(lines[1]).toBe(
      `"'=HYPERLINK(""http://x"",""y"")","formula@x.test","'+91 99999 00000","'-2+3","Lost","'\tTabbed","2024-06-15","Low","'@SUM(A1)"`,
    );
    expect(lines[2]).toBe(
      `"Plain ""Quoted"" Name","plain@x.test","","Comma, Inc","New","Website","2024-01-01","Medium","'\rcr first"`,
    );
    expect(lines[3]).toBe('');
    expect(lines).toHaveLength(4);
    const other = await exportCsv(await emptyWorkspaceOwner(t, 'Nobody'));
    expect(other.body).toBe(`${HEADER}\r\n`);
  });

  it('exports exactly the rows and order of the filtered list', async () => {
    const user = await emptyWorkspaceOwner(t, 'Filtered');
    await insertLeads(t, user.workspaceId, [
      { name: 'Geeta Rao', status: 'New' },
      { name: 'Neeraj Shah', status: 'New', company: 'Steel & Co' },
      { name: 'Sameer Gill', status: 'In Progress' },
      { name: 'Anil Kumar', status: 'New', company: 'Greenfield' },
      { name: 'Ravi Teja', status: 'New' },
      { name: 'Reema Sen', status: 'New', created_at: '2024-02-01T00:00:00.000Z' },
    ]);
    // Another workspace's matching lead must not leak into either answer.
    await insertLeads(t, other.workspaceId, [{ name: 'Deepak Other', status: 'New' }]);
    const query = { search: 'EE', status: 'New', sort: 'name', order: 'desc' };
    const listed = await listLeads(t.app, user, { ...query, limit: 100 });
    expect(listed.leads.map((l) => l.name)).toEqual(['Reema Sen', 'Neeraj Shah', 'Geeta Rao', 'Anil Kumar']);
    const rows = parseQuotedCsv((await exportCsv(user, query)).body).slice(1);
    expect(rows.map((r) => r[1])).toEqual(listed.leads.map((l) => l.email));
    expect(rows.map((r) => r[0])).toEqual(listed.leads.map((l) => l.name));
    const lastMonth = { ...query, dateFilter: 'custom', from: '2024-02-01', to: '2024-02-01' };
    expect(
      parseQuotedCsv((await exportCsv(user, lastMonth)).body)
        .slice(1)
        .map((r) => r[0]),
    ).toEqual(['Reema Sen']);
  });

  it('streams large exports in batches without losing or repeating rows at ties', async () => {
    const user = await emptyWorkspaceOwner(t, 'Big');
    // 2,500 leads over 3 creation times and 4 names: every batch boundary falls inside a tie.
    const seeds = Array.from({ length: 2500 }, (_, i) => ({
      name: ['Asha', 'Bala', 'Chetan', 'Divya'][i % 4]!,
      email: `bulk${i}@big.test`,
      created_at: `2024-05-0${1 + (i % 3)}T10:00:00.000Z`,
    }));
    for (let i = 0; i < seeds.length; i += 500)
      await insertLeads(t, user.workspaceId, seeds.slice(i, i + 500));
    for (const query of [{}, { sort: 'name', order: 'asc' }] as Record<string, string>[]) {
      const exported = parseQuotedCsv((await exportCsv(user, query)).body)
        .slice(1)
        .map((r) => r[1]);
      expect(new Set(exported).size).toBe(2500);
      const pages: string[] = [];
      for (let page = 1; page <= 25; page += 1)
        pages.push(
          ...(await listLeads(t.app, user, { ...query, page, limit: 100 })).leads.map((l) => l.email),
        );
      expect(exported).toEqual(pages);
    }
  });

  it('stores every character of every cell as written, across several insert batches', async () => {
    const target = await emptyWorkspaceOwner(t, 'Characters');
    // What an array literal or a parameter could mangle: backslashes, braces, quotes, the word NULL,
    // an empty-looking "{}", tabs and newlines, characters outside the BMP.
    const tricky = [
      'C:\\temp\\new folder\\',
      '{a,b} and {"c"}',
      'NULL',
      'null',
      '{}',
      'tab\there',
      'line one\nline two',
      'Ünïcødé — 😀 𝄞',
      'O\'Brien "Bob" \\"escaped\\"',
    ];
    const cell = (value: string) => `"${value.replaceAll('"', '""')}"`;
    const rows = Array.from({ length: 1_203 }, (_, i) => {
      const text = tricky[i % tricky.length]!;
      return [`Person ${i} ${text}`, `p${i}@chars.test`, '', `Co ${text}`, 'New', 'Import', '', 'Low', text]
        .map(cell)
        .join(',');
    });
    const response = await importCsv(t.app, target.headers, [HEADER, ...rows].join('\r\n'));
    expect(response.json()).toEqual({ imported: 1_203, skipped: 0, errors: [] });
    const stored = await t.database.handle.db
      .selectFrom('leads')
      .select(['name', 'company', 'notes', 'email', 'search_text', 'owner_id', 'value', 'converted_at'])
      .where('workspace_id', '=', target.workspaceId)
      .execute();
    expect(stored).toHaveLength(1_203);
    const byEmail = new Map(stored.map((row) => [row.email, row]));
    for (const i of [0, 1, 2, 3, 4, 5, 6, 7, 8, 499, 500, 501, 1_000, 1_202]) {
      const text = tricky[i % tricky.length]!;
      expect(byEmail.get(`p${i}@chars.test`)).toEqual({
        name: `Person ${i} ${text}`,
        company: `Co ${text}`,
        notes: text,
        email: `p${i}@chars.test`,
        search_text: [`Person ${i} ${text}`, `p${i}@chars.test`, `Co ${text}`, ''].join('\n').toLowerCase(),
        owner_id: target.id,
        value: null,
        converted_at: null,
      });
    }
    // The stats' counters took every batch's rows.
    expect((await listLeads(t.app, target, { limit: 1 })).pagination.total).toBe(1_203);
  });

  it('reads its own export back in: same leads, same days', async () => {
    const source = await emptyWorkspaceOwner(t, 'Source');
    await insertLeads(t, source.workspaceId, [
      {
        name: 'Ravi Kumar',
        email: 'ravi@k.test',
        company: 'Kumar, Kumar',
        status: 'Qualified',
        priority: 'High',
        created_at: '2024-05-20T03:00:00.000Z',
      },
      {
        name: 'Tara Sen',
        email: 'tara@s.test',
        notes: 'said "yes"',
        source: 'Referral',
        created_at: '2024-05-21T15:00:00.000Z',
      },
    ]);
    const file = (await exportCsv(source)).body;
    const target = await emptyWorkspaceOwner(t, 'Target');
    expect((await importCsv(t.app, target.headers, file)).json()).toEqual({
      imported: 2,
      skipped: 0,
      errors: [],
    });
    const pick = (l: {
      name: string;
      email: string;
      company: string;
      status: string;
      priority: string;
      source: string;
      notes: string;
      date: string;
    }) =>
      [l.name, l.email, l.company, l.status, l.priority, l.source, l.notes, l.date.slice(0, 10)].join('|');
    const before = (await listLeads(t.app, source)).leads.map(pick);
    expect((await listLeads(t.app, target)).leads.map(pick)).toEqual(before);
  });

  describe('heavy imports (docs/security.md#floods)', () => {
    const rows = (prefix: string, n: number) =>
      [HEADER, ...Array.from({ length: n }, (_, i) => `"${prefix} ${i}","${prefix}${i}@bulk.test"`)].join(
        '\n',
      );
    const leadCount = async (workspaceId: string) =>
      Number(
        (
          await t.database.handle.db
            .selectFrom('leads')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('workspace_id', '=', workspaceId)
            .executeTakeFirstOrThrow()
        ).n,
      );

    it('runs one import per workspace at a time: a second one at once gets 429 with Retry-After; another workspace is not refused', async () => {
      const first = await emptyWorkspaceOwner(t, 'Busy One');
      const second = await emptyWorkspaceOwner(t, 'Busy Two');
      const [a, b, c] = await Promise.all([
        importCsv(t.app, first.headers, rows('a', 3000)),
        importCsv(t.app, first.headers, rows('b', 3000)),
        importCsv(t.app, second.headers, rows('c', 3000)),
      ]);
      const statuses = [a.statusCode, b.statusCode].sort();
      expect(statuses).toEqual([200, 429]);
      const refused = a.statusCode === 429 ? a : b;
      expect(refused.json()).toEqual({ message: LEAD_MESSAGES.importRunning });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(await leadCount(first.workspaceId)).toBe(3000);
      expect(c.statusCode).toBe(200);
      expect(await leadCount(second.workspaceId)).toBe(3000);
      // Once the first has finished, the workspace may import again.
      expect((await importCsv(t.app, first.headers, rows('d', 10))).json()).toMatchObject({ imported: 10 });
    });

    it('streams two exports of a workspace at once and refuses a third with 429 until one has closed', async () => {
      const owner = await emptyWorkspaceOwner(t, 'Exporting');
      expect((await importCsv(t.app, owner.headers, rows('e', 3000))).statusCode).toBe(200);
      // Two downloads left unread: each holds its slot until its stream closes.
      const open = () =>
        t.app.inject({
          method: 'GET',
          url: '/api/leads/export',
          headers: owner.headers,
          payloadAsStream: true,
        });
      const [first, second] = [await open(), await open()];
      expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
      const refused = await exportCsv(owner);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ message: SERVER_MESSAGES.exportsRunning });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      for (const download of [first, second]) {
        const text = await new Response(Readable.toWeb(download.stream()) as ReadableStream).text();
        expect(parseQuotedCsv(text)).toHaveLength(3001);
      }
      // Both have been read to the end and closed: the workspace may export again.
      expect((await exportCsv(owner)).statusCode).toBe(200);
    });

    it('keeps nothing of an import that fails part-way (one transaction, also when it runs off the event loop)', async () => {
      const owner = await emptyWorkspaceOwner(t, 'Failing Import');
      const db = t.database.handle.db;
      // A real failure inside the database, on the 2,501st row of 3,000.
      if (t.database.handle.engine === 'sqlite')
        await sql`create trigger fail_import before insert on leads when new.email = 'x2500@bulk.test'
          begin select raise(abort, 'refused by the test'); end`.execute(db);
      else {
        await sql`create function fail_import() returns trigger language plpgsql as $$
          begin if new.email = 'x2500@bulk.test' then raise exception 'refused by the test'; end if;
          return new; end $$`.execute(db);
        await sql`create trigger fail_import before insert on leads for each row execute function fail_import()`.execute(
          db,
        );
      }
      try {
        const response = await importCsv(t.app, owner.headers, rows('x', 3000));
        expect(response.statusCode).toBe(500);
        expect(await leadCount(owner.workspaceId)).toBe(0);
        const activity = await db
          .selectFrom('activity')
          .select('action')
          .where('workspace_id', '=', owner.workspaceId)
          .execute();
        expect(activity).toEqual([]);
      } finally {
        await sql`drop trigger fail_import${sql.raw(t.database.handle.engine === 'postgres' ? ' on leads' : '')}`.execute(
          db,
        );
        if (t.database.handle.engine === 'postgres') await sql`drop function fail_import()`.execute(db);
      }
      // The workspace's counts still add up: the next import is counted from zero.
      expect((await importCsv(t.app, owner.headers, rows('y', 5))).json()).toMatchObject({ imported: 5 });
      expect(await leadCount(owner.workspaceId)).toBe(5);
    });
  });
});
