import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordLeadEvents } from '../../src/server/modules/leads/lead-events';
import { LEAD_MESSAGES, LEAD_TIMELINE_MESSAGES } from '../../src/shared/messages';
import type { Lead } from '../../src/shared/schemas/leads';
import type { LeadTimelineEntry, LeadTimelinePage } from '../../src/shared/schemas/lead-timeline';
import { AGENCY_WORKSPACE_ID } from '../../src/shared/workspace-deletion';
import { createLeadsTestApp, emptyWorkspaceOwner, importCsv, insertLeads, testClock } from './support/leads';
import type { TestApp } from './support/test-app';
import { insertUser, insertWorkspace, seededAdmin, type TestUser } from './support/users';
import { invitationTokenMailedTo } from './support/invitations';

/**
 * A lead's timeline (docs/product/leads.md#timeline): its creation and origin, status and owner changes,
 * notes, follow-ups, contact-form messages from the same e-mail and the workspace's mails to it, newest
 * first, paged on (time, key) across those sources. The attacks: another workspace's lead, a member without
 * Client Leads, a mail's one-time link, a note with HTML, someone else's note.
 */
describe('lead timeline', () => {
  const clock = testClock('2024-06-15T09:00:00.000Z');
  const tick = (minutes = 1) => {
    clock.now = new Date(clock.now.getTime() + minutes * 60_000);
  };
  let t: TestApp;
  let boss: TestUser; // Business Admin of "Leads Co" (username user-business-admin)
  let analyst: TestUser; // Data Analyst of "Leads Co" (dana)
  let designer: TestUser; // Graphic Designer of "Leads Co": no Data Center module
  let newcomer: TestUser; // Team Member of "Leads Co"
  let stranger: TestUser; // Business Admin of another workspace
  let ipCounter = 0;

  const send = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, user?: TestUser, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: user?.headers ?? {},
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  const create = async (user: TestUser, name: string, email = `${name.toLowerCase()}@timeline.test`) => {
    const response = await send('POST', '/api/leads', user, { name, email });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().lead as Lead;
  };
  const put = async (user: TestUser, lead: Lead, changes: Record<string, unknown>) => {
    const response = await send('PUT', `/api/leads/${lead.id}`, user, changes);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().lead as Lead;
  };
  const page = async (user: TestUser, leadId: string, query = '') => {
    const response = await send('GET', `/api/leads/${leadId}/timeline${query}`, user);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as LeadTimelinePage;
  };
  const timeline = async (user: TestUser, leadId: string) => (await page(user, leadId, '?limit=100')).entries;
  const addNote = (user: TestUser, leadId: string, text: unknown) =>
    send('POST', `/api/leads/${leadId}/notes`, user, { text });
  const contact = (email: string, subject: string, message: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/contact',
      remoteAddress: `198.51.100.${++ipCounter}`,
      payload: { name: 'Asha Rao', email, subject, message },
    });
  const bossActor = () => ({ id: boss.id, username: 'user-business-admin' });

  beforeAll(async () => {
    t = await createLeadsTestApp(clock);
    boss = await emptyWorkspaceOwner(t);
    analyst = await insertUser(t, { workspaceId: boss.workspaceId, role: 'Data Analyst', username: 'dana' });
    designer = await insertUser(t, {
      workspaceId: boss.workspaceId,
      role: 'Graphic Designer',
      username: 'gus',
    });
    newcomer = await insertUser(t, {
      workspaceId: boss.workspaceId,
      role: 'Team Member',
      username: 'newbie',
    });
    stranger = await emptyWorkspaceOwner(t, 'Elsewhere Ltd');
  });
  afterAll(async () => t.close());

  it('starts with the creation: when, by whom, from the dashboard', async () => {
    const lead = await create(boss, 'Fresh');
    expect(await timeline(boss, lead.id)).toEqual([
      {
        id: lead.id,
        kind: 'created',
        at: lead.date,
        actor: bossActor(),
        leadId: lead.id,
        data: { origin: 'dashboard' },
      },
    ]);
  });

  it('records status and owner changes, edited notes and follow-ups set, done and cleared, newest first', async () => {
    const lead = await create(boss, 'Journey');
    tick();
    await put(boss, lead, { status: 'Qualified' });
    tick();
    await put(boss, lead, { status: 'Qualified', name: 'Journey Renamed' }); // no change of status: nothing
    tick();
    await put(boss, lead, { ownerId: analyst.id });
    tick();
    await put(analyst, lead, { notes: 'Prefers calls' });
    tick();
    await put(analyst, lead, { notes: 'Prefers calls' }); // the same notes: nothing
    tick();
    await put(analyst, lead, { nextFollowUpAt: '2024-06-20', followUpNote: 'Send the quote' });
    tick();
    await put(analyst, lead, { followUpNote: 'Send the revised quote' });
    tick();
    const done = await send('POST', `/api/leads/${lead.id}/follow-up/done`, analyst);
    expect(done.statusCode).toBe(200);
    tick();
    await send('POST', `/api/leads/${lead.id}/follow-up/done`, analyst); // nothing left to do: nothing
    tick();
    await put(analyst, lead, { nextFollowUpAt: '2024-07-01', followUpNote: 'Check in' });
    tick();
    await put(analyst, lead, { nextFollowUpAt: null });

    const entries = await timeline(boss, lead.id);
    const dana = { id: analyst.id, username: 'dana' };
    expect(entries.map((e) => [e.kind, e.actor, e.data])).toEqual([
      ['follow-up-cleared', dana, { day: '2024-07-01', note: 'Check in' }],
      ['follow-up-set', dana, { day: '2024-07-01', note: 'Check in' }],
      ['follow-up-done', dana, { day: '2024-06-20', note: 'Send the revised quote' }],
      ['follow-up-set', dana, { day: '2024-06-20', note: 'Send the revised quote' }],
      ['follow-up-set', dana, { day: '2024-06-20', note: 'Send the quote' }],
      ['notes-edited', dana, {}],
      ['owner', bossActor(), { from: 'user-business-admin', to: 'dana' }],
      ['status', bossActor(), { from: 'New', to: 'Qualified' }],
      ['created', bossActor(), { origin: 'dashboard' }],
    ]);
    // Strictly newest first, each entry at the time of its change.
    const times = entries.map((e) => e.at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(entries[0]!.at).toBe(clock.now.toISOString());
  });

  it('adds a note to the timeline without touching the lead’s notes, and refuses an empty or long one', async () => {
    const lead = await create(boss, 'Noted');
    await put(boss, lead, { notes: 'The notes field' });
    tick();
    const response = await addNote(boss, lead.id, '  Called, she wants a quote by Friday.  ');
    expect(response.statusCode, response.body).toBe(201);
    const { entry } = response.json() as { entry: LeadTimelineEntry };
    expect(entry).toMatchObject({
      kind: 'note',
      actor: bossActor(),
      leadId: lead.id,
      at: clock.now.toISOString(),
      data: { text: 'Called, she wants a quote by Friday.' },
    });
    expect((await timeline(boss, lead.id))[0]).toEqual(entry);
    expect((await send('GET', `/api/leads/${lead.id}`, boss)).json().notes).toBe('The notes field');

    for (const [text, message] of [
      ['   ', LEAD_TIMELINE_MESSAGES.noteRequired],
      [undefined, LEAD_TIMELINE_MESSAGES.noteRequired],
      ['x'.repeat(5001), LEAD_TIMELINE_MESSAGES.noteTooLong],
    ] as const) {
      const refused = await addNote(boss, lead.id, text);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(message);
    }
    expect((await addNote(boss, lead.id, 'y'.repeat(5000))).statusCode).toBe(201);
  });

  it('answers a note with HTML as the plain text it was written, not markup (attack)', async () => {
    const lead = await create(boss, 'Markup');
    const text = '<img src=x onerror="alert(1)"><script>alert(2)</script> & <b>bold</b>';
    const response = await addNote(boss, lead.id, text);
    expect(response.statusCode).toBe(201);
    expect(response.json().entry.data.text).toBe(text);
    expect(response.headers['content-type']).toContain('application/json');
    const [note] = await timeline(boss, lead.id);
    expect(note).toMatchObject({ kind: 'note', data: { text } });
  });

  it('lets a note’s author delete it, and nobody else (attack)', async () => {
    const lead = await create(boss, 'Deletable');
    const { entry } = (await addNote(boss, lead.id, 'Mine')).json() as { entry: LeadTimelineEntry };
    const url = `/api/leads/${lead.id}/notes/${entry.id}`;
    for (const user of [analyst, stranger]) {
      const refused = await send('DELETE', url, user);
      expect(refused.statusCode).toBe(404);
      expect(refused.json().message).toBe(LEAD_TIMELINE_MESSAGES.noteNotFound);
    }
    expect((await send('DELETE', url, designer)).statusCode).toBe(403);
    expect((await timeline(boss, lead.id)).map((e) => e.kind)).toEqual(['note', 'created']);
    // Only notes: a status change is history, not the author's to delete.
    tick();
    await put(boss, lead, { status: 'Lost' });
    const status = (await timeline(boss, lead.id)).find((e) => e.kind === 'status');
    expect((await send('DELETE', `/api/leads/${lead.id}/notes/${status!.id}`, boss)).statusCode).toBe(404);
    const deleted = await send('DELETE', url, boss);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await timeline(boss, lead.id)).map((e) => e.kind)).toEqual(['status', 'created']);
    expect((await send('DELETE', url, boss)).statusCode).toBe(404);
  });

  it('tells where a lead came from: an import, Botgit, the API, a new workspace’s samples, or nobody knows', async () => {
    const imported = await importCsv(t.app, boss.headers, 'Name,Email\nIn Ported,in.ported@timeline.test\n');
    expect(imported.json()).toMatchObject({ imported: 1 });
    const leads = (await send('GET', '/api/leads?search=in.ported', boss)).json().leads as Lead[];
    expect(await timeline(boss, leads[0]!.id)).toEqual([
      expect.objectContaining({ kind: 'created', actor: bossActor(), data: { origin: 'import' } }),
    ]);
    // The import writes no event per row: the creation is read from the lead.
    const events = await t.database.handle.db
      .selectFrom('lead_events')
      .select('id')
      .where('lead_id', '=', leads[0]!.id)
      .execute();
    expect(events).toEqual([]);

    const scraped = await send('POST', '/api/scraped-data', boss, {
      profileUrl: 'https://www.linkedin.com/in/bot-git',
      name: 'Bot Git',
      email: 'bot.git@timeline.test',
    });
    expect(scraped.statusCode, scraped.body).toBe(201);
    const added = await send('POST', '/api/scraped-data/leads', boss, {
      ids: [scraped.json().results[0]._id],
    });
    expect(added.json()).toMatchObject({ added: 1 });
    const botgit = (await send('GET', '/api/leads?search=bot.git', boss)).json().leads as Lead[];
    expect((await timeline(boss, botgit[0]!.id))[0]).toMatchObject({
      kind: 'created',
      actor: bossActor(),
      data: { origin: 'botgit' },
    });

    const [viaApi, older] = await insertLeads(t, boss.workspaceId, [
      { name: 'Via Api', origin: 'api', created_at: '2024-03-01T10:00:00.000Z' },
      { name: 'Older', created_at: '2023-01-01T10:00:00.000Z' },
    ]);
    const db = t.database.handle.db;
    await db.updateTable('leads').set({ created_by: boss.id }).where('id', '=', viaApi!.id).execute();
    // Written before migration 019: no origin, no creator.
    await db
      .updateTable('leads')
      .set({ origin: null, created_by: null })
      .where('id', '=', older!.id)
      .execute();
    expect(await timeline(boss, viaApi!.id)).toEqual([
      expect.objectContaining({
        at: '2024-03-01T10:00:00.000Z',
        actor: bossActor(),
        data: { origin: 'api' },
      }),
    ]);
    expect(await timeline(boss, older!.id)).toEqual([
      expect.objectContaining({ kind: 'created', actor: null, data: { origin: null } }),
    ]);

    const samples = await insertWorkspace(t, { name: 'Samples Co' });
    const sampleOwner = await insertUser(t, { workspaceId: samples.id, role: 'Business Admin' });
    const sample = (await send('GET', '/api/leads?limit=1', sampleOwner)).json().leads[0] as Lead;
    expect(await timeline(sampleOwner, sample.id)).toEqual([
      expect.objectContaining({ kind: 'created', actor: null, data: { origin: 'sample' } }),
    ]);
  });

  it('shows the contact form’s messages from the same e-mail on each of that person’s leads', async () => {
    const admin = await seededAdmin(t);
    expect((await contact('Asha@Bakery.test', 'Web Development', 'A site for our bakery')).statusCode).toBe(
      201,
    );
    tick();
    expect((await contact('asha@bakery.test', 'SEO', 'And some SEO please')).statusCode).toBe(201);
    tick();
    expect((await contact('someone.else@bakery.test', 'Other', 'Not Asha')).statusCode).toBe(201);
    const leads = await t.database.handle.db
      .selectFrom('leads')
      .select(['id', 'email'])
      .where('workspace_id', '=', AGENCY_WORKSPACE_ID)
      .where('email_lower', '=', 'asha@bakery.test')
      .orderBy('created_at')
      .execute();
    expect(leads).toHaveLength(2);
    const [first, second] = [leads[0]!, leads[1]!];

    const entries = await timeline(admin, first.id);
    expect(entries.map((e) => [e.kind, e.leadId, e.actor, e.data])).toEqual([
      ['contact-message', second.id, null, { subject: 'SEO', message: 'And some SEO please' }],
      ['contact-message', first.id, null, { subject: 'Web Development', message: 'A site for our bakery' }],
      ['created', first.id, null, { origin: 'form' }],
    ]);
    // The later lead shows the earlier message too, and its own creation between them.
    expect((await timeline(admin, second.id)).map((e) => [e.kind, e.leadId])).toEqual([
      ['contact-message', second.id],
      ['created', second.id],
      ['contact-message', first.id],
    ]);
    // Only contact messages cross over from the other lead, not its other history.
    await send('PUT', `/api/leads/${second.id}`, admin, { status: 'Lost' });
    expect((await timeline(admin, first.id)).map((e) => e.kind)).not.toContain('status');
  });

  it('matches no contact messages on an empty e-mail', async () => {
    const [one, two] = await insertLeads(t, boss.workspaceId, [
      { name: 'No Mail One', email: '' },
      { name: 'No Mail Two', email: '' },
    ]);
    await recordLeadEvents(
      t.database.handle.db,
      [
        {
          workspaceId: boss.workspaceId,
          leadId: one!.id,
          kind: 'contact-message',
          actor: null,
          data: { subject: 'Hello', message: 'From nobody' },
        },
      ],
      clock.now,
    );
    expect((await timeline(boss, two!.id)).map((e) => e.kind)).toEqual(['created']);
    expect((await timeline(boss, one!.id)).map((e) => e.kind)).toEqual(['contact-message', 'created']);
  });

  it('lists the workspace’s mails to the lead’s address, never their bodies or one-time links (attack)', async () => {
    const lead = await create(boss, 'Invitee', 'invitee@timeline.test');
    tick();
    const invited = await send('POST', '/api/workspace/invitations', boss, {
      email: 'Invitee@Timeline.test',
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const token = await invitationTokenMailedTo(t, 'invitee@timeline.test');
    expect(token.length).toBeGreaterThan(20);
    // Another workspace's mail to the same address is not this workspace's business.
    tick();
    expect(
      (await send('POST', '/api/workspace/invitations', stranger, { email: 'invitee@timeline.test' }))
        .statusCode,
    ).toBe(201);
    const mails = await t.database.handle.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('workspace_id', '=', boss.workspaceId)
      .where('kind', '=', 'invitation')
      .execute();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text_body).toContain(token);

    const response = await send('GET', `/api/leads/${lead.id}/timeline`, boss);
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain(token);
    expect(response.body).not.toContain(mails[0]!.text_body.slice(0, 40));
    const entries = (response.json() as LeadTimelinePage).entries;
    expect(entries.map((e) => e.kind)).toEqual(['mail', 'created']);
    expect(entries[0]).toEqual({
      id: mails[0]!.id,
      kind: 'mail',
      at: mails[0]!.created_at,
      actor: null,
      leadId: lead.id,
      data: {
        subject: mails[0]!.subject,
        mailKind: 'invitation',
        label: 'Invitation',
        // Queued when it was made; the outbox worker may be sending it by now.
        status: expect.stringMatching(/^(queued|sending|sent|failed)$/),
      },
    });
  });

  it('never lists mail about an account: a lead with a colleague’s address shows no reset or sign-in alert (attack)', async () => {
    const colleague = await t.database.handle.db
      .selectFrom('users')
      .select('email')
      .where('id', '=', analyst.id)
      .executeTakeFirstOrThrow();
    const lead = await create(boss, 'Dana Twin', colleague.email);
    tick();
    // The platform's mail to the colleague, as the reset and the sign-in alert queue it: under their workspace.
    for (const kind of ['password-reset', 'sign-in-alert', 'email-confirmation', 'follow-up-digest'] as const)
      await t.database.handle.db
        .insertInto('mail_outbox')
        .values({
          id: randomUUID(),
          workspace_id: boss.workspaceId,
          kind,
          via: 'platform',
          to_address: colleague.email,
          reply_to: null,
          subject: `A ${kind} for Dana`,
          text_body: 'secret link',
          html_body: '<p>secret link</p>',
          status: 'queued',
          attempts: 0,
          last_error: null,
          next_attempt_at: clock.now.toISOString(),
          locked_until: null,
          created_at: clock.now.toISOString(),
          sent_at: null,
        })
        .execute();
    const response = await send('GET', `/api/leads/${lead.id}/timeline`, boss);
    // Before: the four mails' subjects and statuses, a colleague's account events, on the lead's timeline.
    expect((response.json() as LeadTimelinePage).entries.map((e) => e.kind)).toEqual(['created']);
    expect(response.body).not.toContain('for Dana');
  });

  it('pages newest first across events, other leads’ messages and mails, stable on equal times', async () => {
    const lead = await create(boss, 'Paged', 'paged@timeline.test');
    const twin = await create(boss, 'Paged Twin', 'PAGED@timeline.test');
    for (let i = 0; i < 4; i += 1) {
      tick();
      await addNote(boss, lead.id, `Note ${i}`);
      tick();
      await recordLeadEvents(
        t.database.handle.db,
        [
          {
            workspaceId: boss.workspaceId,
            leadId: twin.id,
            kind: 'contact-message',
            actor: null,
            data: { subject: `Message ${i}`, message: '…' },
          },
        ],
        clock.now,
      );
      tick();
      await send('POST', '/api/workspace/invitations', boss, { email: `paged@timeline.test` });
    }
    tick();
    // Two events at one instant: the key breaks the tie, and pages split between them without loss.
    await put(boss, lead, { status: 'In Progress', ownerId: analyst.id });

    const all = await timeline(boss, lead.id);
    // Compared by time, kind and id: the outbox worker may be sending a mail meanwhile.
    const keys = (entries: LeadTimelineEntry[]) => entries.map((e) => `${e.at} ${e.kind} ${e.id}`);
    const kinds = all.map((e) => e.kind);
    expect(kinds.filter((k) => k === 'note')).toHaveLength(4);
    expect(kinds.filter((k) => k === 'contact-message')).toHaveLength(4);
    expect(kinds.filter((k) => k === 'mail').length).toBeGreaterThanOrEqual(1);
    expect(kinds.at(-1)).toBe('created');
    expect(all[0]!.at).toBe(all[1]!.at);

    for (const limit of [1, 2, 3, 5]) {
      const seen: LeadTimelineEntry[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const query: string = `?limit=${limit}${cursor ? `&before=${encodeURIComponent(cursor)}` : ''}`;
        const next = await page(boss, lead.id, query);
        expect(next.entries.length).toBeLessThanOrEqual(limit);
        seen.push(...next.entries);
        cursor = next.nextCursor;
        pages += 1;
      } while (cursor !== null && pages < 100);
      expect(keys(seen), `limit ${limit}`).toEqual(keys(all));
    }
    // The default page is 50 entries, at most 100; a cursor is what the server made.
    expect(keys((await page(boss, lead.id)).entries)).toEqual(keys(all));
    for (const query of [
      '?limit=101',
      '?limit=0',
      '?before=not-a-cursor',
      "?before=2024-01-01T00:00:00Z~'or'1",
    ])
      expect((await send('GET', `/api/leads/${lead.id}/timeline${query}`, boss)).statusCode, query).toBe(400);
  });

  it('keeps an erased member’s name on what they did', async () => {
    const temp = await insertUser(t, {
      workspaceId: boss.workspaceId,
      role: 'Data Analyst',
      username: 'temp',
    });
    const lead = await create(temp, 'Orphan');
    tick();
    await put(temp, lead, { status: 'In Progress' });
    tick();
    await addNote(temp, lead.id, 'Handing over');
    await t.database.handle.db.deleteFrom('users').where('id', '=', temp.id).execute();
    const entries = await timeline(boss, lead.id);
    expect(entries.map((e) => [e.kind, e.actor])).toEqual([
      ['note', { id: null, username: 'temp' }],
      ['status', { id: null, username: 'temp' }],
      // The lead row keeps no name: its creator is gone.
      ['created', null],
    ]);
  });

  it('shows a merge recorded on the lead', async () => {
    const lead = await create(boss, 'Survivor');
    await recordLeadEvents(
      t.database.handle.db,
      [
        {
          workspaceId: boss.workspaceId,
          leadId: lead.id,
          kind: 'merged',
          actor: { id: boss.id, username: 'user-business-admin' },
          data: {
            name: 'Old Copy',
            email: 'old@timeline.test',
            origin: 'import',
            createdAt: '2024-01-02T00:00:00.000Z',
          },
        },
      ],
      new Date(clock.now.getTime() + 1000),
    );
    expect((await timeline(boss, lead.id))[0]).toMatchObject({
      kind: 'merged',
      actor: bossActor(),
      data: { name: 'Old Copy', email: 'old@timeline.test', origin: 'import' },
    });
  });

  describe('attacks', () => {
    let lead: Lead;
    beforeAll(async () => {
      lead = await create(boss, 'Guarded');
      await addNote(boss, lead.id, 'Confidential: budget 40k');
    });

    it('answers another workspace’s lead as not found, reading or writing (404)', async () => {
      const read = await send('GET', `/api/leads/${lead.id}/timeline`, stranger);
      expect(read.statusCode).toBe(404);
      expect(read.json().message).toBe(LEAD_MESSAGES.notFound);
      expect(read.body).not.toContain('budget');
      const write = await addNote(stranger, lead.id, 'Planted');
      expect(write.statusCode).toBe(404);
      expect(write.json().message).toBe(LEAD_MESSAGES.notFound);
      expect((await timeline(boss, lead.id)).map((e) => e.kind)).toEqual(['note', 'created']);
      const missing = await send('GET', `/api/leads/${randomUUID()}/timeline`, boss);
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe(LEAD_MESSAGES.notFound);
    });

    it('refuses members without Client Leads (403) and the anonymous (401), whatever they send', async () => {
      for (const user of [designer, newcomer]) {
        expect((await send('GET', `/api/leads/${lead.id}/timeline`, user)).statusCode).toBe(403);
        expect((await addNote(user, lead.id, 'x')).statusCode).toBe(403);
        expect((await addNote(user, lead.id, '')).statusCode).toBe(403);
      }
      expect((await send('GET', `/api/leads/${lead.id}/timeline`)).statusCode).toBe(401);
      expect((await addNote({ headers: {} } as TestUser, lead.id, 'x')).statusCode).toBe(401);
      expect((await timeline(boss, lead.id)).map((e) => e.kind)).toEqual(['note', 'created']);
    });
  });
});
