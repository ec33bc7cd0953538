import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Blog } from '../../src/shared/schemas/blog';
import { SITEMAP_MAX_URLS } from '../../src/shared/constants';
import { createBlogsService } from '../../src/server/modules/blogs/blogs.service';
import { seoRoutes } from '../../src/server/render/seo.routes';
import { createPublicCache } from '../../src/server/public-cache/public-cache';
import { SITEMAP_PAGES, createSitemaps } from '../../src/server/render/sitemap';
import { SITE_URL, createTestApp, type TestApp } from './support/test-app';
import { insertUser, insertWorkspace, seededAdmin, type TestUser } from './support/users';
import { blogFields, createBlog, createCategory, getJson, setStatus } from './support/blogs';
import { all, childText, parseXml } from './support/xml';

const ORIGIN = SITE_URL;
const PUBLISHED = 23;

/**
 * docs/product/public-site.md#search-engines, docs/architecture.md#budgets: past the protocol's 50,000 URLs per file, /sitemap.xml becomes a sitemap index of a pages
 * file and posts files. The per-file limit is lowered here so a few posts show every split.
 */
describe('sitemap index at the per-file limit', () => {
  let t: TestApp;
  let admin: TestUser;
  let published: Blog[] = [];
  let hidden: Blog[] = [];
  const servers: FastifyInstance[] = [];

  /** The SEO routes alone on the test database, with a lowered per-file limit. */
  async function seoApp(sitemapMaxUrls: number): Promise<FastifyInstance> {
    const app = Fastify();
    await app.register(
      seoRoutes(
        createBlogsService(t.database.handle.db),
        { name: 'AgencyHQ', url: SITE_URL },
        createPublicCache(t.database.handle, app.log),
        { sitemapMaxUrls },
      ),
    );
    servers.push(app);
    return app;
  }

  async function fetchXml(app: FastifyInstance, url: string) {
    const response = await app.inject({ url, headers: { host: 'agency.example' } });
    expect(response.statusCode, url).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    return parseXml(response.body);
  }

  const locsOf = (urlset: { children: unknown[] }) =>
    all(urlset as never, 'url').map((u) => ({ loc: childText(u, 'loc')!, lastmod: childText(u, 'lastmod') }));

  /** What every file of the index lists, file by file. */
  async function filesOf(app: FastifyInstance) {
    const index = await fetchXml(app, '/sitemap.xml');
    expect(index.name).toBe('sitemapindex');
    expect(index.attrs.xmlns).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    const files = all(index, 'sitemap').map((s) => childText(s, 'loc')!);
    const contents = [];
    for (const file of files) {
      const urlset = await fetchXml(app, file.slice(ORIGIN.length));
      expect(urlset.name).toBe('urlset');
      contents.push(locsOf(urlset));
    }
    return { files, contents };
  }

  const postLoc = (blog: Blog) => `${ORIGIN}/blog/${blog.slug}`;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await seededAdmin(t);
    const category = await createCategory(t, admin.headers, 'News');
    for (let i = 1; i <= PUBLISHED; i += 1)
      published.push(
        await createBlog(
          t,
          admin.headers,
          blogFields(category.id, { status: 'published', title: `Post ${i}` }),
        ),
      );
    const draft = await createBlog(t, admin.headers, blogFields(category.id, { title: 'Secret Draft' }));
    const archived = await createBlog(
      t,
      admin.headers,
      blogFields(category.id, { status: 'published', title: 'Old Archive' }),
    );
    expect((await setStatus(t, admin.headers, archived.id, 'archived')).statusCode).toBe(200);
    const beta = await insertUser(t, {
      workspaceId: (await insertWorkspace(t, { name: 'Beta' })).id,
      role: 'SEO Manager',
    });
    const betaCategory = await createCategory(t, beta.headers, 'Beta News');
    const betaPost = await createBlog(
      t,
      beta.headers,
      blogFields(betaCategory.id, { status: 'published', title: 'Beta Post' }),
    );
    hidden = [draft, archived, betaPost];
    // The lastmod each post should carry is its current updatedAt.
    published = await Promise.all(
      published.map(async (b) => (await getJson(t, `/api/blogs/${b.id}`, admin.headers)).json()),
    );
  });
  afterAll(async () => {
    for (const app of servers) await app.close();
    await t.close();
  });

  it('is the protocol limit by default, and no file may be too small for the public pages', () => {
    expect(SITEMAP_MAX_URLS).toBe(50_000);
    const blogs = createBlogsService(t.database.handle.db);
    expect(() => createSitemaps(blogs, SITEMAP_PAGES.length - 1)).toThrow();
  });

  it('stays one <urlset> while pages and posts fit exactly in one file', async () => {
    const app = await seoApp(SITEMAP_PAGES.length + PUBLISHED);
    const urlset = await fetchXml(app, '/sitemap.xml');
    expect(urlset.name).toBe('urlset');
    expect(locsOf(urlset)).toHaveLength(SITEMAP_PAGES.length + PUBLISHED);
  });

  it('becomes an index one URL past that: the pages file, then one posts file', async () => {
    const app = await seoApp(SITEMAP_PAGES.length + PUBLISHED - 1);
    const { files, contents } = await filesOf(app);
    expect(files).toEqual([`${ORIGIN}/sitemap-pages.xml`, `${ORIGIN}/sitemap-posts-1.xml`]);
    expect(contents[1]).toHaveLength(PUBLISHED);
  });

  it('splits the posts into files of at most the limit, each published post exactly once, oldest first', async () => {
    const limit = 10;
    const app = await seoApp(limit);
    const { files, contents } = await filesOf(app);
    expect(files).toEqual([
      `${ORIGIN}/sitemap-pages.xml`,
      `${ORIGIN}/sitemap-posts-1.xml`,
      `${ORIGIN}/sitemap-posts-2.xml`,
      `${ORIGIN}/sitemap-posts-3.xml`,
    ]);
    const [pages, ...postFiles] = contents;
    expect(postFiles.map((f) => f.length)).toEqual([10, 10, 3]);
    for (const file of contents) expect(file.length).toBeLessThanOrEqual(limit);

    // The pages file: every public page, /blog dated by the newest change to a published post.
    expect(pages!.map((e) => e.loc)).toEqual(SITEMAP_PAGES.map((path) => ORIGIN + path));
    const newest = published
      .map((b) => b.updatedAt)
      .sort()
      .at(-1);
    expect(pages!.find((e) => e.loc === `${ORIGIN}/blog`)!.lastmod).toBe(newest);

    // Oldest first across the files, each with its lastmod; nothing else.
    const listed = postFiles.flat();
    expect(listed).toEqual(published.map((b) => ({ loc: postLoc(b), lastmod: b.updatedAt })));
    expect(new Set(listed.map((e) => e.loc)).size).toBe(PUBLISHED);
    const everything = contents.flat().map((e) => e.loc);
    for (const blog of hidden) expect(everything).not.toContain(postLoc(blog));
  });

  it('answers 404 for posts files that do not exist', async () => {
    const app = await seoApp(10);
    for (const name of ['0', '4', '01', '-1', '1.5', 'x', '9999999']) {
      const response = await app.inject({ url: `/sitemap-posts-${name}.xml` });
      expect(response.statusCode, name).toBe(404);
    }
  });

  it('puts a newly published post in the last file and leaves the earlier files as they were', async () => {
    const app = await seoApp(10);
    const before = await filesOf(app);
    const category = await createCategory(t, admin.headers, 'Late');
    const late = await createBlog(
      t,
      admin.headers,
      blogFields(category.id, { status: 'published', title: 'Published Late' }),
    );
    const after = await filesOf(app);
    expect(after.files).toEqual(before.files);
    expect(after.contents.slice(1, 3)).toEqual(before.contents.slice(1, 3));
    expect(after.contents[3]!.map((e) => e.loc)).toEqual([
      ...before.contents[3]!.map((e) => e.loc),
      postLoc(late),
    ]);
  });

  it('serves the files on the real app too, where everything still fits in /sitemap.xml', async () => {
    const root = parseXml(
      (await t.app.inject({ url: '/sitemap.xml', headers: { host: 'agency.example' } })).body,
    );
    expect(root.name).toBe('urlset');
    const pages = await t.app.inject({ url: '/sitemap-pages.xml', headers: { host: 'agency.example' } });
    expect(locsOf(parseXml(pages.body)).map((e) => e.loc)).toEqual(SITEMAP_PAGES.map((p) => ORIGIN + p));
    const posts = await t.app.inject({ url: '/sitemap-posts-1.xml', headers: { host: 'agency.example' } });
    expect(posts.statusCode).toBe(200);
    const locs = locsOf(parseXml(posts.body)).map((e) => e.loc);
    expect(locs).toHaveLength(PUBLISHED + 1);
    for (const blog of published) expect(locs).toContain(postLoc(blog));
    expect((await t.app.inject({ url: '/sitemap-posts-2.xml' })).statusCode).toBe(404);
    const robots = await t.app.inject({ url: '/robots.txt', headers: { host: 'agency.example' } });
    expect(robots.body).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });
});
