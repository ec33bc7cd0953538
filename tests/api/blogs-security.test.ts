import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOG_MESSAGES, SERVER_MESSAGES } from '../../src/shared/messages';
import type { Blog } from '../../src/shared/schemas/blog';
import { createTestApp, type TestApp } from './support/test-app';
import { insertUser, insertWorkspace, seededAdmin, type TestUser } from './support/users';
import { blogFields, createBlog, createCategory, getJson, sendBlog, setStatus } from './support/blogs';
import { XSS_PAYLOADS, dangerIn } from './support/xss-corpus';

/** Who may see and change which posts (docs/architecture.md#tenancy-and-authorization), script-free content, and exact view counts. */
describe('blogs API security', () => {
  let t: TestApp;
  let admin: TestUser; // Admin of the agency workspace (the public site's)
  let hr: TestUser; // agency 'Human Resource': no seoManagement
  let beta: TestUser; // SEO Manager of another workspace
  let agencyCategory: string;
  let published: Blog;
  let draft: Blog;
  let archived: Blog;
  let betaPost: Blog;
  let betaDraft: Blog;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await seededAdmin(t);
    hr = await insertUser(t, { workspaceId: admin.workspaceId, role: 'Human Resource' });
    beta = await insertUser(t, {
      workspaceId: (await insertWorkspace(t, { name: 'Beta' })).id,
      role: 'SEO Manager',
    });
    agencyCategory = (await createCategory(t, admin.headers, 'News')).id;
    const betaCategory = (await createCategory(t, beta.headers, 'Beta News')).id;
    const post = (status: string, title: string) => blogFields(agencyCategory, { status, title });
    published = await createBlog(t, admin.headers, post('published', 'Public Post'));
    draft = await createBlog(t, admin.headers, post('draft', 'Secret Draft'));
    archived = await createBlog(t, admin.headers, post('archived', 'Old Archive'));
    betaPost = await createBlog(
      t,
      beta.headers,
      blogFields(betaCategory, { status: 'published', title: 'Beta Post' }),
    );
    betaDraft = await createBlog(t, beta.headers, blogFields(betaCategory, { title: 'Beta Draft' }));
  });
  afterAll(async () => t.close());

  const ids = (response: { json(): { blogs: Blog[] } }) =>
    response
      .json()
      .blogs.map((b) => b.id)
      .sort();

  it('shows anonymous callers only published agency posts, whatever they ask for', async () => {
    for (const query of ['', '?status=draft', '?status=archived', '?limit=100']) {
      expect(ids(await getJson(t, `/api/blogs${query}`))).toEqual([published.id]);
    }
    expect(ids(await getJson(t, `/api/blogs?category=${betaPost.category!.slug}`))).toEqual([]);
  });

  it('answers 404 to anonymous reads of drafts, archived and other workspaces posts, by id and by slug', async () => {
    for (const blog of [draft, archived, betaPost, betaDraft]) {
      for (const key of [blog.id, blog.slug]) {
        const response = await getJson(t, `/api/blogs/${key}`);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ message: BLOG_MESSAGES.notFound });
      }
    }
    expect((await getJson(t, `/api/blogs/${published.slug}`)).json().id).toBe(published.id);
    expect((await getJson(t, `/api/blogs/${published.id}`)).statusCode).toBe(200);
  });

  it('reads a kept-out account as anonymous: a Team Member granted SEO Management never sees a draft (attack)', async () => {
    // The dashboard keeps a Team Member out whatever modules were granted (src/shared/access.ts); the blog's
    // optional sign-in must too. Before: the agency's draft and archived posts, by list, id and slug.
    const member = await insertUser(t, {
      workspaceId: admin.workspaceId,
      role: 'Team Member',
      permissions: JSON.stringify({ seoManagement: true }),
    });
    for (const query of ['', '?status=draft', '?status=archived', '?limit=100'])
      expect(ids(await getJson(t, `/api/blogs${query}`, member.headers))).toEqual([published.id]);
    for (const key of [draft.id, draft.slug, archived.id]) {
      const response = await getJson(t, `/api/blogs/${key}`, member.headers);
      expect(response.statusCode).toBe(404);
    }
  });

  it('keeps workspaces apart: staff never see or change another workspace posts', async () => {
    expect(ids(await getJson(t, '/api/blogs', beta.headers))).toEqual([betaDraft.id, betaPost.id].sort());
    expect(ids(await getJson(t, '/api/blogs', admin.headers))).toEqual(
      [published.id, draft.id, archived.id].sort(),
    );
    for (const key of [draft.id, draft.slug, archived.slug])
      expect((await getJson(t, `/api/blogs/${key}`, beta.headers)).statusCode).toBe(404);
    for (const key of [betaPost.id, betaPost.slug, betaDraft.id])
      expect((await getJson(t, `/api/blogs/${key}`, admin.headers)).statusCode).toBe(404);
    // The agency's published posts are public to everyone, signed in elsewhere or not.
    expect((await getJson(t, `/api/blogs/${published.slug}`, beta.headers)).statusCode).toBe(200);
    expect((await setStatus(t, beta.headers, draft.id, 'published')).statusCode).toBe(404);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/blogs/${draft.id}`,
      headers: beta.headers,
    });
    expect(del.statusCode).toBe(404);
    // A category of another workspace cannot be used.
    const foreign = await sendBlog(t, admin.headers, blogFields(betaPost.category!._id));
    expect(foreign.json().message).toBe(BLOG_MESSAGES.categoryNotFound);
  });

  it('shows staff without SEO Management only the published posts of their workspace', async () => {
    // As for the public: published posts whatever they ask for.
    for (const query of ['', '?status=draft', '?status=archived'])
      expect(ids(await getJson(t, `/api/blogs${query}`, hr.headers))).toEqual([published.id]);
    for (const key of [draft.id, draft.slug, archived.id])
      expect((await getJson(t, `/api/blogs/${key}`, hr.headers)).statusCode).toBe(404);
    expect((await getJson(t, `/api/blogs/${published.slug}`, hr.headers)).json().id).toBe(published.id);
  });

  it('refuses every write from anonymous callers (401) and roles without SEO Management (403)', async () => {
    for (const [headers, status] of [
      [undefined, 401],
      [hr.headers, 403],
    ] as const) {
      const fields = blogFields(agencyCategory, { title: 'Should Not Exist' });
      const responses = [
        await sendBlog(t, headers, fields),
        await sendBlog(t, headers, fields, { id: draft.id }),
        await setStatus(t, headers, draft.id, 'published'),
        await t.app.inject({ method: 'DELETE', url: `/api/blogs/${draft.id}`, headers: headers ?? {} }),
        // Even an invalid body is refused for who sends it, not for what it holds.
        await sendBlog(t, headers, {}),
      ];
      for (const response of responses) {
        expect(response.statusCode).toBe(status);
        expect(response.json().message).toBe(
          status === 401 ? SERVER_MESSAGES.unauthorized : SERVER_MESSAGES.forbidden,
        );
      }
    }
    const after = (await getJson(t, `/api/blogs/${draft.id}`, admin.headers)).json() as Blog;
    expect(after).toMatchObject({ status: 'draft', title: 'Secret Draft' });
    expect((await getJson(t, '/api/blogs/should-not-exist', admin.headers)).statusCode).toBe(404);
  });

  it(`stores and returns no script, handler or script URL from ${XSS_PAYLOADS.length} XSS payloads`, async () => {
    expect(XSS_PAYLOADS.length).toBeGreaterThanOrEqual(20);
    for (const [i, payload] of XSS_PAYLOADS.entries()) {
      const content = `<h2>Safe ${i}</h2><p>ok</p>${payload}`;
      const response = await sendBlog(
        t,
        admin.headers,
        blogFields(agencyCategory, { title: `X ${i}`, content }),
      );
      expect(response.statusCode).toBe(201);
      const blog = response.json().blog as Blog;
      const stored = await t.database.handle.db
        .selectFrom('blogs')
        .select('content')
        .where('id', '=', blog.id)
        .executeTakeFirstOrThrow();
      for (const html of [blog.content, stored.content]) {
        expect(dangerIn(html), `${payload} → ${html}`).toEqual([]);
        expect(html.startsWith(`<h2>Safe ${i}</h2><p>ok</p>`)).toBe(true);
      }
    }
  });

  it('keeps safe formatting through the API', async () => {
    const content =
      '<h2>Tips</h2><ul><li>One</li></ul><p><a href="https://example.com" target="_blank">x</a></p>' +
      '<img src="https://cdn.example.com/a.png" alt="A" /><table><tbody><tr><td>1</td></tr></tbody></table>' +
      '<pre><code>npm start</code></pre>';
    const blog = await createBlog(
      t,
      admin.headers,
      blogFields(agencyCategory, { title: 'Formatting', content }),
    );
    expect(blog.content).toBe(
      content.replace('target="_blank"', 'target="_blank" rel="noopener noreferrer"'),
    );
  });

  it('counts exactly one view per public read, also under 50 concurrent reads; staff reads do not count', async () => {
    const post = await createBlog(
      t,
      admin.headers,
      blogFields(agencyCategory, { status: 'published', title: 'Busy Post' }),
    );
    const reads = await Promise.all(
      Array.from({ length: 50 }, (_, i) => getJson(t, `/api/blogs/${i % 2 ? post.slug : post.id}`)),
    );
    expect(reads.every((r) => r.statusCode === 200)).toBe(true);
    expect(new Set(reads.map((r) => r.json().views)).size).toBe(50);
    for (const key of [post.id, post.slug]) {
      const own = await getJson(t, `/api/blogs/${key}`, admin.headers);
      expect(own.json().views).toBe(50);
    }
    const list = (await getJson(t, '/api/blogs?status=published&limit=100')).json().blogs as Blog[];
    expect(list.find((b) => b.id === post.id)?.views).toBe(50);
  });
});
