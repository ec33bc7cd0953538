import { readFileSync } from 'node:fs';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEAD_MESSAGES } from '../../src/shared/messages';
import { MODULE_KEYS } from '../../src/shared/roles';
import { createLeadsTestApp, emptyWorkspaceOwner, insertLeads, testClock } from './support/leads';
import type { TestApp } from './support/test-app';
import { insertUser, type TestUser } from './support/users';

const ALL_MODULE_PERMISSIONS = JSON.stringify(Object.fromEntries(MODULE_KEYS.map((key) => [key, true])));
const HUBSPOT = readFileSync(new URL('../fixtures/lead-imports/hubspot.csv', import.meta.url));

/** A file with a bit of everything the preview counts: a repeat, a refused row, a lead already there. */
const MIXED = [
  'Name,Email,Phone,Favourite colour',
  'Ana Silva,ana@silva.test,+351 1,blue',
  'Ana Again,ANA@silva.test,,green',
  ',nobody@x.test,,red',
  'Known Person,known@lead.test,,grey',
  'Dev,not-an-email,,"pink, light"',
  'Phone Only,,+91 98765 43210,black',
].join('\r\n');

/**
 * POST /api/leads/import/preview (docs/product/leads.md#import): the import's dry run. It reads the file with
 * the import's own parser and answers the columns with their mapping, the first rows, the counts and the
 * refused rows — and writes nothing. The same guard as the import: the Data Center module, the caller's
 * workspace only.
 */
