import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOTGIT_MESSAGES as M } from '../../src/shared/messages';
import { BOTGIT_DEFAULTS } from '../../src/shared/botgit';
import { createTestApp, type TestApp } from './support/test-app';
import { insertUser, insertWorkspace, type TestUser } from './support/users';

/** Botgit (docs/product/botgit.md, docs/product/roles-and-access.md#sidebar-visibility): ingest, the list, settings enforced on the server. */
describe('Botgit API', () => {
  let t: TestApp;
  let now = new Date('2025-09-07T10:00:00.000Z');
  const later = (ms: number) => {
    now = new Date(now.getTime() + ms);
  };
  let owner: TestUser;
  let workspaceCounter = 0;

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, user?: TestUser, payload?: unknown) =>
    t.app.inject({ method, url, headers: user?.headers ?? {}, payload: payload as object });
  const ingest = (user: TestUser, body: unknown) => call('POST', '/api/scraped-data', user, body);
  const list = async (user: TestUser, query = '') =>
    (await call('GET', `/api/scraped-data${query}`, user)).json();
  const putSettings = (user: TestUser, overrides: Record<string, unknown>) =>
    call('PUT', '/api/botgit/settings', user, { ...BOTGIT_DEFAULTS, ...overrides });
  const profile = (slug: string, extra: Record<string, unknown> = {}) => ({
    profileUrl: `https://www.linkedin.com/in/${slug}`,
    name: `Name ${slug}`,
    email: `${slug}@people.test`,
    phone: '+91 98450 12345',
    role: 'Head of Growth',
    location: 'Bengaluru',
    ...extra,
  });
  /** A Business Admin in a workspace of their own. */
  async function freshOwner(): Promise<TestUser> {
    workspaceCounter += 1;
    const workspace = await insertWorkspace(t, { name: `Botgit WS ${workspaceCounter}` });
    return insertUser(t, { workspaceId: workspace.id, role: 'Business Admin' });
  }

  beforeAll(async () => {
    t = await createTestApp({ clock: () => now });
    owner = await freshOwner();
  });
  afterAll(async () => t.close());

  it('needs a sign-in for every Botgit route (401)', async () => {
    for (const [method, url] of [
      ['GET', '/api/scraped-data'],
      ['POST', '/api/scraped-data'],
      ['DELETE', '/api/scraped-data'],
      ['POST', '/api/scraped-data/export'],
      ['POST', '/api/scraped-data/leads'],
      ['GET', '/api/botgit/settings'],
      ['PUT', '/api/botgit/settings'],
    ] as const)
      expect((await call(method, url, undefined, {})).statusCode, `${method} ${url}`).toBe(401);
  });

  it("follows the sidebar rule of docs/product/roles-and-access.md#sidebar-visibility: Team Members and 'User' (no dashboard) are refused (403), the others use Botgit", async () => {
    const workspace = await insertWorkspace(t);
    // docs/product/roles-and-access.md#dashboard-access: a 'User' ('In Review') is kept out of the dashboard, so it reads no scraped personal data.
    expect(
      (
        await call(
          'GET',
          '/api/scraped-data',
          await insertUser(t, { workspaceId: workspace.id, role: 'User' }),
        )
      ).statusCode,
    ).toBe(403);
    for (const role of ['SOLOHQ', 'Freelancer', 'Business Admin', 'SEO Manager'])
      expect(
        (await call('GET', '/api/scraped-data', await insertUser(t, { workspaceId: workspace.id, role })))
          .statusCode,
        role,
      ).toBe(200);
    const teamMember = await insertUser(t, {
      workspaceId: workspace.id,
      role: 'Team Member',
      permissions: JSON.stringify({ projects: true }),
    });
    // Applies both rules (docs/product/roles-and-access.md#sidebar-visibility): Botgit would follow their projects permission, but they never get the dashboard.
    expect((await ingest(teamMember, profile('x'))).statusCode).toBe(403);
    expect((await call('GET', '/api/scraped-data', teamMember)).statusCode).toBe(403);
  });

  it('stores a profile and answers it in the shape (docs/product/botgit.md#scraped-profile-fields)', async () => {
    const response = await ingest(owner, profile('asha-rao'));
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ created: 1, updated: 0, refused: 0 });
    const page = await list(owner);
    expect(page.data).toEqual([
      {
        _id: response.json().results[0]._id,
        profileUrl: 'https://www.linkedin.com/in/asha-rao',
        name: 'Name asha-rao',
        email: 'asha-rao@people.test',
        phone: '+91 98450 12345',
        role: 'Head of Growth',
        location: 'Bengaluru',
        timestamp: now.toISOString(),
      },
    ]);
  });

  it('de-duplicates by normalised URL: a re-scrape updates the row and its timestamp', async () => {
    const user = await freshOwner();
    await ingest(user, profile('dev-k'));
    later(60_000);
    const again = await ingest(user, [
      profile('dev-k', { profileUrl: 'HTTP://WWW.LINKEDIN.COM/in/dev-k/?trk=feed#top', role: 'CTO' }),
    ]);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ created: 0, updated: 1 });
    const page = await list(user);
    expect(page.data).toHaveLength(1);
    expect(page.data[0]).toMatchObject({ role: 'CTO', timestamp: now.toISOString() });
  });

  it('checks each item on its own: bad ones are answered, good ones kept', async () => {
    const user = await freshOwner();
    const response = await ingest(user, [
      profile('good-1'),
      { name: 'No URL' },
      profile('bad-mail', { email: 'not-an-email' }),
      profile('bad-url', { profileUrl: 'javascript:alert(1)' }),
      profile('good-2'),
    ]);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({ created: 2, refused: 3 });
    expect(body.results.map((r: { status: string }) => r.status)).toEqual([
      'created',
      'invalid',
      'invalid',
      'invalid',
      'created',
    ]);
    expect(body.results[1].message).toBe(M.profileUrlRequired);
    expect(body.results[2].message).toBe(M.emailInvalid);
    expect(body.results[3].message).toBe(M.profileUrlInvalid);
    expect((await list(user)).pagination.total).toBe(2);
  });

  it('refuses a non-list, non-object body and more than 100 items (400)', async () => {
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/scraped-data',
      headers: { ...owner.headers, 'content-type': 'application/json' },
      payload: JSON.stringify('text'),
    });
    expect(text.statusCode).toBe(400);
    const many = Array.from({ length: 101 }, (_, i) => profile(`bulk-${i}`));
    const response = await ingest(owner, many);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(M.batchTooLarge);
  });

  it('answers the defaults (docs/product/botgit.md#botgit-settings), saves settings, and refuses 0 and 169 hours and 0 and 1001 profiles', async () => {
    const user = await freshOwner();
    expect((await call('GET', '/api/botgit/settings', user)).json()).toEqual({ settings: BOTGIT_DEFAULTS });
    for (const [field, value, message] of [
      ['scrapeInterval', 0, M.intervalRange],
      ['scrapeInterval', 169, M.intervalRange],
      ['maxProfiles', 0, M.maxProfilesRange],
      ['maxProfiles', 1001, M.maxProfilesRange],
      ['scrapeInterval', 2.5, M.intervalRange],
    ] as const) {
      const response = await putSettings(user, { [field]: value });
      expect(response.statusCode, `${field}=${value}`).toBe(400);
      expect(response.json().message).toBe(message);
    }
    expect((await call('GET', '/api/botgit/settings', user)).json().settings).toEqual(BOTGIT_DEFAULTS);
    const saved = await putSettings(user, { scrapeInterval: 168, maxProfiles: 1000, autoScrape: true });
    expect(saved.statusCode).toBe(200);
    expect((await call('GET', '/api/botgit/settings', user)).json().settings).toMatchObject({
      scrapeInterval: 168,
      maxProfiles: 1000,
      autoScrape: true,
    });
  });

  it('does not store e-mails or phones when the settings say so', async () => {
    const user = await freshOwner();
    await putSettings(user, { saveEmails: false, savePhones: false });
    await ingest(user, profile('private-p'));
    const [stored] = (await list(user)).data;
    expect(stored).toMatchObject({ name: 'Name private-p', email: '', phone: '' });
    const row = await t.database.handle.db
      .selectFrom('scraped_profiles')
      .selectAll()
      .where('id', '=', stored._id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain('private-p@people.test');
    expect(JSON.stringify(row)).not.toContain('98450');
  });

  it('caps new profiles per interval; the rest are refused, 429 with Retry-After when nothing could be saved', async () => {
    const user = await freshOwner();
    await putSettings(user, { maxProfiles: 2, scrapeInterval: 1 });
    const first = await ingest(user, [profile('cap-1'), profile('cap-2'), profile('cap-3')]);
    expect(first.statusCode).toBe(201);
    expect(first.json().results.map((r: { status: string }) => r.status)).toEqual([
      'created',
      'created',
      'limited',
    ]);
    expect(first.json().results[2].message).toBe(M.limitReached(2, 1));

    later(10 * 60_000);
    const refused = await ingest(user, profile('cap-4'));
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(M.limitReached(2, 1));
    expect(Number(refused.headers['retry-after'])).toBe(50 * 60);
    // A known profile is an update, not a new one: never capped.
    expect((await ingest(user, profile('cap-1'))).statusCode).toBe(200);

    later(51 * 60_000);
    expect((await ingest(user, profile('cap-4'))).statusCode).toBe(201);
  });

  it('filters by whole days in the browser’s time zone, by search, and pages newest first', async () => {
    const user = await freshOwner();
    // India (UTC+5:30, tzOffset -330): 7 Sep 2025 runs from 6 Sep 18:30 UTC to 7 Sep 18:30 UTC.
    const at = async (iso: string, slug: string, extra: Record<string, unknown> = {}) => {
      now = new Date(iso);
      await ingest(user, profile(slug, extra));
    };
    await at('2025-09-06T18:29:59.000Z', 'before');
    await at('2025-09-06T18:30:00.000Z', 'first-moment', { role: 'Designer' });
    await at('2025-09-07T18:29:59.000Z', 'last-moment', { location: 'Mumbai' });
    await at('2025-09-07T18:30:00.000Z', 'after');
    const names = (page: { data: { name: string }[] }) => page.data.map((p) => p.name);

    const day = await list(user, '?from=2025-09-07&to=2025-09-07&tzOffset=-330');
    expect(names(day)).toEqual(['Name last-moment', 'Name first-moment']);
    expect(day.workspaceTotal).toBe(4);
    expect(names(await list(user, '?from=2025-09-07&tzOffset=-330'))).toEqual([
      'Name after',
      'Name last-moment',
      'Name first-moment',
    ]);
    expect(names(await list(user, '?search=mumbai'))).toEqual(['Name last-moment']);
    expect(names(await list(user, '?search=DESIGN&from=2025-09-07&to=2025-09-07&tzOffset=-330'))).toEqual([
      'Name first-moment',
    ]);
    const paged = await list(user, '?limit=3&page=2');
    expect(names(paged)).toEqual(['Name before']);
    expect(paged.pagination).toEqual({ currentPage: 2, totalPages: 2, total: 4, limit: 3 });
  });

  it('search finds any part of name, e-mail, phone, role and location, exactly (indexed or not)', async () => {
    const user = await freshOwner();
    await ingest(user, [
      profile('s-one', { name: 'Zoë Ölmez', role: 'Growth 50% Lead', location: 'Kochi' }),
      profile('s-two', { name: 'Ravi', role: 'Growth 500 Lead', phone: '+91 22 4000' }),
    ]);
    const names = async (term: string) =>
      (await list(user, `?search=${encodeURIComponent(term)}`)).data
        .map((p: { name: string }) => p.name)
        .sort();
    expect(await names('öLM')).toEqual(['Zoë Ölmez']);
    expect(await names('50%')).toEqual(['Zoë Ölmez']);
    expect(await names('50')).toEqual(['Ravi', 'Zoë Ölmez']);
    expect(await names('ko')).toEqual(['Zoë Ölmez']);
    expect(await names('22 40')).toEqual(['Ravi']);
    expect(await names('s-two@people')).toEqual(['Ravi']);
    expect(await names('nowhere')).toEqual([]);
  });

  it('keeps workspaces apart: another workspace neither sees, exports nor deletes these profiles', async () => {
    const mine = await freshOwner();
    const theirs = await freshOwner();
    const id = (await ingest(mine, profile('secret-s'))).json().results[0]._id;
    expect((await list(theirs)).data).toEqual([]);
    const deleted = await call('DELETE', '/api/scraped-data', theirs, { ids: [id] });
    expect(deleted.json().deleted).toBe(0);
    const exported = await call('POST', '/api/scraped-data/export', theirs, { ids: [id] });
    expect(exported.body).not.toContain('secret-s');
    expect((await list(mine)).data).toHaveLength(1);
  });

  it('deletes the selected profiles', async () => {
    const user = await freshOwner();
    const { results } = (await ingest(user, [profile('del-1'), profile('del-2')])).json();
    const response = await call('DELETE', '/api/scraped-data', user, { ids: [results[0]._id] });
    expect(response.json()).toMatchObject({ deleted: 1, message: M.deleted(1) });
    const after = await list(user);
    expect(after.data.map((p: { name: string }) => p.name)).toEqual(['Name del-2']);
    // The header's total is kept by triggers: it follows inserts and deletes exactly.
    expect([after.pagination.total, after.workspaceTotal]).toEqual([1, 1]);
  });

  it('exports the selected rows as formula-safe CSV', async () => {
    const user = await freshOwner();
    const { results } = (
      await ingest(user, [
        profile('csv-1', { name: '=HYPERLINK("http://evil")' }),
        profile('csv-2'),
        profile('csv-3'),
      ])
    ).json();
    const response = await call('POST', '/api/scraped-data/export', user, {
      ids: [results[0]._id, results[2]._id],
      tzOffset: -330,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toMatch(
      /attachment; filename="botgit_export_\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const lines = response.body.trim().split('\r\n');
    expect(lines[0]).toBe('"Name","E-mail","Phone","Role","Location","Profile URL","Date"');
    expect(lines).toHaveLength(3);
    expect(response.body).toContain('"\'=HYPERLINK(""http://evil"")"');
    expect(response.body).toContain('csv-3@people.test');
    expect(response.body).not.toContain('csv-2@people.test');
  });

  it('adds profiles to leads: LinkedIn or Other as source, skipping known e-mails and profiles without one', async () => {
    const user = await freshOwner();
    await call('POST', '/api/leads', user, { name: 'Known', email: 'known@people.test', source: 'Referral' });
    const { results } = (
      await ingest(user, [
        profile('lead-li'),
        // A phone of its own: one shared with lead-li would make it a possible duplicate (leads-duplicates.test.ts).
        profile('lead-gh', { profileUrl: 'https://github.com/lead-gh', phone: '+91 98450 54321' }),
        profile('known'),
        profile('no-mail', { email: '' }),
      ])
    ).json();
    const response = await call('POST', '/api/scraped-data/leads', user, {
      ids: results.map((r: { _id: string }) => r._id),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ added: 2, skipped: 2, message: M.addedToLeads(2, 2) });
    const leads = (await call('GET', '/api/leads?search=people.test&limit=100', user)).json().leads as {
      email: string;
      source: string;
      status: string;
    }[];
    const bySource = Object.fromEntries(leads.map((l) => [l.email, l.source]));
    expect(bySource).toMatchObject({
      'lead-li@people.test': 'LinkedIn',
      'lead-gh@people.test': 'Other',
      'known@people.test': 'Referral',
    });
    expect(leads.filter((l) => l.email === 'known@people.test')).toHaveLength(1);
    // Again: all are leads now.
    expect(
      (await call('POST', '/api/scraped-data/leads', user, { ids: [results[0]._id] })).json(),
    ).toMatchObject({
      added: 0,
      skipped: 1,
    });
  });

  it('adding to leads needs Client Leads too (SOLOHQ may scrape but not add leads: 403)', async () => {
    const workspace = await insertWorkspace(t);
    const solo = await insertUser(t, { workspaceId: workspace.id, role: 'SOLOHQ' });
    const { results } = (await ingest(solo, profile('solo-p'))).json();
    const response = await call('POST', '/api/scraped-data/leads', solo, { ids: [results[0]._id] });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(M.leadsAccessNeeded);
  });
});
