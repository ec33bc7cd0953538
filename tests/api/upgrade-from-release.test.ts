import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app';
import { migrateToLatest, type DatabaseHandle } from '../../src/server/db/database';
import { seedDatabase } from '../../src/server/seed';
import { BASE_DEPS } from './support/test-app';
import { migrationNames, openReleaseFixture } from './support/release-fixture';

const FIXTURE = path.resolve(import.meta.dirname, '../fixtures/release-0.4');

/**
 * Users upgrade in place: a database written by release 0.4 (tests/fixtures/release-0.4, made through
 * that release's own API) opens with today's code on either engine, takes every migration since, and
 * keeps every user, post, image and lead.
 */
describe('upgrading a release 0.4 database', () => {
  let handle: DatabaseHandle;
  let app: FastifyInstance;
  let cleanup: () => Promise<void>;

  async function openFixture(): Promise<DatabaseHandle> {
    const fixture = await openReleaseFixture(FIXTURE);
    cleanup = fixture.dispose;
    return fixture.handle;
  }

  const get = async (url: string, token?: string) => {
    const response = await app.inject({
      method: 'GET',
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    expect(response.statusCode, `${url}: ${response.body.slice(0, 200)}`).toBe(200);
    return response;
  };
  const signIn = async (email: string, password: string) => {
    const response = await app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });
    expect(response.statusCode, `${email}: ${response.body}`).toBe(200);
    return response.json().token as string;
  };

  beforeAll(async () => {
    handle = await openFixture();
    await migrateToLatest(handle.db);
    const seed = await seedDatabase(handle.db, { siteName: 'AgencyHQ', adminEmail: 'someone@else.test' });
    expect(seed.created).toBe(false);
    app = await buildApp({ ...BASE_DEPS, database: handle });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await cleanup?.();
  });

  it('has run every migration the code knows, after the release’s six', async () => {
    const { applied, known } = await migrationNames(handle);
    expect(applied).toEqual(known);
  });

  it('keeps every account: each signs in with its old password, with its role and workspace', async () => {
    const admin = await signIn('admin@release.test', 'release-pass-1');
    const owner = await signIn('owner@bloom-bakery.test', 'owner-pass-1');
    const users = (await get('/api/users', admin)).json().users as { email: string; role: string }[];
    expect(users.map((u) => [u.email, u.role]).sort()).toEqual([
      ['admin@release.test', 'Admin'],
      ['owner@bloom-bakery.test', 'Business Admin'],
      ['sam@bloom-bakery.test', 'Team Member'],
    ]);
    const profile = (await get('/api/profile', owner)).json().user;
    expect(profile).toMatchObject({
      username: 'bloom-owner',
      name: 'Asha Rao',
      phone: '+91 80 1234 5678',
      location: 'Bengaluru',
    });
    const workspace = (await get('/api/workspace', owner)).json();
    expect(workspace.workspace.name).toBe('Bloom Bakery');
    expect(workspace.members.map((m: { email: string }) => m.email).sort()).toEqual([
      'owner@bloom-bakery.test',
      'sam@bloom-bakery.test',
    ]);
    // The Team Member's account is intact too (the dashboard stays shut to them, as before).
    await signIn('sam@bloom-bakery.test', 'member-pass-1');
  });

  it('counts every account of the release as confirmed, and its business domain as owned (docs/product/auth.md#proven-addresses)', async () => {
    for (const [email, password] of [
      ['admin@release.test', 'release-pass-1'],
      ['owner@bloom-bakery.test', 'owner-pass-1'],
      ['sam@bloom-bakery.test', 'member-pass-1'],
    ] as const) {
      const profile = (await get('/api/profile', await signIn(email, password))).json().user;
      expect(profile, email).toMatchObject({ emailConfirmed: true });
    }
    const check = await app.inject({
      method: 'POST',
      url: '/api/check-domain',
      payload: { domain: 'bloom-bakery.test' },
    });
    expect(check.statusCode).toBe(200);
  });

  it('keeps every post with its category, status and featured image bytes', async () => {
    const admin = await signIn('admin@release.test', 'release-pass-1');
    const posts = (await get('/api/blogs?limit=10', admin)).json().blogs as {
      title: string;
      slug: string;
      status: string;
      category: { name: string };
    }[];
    expect(posts.map((p) => [p.title, p.slug, p.status, p.category.name]).sort()).toEqual([
      ['Old Launch Notes', 'old-launch-notes', 'archived', 'Agency News'],
      ['Our Spring Plans', 'our-spring-plans', 'draft', 'Agency News'],
      ['Ten SEO Tips for Bakeries', 'ten-seo-tips-for-bakeries', 'published', 'SEO Tips'],
    ]);
    const post = (await get('/api/blogs/ten-seo-tips-for-bakeries?scope=public')).json();
    expect(post.featuredImage.altText).toBe('A blue cover');
    const image = await get(`/api/${post.featuredImage.path}`);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.length).toBe(188);
    expect(image.rawPayload.subarray(1, 4).toString()).toBe('PNG');
  });

  it("opens the release's accounts in the safety features: no 2FA, nothing deleted, old activity as 'other'", async () => {
    const owner = await signIn('owner@bloom-bakery.test', 'owner-pass-1');
    expect((await get('/api/profile/two-factor', owner)).json()).toEqual({
      enabled: false,
      enabledAt: null,
      recoveryCodesLeft: 0,
      requiredByWorkspace: false,
    });
    const audit = (await get('/api/security/audit?limit=100', owner)).json();
    // The release's own lines are kept, without a kind or an address; this run's sign-in has both.
    const older = audit.entries.filter((entry: { kind: string }) => entry.kind === 'other');
    expect(older.length).toBeGreaterThan(0);
    for (const entry of older) expect(entry.ip).toBeNull();
    expect(audit.entries[0]).toMatchObject({ kind: 'sign-in', ip: '127.0.0.1' });
    const workspaces = await handle.db
      .selectFrom('workspaces')
      .select(['deleted_at', 'purge_after'])
      .execute();
    expect(workspaces.every((w) => w.deleted_at === null && w.purge_after === null)).toBe(true);
  });

  it("opens the release's posts in the publishing features: version 1, not scheduled, indexed", async () => {
    const admin = await signIn('admin@release.test', 'release-pass-1');
    const post = (await get('/api/blogs/our-spring-plans', admin)).json();
    expect(post).toMatchObject({ version: 1, publishAt: null, hideFromSearch: false, canonicalUrl: null });
    expect((await get(`/api/blogs/${post.id}/revisions`, admin)).json()).toEqual({ revisions: [] });
    expect((await get('/sitemap.xml')).body).toContain('/blog/ten-seo-tips-for-bakeries<');
  });

  it('keeps every lead of both workspaces', async () => {
    const owner = await signIn('owner@bloom-bakery.test', 'owner-pass-1');
    const admin = await signIn('admin@release.test', 'release-pass-1');
    const mine = (await get('/api/leads?limit=100', owner)).json();
    expect(mine.pagination.total).toBe(9);
    expect(mine.leads.find((l: { email: string }) => l.email === 'kiran@cafe-mehta.test')).toMatchObject({
      name: 'Kiran Mehta',
      company: 'Cafe Mehta',
      phone: '+91 98450 11111',
      source: 'Referral',
      notes: 'Wants a new menu site.',
      status: 'New',
    });
    const agency = (await get('/api/leads?limit=100&search=brightlabs', admin)).json();
    expect(agency.leads.map((l: { name: string }) => l.name)).toEqual(['Nora Singh']);
    // The trigger-kept counters the release maintained still add up.
    expect(mine.stats.total).toBe(9);
    const summary = (await get('/api/leads/summary', owner)).json();
    expect(Object.values(summary.byStatus as Record<string, number>).reduce((a, b) => a + b, 0)).toBe(9);
  });
});
