import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Category } from '../../src/shared/schemas/blog';
import type { WebRenderer } from '../../src/server/render/web-renderer';
import { builtWeb, createTestApp, type TestApp } from './support/test-app';
import { seededAdmin, type TestUser } from './support/users';
import { blogFields, createBlog, createCategory } from './support/blogs';

/**
 * What a public page's render-cache key holds: its path and the parameters the page reads, normalised.
 * Campaign links (utm_*, fbclid, gclid, ref…) and unknown parameters must cost no rendering and no cache
 * entry, an address past the blog's last page or in an unknown category is a 404, and no key is ever
 * answered with the bytes of another.
 */
describe('render cache keys of public pages', () => {
  let t: TestApp;
  let admin: TestUser;
  let news: Category;
  /** The URLs the renderer was asked for, in order. */
  const rendered: string[] = [];

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });
  const keys = () => [...t.app.publicCache.pages.entries()].map(([key]) => key);

  beforeAll(async () => {
    const web = await builtWeb();
    const counting: WebRenderer = {
      ...web,
      render: (input) => {
        rendered.push(input.url);
        return web.render(input);
      },
    };
    t = await createTestApp({ web: counting });
    admin = await seededAdmin(t);
    news = await createCategory(t, admin.headers, 'Key News');
    // 13 published posts: two pages of the public list (12 a page).
    for (let i = 1; i <= 13; i++)
      await createBlog(
        t,
        admin.headers,
        blogFields(news.id, { title: `Keyed post ${i}`, status: 'published' }),
      );
  });
  afterAll(() => t?.close());

  it('answers tracking and unknown parameters from the plain page: no rendering, no new entry, same bytes', async () => {
    const plain = await get('/');
    expect(plain.statusCode).toBe(200);
    const before = { renders: rendered.length, keys: keys().length };
    const campaign = [
      '/?utm_source=newsletter&utm_medium=email&utm_campaign=launch&utm_term=seo&utm_content=hero',
      '/?fbclid=IwAR0abc123',
      '/?gclid=Cj0KCQ1',
      '/?ref=partner-7&msclkid=9&mc_cid=1&mc_eid=2&_hsenc=x&igshid=y&yclid=z&twclid=t&li_fat_id=l',
      '/?anything=else&zz=1',
      '/?',
    ];
    for (const url of campaign) {
      const answer = await get(url);
      expect(answer.statusCode, url).toBe(200);
      expect(answer.body, url).toBe(plain.body);
      expect(answer.headers.etag, url).toBe(plain.headers.etag);
    }
    for (let i = 0; i < 20; i++) await get(`/pricing?fbclid=${i}-${Math.random()}`);
    expect(rendered.length - before.renders).toBe(1); // /pricing, once
    expect(keys().length - before.keys).toBe(1);
    expect(keys().some((key) => /utm_|fbclid|gclid|zz=/.test(key))).toBe(false);
    // The canonical link stays the clean address.
    expect((await get('/pricing?utm_source=x')).body).toContain(
      '<link rel="canonical" href="https://agency.example/pricing" />',
    );
  });

  it('keeps the parameters a page reads, normalised: order, defaults and case do not make new entries', async () => {
    const page2 = await get('/blog?page=2');
    expect(page2.statusCode).toBe(200);
    const renders = rendered.length;
    for (const url of [`/blog?page=2&utm_source=x`, `/blog?utm_source=x&page=2`, `/blog?page=02`]) {
      const answer = await get(url);
      expect(answer.statusCode, url).toBe(200);
      expect(answer.body, url).toBe(page2.body);
    }
    const withCategory = await get(`/blog?category=${news.slug}&page=2`);
    expect(withCategory.statusCode).toBe(200);
    for (const url of [
      `/blog?page=2&category=${news.slug}`,
      `/blog?category=${news.slug.toUpperCase()}&page=2&fbclid=1`,
      `/blog?category=%20${news.slug}%20&page=2`,
    ])
      expect((await get(url)).body, url).toBe(withCategory.body);
    // Page 1 is the default: `?page=1` is /blog.
    const first = await get('/blog');
    expect((await get('/blog?page=1&gclid=4')).body).toBe(first.body);
    expect(rendered.length - renders).toBe(2); // the category's page 2, and /blog
  });

  it('never answers one key with the bytes of another: /blog?page=2 is page 2', async () => {
    const one = await get('/blog');
    const two = await get('/blog?page=2');
    expect(one.body).toContain('Keyed post 13');
    expect(one.body).not.toContain('Keyed post 1<');
    expect(two.body).toContain('Keyed post 1<');
    expect(two.body).not.toContain('Keyed post 13');
    expect(two.body).toContain('<link rel="canonical" href="https://agency.example/blog?page=2" />');
    // Everything kept under a blog list key is the page that key names: its canonical link is the key.
    const lists = [...t.app.publicCache.pages.entries()].filter(
      ([key, entry]) => /^\/blog(\?|$)/.test(key) && entry.answer.status === 200,
    );
    expect(lists.length).toBeGreaterThanOrEqual(3);
    for (const [key, entry] of lists)
      expect(entry.body.forms.identity.toString(), key).toContain(
        `<link rel="canonical" href="https://agency.example${key.replace(/&/g, '&amp;')}" />`,
      );
  });

  it('answers 404 for a page past the last and for an unknown category', async () => {
    for (const url of [
      '/blog?page=3',
      '/blog?page=99999',
      `/blog?category=${news.slug}&page=3`,
      '/blog?category=no-such-category',
    ]) {
      const answer = await get(url);
      expect(answer.statusCode, url).toBe(404);
      expect(answer.body, url).toContain('noindex');
    }
  });

  it('sends a malformed page number to the canonical page with a 301, keeping the campaign parameters', async () => {
    for (const [url, location] of [
      ['/blog?page=abc', '/blog'],
      ['/blog?page=0', '/blog'],
      ['/blog?page=-2&utm_source=mail', '/blog?utm_source=mail'],
      [`/blog?category=${news.slug}&page=1.5`, `/blog?category=${news.slug}`],
      ['/blog?page=1234567', '/blog'],
    ] as const) {
      const answer = await get(url);
      expect([url, answer.statusCode, answer.headers.location]).toEqual([url, 301, location]);
    }
  });

  it('renders one not-found page for every address no route matches, naming none of them', async () => {
    const renders = rendered.length;
    const answers = [];
    for (const url of ['/no-such-page-1', '/no-such-page-2?x=1', '/a/b/c', '/Pricing-typo/'])
      answers.push(await get(url));
    for (const answer of answers) {
      expect(answer.statusCode).toBe(404);
      expect(answer.body).toBe(answers[0]!.body);
      expect(answer.body).toContain('noindex');
      expect(answer.body).not.toContain('rel="canonical"');
    }
    expect(rendered.length - renders).toBe(1);
    expect(keys().filter((key) => /no-such-page|a\/b|typo/i.test(key))).toEqual([]);
  });

  it('keeps a secret link token out of the cache: one entry for every token, and no token in the bytes', async () => {
    const renders = rendered.length;
    const answers = await Promise.all(
      ['tok-aaaaaaaa', 'tok-bbbbbbbb', 'tok-cccccccc'].map((token) => get(`/reset-password?token=${token}`)),
    );
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.body).toBe(answers[0]!.body);
      expect(answer.body).not.toMatch(/tok-[abc]{8}/);
    }
    expect(keys().some((key) => key.includes('tok-'))).toBe(false);
    expect(rendered.length - renders).toBe(1);
    // Without a token the page says the link is broken: a different page.
    expect((await get('/reset-password')).body).not.toBe(answers[0]!.body);
  });

  it('keys the public API reads by the query they read, not by the address asked', async () => {
    const plain = await get('/api/blogs?status=published');
    const count = keys().length;
    for (const url of ['/api/blogs?status=published&utm_source=x', '/api/blogs?fbclid=1&status=published'])
      expect((await get(url)).body, url).toBe(plain.body);
    expect((await get('/sitemap.xml?fbclid=1')).statusCode).toBe(200);
    await get('/sitemap.xml?fbclid=2');
    await get('/rss.xml?utm_source=feedly');
    await get('/rss.xml?utm_source=inoreader');
    expect(keys().length - count).toBe(2); // /sitemap.xml and /rss.xml, once each
  });
});

