import { ACCESS_MESSAGES, AUDIT_MESSAGES } from '../../src/shared/messages';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_KIND_LABELS, type AuditKind } from '../../src/shared/audit';
import type { AuditEntry, AuditPage } from '../../src/shared/schemas/audit';
import { ADMIN, createTestApp, uniqueEmail, type TestApp } from './support/test-app';
import { call, insertUser, insertWorkspace, seededAdmin, type TestUser } from './support/users';
import { freelancerBody, ownerBody, registerOk, uniqueDomain } from './support/accounts';
import { blogFields, createBlog, createCategory, sendBlog, setStatus } from './support/blogs';
import { importCsv, parseQuotedCsv } from './support/leads';

const HOUR = 60 * 60 * 1000;
/** app.inject's client address: what every request of this suite comes from. */
const INJECT_IP = '127.0.0.1';
const CSV_HEADER = ['When (UTC)', 'Who', 'Email', 'Kind', 'What', 'IP'];

/**
 * docs/product/workspace.md#audit-log, the audit log: the events the product records carry their kind, who did it and from where;
 * GET /api/security/audit reads them (filters, pages, CSV) for the workspace's Admin or Business Admin
 * only, and no route changes or removes an entry.
 */
describe('audit log', () => {
  let now = new Date();
  let t: TestApp;
  let admin: TestUser;
  let adminUser: { username: string; email: string };

  beforeAll(async () => {
    // The scheduler and the publish-time checks read this clock; entries are stamped with the real time.
    t = await createTestApp({ clock: () => now });
    admin = await seededAdmin(t);
    adminUser = { username: 'admin', email: ADMIN.email };
  });
  afterAll(async () => t?.close());

  const query = (params: Record<string, string | number>) =>
    new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
  const readAudit = (user: TestUser | undefined, params: Record<string, string | number> = {}) =>
    call(t.app, 'GET', `/api/security/audit?${query(params)}`, user?.headers);
  const page = async (user: TestUser, params: Record<string, string | number> = {}): Promise<AuditPage> => {
    const response = await readAudit(user, params);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const exportAudit = (user: TestUser, params: Record<string, string | number> = {}) =>
    call(t.app, 'GET', `/api/security/audit/export?${query(params)}`, user.headers);
  /** The newest entry of a kind in the caller's workspace. */
  const newest = async (kind: AuditKind | 'other', user = admin): Promise<AuditEntry | undefined> =>
    (await page(user, { kind, limit: 1 })).entries[0];
  const allRows = () => t.database.handle.db.selectFrom('activity').selectAll().orderBy('id').execute();

  describe('records each listed event with who, what and from where', () => {
    it('a role change and a status change: one entry each, by the Admin, from the request address', async () => {
      const jane = await insertUser(t, {
        workspaceId: admin.workspaceId,
        role: 'Web Developer',
        name: 'Jane Audit',
      });
      const response = await call(t.app, 'PUT', `/api/users/${jane.id}`, admin.headers, {
        role: 'Project Manager',
        status: 'Inactive',
        location: 'Pune',
      });
      expect(response.statusCode).toBe(200);

      expect(await newest('role-changed')).toMatchObject({
        kind: 'role-changed',
        action: "admin changed Jane Audit's role from Web Developer to Project Manager",
        user: adminUser,
        ip: INJECT_IP,
      });
      expect(await newest('status-changed')).toMatchObject({
        kind: 'status-changed',
        action: "admin changed Jane Audit's status from Active to Inactive",
        user: adminUser,
        ip: INJECT_IP,
      });
      // The other details are in the trail too, as an entry of no audited kind.
      expect((await newest('other'))?.action).toBe("admin updated Jane Audit's location");
    });

    it('a permission change', async () => {
      const dev = await insertUser(t, { workspaceId: admin.workspaceId, role: 'Web Developer', name: 'Dev' });
      const response = await call(t.app, 'PUT', `/api/users/${dev.id}/permissions`, admin.headers, {
        permissions: { marketing: true },
      });
      expect(response.statusCode).toBe(200);

      expect(await newest('permissions-changed')).toMatchObject({
        action: expect.stringMatching(/^admin changed Dev's module permissions: .+ on$/),
        user: adminUser,
        ip: INJECT_IP,
      });
    });

    it('a role upgrade to SOLOHQ is a role change by the user themself', async () => {
      const workspace = await insertWorkspace(t, { name: 'Upgrade Co' });
      const owner = await insertUser(t, { workspaceId: workspace.id, role: 'Business Admin' });
      const user = await insertUser(t, { workspaceId: workspace.id, role: 'User', username: 'plain-user' });
      expect(
        (await call(t.app, 'POST', '/api/users/upgrade-role', user.headers, { newRole: 'SOLOHQ' }))
          .statusCode,
      ).toBe(200);

      expect(await newest('role-changed', owner)).toMatchObject({
        action: 'plain-user upgraded from User to SOLOHQ',
        user: { username: 'plain-user', email: user.email },
        ip: INJECT_IP,
      });
    });

    it('posts published on create, on save and with Publish or Republish, and deleted', async () => {
      const category = await createCategory(t, admin.headers, 'Audit News');
      await createBlog(
        t,
        admin.headers,
        blogFields(category.id, { title: 'Straight Out', status: 'published' }),
      );
      expect(await newest('post-published')).toMatchObject({
        action: "admin published 'Straight Out'",
        user: adminUser,
        ip: INJECT_IP,
      });

      const draft = await createBlog(t, admin.headers, blogFields(category.id, { title: 'Drafted' }));
      expect((await newest('post-published'))?.action).toBe("admin published 'Straight Out'");
      const saved = await sendBlog(
        t,
        admin.headers,
        blogFields(category.id, { title: 'Drafted', status: 'published', version: String(draft.version) }),
        { id: draft.id },
      );
      expect(saved.statusCode, saved.body).toBe(200);
      expect((await newest('post-published'))?.action).toBe("admin published 'Drafted'");

      expect((await setStatus(t, admin.headers, draft.id, 'archived')).statusCode).toBe(200);
      expect((await setStatus(t, admin.headers, draft.id, 'published')).statusCode).toBe(200);
      const published = (await page(admin, { kind: 'post-published' })).entries.map((e) => e.action);
      expect(published.filter((action) => action === "admin published 'Drafted'")).toHaveLength(2);

      const deleted = await t.app.inject({
        method: 'DELETE',
        url: `/api/blogs/${draft.id}`,
        headers: admin.headers,
      });
      expect(deleted.statusCode).toBe(200);
      expect(await newest('post-deleted')).toMatchObject({
        action: "admin deleted 'Drafted'",
        user: adminUser,
        ip: INJECT_IP,
      });
    });

    it('a post the scheduler publishes: no one did it, from no address', async () => {
      const category = await createCategory(t, admin.headers, 'Scheduled');
      const publishAt = new Date(now.getTime() + HOUR).toISOString();
      await createBlog(t, admin.headers, blogFields(category.id, { title: 'On Time', publishAt }));
      now = new Date(now.getTime() + 2 * HOUR);
      expect(await t.app.scheduler.publishDue()).toBe(1);

      expect(await newest('post-published')).toMatchObject({
        action: expect.stringContaining('On Time'),
        user: null,
        ip: null,
      });
    });

    it('leads imported, from a file and from Botgit', async () => {
      const csv = 'Name,Email\nAudit One,audit.one@leads.test\nAudit Two,audit.two@leads.test\n';
      expect((await importCsv(t.app, admin.headers, csv)).statusCode).toBe(200);
      expect(await newest('leads-imported')).toMatchObject({
        action: 'admin imported 2 leads',
        user: adminUser,
        ip: INJECT_IP,
      });

      const ingest = await call(t.app, 'POST', '/api/scraped-data', admin.headers, {
        profileUrl: 'https://www.linkedin.com/in/audit-scraped',
        name: 'Scraped Person',
        email: 'scraped.person@people.test',
      });
      expect(ingest.statusCode, ingest.body).toBeLessThan(300);
      const ids = ingest.json().results.map((r: { _id: string }) => r._id);
      expect((await call(t.app, 'POST', '/api/scraped-data/leads', admin.headers, { ids })).statusCode).toBe(
        200,
      );
      expect(await newest('leads-imported')).toMatchObject({
        action: 'admin added 1 Botgit profile to leads',
        user: adminUser,
        ip: INJECT_IP,
      });
    });

    it('leads exported, with how many', async () => {
      const total = (await call(t.app, 'GET', '/api/leads?limit=1', admin.headers)).json().pagination.total;
      const response = await call(t.app, 'GET', '/api/leads/export', admin.headers);
      expect(response.statusCode).toBe(200);

      expect(await newest('leads-exported')).toMatchObject({
        action: `admin exported ${total} leads`,
        user: adminUser,
        ip: INJECT_IP,
      });
    });

    it('the SMTP set-up saved, then changed', async () => {
      const body = {
        host: 'smtp.example.com',
        port: 587,
        secure: false,
        auth: { user: 'mailer@agency.test', pass: 'Smtp-Pass-123' },
        from: 'Agency <mailer@agency.test>',
      };
      // The clock moved on since the Admin's session began: where mail goes asks for the password again.
      const confirmed = await call(t.app, 'POST', '/api/session/confirm', admin.headers, {
        password: ADMIN.password,
      });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect((await call(t.app, 'POST', '/api/email/setup', admin.headers, body)).statusCode).toBe(200);
      expect(await newest('smtp-changed')).toMatchObject({
        action: 'admin set up the e-mail configuration',
        user: adminUser,
        ip: INJECT_IP,
      });
      // Same server, port and user: the stored password may stay (changing them needs it typed again).
      const again = { ...body, from: 'Agency Mail <mailer@agency.test>', auth: { ...body.auth, pass: '' } };
      expect((await call(t.app, 'POST', '/api/email/setup', admin.headers, again)).statusCode).toBe(200);
      expect((await newest('smtp-changed'))?.action).toBe('admin updated the e-mail configuration');
    });

    it('names the author as gone once the account is erased', async () => {
      const workspace = await insertWorkspace(t, { name: 'Gone Co' });
      const owner = await insertUser(t, { workspaceId: workspace.id, role: 'Business Admin' });
      await t.database.handle.db
        .insertInto('activity')
        .values({
          id: randomUUID(),
          workspace_id: workspace.id,
          user_id: randomUUID(), // no such user (any more)
          action: 'someone changed a role',
          kind: 'role-changed',
          ip: '203.0.113.9',
          created_at: new Date().toISOString(),
        })
        .execute();

      expect(await newest('role-changed', owner)).toMatchObject({ user: null, ip: '203.0.113.9' });
    });
  });

  describe('who may read it', () => {
    it('the anonymous: 401', async () => {
      expect((await readAudit(undefined)).statusCode).toBe(401);
      expect((await call(t.app, 'GET', '/api/security/audit/export', undefined)).statusCode).toBe(401);
    });

    it("the workspace's Business Admin reads the same entries as its Admin", async () => {
      const businessAdmin = await insertUser(t, { workspaceId: admin.workspaceId, role: 'Business Admin' });
      const mine = await page(admin, { limit: 100 });
      expect(mine.pagination.total).toBeGreaterThan(10);
      expect(await page(businessAdmin, { limit: 100 })).toEqual(mine);
    });

    it.each(['Team Member', 'Web Developer', 'SEO Manager', 'User'])(
      'a %s of the workspace: 403, for the list and the export',
      async (role) => {
        const member = await insertUser(t, {
          workspaceId: admin.workspaceId,
          role,
          permissions: JSON.stringify({ settingsConfiguration: true, dashboard: true }),
        });
        for (const response of [
          await readAudit(member, { kind: 'role-changed' }),
          await exportAudit(member),
        ]) {
          expect(response.statusCode).toBe(403);
          // Team Member and User are kept out of the dashboard before the audit rule is asked (docs/product/roles-and-access.md#dashboard-access).
          expect(response.json().message).toBe(
            ['Team Member', 'User'].includes(role)
              ? ACCESS_MESSAGES.outsideDashboard
              : AUDIT_MESSAGES.adminsOnly,
          );
        }
      },
    );

    it('a Freelancer of another workspace: 403', async () => {
      const { token } = await registerOk(t.app, freelancerBody(uniqueEmail()));
      const freelancer = { headers: { authorization: `Bearer ${token}` } } as TestUser;
      expect((await readAudit(freelancer)).statusCode).toBe(403);
      expect((await exportAudit(freelancer)).statusCode).toBe(403);
    });

    it("a Business Admin of another workspace reads only their own workspace's entries", async () => {
      const { token, user } = await registerOk(t.app, ownerBody(`boss@${uniqueDomain()}`));
      const other = { id: user.id, headers: { authorization: `Bearer ${token}` } } as TestUser;
      const theirs = await page(other, { limit: 100 });
      const agencyIds = new Set((await page(admin, { limit: 100 })).entries.map((e) => e._id));

      expect(theirs.entries.length).toBeGreaterThan(0);
      expect(theirs.entries.some((e) => agencyIds.has(e._id))).toBe(false);
      expect(theirs.entries.map((e) => e.action)).toContain('Acme Studio signed up as Business Admin');
      const csv = parseQuotedCsv((await exportAudit(other)).body);
      expect(csv.slice(1).map((row) => row[4])).toEqual(theirs.entries.map((e) => e.action));
    });
  });

  describe('filters, pages and the CSV export', () => {
    let dated: TestUser;
    const at = (iso: string, action: string, kind: string | null, extra: { userId?: string } = {}) => ({
      id: randomUUID(),
      workspace_id: dated.workspaceId,
      user_id: extra.userId ?? dated.id,
      action,
      kind,
      ip: '198.51.100.7',
      created_at: iso,
    });

    beforeAll(async () => {
      const workspace = await insertWorkspace(t, { name: 'Dated Co' });
      dated = await insertUser(t, {
        workspaceId: workspace.id,
        role: 'Business Admin',
        username: '=HYPERLINK("http://evil.test")',
      });
      await t.database.handle.db
        .insertInto('activity')
        .values([
          at('2024-03-01T23:59:59.999Z', 'late on the first', 'sign-in'),
          at('2024-03-02T00:00:00.000Z', 'start of the second', 'role-changed'),
          at('2024-03-02T00:00:00.000Z', 'also start of the second', 'status-changed'),
          at('2024-03-03T12:00:00.000Z', '@SUM(A1:A9)', null),
          at('2024-03-03T23:59:59.999Z', 'end of the third', 'role-changed'),
          at('2024-03-04T00:00:00.000Z', 'start of the fourth', 'leads-exported'),
          at('2024-03-05T08:00:00.000Z', '-2+3 leads, "quoted", a, comma', 'leads-imported'),
        ])
        .execute();
    });

    const actions = (entries: AuditEntry[]) => entries.map((entry) => entry.action);

    it('newest first, entries of the same millisecond in a stable order', async () => {
      const { entries, pagination } = await page(dated, { limit: 100 });
      expect(pagination).toEqual({
        page: 1,
        limit: 100,
        total: 7,
        totalPages: 1,
        hasNextPage: false,
        hasPreviousPage: false,
      });
      const times = entries.map((entry) => entry.createdAt);
      expect(times).toEqual([...times].sort().reverse());
      const tied = entries.filter((entry) => entry.createdAt === '2024-03-02T00:00:00.000Z');
      expect(tied.map((entry) => entry._id)).toEqual(
        tied
          .map((entry) => entry._id)
          .sort()
          .reverse(),
      );
      expect(actions((await page(dated, { limit: 100 })).entries)).toEqual(actions(entries));
      expect(entries[0]).toEqual({
        _id: expect.any(String),
        kind: 'leads-imported',
        action: '-2+3 leads, "quoted", a, comma',
        user: { username: '=HYPERLINK("http://evil.test")', email: dated.email },
        ip: '198.51.100.7',
        createdAt: '2024-03-05T08:00:00.000Z',
      });
    });

    it('by kind, and "other" for entries of no kind', async () => {
      expect(actions((await page(dated, { kind: 'role-changed' })).entries)).toEqual([
        'end of the third',
        'start of the second',
      ]);
      const other = await page(dated, { kind: 'other' });
      expect(other.entries).toHaveLength(1);
      expect(other.entries[0]).toMatchObject({ kind: 'other', action: '@SUM(A1:A9)' });
      expect((await page(dated, { kind: 'two-factor' })).entries).toEqual([]);
    });

    it('from and to are whole UTC days, both inclusive', async () => {
      const secondToThird = actions((await page(dated, { from: '2024-03-02', to: '2024-03-03' })).entries);
      expect(secondToThird.slice(0, 2)).toEqual(['end of the third', '@SUM(A1:A9)']);
      // The two of the same millisecond come in id order, whichever that is.
      expect(secondToThird.slice(2).sort()).toEqual(['also start of the second', 'start of the second']);
      expect((await page(dated, { from: '2024-03-04' })).pagination.total).toBe(2);
      expect((await page(dated, { to: '2024-03-01' })).entries.map((e) => e.action)).toEqual([
        'late on the first',
      ]);
      expect(
        (await page(dated, { from: '2024-03-02', to: '2024-03-03', kind: 'role-changed' })).pagination.total,
      ).toBe(2);
      expect((await page(dated, { from: '2024-03-06' })).entries).toEqual([]);
    });

    it('in pages, each entry once', async () => {
      const all = actions((await page(dated, { limit: 100 })).entries);
      const seen: string[] = [];
      for (const n of [1, 2, 3]) {
        const { entries, pagination } = await page(dated, { limit: 3, page: n });
        expect(pagination).toMatchObject({
          page: n,
          limit: 3,
          total: 7,
          totalPages: 3,
          hasNextPage: n < 3,
          hasPreviousPage: n > 1,
        });
        seen.push(...actions(entries));
      }
      expect(seen).toEqual(all);
      expect((await page(dated, { limit: 3, page: 4 })).entries).toEqual([]);
    });

    it.each([
      ['an unknown kind', { kind: 'bogus' }],
      ['a date that is not one', { from: '2024-13-01' }],
      ['a date-time', { to: '2024-03-02T10:00:00Z' }],
      ['a page of 0', { page: 0 }],
      ['more than 100 per page', { limit: 101 }],
    ])('refuses %s (400)', async (_label, params) => {
      expect((await readAudit(dated, params)).statusCode).toBe(400);
    });

    it('exports the filtered entries as RFC 4180 CSV with formulas neutralised', async () => {
      const response = await exportAudit(dated);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toMatch(
        /^attachment; filename="audit_log_\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.body.endsWith('\r\n')).toBe(true);
      const rows = parseQuotedCsv(response.body);
      expect(rows[0]).toEqual(CSV_HEADER);
      expect(rows).toHaveLength(8);
      expect(rows[1]).toEqual([
        '2024-03-05T08:00:00.000Z',
        `'=HYPERLINK("http://evil.test")`,
        dated.email,
        AUDIT_KIND_LABELS['leads-imported'],
        `'-2+3 leads, "quoted", a, comma`,
        '198.51.100.7',
      ]);
      expect(rows.find((row) => row[4]!.includes('SUM'))?.slice(3, 5)).toEqual([
        AUDIT_KIND_LABELS.other,
        "'@SUM(A1:A9)",
      ]);

      const filtered = parseQuotedCsv(
        (await exportAudit(dated, { kind: 'role-changed', from: '2024-03-03' })).body,
      );
      expect(filtered.slice(1).map((row) => row[4])).toEqual(['end of the third']);
    });

    it('no route writes, edits or deletes an entry', async () => {
      const before = await allRows();
      const id = before.find((row) => row.workspace_id === dated.workspaceId)!.id;
      for (const user of [dated, admin])
        for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const)
          for (const url of [
            '/api/security/audit',
            `/api/security/audit/${id}`,
            '/api/security/audit/export',
          ]) {
            const response = await t.app.inject({
              method,
              url,
              headers: user.headers,
              payload: { action: 'rewritten', kind: null, ip: null },
            });
            expect([404, 405], `${method} ${url}: ${response.statusCode}`).toContain(response.statusCode);
          }
      expect(await allRows()).toEqual(before);
      const writable = t.app.routeTable.filter(
        (route) => route.url.startsWith('/api/security/audit') && route.method !== 'GET',
      );
      expect(writable).toEqual([]);
    });
  });
});
