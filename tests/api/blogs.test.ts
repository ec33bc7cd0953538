import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOG_MESSAGES } from '../../src/shared/messages';
import type { Blog } from '../../src/shared/schemas/blog';
import { createTestApp, type TestApp } from './support/test-app';
import { seededAdmin, type TestUser } from './support/users';
import { blogFields, createBlog, createCategory, getJson, sendBlog, setStatus } from './support/blogs';

/** Blog CMS writes and reads (docs/product/blog.md, docs/product/api.md#calls): validation texts, slugs, redirects, statuses, lists. */
describe('blogs API', () => {
  let t: TestApp;
  let admin: TestUser;
  let categoryId: string;
  const fields = (overrides: Record<string, string> = {}) => blogFields(categoryId, overrides);

  beforeAll(async () => {
    t = await createTestApp();
    admin = await seededAdmin(t);
    categoryId = (await createCategory(t, admin.headers, 'Marketing')).id;
  });
  afterAll(async () => t.close());

  it.each([
    ['title', { title: '' }, BLOG_MESSAGES.titleRequired],
    ['title', { title: '   ' }, BLOG_MESSAGES.titleRequired],
    ['title', { title: 'x'.repeat(61) }, BLOG_MESSAGES.titleTooLong],
    ['metaDescription', { metaDescription: '' }, BLOG_MESSAGES.metaDescriptionRequired],
    ['metaDescription', { metaDescription: 'm'.repeat(161) }, BLOG_MESSAGES.metaDescriptionTooLong],
    ['category', { category: '' }, BLOG_MESSAGES.categoryRequired],
    ['content', { content: '' }, BLOG_MESSAGES.contentRequired],
    ['content', { content: '<script>alert(1)</script>' }, BLOG_MESSAGES.contentRequired],
    ['keywords', { keywords: 'a, b, c, d, e, f' }, BLOG_MESSAGES.tooManyKeywords],
    ['category', { category: 'no-such-category' }, BLOG_MESSAGES.categoryNotFound],
  ])('refuses a bad %s with 400 and the spec text (%j)', async (field, overrides, message) => {
    const response = await sendBlog(t, admin.headers, fields(overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, errors: expect.arrayContaining([{ field, message }]) });
  });

  it('names every missing required field at once', async () => {
    const response = await sendBlog(t, admin.headers, { status: 'draft' });
    expect(response.statusCode).toBe(400);
    const messages = response.json().errors.map((e: { message: string }) => e.message);
    expect(messages).toEqual([
      BLOG_MESSAGES.titleRequired,
      BLOG_MESSAGES.metaDescriptionRequired,
      BLOG_MESSAGES.categoryRequired,
      BLOG_MESSAGES.contentRequired,
    ]);
  });

  it('creates a post (201) with exactly the Blog shape, the caller as author, 5 keywords allowed', async () => {
    const response = await sendBlog(
      t,
      admin.headers,
      fields({ title: 'Shape Check', keywords: 'a, b,, c, d ,e' }),
    );
    expect(response.statusCode).toBe(201);
    const { success, blog } = response.json() as { success: boolean; blog: Blog };
    expect(success).toBe(true);
    expect(Object.keys(blog).sort()).toEqual(
      [
        '_id',
        'id',
        'slug',
        'title',
        'metaDescription',
        'keywords',
        'content',
        'status',
        'featuredImage',
        'category',
        'author',
        'views',
        'publishedAt',
        'createdAt',
        'updatedAt',
        // docs/product/blog.md#publishing: scheduling, the search switches and the version a save names.
        'publishAt',
        'hideFromSearch',
        'canonicalUrl',
        'version',
      ].sort(),
    );
    expect(blog).toMatchObject({
      _id: blog.id,
      slug: 'shape-check',
      keywords: ['a', 'b', 'c', 'd', 'e'],
      status: 'draft',
      featuredImage: null,
      category: { _id: categoryId, name: 'Marketing', slug: 'marketing' },
      author: { username: 'admin' },
      views: 0,
      publishedAt: null,
    });
    const read = await getJson(t, `/api/blogs/${blog.id}`, admin.headers);
    expect(read.json()).toEqual(blog);
  });

  it('makes slugs unique per workspace with -2, -3 and by the spec rule', async () => {
    const slugs: string[] = [];
    for (let i = 0; i < 3; i += 1)
      slugs.push((await createBlog(t, admin.headers, fields({ title: '  Hello, World!  ' }))).slug);
    expect(slugs).toEqual(['hello-world', 'hello-world-2', 'hello-world-3']);
  });

  it('keeps slugs unique under concurrent creates of the same title', async () => {
    const created = await Promise.all(
      Array.from({ length: 6 }, () => sendBlog(t, admin.headers, fields({ title: 'Race Title' }))),
    );
    expect(created.map((r) => r.statusCode)).toEqual(Array(6).fill(201));
    expect(created.map((r) => r.json().blog.slug).sort()).toEqual(
      ['race-title', 'race-title-2', 'race-title-3', 'race-title-4', 'race-title-5', 'race-title-6'].sort(),
    );
  });

  it('answers 400, never 500, to a malformed multipart body', async () => {
    for (const contentType of ['multipart/form-data', 'multipart/form-data; boundary=x']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/blogs',
        headers: { ...admin.headers, 'content-type': contentType },
        payload: '--x\r\nnot a header\r\n\r\nbody',
      });
      expect(response.statusCode).toBe(400);
    }
  });

  it('sets publishedAt on the first publish only and keeps it through archive and republish', async () => {
    const blog = await createBlog(t, admin.headers, fields({ title: 'Publish Dates' }));
    const published = (await setStatus(t, admin.headers, blog.id, 'published')).json().blog as Blog;
    expect(published.status).toBe('published');
    expect(published.publishedAt).toEqual(expect.any(String));
    expect(Date.parse(published.updatedAt)).toBeGreaterThanOrEqual(Date.parse(blog.updatedAt));
    const archived = await setStatus(t, admin.headers, blog.id, 'archived');
    expect(archived.statusCode).toBe(200);
    expect(archived.json()).toMatchObject({ success: true, blog: { status: 'archived' } });
    const again = (await setStatus(t, admin.headers, blog.id, 'published')).json().blog as Blog;
    expect(again.publishedAt).toBe(published.publishedAt);
    // The status-only call leaves every other field alone (each change raises the version).
    expect(again.version).toBe(blog.version + 3);
    expect({ ...again, status: 'draft', publishedAt: null, updatedAt: blog.updatedAt, version: 1 }).toEqual(
      blog,
    );
  });

  it('refuses a status-only update with a bad status or extra fields', async () => {
    const blog = await createBlog(t, admin.headers, fields({ title: 'Status Only' }));
    expect((await setStatus(t, admin.headers, blog.id, 'deleted')).statusCode).toBe(400);
    const extra = await t.app.inject({
      method: 'PUT',
      url: `/api/blogs/${blog.id}`,
      headers: admin.headers,
      payload: { status: 'published', title: 'Sneaky' },
    });
    expect(extra.statusCode).toBe(400);
  });

  it('updates a post with the whole form; a published post renamed keeps its old slug as a 301', async () => {
    const blog = await createBlog(t, admin.headers, fields({ title: 'Old Name', status: 'published' }));
    const response = await sendBlog(t, admin.headers, fields({ title: 'New Name', status: 'published' }), {
      id: blog.id,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().blog).toMatchObject({ slug: 'new-name', title: 'New Name' });
    for (const headers of [undefined, admin.headers]) {
      const old = await getJson(t, '/api/blogs/old-name', headers);
      expect(old.statusCode).toBe(301);
      expect(old.headers.location).toBe('/api/blogs/new-name');
      expect(old.json()).toEqual({ redirect: 'new-name' });
    }
    // The old slug stays reserved for its post: a new "Old Name" gets old-name-2.
    expect((await createBlog(t, admin.headers, fields({ title: 'Old Name' }))).slug).toBe('old-name-2');
    // Renamed back, the post takes its slug again and the other name redirects instead.
    await sendBlog(t, admin.headers, fields({ title: 'Old Name', status: 'published' }), { id: blog.id });
    expect((await getJson(t, '/api/blogs/old-name')).json().id).toBe(blog.id);
    expect((await getJson(t, '/api/blogs/new-name')).headers.location).toBe('/api/blogs/old-name');
  });

  it('does not redirect the slug of a post that was never published', async () => {
    const blog = await createBlog(t, admin.headers, fields({ title: 'Draft First' }));
    await sendBlog(t, admin.headers, fields({ title: 'Draft Second' }), { id: blog.id });
    expect((await getJson(t, '/api/blogs/draft-first', admin.headers)).statusCode).toBe(404);
  });

  it('lists newest first with the spec pagination and status/category filters', async () => {
    const other = await createCategory(t, admin.headers, 'Design Notes');
    for (let i = 1; i <= 3; i += 1) {
      await createBlog(
        t,
        admin.headers,
        fields({ title: `Design ${i}`, category: other.id, status: 'published' }),
      );
      await new Promise((resolve) => setTimeout(resolve, 3)); // distinct millisecond timestamps
    }
    const page1 = await getJson(t, `/api/blogs?category=${other.id}&limit=2`, admin.headers);
    expect(page1.json().blogs.map((b: Blog) => b.title)).toEqual(['Design 3', 'Design 2']);
    expect(page1.json().pagination).toEqual({
      currentPage: 1,
      totalPages: 2,
      totalBlogs: 3,
      hasPreviousPage: false,
      hasNextPage: true,
    });
    const page2 = await getJson(t, `/api/blogs?category=${other.slug}&limit=2&page=2`, admin.headers);
    expect(page2.json().blogs.map((b: Blog) => b.title)).toEqual(['Design 1']);
    expect(page2.json().pagination).toMatchObject({ hasPreviousPage: true, hasNextPage: false });
    const drafts = (await getJson(t, '/api/blogs?status=draft&limit=100', admin.headers)).json();
    expect(drafts.blogs.length).toBeGreaterThan(0);
    expect(drafts.blogs.every((b: Blog) => b.status === 'draft')).toBe(true);
    const all = (await getJson(t, '/api/blogs?limit=100', admin.headers)).json();
    expect(all.pagination.totalBlogs).toBeGreaterThan(drafts.pagination.totalBlogs);
    expect((await getJson(t, '/api/blogs?limit=101', admin.headers)).statusCode).toBe(400);
    expect((await getJson(t, '/api/blogs?category=unknown', admin.headers)).json().blogs).toEqual([]);
  });

  it('deletes a post and records the actions in the activity list', async () => {
    const blog = await createBlog(t, admin.headers, fields({ title: 'Short Lived', status: 'published' }));
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/blogs/${blog.id}`,
      headers: admin.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    expect((await getJson(t, `/api/blogs/${blog.id}`, admin.headers)).statusCode).toBe(404);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/blogs/${blog.id}`,
      headers: admin.headers,
    });
    expect(again.statusCode).toBe(404);
    const actions = (
      await t.database.handle.db
        .selectFrom('activity')
        .select('action')
        .where('action', 'like', '%Short Lived%')
        .execute()
    ).map((row) => row.action);
    expect(actions.sort()).toEqual(["admin deleted 'Short Lived'", "admin published 'Short Lived'"]);
  });
});
