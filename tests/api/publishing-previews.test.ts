import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Blog } from '../../src/shared/schemas/blog';
import type { BlogPreviewLink } from '../../src/shared/schemas/blog-publishing';
import { PUBLISHING_MESSAGES } from '../../src/shared/messages';
import {
  ADMIN,
  builtWeb,
  createTestApp,
  reopenTestDatabase,
  SECRET_KEY,
  signIn,
  SITE_URL,
  type TestApp,
} from './support/test-app';
import { PUBLISHING_LIMITS } from '../../src/shared/blog';
import { resealStoredSecrets } from '../../src/server/secrets/reseal';
import { createSecretBox } from '../../src/server/secrets/secret-box';
import { insertUser, insertWorkspace, seededAdmin, type TestUser } from './support/users';
import { blogFields, createBlog, createCategory, getJson, sendBlog, setStatus } from './support/blogs';

/**
 * docs/product/blog.md#preview-links: draft preview links (anyone with the link reads the draft, marked noindex, never cached,
 * never listed, revocable) and the per-post search switches (noindex + out of the sitemap; canonical URL).
 */
describe('preview links and per-post search switches', () => {
  let t: TestApp;
  let admin: TestUser;
  let outsider: TestUser;
  let categoryId: string;

  beforeAll(async () => {
    t = await createTestApp({ web: await builtWeb() });
    admin = await seededAdmin(t);
    outsider = await insertUser(t, {
      workspaceId: (await insertWorkspace(t, { name: 'Client Co' })).id,
      role: 'SEO Manager',
    });
    categoryId = (await createCategory(t, admin.headers, 'Previews')).id;
  });
  afterAll(() => t?.close());

  const createLink = (id: string, headers = admin.headers) =>
    t.app.inject({ method: 'POST', url: `/api/blogs/${id}/previews`, headers });
  const tokenOf = (link: BlogPreviewLink) => link.url.split('/').at(-1)!;

  it('opens a draft to anyone with the link: noindex, uncached, in no sitemap or feed', async () => {
    const post = await createBlog(t, admin.headers, blogFields(categoryId, { title: 'Client Review' }));
    const created = await createLink(post.id);
    expect(created.statusCode).toBe(201);
    const link = created.json().preview as BlogPreviewLink;
    // From SITE_URL, never from the request; 32 random bytes.
    expect(link.url).toMatch(new RegExp(`^${SITE_URL}/blog/preview/[A-Za-z0-9_-]{43}$`));
    const token = tokenOf(link);

    const api = await getJson(t, `/api/previews/${token}`);
    expect(api.statusCode).toBe(200);
    expect(api.json().blog).toMatchObject({ id: post.id, title: 'Client Review', status: 'draft' });
    expect(api.headers['x-robots-tag']).toContain('noindex');
    expect(api.headers['cache-control']).toContain('no-store');

    const page = await getJson(t, `/blog/preview/${token}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Client Review');
    expect(page.body).toContain(PUBLISHING_MESSAGES.previewBanner);
    expect(page.body).toContain('<meta name="robots" content="noindex" />');
    expect(page.headers['x-robots-tag']).toContain('noindex');
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    // A preview is not a view, and the draft is still not public.
    expect((await getJson(t, `/api/blogs/${post.id}`, admin.headers)).json().views).toBe(0);
    expect((await getJson(t, `/blog/${post.slug}`)).statusCode).toBe(404);
    for (const url of ['/sitemap.xml', '/rss.xml', '/api/blogs?status=published']) {
      const body = (await getJson(t, url)).body;
      expect(body, url).not.toContain(token);
      expect(body, url).not.toContain(post.slug);
    }

    const listed = (await getJson(t, `/api/blogs/${post.id}/previews`, admin.headers)).json().previews;
    expect(listed).toEqual([link]);
  });

  it('stops working the moment it is revoked (the page was never cached)', async () => {
    const post = await createBlog(t, admin.headers, blogFields(categoryId, { title: 'Short Notice' }));
    const link = (await createLink(post.id)).json().preview as BlogPreviewLink;
    const token = tokenOf(link);
    expect((await getJson(t, `/blog/preview/${token}`)).statusCode).toBe(200);
    const revoke = await t.app.inject({
      method: 'DELETE',
      url: `/api/blogs/${post.id}/previews/${link.id}`,
      headers: admin.headers,
    });
    expect(revoke.statusCode).toBe(200);
    expect((await getJson(t, `/api/previews/${token}`)).statusCode).toBe(404);
    const page = await getJson(t, `/blog/preview/${token}`);
    expect(page.statusCode).toBe(404);
    expect(page.body).not.toContain('Short Notice');
    expect((await getJson(t, `/api/blogs/${post.id}/previews`, admin.headers)).json().previews).toEqual([]);
    // A token that never was, or is malformed, is the same 404.
    expect((await getJson(t, `/api/previews/${'A'.repeat(43)}`)).statusCode).toBe(404);
    expect((await getJson(t, '/api/previews/short')).statusCode).toBe(404);
  });

  it('keeps live links working and shown through a SECRET_KEY rotation; at most 10 per post', async () => {
    const post = await createBlog(t, admin.headers, blogFields(categoryId, { title: 'Rotating Keys' }));
    const link = (await createLink(post.id)).json().preview as BlogPreviewLink;
    const newKey = 'the-next-secret-key-after-rotation-0123456789';
    expect(
      await resealStoredSecrets(t.database.handle.db, createSecretBox(newKey, SECRET_KEY)),
    ).toBeGreaterThan(0);
    const rotated = await createTestApp({
      secretKey: newKey,
      database: await reopenTestDatabase(t.database),
    });
    try {
      const headers = await signIn(rotated.app, ADMIN.email, ADMIN.password);
      const listed = await rotated.app.inject({ url: `/api/blogs/${post.id}/previews`, headers });
      expect(listed.json().previews).toEqual([link]);
      expect((await getJson(rotated, `/api/previews/${tokenOf(link)}`)).statusCode).toBe(200);
      for (let i = 2; i <= PUBLISHING_LIMITS.previewLinksMax; i++)
        expect(
          (await rotated.app.inject({ method: 'POST', url: `/api/blogs/${post.id}/previews`, headers }))
            .statusCode,
        ).toBe(201);
      const over = await rotated.app.inject({
        method: 'POST',
        url: `/api/blogs/${post.id}/previews`,
        headers,
      });
      expect(over.statusCode).toBe(400);
      expect(over.json().message).toBe(PUBLISHING_MESSAGES.previewLimit(PUBLISHING_LIMITS.previewLinksMax));
    } finally {
      await rotated.close();
    }
  });

  it('leads to the post itself once it is published; a published post gets no new link', async () => {
    const post = await createBlog(t, admin.headers, blogFields(categoryId, { title: 'Going Live' }));
    const token = tokenOf((await createLink(post.id)).json().preview);
    await setStatus(t, admin.headers, post.id, 'published');
    const page = await getJson(t, `/blog/preview/${token}`);
    expect(page.statusCode).toBe(302);
    expect(page.headers.location).toBe(`/blog/${post.slug}`);
    const refused = await createLink(post.id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(PUBLISHING_MESSAGES.previewNotDraft);
  });

  it("never shows another workspace's post on the public site", async () => {
    const theirs = await createBlog(
      t,
      outsider.headers,
      blogFields((await createCategory(t, outsider.headers, 'Theirs')).id, { title: 'Client Draft' }),
    );
    const refused = await createLink(theirs.id, outsider.headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(PUBLISHING_MESSAGES.previewAgencyOnly);
    // Nor may the agency's staff reach into it, nor the client into the agency's.
    expect((await createLink(theirs.id)).statusCode).toBe(404);
    const ours = await createBlog(t, admin.headers, blogFields(categoryId, { title: 'Ours Only' }));
    expect((await createLink(ours.id, outsider.headers)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `/api/blogs/${ours.id}/previews` })).statusCode).toBe(
      401,
    );
  });

  it('hides a post from search engines: noindex on its page and out of the sitemap, still listed', async () => {
    const post = await createBlog(
      t,
      admin.headers,
      blogFields(categoryId, { title: 'Quiet Post', status: 'published', hideFromSearch: 'true' }),
    );
    expect(post.hideFromSearch).toBe(true);
    const page = await getJson(t, `/blog/${post.slug}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<meta name="robots" content="noindex" />');
    expect((await getJson(t, '/sitemap.xml')).body).not.toContain(`/blog/${post.slug}<`);
    const listed = (await getJson(t, '/api/blogs?status=published&limit=100')).json().blogs as Blog[];
    expect(listed.map((b) => b.slug)).toContain(post.slug);

    // Switched back on: indexed again, and the cached page and sitemap follow at once.
    const shown = await sendBlog(
      t,
      admin.headers,
      blogFields(categoryId, { title: 'Quiet Post', status: 'published', hideFromSearch: 'false' }),
      { id: post.id },
    );
    expect(shown.statusCode).toBe(200);
    expect((await getJson(t, `/blog/${post.slug}`)).body).not.toContain('content="noindex"');
    expect((await getJson(t, '/sitemap.xml')).body).toContain(`/blog/${post.slug}<`);
  });

  it('names the original address as canonical for a post first published elsewhere', async () => {
    const original = 'https://medium.example/@agency/our-story-1234';
    const post = await createBlog(
      t,
      admin.headers,
      blogFields(categoryId, { title: 'Syndicated', status: 'published', canonicalUrl: original }),
    );
    expect(post.canonicalUrl).toBe(original);
    const body = (await getJson(t, `/blog/${post.slug}`)).body;
    expect(body).toContain(`<link rel="canonical" href="${original}" />`);
    for (const canonicalUrl of [
      'javascript:alert(1)',
      '/relative/path',
      'not a url',
      `https://x.example/${'a'.repeat(500)}`,
    ]) {
      const bad = await sendBlog(
        t,
        admin.headers,
        blogFields(categoryId, { title: 'Bad Canonical', canonicalUrl }),
      );
      expect(bad.statusCode, canonicalUrl).toBe(400);
      expect(bad.json().message).toBe(PUBLISHING_MESSAGES.canonicalInvalid);
    }
  });
});
