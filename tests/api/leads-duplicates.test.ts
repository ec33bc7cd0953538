import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mergedNotesSeparator } from '../../src/shared/lead-duplicates';
import { BOTGIT_MESSAGES, LEAD_MESSAGES } from '../../src/shared/messages';
import { LEAD_NOTES_MAX } from '../../src/shared/leads';
import type { LeadDuplicates } from '../../src/shared/schemas/lead-duplicates';
import type { Lead, LeadImportResult } from '../../src/shared/schemas/leads';
import type { LeadImportPreview } from '../../src/shared/schemas/lead-import-preview';
import { leadEventRow } from '../../src/server/modules/leads/lead-events';
import {
  createLeadsTestApp,
  emptyWorkspaceOwner,
  importCsv,
  insertLeads,
  listLeads,
  testClock,
  type LeadSeed,
} from './support/leads';
import type { TestApp } from './support/test-app';
import { insertUser, type TestUser } from './support/users';

/**
 * Duplicates and merge (docs/product/leads.md#duplicates): the same person found by e-mail, phone or name
 * and company within a workspace; a merge that keeps the chosen values, joins notes and timelines and
 * leaves one lead; imports and Botgit's "Add to leads" leave possible duplicates out and say so. The
 * attacks: another workspace's leads (read or merged, either side), a member without Client Leads, an
 * owner who is no longer one.
 */