describe('render budget of public pages', () => {
  let t: TestApp;
  afterAll(() => t?.close());

  it('keeps serving cached pages while a loop of new addresses is refused with 503', async () => {
    t = await createTestApp({
      web: await builtWeb(),
      config: { renderBudget: { perSecond: 1000, perClientPerSecond: 1 } },
    });
    const from = (remoteAddress: string, url: string) => t.app.inject({ method: 'GET', url, remoteAddress });
    expect((await from('203.0.113.9', '/pricing')).statusCode).toBe(200);
    const loop = [];
    for (let i = 0; i < 30; i++)
      loop.push((await from('203.0.113.66', `/blog/no-such-post-${i}`)).statusCode);
    // A burst of six seconds' share (6 renders), then one a second.
    expect(loop.filter((code) => code === 404).length).toBeLessThanOrEqual(8);
    expect(loop.filter((code) => code === 503).length).toBeGreaterThanOrEqual(22);
    const refused = await from('203.0.113.66', '/blog/no-such-post-x');
    expect([refused.statusCode, refused.headers['retry-after']]).toEqual([503, '1']);
    // The looping client's refusals leave others alone: a cached page, and another visitor's new one.
    expect((await from('203.0.113.66', '/pricing')).statusCode).toBe(200);
    expect((await from('198.51.100.4', '/terms')).statusCode).toBe(200);
  });

  it('counts draft previews (rendered for each request, never cached) against the same budget', async () => {
    const codes = [];
    for (let i = 0; i < 30; i++)
      codes.push(
        (await t.app.inject({ url: `/blog/preview/made-up-${i}`, remoteAddress: '192.0.2.77' })).statusCode,
      );
    expect(codes.filter((code) => code === 404).length).toBeLessThanOrEqual(8);
    expect(codes.filter((code) => code === 503).length).toBeGreaterThanOrEqual(22);
  });
});
