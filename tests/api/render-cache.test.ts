import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import type { Blog, Category } from '../../src/shared/schemas/blog';
import { PUBLIC_CACHE_CONTROL } from '../../src/server/public-cache/send-cached';
import {
  SITE_URL,
  builtWeb,
  createTestApp,
  reopenTestDatabase,
  type TestApp,
  type TestDatabase,
} from './support/test-app';
import { seededAdmin, type TestUser } from './support/users';
import { blogFields, createBlog, createCategory, pngFile, sendBlog, setStatus } from './support/blogs';

/**
 * The render cache (docs/decisions/0005-render-cache-and-content-version.md) on real server-rendered pages: every write a public page shows is on the
 * next request of every page that shows it — on this instance and on a second one over the same database —
 * with no time-based expiry involved; validators, encodings and headers as a CDN expects them.
 */
describe('render cache of public pages, sitemaps and the feed', () => {
  let t: TestApp;
  let other: TestApp; // a second instance on the same database
  let otherDatabase: TestDatabase;
  let admin: TestUser;
  let news: Category;
  let post: Blog;

  const get = (app: TestApp, url: string, headers: Record<string, string> = {}) =>
    app.app.inject({ method: 'GET', url, headers });

  /** Every cached URL that can show `post`, as text, from one instance. */
  async function everyPage(app: TestApp, slug: string, categorySlug: string) {
    const urls = [
      '/',
      '/blog',
      `/blog?category=${categorySlug}`,
      `/blog/${slug}`,
      '/sitemap.xml',
      '/rss.xml',
      '/api/blogs?status=published', // the public API read shares the cache
    ];
    const answers = await Promise.all(urls.map((url) => get(app, url)));
    return Object.fromEntries(urls.map((url, i) => [url, answers[i]!])) as Record<
      string,
      LightMyRequestResponse
    >;
  }

  /** What both instances answer, each asked once. */
  async function onBoth(slug: string, categorySlug = news.slug) {
    return [await everyPage(t, slug, categorySlug), await everyPage(other, slug, categorySlug)];
  }

  beforeAll(async () => {
    const web = await builtWeb();
    t = await createTestApp({ web });
    otherDatabase = await reopenTestDatabase(t.database);
    other = await createTestApp({ web, database: otherDatabase });
    admin = await seededAdmin(t);
    news = await createCategory(t, admin.headers, 'Cache News');
    post = await createBlog(
      t,
      admin.headers,
      blogFields(news.id, { title: 'Cached Draft Title', altText: 'A cached picture' }),
      await pngFile(640, 360),
    );
  });
  afterAll(async () => {
    await other?.close();
    await t?.close();
  });

  it('never lets a draft in, then shows a publish on the next request of every page, on both instances', async () => {
    for (const pages of await onBoth(post.slug)) {
      expect(pages[`/blog/${post.slug}`]!.statusCode).toBe(404);
      for (const [url, page] of Object.entries(pages))
        expect(page.body, url).not.toContain('Cached Draft Title');
    }
    for (const app of [t, other])
      for (const [url, entry] of app.app.publicCache.pages.entries())
        expect(entry.body.forms.identity.toString(), url).not.toContain('Cached Draft Title');

    expect((await setStatus(t, admin.headers, post.id, 'published')).statusCode).toBe(200);
    for (const pages of await onBoth(post.slug)) {
      expect(pages[`/blog/${post.slug}`]!.statusCode).toBe(200);
      for (const [url, page] of Object.entries(pages))
        if (url !== '/sitemap.xml') expect(page.body, url).toContain('Cached Draft Title');
      expect(pages['/api/blogs?status=published']!.headers.vary).toBe('Accept-Encoding, Authorization');
      expect(pages['/sitemap.xml']!.body).toContain(`${SITE_URL}/blog/${post.slug}<`);
    }
  });

  it('shows an edit of the title and a slug change everywhere; the old address redirects', async () => {
    const edited = await sendBlog(
      t,
      admin.headers,
      blogFields(news.id, { title: 'Cached Edited Title', status: 'published', altText: 'A cached picture' }),
      { id: post.id },
    );
    expect(edited.statusCode).toBe(200);
    const oldSlug = post.slug;
    post = edited.json().blog;
    expect(post.slug).not.toBe(oldSlug);
    for (const pages of await onBoth(post.slug)) {
      for (const [url, page] of Object.entries(pages))
        expect(page.body, url).not.toContain('Cached Draft Title');
      expect(pages[`/blog/${post.slug}`]!.body).toContain('Cached Edited Title');
      expect(pages['/rss.xml']!.body).toContain('Cached Edited Title');
      expect(pages['/sitemap.xml']!.body).toContain(`/blog/${post.slug}<`);
      expect(pages['/sitemap.xml']!.body).not.toContain(`/blog/${oldSlug}<`);
    }
    for (const app of [t, other]) {
      const old = await get(app, `/blog/${oldSlug}`);
      expect(old.statusCode).toBe(301);
      expect(old.headers.location).toBe(`/blog/${post.slug}`);
    }
  });

  it('shows a category rename on the list, the category list and the post', async () => {
    const renamed = await t.app.inject({
      method: 'PUT',
      url: `/api/categories/${news.id}`,
      headers: admin.headers,
      payload: { name: 'Cache Renamed', description: '' },
    });
    expect(renamed.statusCode).toBe(200);
    news = renamed.json().category;
    for (const pages of await onBoth(post.slug, news.slug)) {
      for (const url of ['/blog', `/blog?category=${news.slug}`, `/blog/${post.slug}`]) {
        expect(pages[url]!.body, url).toContain('Cache Renamed');
        expect(pages[url]!.body, url).not.toContain('Cache News');
      }
      expect(pages['/rss.xml']!.body).toContain('<category>Cache Renamed</category>');
    }
    for (const app of [t, other])
      expect((await get(app, '/api/categories')).json().map((c: Category) => c.name)).toContain(
        'Cache Renamed',
      );
  });

  it('drops a deleted image from every page that showed it', async () => {
    const image = post.featuredImage!.path; // media/<id>, the pages' <img> sources
    for (const pages of await onBoth(post.slug)) expect(pages[`/blog/${post.slug}`]!.body).toContain(image);
    const removed = await sendBlog(
      t,
      admin.headers,
      blogFields(news.id, { title: 'Cached Edited Title', status: 'published', removeImage: 'true' }),
      { id: post.id },
    );
    expect(removed.statusCode).toBe(200);
    expect((await get(t, `/api/${image}`)).statusCode).toBe(404); // the image itself is gone
    for (const pages of await onBoth(post.slug))
      for (const [url, page] of Object.entries(pages)) expect(page.body, url).not.toContain(image);
  });

  it('takes an unpublished post off every page', async () => {
    expect((await setStatus(t, admin.headers, post.id, 'archived')).statusCode).toBe(200);
    for (const pages of await onBoth(post.slug)) {
      expect(pages[`/blog/${post.slug}`]!.statusCode).toBe(404);
      for (const [url, page] of Object.entries(pages))
        expect(page.body, url).not.toContain('Cached Edited Title');
    }
    expect((await setStatus(t, admin.headers, post.id, 'published')).statusCode).toBe(200);
  });

  it('answers 304 to a matching ETag in any encoding, and sends each encoding once compressed', async () => {
    const plain = await get(t, '/blog');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(plain.headers['cache-control']).toBe(PUBLIC_CACHE_CONTROL);
    expect(plain.headers.vary).toContain('Accept-Encoding');

    const br = await get(t, '/blog', { 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await get(t, '/blog', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect(new Set([plain.headers.etag, br.headers.etag, gz.headers.etag]).size).toBe(3);

    for (const etag of [
      plain.headers.etag,
      br.headers.etag,
      `W/${gz.headers.etag}`,
      `"x", ${plain.headers.etag}`,
    ]) {
      const again = await get(t, '/blog', { 'if-none-match': String(etag), 'accept-encoding': 'br' });
      expect(again.statusCode, String(etag)).toBe(304);
      expect(again.body).toBe('');
    }
    expect((await get(t, '/blog', { 'if-none-match': '"stale"' })).statusCode).toBe(200);
    const feed = await get(t, '/rss.xml');
    expect((await get(t, '/rss.xml', { 'if-none-match': String(feed.headers.etag) })).statusCode).toBe(304);
  });

  it('keeps the same ETag when a write changes nothing a page shows', async () => {
    const before = await get(t, '/pricing');
    await createCategory(t, admin.headers, 'Cache Unrelated');
    const after = await get(t, '/pricing');
    expect(after.headers.etag).toBe(before.headers.etag);
  });

  it('counts every visit of a cached post page, and the shown count lags by under a minute', async () => {
    const viewsNow = async () =>
      (await t.app.inject({ url: `/api/blogs/${post.id}`, headers: admin.headers })).json().views as number;
    const flushViews = () =>
      Promise.all([t.app.publicCache.views.flush(), other.app.publicCache.views.flush()]);
    await flushViews(); // the visits of the tests above
    const start = await viewsNow();
    const pages = [];
    for (let i = 0; i < 4; i++) pages.push(await get(i % 2 ? other : t, `/blog/${post.slug}`));
    await flushViews();
    expect(await viewsNow()).toBe(start + 4);
    // Cached copies repeat what they showed when rendered; the age bound re-renders them within a minute.
    expect(pages[2]!.body).toBe(pages[0]!.body);
  });

  it('never caches signed-in API answers', async () => {
    for (const url of [
      '/api/profile',
      '/api/blogs',
      `/api/blogs/${post.id}`,
      '/api/categories',
      '/api/users',
    ])
      expect((await get(t, url, admin.headers)).headers['cache-control'], url).toBe('private, no-store');
  });

  it('takes no URL from Host or X-Forwarded-Host, even into a copy rendered for a forged request', async () => {
    // A fresh instance, so the forged requests are the ones that render and fill its cache.
    const fresh = await createTestApp({
      web: await builtWeb(),
      database: await reopenTestDatabase(t.database),
    });
    try {
      const forged = {
        host: 'evil.example',
        'x-forwarded-host': 'evil.example',
        'x-forwarded-proto': 'http',
      };
      const urls = [
        '/',
        '/blog',
        `/blog/${post.slug}`,
        '/pricing',
        '/sitemap.xml',
        '/rss.xml',
        '/robots.txt',
      ];
      for (const url of urls) {
        const first = await get(fresh, url, forged);
        const next = await get(fresh, url);
        for (const answer of [first, next]) {
          expect(answer.statusCode, url).toBe(200);
          expect(answer.body, url).not.toContain('evil.example');
        }
      }
      expect((await get(fresh, '/')).body).toContain(`href="${SITE_URL}/"`);
    } finally {
      await fresh.close();
    }
  });

  it('sends built assets compressed once at build time: Brotli or gzip as accepted, the bytes of the .br/.gz file', async () => {
    const assets = path.resolve(import.meta.dirname, '../../dist/client/assets');
    const script = fs
      .readdirSync(assets)
      .find((name) => name.endsWith('.js') && fs.statSync(path.join(assets, name)).size > 4096)!;
    const original = fs.readFileSync(path.join(assets, script));
    const get = (encoding?: string) =>
      t.app.inject({ url: `/assets/${script}`, headers: encoding ? { 'accept-encoding': encoding } : {} });

    const br = await get('gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.rawPayload.equals(fs.readFileSync(path.join(assets, `${script}.br`)))).toBe(true);
    expect(zlib.brotliDecompressSync(br.rawPayload).equals(original)).toBe(true);

    const gz = await get('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.rawPayload.equals(fs.readFileSync(path.join(assets, `${script}.gz`)))).toBe(true);

    const plain = await get();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.equals(original)).toBe(true);
  });
});
