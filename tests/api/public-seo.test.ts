import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { Blog, Category } from '../../src/shared/schemas/blog';
import { rssXml } from '../../src/server/render/seo.routes';
import { SITEMAP_PAGES } from '../../src/server/render/sitemap';
import { createTestApp, type TestApp } from './support/test-app';
import { insertUser, insertWorkspace, seededAdmin, type TestUser } from './support/users';
import { blogFields, createBlog, createCategory, getJson, sendBlog } from './support/blogs';
import { all, child, childText, parseXml } from './support/xml';

describe('the XML reader used below', () => {
  it('refuses documents that are not well-formed', () => {
    for (const bad of [
      '<a><b></a></b>',
      '<a>x < y</a>',
      '<a>Tom & Jerry</a>',
      '<a></a><b></b>',
      '<a attr=unquoted></a>',
      '<a><![CDATA[open',
      '<a>',
    ])
      expect(() => parseXml(bad), bad).toThrow();
    expect(parseXml('<a x="1 &amp; 2"><b>&lt;ok&gt;</b><![CDATA[<raw>]]></a>')).toMatchObject({
      attrs: { x: '1 & 2' },
      text: '<raw>',
      children: [{ name: 'b', text: '<ok>' }],
    });
  });
});

/** Sitemap (docs/product/public-site.md#search-engines), feed and robots rules, and the public read scope the public pages use. */
describe('public blog scope, sitemap.xml, rss.xml and robots.txt', () => {
  let t: TestApp;
  let admin: TestUser;
  let beta: TestUser; // SEO Manager of another workspace
  let news: Category;
  let guides: Category;
  let betaCategory: Category;
  let first: Blog;
  let second: Blog;
  let renamed: Blog;
  let draft: Blog;
  let archived: Blog;
  let betaPost: Blog;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await seededAdmin(t);
    beta = await insertUser(t, {
      workspaceId: (await insertWorkspace(t, { name: 'Beta' })).id,
      role: 'SEO Manager',
    });
    news = await createCategory(t, admin.headers, 'News');
    guides = await createCategory(t, admin.headers, 'Guides');
    betaCategory = await createCategory(t, beta.headers, 'Beta Only');
    const post = (category: string, overrides: Record<string, string>) =>
      createBlog(t, admin.headers, blogFields(category, overrides));
    first = await post(news.id, {
      status: 'published',
      title: 'Tips & <Tricks> for "SEO"',
      metaDescription: "Ampersands & angle brackets <b> aren't markup here.",
      content: '<p>First <strong>body</strong> with <a href="/pricing">a relative link</a>.</p>',
    });
    second = await post(guides.id, { status: 'published', title: 'A Guide To Growth' });
    renamed = await post(guides.id, { status: 'published', title: 'Before The Rename' });
    const update = await sendBlog(
      t,
      admin.headers,
      blogFields(guides.id, { status: 'published', title: 'After The Rename' }),
      { id: renamed.id },
    );
    renamed = update.json().blog;
    draft = await post(news.id, { status: 'draft', title: 'Secret Draft' });
    archived = await post(news.id, { status: 'archived', title: 'Old Archive' });
    betaPost = await createBlog(
      t,
      beta.headers,
      blogFields(betaCategory.id, { status: 'published', title: 'Beta Post' }),
    );
  });
  afterAll(async () => t.close());

  const ids = (response: LightMyRequestResponse) =>
    (response.json() as { blogs: Blog[] }).blogs.map((b) => b.id).sort();
  const publishedIds = () => [first.id, second.id, renamed.id].sort();

  describe('scope=public', () => {
    it('gives a signed-in user of another workspace the agency posts, not their own', async () => {
      expect(ids(await getJson(t, '/api/blogs', beta.headers))).toEqual([betaPost.id]);
      for (const query of ['', '&status=published', '&status=draft', '&status=archived']) {
        const response = await getJson(t, `/api/blogs?scope=public&limit=12${query}`, beta.headers);
        expect(response.statusCode).toBe(200);
        expect(ids(response)).toEqual(publishedIds());
      }
      const list = (
        await getJson(t, '/api/blogs?scope=public&status=published&limit=12', beta.headers)
      ).json();
      expect(list.pagination).toEqual({
        currentPage: 1,
        totalPages: 1,
        totalBlogs: 3,
        hasPreviousPage: false,
        hasNextPage: false,
      });
      const filtered = await getJson(t, `/api/blogs?scope=public&category=${guides.slug}`, beta.headers);
      expect(ids(filtered)).toEqual([second.id, renamed.id].sort());
      // Another workspace's category slug names nothing in the agency's list.
      expect(ids(await getJson(t, `/api/blogs?scope=public&category=${betaCategory.slug}`))).toEqual([]);
    });

    it("limits the agency's own staff to published posts too", async () => {
      expect(ids(await getJson(t, '/api/blogs', admin.headers))).toHaveLength(5);
      expect(ids(await getJson(t, '/api/blogs?scope=public', admin.headers))).toEqual(publishedIds());
      for (const blog of [draft, archived]) {
        const response = await getJson(t, `/api/blogs/${blog.slug}?scope=public`, admin.headers);
        expect(response.statusCode).toBe(404);
      }
    });

    it('reads one post for anyone and counts each read as a public view', async () => {
      const before = (await getJson(t, `/api/blogs/${second.slug}`, admin.headers)).json().views;
      // The agency's staff reading their own post are not counted; a public read is, whoever asks.
      expect((await getJson(t, `/api/blogs/${second.slug}`, admin.headers)).json().views).toBe(before);
      const a = await getJson(t, `/api/blogs/${second.slug}?scope=public`, admin.headers);
      const b = await getJson(t, `/api/blogs/${second.slug}?scope=public`, beta.headers);
      const c = await getJson(t, `/api/blogs/${second.slug}?scope=public`);
      expect([a.statusCode, b.statusCode, c.statusCode]).toEqual([200, 200, 200]);
      expect([a.json().views, b.json().views, c.json().views]).toEqual([before + 1, before + 2, before + 3]);
      // Another workspace's published post is not on the public site, even for its own staff.
      expect((await getJson(t, `/api/blogs/${betaPost.slug}?scope=public`, beta.headers)).statusCode).toBe(
        404,
      );
    });

    it('answers an old slug with 301 to the current one, keeping the public scope', async () => {
      const response = await getJson(t, `/api/blogs/before-the-rename?scope=public`, beta.headers);
      expect(response.statusCode).toBe(301);
      expect(response.headers.location).toBe(`/api/blogs/${renamed.slug}?scope=public`);
      expect(response.json()).toEqual({ redirect: renamed.slug });
    });

    it("lists the agency's categories whoever asks", async () => {
      const names = (response: LightMyRequestResponse) =>
        (response.json() as Category[]).map((c) => c.name).sort();
      expect(names(await getJson(t, '/api/categories', beta.headers))).toEqual(['Beta Only']);
      expect(names(await getJson(t, '/api/categories?scope=public', beta.headers))).toEqual([
        'Guides',
        'News',
      ]);
      expect(names(await getJson(t, '/api/categories?scope=public'))).toEqual(['Guides', 'News']);
    });

    it('refuses an unknown scope with 400', async () => {
      expect((await getJson(t, '/api/blogs?scope=everyone')).statusCode).toBe(400);
      expect((await getJson(t, `/api/blogs/${first.slug}?scope=private`)).statusCode).toBe(400);
      expect((await getJson(t, '/api/categories?scope=x')).statusCode).toBe(400);
    });
  });

  describe('/sitemap.xml', () => {
    it('lists the public pages and exactly the published agency posts, with lastmod', async () => {
      const response = await t.app.inject({ url: '/sitemap.xml', headers: { host: 'agency.example' } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
      const urlset = parseXml(response.body);
      expect(urlset.name).toBe('urlset');
      expect(urlset.attrs.xmlns).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
      const entries = all(urlset, 'url').map((u) => ({
        loc: childText(u, 'loc'),
        lastmod: childText(u, 'lastmod'),
      }));
      const locs = entries.map((e) => e.loc);
      expect(locs.slice(0, SITEMAP_PAGES.length)).toEqual(
        SITEMAP_PAGES.map((path) => `https://agency.example${path}`),
      );
      for (const path of ['/pricing', '/contact', '/documentation', '/terms', '/privacy', '/shipping'])
        expect(locs).toContain(`https://agency.example${path}`);
      expect(locs).toContain('https://agency.example/cancellation-refunds');
      expect(locs).toContain('https://agency.example/botgit-privacy');
      const posts = entries.slice(SITEMAP_PAGES.length);
      const current = await Promise.all(
        [first, second, renamed].map(async (b) =>
          (await getJson(t, `/api/blogs/${b.id}`, admin.headers)).json(),
        ),
      );
      expect(posts.sort((x, y) => x.loc!.localeCompare(y.loc!))).toEqual(
        current
          .map((b: Blog) => ({ loc: `https://agency.example/blog/${b.slug}`, lastmod: b.updatedAt }))
          .sort((x, y) => x.loc.localeCompare(y.loc)),
      );
      for (const hidden of [draft, archived, betaPost]) expect(response.body).not.toContain(hidden.slug);
      expect(response.body).not.toContain('before-the-rename');
    });

    it('takes every URL from SITE_URL, never from Host or X-Forwarded-Host (even from a trusted proxy)', async () => {
      for (const headers of [
        { host: 'evil.example' },
        { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' },
      ]) {
        for (const url of ['/sitemap.xml', '/rss.xml', '/robots.txt']) {
          // inject() comes from 127.0.0.1, a trusted proxy: X-Forwarded-Host would be believed if read.
          const response = await t.app.inject({ url, headers });
          expect(response.body, url).not.toContain('evil.example');
          expect(response.body, url).toContain('https://agency.example/');
        }
      }
      expect(
        parseXml((await t.app.inject({ url: '/sitemap.xml' })).body).children[0]!.children[0]!.text,
      ).toBe('https://agency.example/');
    });
  });

  describe('/rss.xml', () => {
    it('is an RSS 2.0 feed of exactly the published agency posts, with full content', async () => {
      const response = await t.app.inject({ url: '/rss.xml', headers: { host: 'agency.example' } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
      const rss = parseXml(response.body);
      expect(rss.name).toBe('rss');
      expect(rss.attrs.version).toBe('2.0');
      expect(rss.attrs['xmlns:content']).toBe('http://purl.org/rss/1.0/modules/content/');
      const channel = child(rss, 'channel')!;
      expect(childText(channel, 'title')).toBe('AgencyHQ');
      expect(childText(channel, 'link')).toBe('https://agency.example/blog');
      const items = all(channel, 'item');
      expect(items.map((i) => childText(i, 'title')).sort()).toEqual(
        [first.title, second.title, 'After The Rename'].sort(),
      );
      for (const hidden of [draft, archived, betaPost]) expect(response.body).not.toContain(hidden.title);

      const item = items.find((i) => childText(i, 'title') === first.title)!;
      expect(first.title).toBe('Tips & <Tricks> for "SEO"');
      const link = `https://agency.example/blog/${first.slug}`;
      expect(childText(item, 'link')).toBe(link);
      expect(child(item, 'guid')).toMatchObject({ text: link, attrs: { isPermaLink: 'true' } });
      expect(childText(item, 'description')).toBe(first.metaDescription);
      expect(childText(item, 'pubDate')).toBe(new Date(first.publishedAt!).toUTCString());
      expect(childText(item, 'pubDate')).toMatch(
        /^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/,
      );
      // The full sanitised content, root-relative links made absolute for feed readers.
      expect(childText(item, 'content:encoded')).toBe(
        '<p>First <strong>body</strong> with <a href="https://agency.example/pricing">a relative link</a>.</p>',
      );
    });

    it("keeps CDATA intact when content holds ']]>' and drops characters XML forbids", () => {
      const blog = {
        ...first,
        title: 'Bell\u0007 & co',
        content: '<p>a ]]> b ]]]]> c</p>',
      };
      const feed = parseXml(rssXml('https://x.test', 'Brand & Co', [blog]));
      const channel = child(feed, 'channel')!;
      expect(childText(channel, 'title')).toBe('Brand & Co');
      const item = child(channel, 'item')!;
      expect(childText(item, 'title')).toBe('Bell & co');
      expect(childText(item, 'content:encoded')).toBe('<p>a ]]> b ]]]]> c</p>');
    });
  });

  it('/robots.txt allows the site, keeps crawlers out of the app, names the sitemap', async () => {
    const response = await t.app.inject({
      url: '/robots.txt',
      headers: { host: 'agency.example', 'x-forwarded-proto': 'https' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = response.body.split('\n').map((l) => l.trim());
    expect(lines).toEqual(
      expect.arrayContaining([
        'User-agent: *',
        'Allow: /',
        'Disallow: /dashboard',
        'Disallow: /login',
        'Disallow: /signup',
        'Sitemap: https://agency.example/sitemap.xml',
      ]),
    );
    expect(lines.filter((l) => l.startsWith('Disallow:'))).toHaveLength(3);
  });
});