describe('POST /api/leads/import/preview', () => {
  const clock = testClock('2024-06-15T09:30:00.000Z');
  let t: TestApp;
  let owner: TestUser;

  const preview = async (
    headers: Record<string, string> | undefined,
    content: string | Buffer,
    mapping?: Record<string, string | null>,
    filename = 'leads.csv',
  ): Promise<LightMyRequestResponse> => {
    const form = new FormData();
    if (mapping) form.append('mapping', JSON.stringify(mapping));
    const bytes = typeof content === 'string' ? content : new Uint8Array(content);
    form.append('file', new Blob([bytes], { type: 'text/csv' }), filename);
    const request = new Response(form);
    return t.app.inject({
      method: 'POST',
      url: '/api/leads/import/preview',
      headers: { ...headers, 'content-type': request.headers.get('content-type')! },
      payload: Buffer.from(await request.arrayBuffer()),
    });
  };

  /** Everything a preview could change, for one workspace. */
  const footprint = async (workspaceId: string) => {
    const db = t.database.handle.db;
    const count = async (table: 'leads' | 'activity') =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .where('workspace_id', '=', workspaceId)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const storage = await db
      .selectFrom('workspace_storage')
      .select('bytes')
      .where('workspace_id', '=', workspaceId)
      .executeTakeFirst();
    return { leads: await count('leads'), activity: await count('activity'), bytes: Number(storage?.bytes) };
  };

  beforeAll(async () => {
    t = await createLeadsTestApp(clock);
    owner = await emptyWorkspaceOwner(t);
    await insertLeads(t, owner.workspaceId, [{ name: 'Known Person', email: 'known@lead.test' }]);
  });
  afterAll(async () => t.close());

  describe('who may ask', () => {
    it('refuses an anonymous caller (401)', async () => {
      expect((await preview(undefined, MIXED)).statusCode).toBe(401);
    });

    it('refuses a signed-in user without the Data Center module (403)', async () => {
      const hr = await insertUser(t, { workspaceId: owner.workspaceId, role: 'Human Resource' });
      const response = await preview(hr.headers, MIXED);
      expect(response.statusCode).toBe(403);
      expect(response.body).not.toContain('ana@silva.test');
    });

    it('refuses a Team Member, even one granted every module (403)', async () => {
      const bare = await insertUser(t, { workspaceId: owner.workspaceId, role: 'Team Member' });
      const granted = await insertUser(t, {
        workspaceId: owner.workspaceId,
        role: 'Team Member',
        permissions: ALL_MODULE_PERMISSIONS,
      });
      expect((await preview(bare.headers, MIXED)).statusCode).toBe(403);
      expect((await preview(granted.headers, MIXED)).statusCode).toBe(403);
    });

    it("counts only the caller's own workspace: another's leads are not 'already leads'", async () => {
      const other = await emptyWorkspaceOwner(t, 'Other workspace');
      const response = await preview(other.headers, MIXED);
      expect(response.statusCode).toBe(200);
      expect(response.json().counts).toMatchObject({ alreadyLeads: 0, toImport: 3 });
      // And the owner's own count finds its lead.
      expect((await preview(owner.headers, MIXED)).json().counts).toMatchObject({ alreadyLeads: 1 });
    });
  });

  it('writes nothing: no lead, no activity, no storage counted', async () => {
    const before = await footprint(owner.workspaceId);
    expect((await preview(owner.headers, MIXED)).statusCode).toBe(200);
    expect((await preview(owner.headers, HUBSPOT, undefined, 'hubspot.csv')).statusCode).toBe(200);
    expect(await footprint(owner.workspaceId)).toEqual(before);
  });

  it('answers the columns with their automatic mapping, the first rows, the counts and the refused rows', async () => {
    const response = await preview(owner.headers, MIXED);
    expect(response.statusCode).toBe(200);
    const answer = response.json();
    expect(answer.columns).toEqual([
      { header: 'Name', field: 'name', automatic: 'name' },
      { header: 'Email', field: 'email', automatic: 'email' },
      { header: 'Phone', field: 'phone', automatic: 'phone' },
      { header: 'Favourite colour', field: null, automatic: null },
    ]);
    expect(answer.rows).toHaveLength(6);
    expect(answer.rows[0]).toEqual({ row: 1, cells: ['Ana Silva', 'ana@silva.test', '+351 1', 'blue'] });
    expect(answer.counts).toEqual({
      rows: 6,
      toImport: 2, // Ana Silva, Phone Only
      duplicatesInFile: 1, // Ana Again
      alreadyLeads: 1, // Known Person
      possibleDuplicates: 0,
      refused: 2,
    });
    // The same rows and reasons the import would refuse, each with its original cells.
    expect(answer.refused).toEqual([
      { row: 3, message: LEAD_MESSAGES.nameRequired, cells: ['', 'nobody@x.test', '', 'red'] },
      { row: 5, message: LEAD_MESSAGES.emailInvalid, cells: ['Dev', 'not-an-email', '', 'pink, light'] },
    ]);
  });

  it('reads a HubSpot export as the import does, and shows the first ten rows only', async () => {
    const answer = (await preview(owner.headers, HUBSPOT, undefined, 'hubspot.csv')).json();
    const byHeader = Object.fromEntries(
      answer.columns.map((c: { header: string; field: string | null }) => [c.header, c.field]),
    );
    expect(byHeader).toMatchObject({
      'First Name': 'firstName',
      'Last Name': 'lastName',
      Email: 'email',
      'Company Name': 'company',
      'Lead Status': 'status',
    });
    expect(answer.rows.length).toBeLessThanOrEqual(10);
    expect(answer.rows[0].cells[1]).toBe('Anika');
    expect(answer.counts.rows).toBeGreaterThanOrEqual(answer.rows.length);
  });

  it('applies a mapping: a column left out, a column the table does not know', async () => {
    const answer = (
      await preview(owner.headers, MIXED, { Phone: null, 'Favourite colour': 'company' })
    ).json();
    expect(answer.columns).toEqual([
      { header: 'Name', field: 'name', automatic: 'name' },
      { header: 'Email', field: 'email', automatic: 'email' },
      { header: 'Phone', field: null, automatic: 'phone' },
      { header: 'Favourite colour', field: 'company', automatic: null },
    ]);
    // Without its phone, "Phone Only" has no way to be reached: refused.
    expect(answer.counts).toMatchObject({ toImport: 1, refused: 3 });
    expect(answer.refused.map((r: { row: number }) => r.row)).toEqual([3, 5, 6]);
  });

  it('refuses what the import refuses, with the same messages', async () => {
    const xlsx = await preview(owner.headers, 'Name,Email\r\nA,a@a.test', undefined, 'leads.xlsx');
    expect(xlsx.statusCode).toBe(415);
    expect(xlsx.json().message).toBe(LEAD_MESSAGES.csvOnly);
    const noContact = await preview(owner.headers, 'Name,Company\r\nA,B');
    expect(noContact.statusCode).toBe(400);
    expect(noContact.json().message).toBe(LEAD_MESSAGES.missingColumns);
    const unknown = await preview(owner.headers, MIXED, { Nope: 'name' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(LEAD_MESSAGES.mappingUnknownColumn('Nope'));
    const broken = await preview(owner.headers, 'Name,Email\r\n"Unclosed,a@a.test\r\nB,b@b.test');
    expect(broken.json().message).toBe(LEAD_MESSAGES.importError);
  });
});