describe('lead duplicates and merge', () => {
  const clock = testClock('2024-06-15T09:30:00.000Z');
  let t: TestApp;
  let spaces = 0;

  type Method = 'GET' | 'POST' | 'PUT';
  const send = (method: Method, url: string, user: TestUser, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: user.headers,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  const duplicatesOf = async (user: TestUser, id: string): Promise<LeadDuplicates> => {
    const response = await send('GET', `/api/leads/${id}/duplicates`, user);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const countsByName = async (user: TestUser) =>
    Object.fromEntries(
      (await listLeads(t.app, user, { limit: 100 })).leads.map((l) => [l.name, l.possibleDuplicates]),
    );
  const merge = (user: TestUser, id: string, body: Record<string, unknown>) =>
    send('POST', `/api/leads/${id}/merge`, user, body);
  /** A Business Admin in a workspace of their own, with no leads. */
  const freshOwner = () => emptyWorkspaceOwner(t, `Dupes ${++spaces}`);
  const seed = (user: TestUser, seeds: LeadSeed[]) => insertLeads(t, user.workspaceId, seeds);
  const leadIds = async (workspaceId: string) =>
    (
      await t.database.handle.db
        .selectFrom('leads')
        .select('id')
        .where('workspace_id', '=', workspaceId)
        .execute()
    ).map((r) => r.id);

  beforeAll(async () => {
    t = await createLeadsTestApp(clock);
  });
  afterAll(async () => t.close());

  describe('detection', () => {
    it('finds the same e-mail, case ignored, in the list, the lead and its duplicates', async () => {
      const boss = await freshOwner();
      const [a, b] = await seed(boss, [
        { name: 'Ann One', email: 'ann@same.test' },
        { name: 'Ann Two', email: 'ANN@Same.Test' },
        { name: 'Other', email: 'other@same.test' },
      ]);
      expect(await countsByName(boss)).toEqual({ 'Ann One': 1, 'Ann Two': 1, Other: 0 });
      expect((await send('GET', `/api/leads/${a!.id}`, boss)).json().possibleDuplicates).toBe(1);
      const found = await duplicatesOf(boss, a!.id);
      expect(found.total).toBe(1);
      expect(found.duplicates.map((d) => [d.lead.id, d.reasons])).toEqual([[b!.id, ['email']]]);
    });

    it('finds the same phone by its last ten digits: "+44 20 7946 0958" is "020 7946 0958"', async () => {
      const boss = await freshOwner();
      const [uk] = await seed(boss, [
        { name: 'Intl', phone: '+44 20 7946 0958' },
        { name: 'Local', phone: '020 7946 0958' },
        { name: 'Dotted', phone: '(20) 7946-0958' },
        { name: 'Short A', phone: '12345' },
        { name: 'Short B', phone: '12-345' },
      ]);
      expect(await countsByName(boss)).toEqual({
        Intl: 2,
        Local: 2,
        Dotted: 2,
        'Short A': 0, // fewer than seven digits is no phone key
        'Short B': 0,
      });
      const found = await duplicatesOf(boss, uk!.id);
      expect(found.duplicates.map((d) => [d.lead.name, d.reasons]).sort()).toEqual([
        ['Dotted', ['phone']],
        ['Local', ['phone']],
      ]);
    });

    it('finds the same name and company: case, accents, punctuation and "Ltd" ignored; a name alone is not enough', async () => {
      const boss = await freshOwner();
      const [jose] = await seed(boss, [
        { name: "José O'Neil", company: 'Acme Ltd' },
        { name: 'jose o neil', company: 'ACME' },
        { name: 'José O’Neil', company: 'Acme GmbH' },
        { name: "José O'Neil", company: 'Acme Rockets' },
        { name: 'Solo Name', company: '' },
        { name: 'Solo Name', company: '' },
      ]);
      expect(await countsByName(boss)).toMatchObject({ 'jose o neil': 2, 'Solo Name': 0 });
      const found = await duplicatesOf(boss, jose!.id);
      expect(found.duplicates.map((d) => [d.lead.company, d.reasons]).sort()).toEqual([
        ['ACME', ['name']],
        ['Acme GmbH', ['name']],
      ]);
    });

    it('never matches empty e-mails (leads kept for a phone or profile address)', async () => {
      const boss = await freshOwner();
      const [first] = await seed(boss, [
        { name: 'No Mail One', email: '', phone: '+1 415 555 0101' },
        { name: 'No Mail Two', email: '', phone: '+1 415 555 0202' },
        { name: 'No Mail Three', email: '' },
      ]);
      expect(await countsByName(boss)).toEqual({ 'No Mail One': 0, 'No Mail Two': 0, 'No Mail Three': 0 });
      expect(await duplicatesOf(boss, first!.id)).toEqual({ duplicates: [], total: 0 });
    });

    it('counts a lead matching for several reasons once, and gives every reason', async () => {
      const boss = await freshOwner();
      const [a] = await seed(boss, [
        { name: 'Kim Lee', email: 'kim@lee.test', phone: '+91 98450 12345', company: 'Lee & Co' },
        { name: 'Kim Lee', email: 'KIM@lee.test', phone: '098450 12345', company: 'Lee' },
      ]);
      expect(await countsByName(boss)).toEqual({ 'Kim Lee': 1 });
      expect((await duplicatesOf(boss, a!.id)).duplicates[0]!.reasons).toEqual(['email', 'phone', 'name']);
    });

    it('keeps the keys with an edit of the phone, name or company', async () => {
      const boss = await freshOwner();
      const [a, b] = await seed(boss, [
        { name: 'Pat Doe', phone: '+1 212 555 0100', company: 'Doe Inc' },
        { name: 'Sam Roe', phone: '+1 212 555 0199', company: 'Roe' },
      ]);
      let response = await send('PUT', `/api/leads/${b!.id}`, boss, { phone: '(212) 555-0100' });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().lead.possibleDuplicates).toBe(1);
      expect((await duplicatesOf(boss, a!.id)).duplicates.map((d) => d.reasons)).toEqual([['phone']]);
      response = await send('PUT', `/api/leads/${b!.id}`, boss, {
        phone: '+1 212 555 0199',
        name: 'PAT DOE',
        company: 'doe',
      });
      expect((await duplicatesOf(boss, a!.id)).duplicates.map((d) => d.reasons)).toEqual([['name']]);
      await send('PUT', `/api/leads/${b!.id}`, boss, { company: 'Roe' });
      expect(await countsByName(boss)).toEqual({ 'Pat Doe': 0, 'PAT DOE': 0 });
    });

    it('lists the newest first, at most 20, with the total', async () => {
      const boss = await freshOwner();
      const rows = await seed(
        boss,
        Array.from({ length: 23 }, (_, i) => ({
          name: `Same ${i}`,
          phone: '+1 646 555 0123',
          created_at: `2024-01-${String(i + 1).padStart(2, '0')}T12:00:00.000Z`,
        })),
      );
      const found = await duplicatesOf(boss, rows[0]!.id);
      expect(found.total).toBe(22);
      expect(found.duplicates).toHaveLength(20);
      expect(found.duplicates[0]!.lead.name).toBe('Same 22');
      expect((await listLeads(t.app, boss, { limit: 1 })).leads[0]!.possibleDuplicates).toBe(22);
    });
  });

  describe('attacks', () => {
    let boss: TestUser;
    let stranger: TestUser;
    let mine: Lead;
    let theirs: Lead;

    beforeAll(async () => {
      boss = await freshOwner();
      stranger = await freshOwner();
      // The same person in two workspaces: never a duplicate across them.
      mine = (
        await send('POST', '/api/leads', boss, { name: 'Twin', email: 'twin@x.test', phone: '555 0100 77' })
      ).json().lead;
      theirs = (
        await send('POST', '/api/leads', stranger, {
          name: 'Twin',
          email: 'twin@x.test',
          phone: '555 0100 77',
        })
      ).json().lead;
    });

    it("never counts or lists another workspace's leads as duplicates", async () => {
      expect(mine.possibleDuplicates).toBe(0);
      expect(await countsByName(boss)).toEqual({ Twin: 0 });
      expect(await duplicatesOf(boss, mine.id)).toEqual({ duplicates: [], total: 0 });
    });

    it("answers 404 for the duplicates of another workspace's lead, listing nothing", async () => {
      const response = await send('GET', `/api/leads/${theirs.id}/duplicates`, boss);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: LEAD_MESSAGES.notFound });
    });

    it("refuses to merge with another workspace's lead on either side: 404, nothing changed", async () => {
      const other = (await send('POST', '/api/leads', boss, { name: 'Mine Too', email: 'too@x.test' })).json()
        .lead as Lead;
      const before = await leadIds(stranger.workspaceId);
      for (const [id, otherId] of [
        [mine.id, theirs.id],
        [theirs.id, mine.id],
        [theirs.id, other.id],
      ] as const) {
        const response = await merge(boss, id, { otherId, keep: { name: 'other' } });
        expect(response.statusCode, `${id} ← ${otherId}`).toBe(404);
        expect(response.json()).toEqual({ message: LEAD_MESSAGES.notFound });
      }
      expect(await leadIds(stranger.workspaceId)).toEqual(before);
      expect((await send('GET', `/api/leads/${theirs.id}`, stranger)).json()).toMatchObject({ name: 'Twin' });
      expect((await send('GET', `/api/leads/${mine.id}`, boss)).json()).toMatchObject({ name: 'Twin' });
      expect((await send('GET', `/api/leads/${other.id}`, boss)).statusCode).toBe(200);
    });

    it('refuses a member without Client Leads (Team Member, Graphic Designer): 403', async () => {
      const other = (await send('POST', '/api/leads', boss, { name: 'Twin B', email: 'TWIN@x.test' })).json()
        .lead as Lead;
      for (const role of ['Team Member', 'Graphic Designer']) {
        const member = await insertUser(t, { workspaceId: boss.workspaceId, role, username: `no-${role}` });
        const merged = await merge(member, mine.id, { otherId: other.id });
        expect(merged.statusCode, role).toBe(403);
        expect((await send('GET', `/api/leads/${mine.id}/duplicates`, member)).statusCode, role).toBe(403);
      }
      expect((await send('GET', `/api/leads/${other.id}`, boss)).statusCode).toBe(200);
    });

    it('refuses to merge a lead with itself: 400', async () => {
      const response = await merge(boss, mine.id, { otherId: mine.id });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(LEAD_MESSAGES.mergeSelf);
    });

    it('refuses a merge whose joined notes would pass the notes bound: 400, both leads as they were (attack)', async () => {
      const [kept, other] = await seed(boss, [
        { name: 'Long Notes', phone: '+1 404 555 0100', notes: 'k'.repeat(3000), owner_id: boss.id },
        { name: 'Long Notes Too', phone: '404 555 0100', notes: 'o'.repeat(3000), owner_id: boss.id },
      ]);
      const response = await merge(boss, kept!.id, { otherId: other!.id });
      // Before: merged into 6,000+ characters that the lead's own form could no longer save, and merge after
      // merge grew it without end.
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(LEAD_MESSAGES.mergedNotesTooLong(LEAD_NOTES_MAX));
      const rows = await t.database.handle.db
        .selectFrom('leads')
        .select(['id', 'notes'])
        .where('id', 'in', [kept!.id, other!.id])
        .execute();
      expect(rows.map((row) => row.notes.length).sort()).toEqual([3000, 3000]);
    });

    it('refuses an owner who is no longer one of this workspace (moved away, or without Client Leads): 400, nothing changed', async () => {
      const mover = await insertUser(t, {
        workspaceId: boss.workspaceId,
        role: 'Data Analyst',
        username: 'mover',
      });
      const [kept, other] = await seed(boss, [
        { name: 'Keep Me', phone: '+1 303 555 0100', notes: 'kept notes', owner_id: boss.id },
        { name: 'Merge Me', phone: '303 555 0100', notes: 'other notes', owner_id: mover.id },
      ]);
      // The other lead's owner has since joined another workspace.
      const db = t.database.handle.db;
      await db
        .updateTable('users')
        .set({ workspace_id: stranger.workspaceId })
        .where('id', '=', mover.id)
        .execute();
      let response = await merge(boss, kept!.id, {
        otherId: other!.id,
        keep: { owner: 'other', name: 'other' },
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().message).toBe(LEAD_MESSAGES.ownerInvalid);
      // Back in the workspace, but as a Graphic Designer (no Client Leads).
      await db
        .updateTable('users')
        .set({ workspace_id: boss.workspaceId, role: 'Graphic Designer' })
        .where('id', '=', mover.id)
        .execute();
      response = await merge(boss, kept!.id, { otherId: other!.id, keep: { owner: 'other' } });
      expect(response.statusCode).toBe(400);
      // An owner id instead of a choice is no choice.
      response = await merge(boss, kept!.id, { otherId: other!.id, keep: { owner: stranger.id } });
      expect(response.statusCode).toBe(400);
      const rows = await db
        .selectFrom('leads')
        .select(['id', 'name', 'notes', 'owner_id'])
        .where('id', 'in', [kept!.id, other!.id])
        .orderBy('name')
        .execute();
      expect(rows).toEqual([
        { id: kept!.id, name: 'Keep Me', notes: 'kept notes', owner_id: boss.id },
        { id: other!.id, name: 'Merge Me', notes: 'other notes', owner_id: mover.id },
      ]);
    });
  });

  describe('merge', () => {
    it('keeps the chosen values, joins notes and timelines, leaves one lead with its counters and keys right', async () => {
      const boss = await freshOwner();
      const analyst = await insertUser(t, {
        workspaceId: boss.workspaceId,
        role: 'Data Analyst',
        username: 'dana-merge',
      });
      const [kept, other, third] = await seed(boss, [
        {
          name: 'Rita Moreno',
          email: 'rita@old.test',
          phone: '+1 617 555 0142',
          company: 'Moreno Studio',
          status: 'New',
          priority: 'Low',
          source: 'Website',
          notes: 'Met at the fair.',
          last_contact: '2024-03-01',
          owner_id: boss.id,
          origin: 'dashboard',
        },
        {
          name: 'Rita M.',
          email: 'rita@new.test',
          phone: '617-555-0142',
          company: 'Moreno Studio Ltd',
          status: 'Qualified',
          priority: 'High',
          source: 'Referral',
          notes: 'Wants a quote.',
          last_contact: '2024-05-20',
          owner_id: analyst.id,
          origin: 'import',
          created_at: '2023-11-02T08:00:00.000Z',
        },
        { name: 'Bystander', email: 'by@stander.test', company: 'Acme', status: 'New' },
      ]);
      const db = t.database.handle.db;
      await db
        .updateTable('leads')
        .set({ next_follow_up_at: '2024-06-20', follow_up_note: 'Send the quote' })
        .where('id', '=', other!.id)
        .execute();
      // The other lead's history, which must follow it.
      await db
        .insertInto('lead_events')
        .values(
          leadEventRow(
            {
              workspaceId: boss.workspaceId,
              leadId: other!.id,
              kind: 'note',
              actor: { id: analyst.id, username: 'dana-merge' },
              data: { text: 'Called twice' },
            },
            new Date('2024-05-20T10:00:00.000Z'),
          ),
        )
        .execute();

      expect((await duplicatesOf(boss, kept!.id)).duplicates.map((d) => d.reasons)).toEqual([['phone']]);
      const response = await merge(boss, kept!.id, {
        otherId: other!.id,
        keep: {
          email: 'other',
          company: 'other',
          status: 'other',
          owner: 'other',
          lastContact: 'other',
          followUp: 'other',
        },
      });
      expect(response.statusCode, response.body).toBe(200);
      const lead = response.json().lead as Lead;
      expect(lead).toMatchObject({
        id: kept!.id,
        name: 'Rita Moreno',
        email: 'rita@new.test',
        phone: '+1 617 555 0142',
        company: 'Moreno Studio Ltd',
        status: 'Qualified',
        priority: 'Low',
        source: 'Website',
        lastContact: '2024-05-20',
        owner: { id: analyst.id, username: 'dana-merge' },
        nextFollowUpAt: '2024-06-20',
        followUpNote: 'Send the quote',
        notes: `Met at the fair.\n\n${mergedNotesSeparator('Rita M.')}\nWants a quote.`,
        possibleDuplicates: 0,
      });
      // One lead left, and the stat cards (kept by triggers) agree with the rows.
      expect((await leadIds(boss.workspaceId)).sort()).toEqual([kept!.id, third!.id].sort());
      const page = await listLeads(t.app, boss);
      expect(page.stats).toMatchObject({ total: 2, new: 1, inProgress: 0, converted: 0 });
      expect((await listLeads(t.app, boss, { status: 'Qualified' })).stats.total).toBe(1);
      expect((await listLeads(t.app, boss, { priority: 'High' })).stats.total).toBe(0);
      // The derived columns follow the kept values: search, e-mail, keys.
      expect((await listLeads(t.app, boss, { search: 'rita@new' })).leads.map((l) => l.id)).toEqual([
        kept!.id,
      ]);
      expect((await listLeads(t.app, boss, { search: 'rita@old' })).leads).toEqual([]);
      const row = await db
        .selectFrom('leads')
        .selectAll()
        .where('id', '=', kept!.id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        email_lower: 'rita@new.test',
        phone_key: '6175550142',
        name_key: 'rita moreno|moreno studio',
        origin: 'dashboard',
        created_at: '2024-01-01T12:00:00.000Z',
      });
      // One timeline: the other's events moved here, and the merge itself with who merged what.
      const events = await db
        .selectFrom('lead_events')
        .select(['lead_id', 'kind', 'actor_id', 'actor_name', 'data'])
        .where('workspace_id', '=', boss.workspaceId)
        .orderBy('created_at')
        .execute();
      expect(events).toEqual([
        {
          lead_id: kept!.id,
          kind: 'note',
          actor_id: analyst.id,
          actor_name: 'dana-merge',
          data: JSON.stringify({ text: 'Called twice' }),
        },
        {
          lead_id: kept!.id,
          kind: 'merged',
          actor_id: boss.id,
          actor_name: 'user-business-admin',
          data: JSON.stringify({
            name: 'Rita M.',
            email: 'rita@new.test',
            origin: 'import',
            createdAt: '2023-11-02T08:00:00.000Z',
          }),
        },
      ]);
      const activity = await db
        .selectFrom('activity')
        .select('action')
        .where('workspace_id', '=', boss.workspaceId)
        .execute();
      expect(activity.map((a) => a.action)).toContain(
        'user-business-admin merged lead Rita M. into Rita Moreno',
      );
      expect((await send('GET', `/api/leads/${other!.id}`, boss)).statusCode).toBe(404);
    });

    it("keeps this lead's values when nothing is chosen, and one side's notes when the other has none", async () => {
      const boss = await freshOwner();
      const [kept, other] = await seed(boss, [
        { name: 'Lou Reed', email: 'lou@velvet.test', notes: '' },
        {
          name: 'Lou R',
          email: 'LOU@velvet.test',
          company: 'Velvet',
          notes: 'From the import',
          status: 'Lost',
        },
      ]);
      const response = await merge(boss, kept!.id, { otherId: other!.id });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().lead).toMatchObject({
        name: 'Lou Reed',
        email: 'lou@velvet.test',
        company: '',
        status: 'New',
        notes: 'From the import',
      });
      expect((await listLeads(t.app, boss)).stats).toMatchObject({ total: 1, new: 1 });
    });

    it('leaves exactly one lead when the same pair is merged twice at once, either way round', async () => {
      const boss = await freshOwner();
      for (const reverse of [false, true]) {
        const [a, b] = await seed(boss, [
          { name: 'Race A', phone: '+1 312 555 0170', notes: 'a' },
          { name: 'Race B', phone: '312 555 0170', notes: 'b' },
        ]);
        const [first, second] = await Promise.all([
          merge(boss, a!.id, { otherId: b!.id, keep: { name: 'other' } }),
          reverse ? merge(boss, b!.id, { otherId: a!.id }) : merge(boss, a!.id, { otherId: b!.id }),
        ]);
        const codes = [first.statusCode, second.statusCode].sort();
        expect(codes, `${first.body} ${second.body}`).toEqual([200, 404]);
        const left = await leadIds(boss.workspaceId);
        expect(left).toHaveLength(1);
        const winner = (first.statusCode === 200 ? first : second).json().lead as Lead;
        expect(left).toEqual([winner.id]);
        expect(winner.notes).toMatch(/^[ab]\n\n--- Notes of Race [AB] \(merged\) ---\n[ab]$/);
        expect((await listLeads(t.app, boss)).stats.total).toBe(1);
        await t.database.handle.db.deleteFrom('leads').where('id', '=', winner.id).execute();
      }
    });

    it('merges while other leads of the workspace change status at the same time (no deadlock)', async () => {
      const boss = await freshOwner();
      const pairs = await seed(
        boss,
        Array.from({ length: 8 }, (_, i) => ({
          name: `Pair ${i >> 1}`,
          phone: `+1 415 555 01${i >> 1}0`,
          status: (['New', 'Lost', 'Qualified', 'In Progress'] as const)[i % 4],
        })),
      );
      const loners = await seed(
        boss,
        Array.from({ length: 6 }, (_, i) => ({ name: `Loner ${i}`, status: 'New' as const })),
      );
      const answers: LightMyRequestResponse[] = await Promise.all([
        ...[0, 2, 4, 6].map((i) =>
          merge(boss, pairs[i]!.id, { otherId: pairs[i + 1]!.id, keep: { status: 'other' } }),
        ),
        ...loners.map((lead, i) =>
          send('PUT', `/api/leads/${lead.id}`, boss, { status: i % 2 ? 'Converted' : 'Lost' }),
        ),
      ]);
      expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200));
      const page = await listLeads(t.app, boss, { limit: 100 });
      expect(page.leads).toHaveLength(10);
      const statuses = await t.database.handle.db
        .selectFrom('leads')
        .select(['status'])
        .where('workspace_id', '=', boss.workspaceId)
        .execute();
      const count = (s: string) => statuses.filter((r) => r.status === s).length;
      expect(page.stats).toEqual({
        total: 10,
        new: count('New'),
        inProgress: count('In Progress'),
        converted: count('Converted'),
        followUpsDue: 0,
      });
    });
  });

  describe('imports and Botgit warn instead of adding a second copy', () => {
    const postCsv = async (url: string, user: TestUser, content: string) => {
      const form = new FormData();
      form.append('file', new Blob([content], { type: 'text/csv' }), 'leads.csv');
      const request = new Response(form);
      return t.app.inject({
        method: 'POST',
        url,
        headers: { ...user.headers, 'content-type': request.headers.get('content-type')! },
        payload: Buffer.from(await request.arrayBuffer()),
      });
    };
    const FILE = [
      'Name,Email,Phone,Company',
      'Fresh One,fresh1@file.test,+1 202 555 0111,Fresh Co', // row 1: imported
      'Known Mail,KNOWN@lead.test,,', // row 2: its e-mail is a lead: skipped, not a possible duplicate
      'Phone Twin,phone.twin@file.test,020 7946 0958,', // row 3: the phone of "Intl"
      'jose o neil,jose2@file.test,,ACME', // row 4: the name and company of "José O'Neil"
      'Fresh Two,fresh2@file.test,(202) 555-0111,', // row 5: the phone of row 1
      'No Mail,,+1 202 555 0199,', // row 6: imported (a phone, no e-mail)
      'Fresh One,fresh3@file.test,,Fresh Co.', // row 7: the name and company of row 1
      'No Mail Again,,+1 202 555 0199,', // row 8: the phone of row 6
    ].join('\n');
    const expectedRows = (intl: string, jose: string) => [
      { row: 3, name: 'Phone Twin', reason: 'phone', lead: { id: intl, name: 'Intl' }, sameAsRow: null },
      {
        row: 4,
        name: 'jose o neil',
        reason: 'name',
        lead: { id: jose, name: "José O'Neil" },
        sameAsRow: null,
      },
      { row: 5, name: 'Fresh Two', reason: 'phone', lead: null, sameAsRow: 1 },
      { row: 7, name: 'Fresh One', reason: 'name', lead: null, sameAsRow: 1 },
      { row: 8, name: 'No Mail Again', reason: 'phone', lead: null, sameAsRow: 6 },
    ];
    const existing = (boss: TestUser) =>
      seed(boss, [
        { name: 'Intl', phone: '+44 20 7946 0958' },
        { name: "José O'Neil", company: 'Acme Ltd' },
        { name: 'Known', email: 'known@lead.test' },
      ]);

    it('previews the possible duplicates with the lead or row each matches, writing nothing', async () => {
      const boss = await freshOwner();
      const [intl, jose] = await existing(boss);
      const response = await postCsv('/api/leads/import/preview', boss, FILE);
      expect(response.statusCode, response.body).toBe(200);
      const preview = response.json() as LeadImportPreview;
      expect(preview.counts).toEqual({
        rows: 8,
        toImport: 2,
        duplicatesInFile: 0,
        alreadyLeads: 1,
        possibleDuplicates: 5,
        refused: 0,
      });
      expect(preview.possibleDuplicates).toEqual(expectedRows(intl!.id, jose!.id));
      expect(await leadIds(boss.workspaceId)).toHaveLength(3);
    });

    it('imports the rest and reports the possible duplicates; none of them is created', async () => {
      const boss = await freshOwner();
      const [intl, jose] = await existing(boss);
      const response = await importCsv(t.app, boss.headers, FILE);
      expect(response.statusCode, response.body).toBe(200);
      const result = response.json() as LeadImportResult;
      expect(result).toEqual({
        imported: 2,
        skipped: 6,
        errors: [],
        possibleDuplicates: { count: 5, rows: expectedRows(intl!.id, jose!.id) },
      });
      expect(LEAD_MESSAGES.imported(result.imported)).toBe('2 leads imported successfully!');
      const names = (await listLeads(t.app, boss, { limit: 100 })).leads.map((l) => l.name).sort();
      expect(names).toEqual(['Fresh One', 'Intl', "José O'Neil", 'Known', 'No Mail']);
      // The same file again: everything is there already.
      const again = (await importCsv(t.app, boss.headers, FILE)).json() as LeadImportResult;
      expect(again).toMatchObject({ imported: 0, skipped: 8, possibleDuplicates: { count: 6 } });
    });

    it('answers the import without the field when no row was a possible duplicate', async () => {
      const boss = await freshOwner();
      const response = await importCsv(t.app, boss.headers, 'Name,Email\nSolo,solo@file.test');
      expect(response.json()).toEqual({ imported: 1, skipped: 0, errors: [] });
    });

    it('Botgit\'s "Add to leads" leaves out profiles with the phone of a lead or of another selected profile', async () => {
      const boss = await freshOwner();
      await seed(boss, [
        { name: 'Intl', phone: '+44 20 7946 0958' },
        { name: 'Known', email: 'known@lead.test' },
      ]);
      const profile = (slug: string, phone: string, email = `${slug}@people.test`) => ({
        profileUrl: `https://www.linkedin.com/in/${slug}`,
        name: `Name ${slug}`,
        email,
        phone,
      });
      const ingest = await send('POST', '/api/scraped-data', boss, [
        profile('fresh', '+91 98450 11111'),
        profile('same-phone', '020 7946 0958'),
        profile('known', '', 'Known@Lead.test'),
        profile('twin-a', '+91 98450 22222'),
        profile('twin-b', '98450 22222'),
        profile('no-mail', '+91 98450 33333', ''),
      ]);
      expect(ingest.statusCode, ingest.body).toBe(201);
      const ids = (ingest.json().results as { _id: string }[]).map((r) => r._id);
      const response = await send('POST', '/api/scraped-data/leads', boss, { ids });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({
        success: true,
        added: 2,
        skipped: 4,
        possibleDuplicates: 2,
        message: BOTGIT_MESSAGES.addedToLeads(2, 4, 2),
      });
      expect(response.json().message).toBe(
        '2 profiles added to leads, 2 skipped (already a lead or no e-mail), 2 not added as possible duplicates (the phone of a lead or of another profile).',
      );
      const names = (await listLeads(t.app, boss, { limit: 100 })).leads.map((l) => l.name).sort();
      expect(names).toEqual(['Intl', 'Known', 'Name fresh', 'Name twin-a']);
    });
  });
});
