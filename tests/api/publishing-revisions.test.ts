import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Blog } from '../../src/shared/schemas/blog';
import type { BlogRevision } from '../../src/shared/schemas/blog-publishing';
import { PUBLISHING_LIMITS } from '../../src/shared/blog';
import { PUBLISHING_MESSAGES } from '../../src/shared/messages';
import { createTestApp, type TestApp } from './support/test-app';
import { insertUser, insertWorkspace, seededAdmin, type TestUser } from './support/users';
import { blogFields, createBlog, createCategory, getJson, sendBlog } from './support/blogs';

type Headers = { authorization: string };

/**
 * docs/product/blog.md#revisions: every save that changes a post's title or content keeps a revision (the last 20), a restore
 * brings an old one back as a new revision, a save made on a version that is no longer current is
 * refused with a 409 and the current post, and the editor's unsaved copy is kept per user.
 */
describe('revisions, stale saves and autosave', () => {
  let t: TestApp;
  let admin: TestUser;
  let editor: TestUser;
  let outsider: TestUser;
  let hr: TestUser;
  let categoryId: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await seededAdmin(t);
    editor = await insertUser(t, { workspaceId: admin.workspaceId, role: 'SEO Manager', username: 'editor' });
    hr = await insertUser(t, { workspaceId: admin.workspaceId, role: 'Human Resource' });
    const beta = await insertWorkspace(t, { name: 'Beta' });
    outsider = await insertUser(t, { workspaceId: beta.id, role: 'SEO Manager' });
    categoryId = (await createCategory(t, admin.headers, 'History')).id;
  });
  afterAll(() => t?.close());

  const save = (headers: Headers, id: string, fields: Record<string, string>) =>
    sendBlog(t, headers, blogFields(categoryId, fields), { id });
  const revisions = async (id: string, headers: Headers = admin.headers) =>
    (await getJson(t, `/api/blogs/${id}/revisions`, headers)).json().revisions as BlogRevision[];
  const restore = (id: string, revisionId: string, payload: object = {}, headers: Headers = admin.headers) =>
    t.app.inject({
      method: 'POST',
      url: `/api/blogs/${id}/revisions/${revisionId}/restore`,
      headers,
      payload,
    });

  it('keeps a revision per change of title or content, and a restore brings the old text back', async () => {
    const post = await createBlog(
      t,
      admin.headers,
      blogFields(categoryId, { title: 'First Words', content: '<p>Original text.</p>', status: 'published' }),
    );
    const edited = await save(editor.headers, post.id, {
      title: 'Second Words',
      content: '<p>Rewritten text.</p>',
      status: 'published',
      version: String(post.version),
    });
    expect(edited.statusCode).toBe(200);
    // A save that changes neither title nor content keeps no revision.
    await save(editor.headers, post.id, {
      title: 'Second Words',
      content: '<p>Rewritten text.</p>',
      status: 'published',
      metaDescription: 'Only the description changed.',
    });
    const kept = await revisions(post.id);
    expect(kept.map((r) => [r.title, r.kind, r.author.username])).toEqual([
      ['Second Words', 'saved', 'editor'],
      ['First Words', 'saved', 'admin'],
    ]);

    const restored = await restore(post.id, kept[1]!.id);
    expect(restored.statusCode).toBe(200);
    const blog = restored.json().blog as Blog;
    // The text comes back; the address stays the one readers now have (the old one still redirects).
    const address = edited.json().blog.slug as string;
    expect(blog).toMatchObject({ title: 'First Words', content: '<p>Original text.</p>', slug: address });
    expect((await getJson(t, `/api/blogs/${address}?scope=public`)).json().title).toBe('First Words');
    const after = await revisions(post.id);
    expect(after[0]).toMatchObject({ title: 'First Words', kind: 'restored', author: { username: 'admin' } });
    expect(after).toHaveLength(3);
  });

  it('answers a stale save with 409 and the current post, changing nothing; a save on it applies', async () => {
    const post = await createBlog(t, admin.headers, blogFields(categoryId, { title: 'Shared Draft' }));
    const opened = post.version;
    const first = await save(editor.headers, post.id, { title: 'Editor Was Here', version: String(opened) });
    expect(first.statusCode).toBe(200);

    const stale = await save(admin.headers, post.id, { title: 'Admin Overwrites', version: String(opened) });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      message: PUBLISHING_MESSAGES.staleSave,
      blog: { title: 'Editor Was Here', version: opened + 1 },
    });
    expect((await getJson(t, `/api/blogs/${post.id}`, admin.headers)).json().title).toBe('Editor Was Here');

    // "Save anyway": the same form on the version the 409 named.
    const anyway = await save(admin.headers, post.id, {
      title: 'Admin Overwrites',
      version: String(opened + 1),
    });
    expect(anyway.statusCode).toBe(200);
    expect(anyway.json().blog).toMatchObject({ title: 'Admin Overwrites', version: opened + 2 });

    const staleRestore = await restore(post.id, (await revisions(post.id))[1]!.id, { version: opened });
    expect(staleRestore.statusCode).toBe(409);
    expect(staleRestore.json().blog.title).toBe('Admin Overwrites');
  });

  it(`keeps the last ${PUBLISHING_LIMITS.revisionsKept} revisions`, async () => {
    const post = await createBlog(t, admin.headers, blogFields(categoryId, { title: 'Busy Post' }));
    for (let i = 1; i <= PUBLISHING_LIMITS.revisionsKept + 4; i++)
      expect(
        (await save(admin.headers, post.id, { title: 'Busy Post', content: `<p>Take ${i}</p>` })).statusCode,
      ).toBe(200);
    const kept = await revisions(post.id);
    expect(kept).toHaveLength(PUBLISHING_LIMITS.revisionsKept);
    expect(kept[0]!.content).toBe(`<p>Take ${PUBLISHING_LIMITS.revisionsKept + 4}</p>`);
    expect(kept.at(-1)!.content).toBe('<p>Take 5</p>');
  });

  it('keeps a post from before revisions existed: its first change saves the original too', async () => {
    const post = await createBlog(t, admin.headers, blogFields(categoryId, { title: 'Old Timer' }));
    // As a database of the previous release holds it: no revision at all.
    await t.database.handle.db.deleteFrom('blog_revisions').where('blog_id', '=', post.id).execute();
    await save(admin.headers, post.id, { title: 'Old Timer Revised' });
    expect((await revisions(post.id)).map((r) => r.title)).toEqual(['Old Timer Revised', 'Old Timer']);
  });

  it("keeps each user's unsaved copy for them alone, until they save or discard it", async () => {
    const post = await createBlog(t, admin.headers, blogFields(categoryId, { title: 'Typing Away' }));
    const copy = {
      fields: { title: 'Typing Away (half done', content: '<p>Half a thought', status: 'draft' },
      baseVersion: post.version,
    };
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/blogs/${post.id}/autosave`,
      headers: admin.headers,
      payload: copy,
    });
    expect(put.statusCode).toBe(200);
    const mine = (await getJson(t, `/api/blogs/${post.id}/autosave`, admin.headers)).json().autosave;
    expect(mine).toMatchObject({
      fields: copy.fields,
      baseVersion: post.version,
      savedAt: put.json().savedAt,
    });
    expect((await getJson(t, `/api/blogs/${post.id}/autosave`, editor.headers)).json().autosave).toBeNull();
    // Saving the post is what the copy was for: it goes.
    await save(admin.headers, post.id, { title: 'Typing Away Done' });
    expect((await getJson(t, `/api/blogs/${post.id}/autosave`, admin.headers)).json().autosave).toBeNull();

    await t.app.inject({
      method: 'PUT',
      url: `/api/blogs/${post.id}/autosave`,
      headers: editor.headers,
      payload: copy,
    });
    const discard = await t.app.inject({
      method: 'DELETE',
      url: `/api/blogs/${post.id}/autosave`,
      headers: editor.headers,
    });
    expect(discard.statusCode).toBe(200);
    expect((await getJson(t, `/api/blogs/${post.id}/autosave`, editor.headers)).json().autosave).toBeNull();

    const bad = await t.app.inject({
      method: 'PUT',
      url: `/api/blogs/${post.id}/autosave`,
      headers: admin.headers,
      payload: { fields: { title: 42 }, baseVersion: 1 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toEqual(expect.any(String));
  });

  it('lets only staff with the blog module of the same workspace near history, copies and restores', async () => {
    const post = await createBlog(t, admin.headers, blogFields(categoryId, { title: 'Guarded' }));
    const revisionId = (await revisions(post.id))[0]!.id;
    const calls = [
      { method: 'GET' as const, url: `/api/blogs/${post.id}/revisions` },
      { method: 'POST' as const, url: `/api/blogs/${post.id}/revisions/${revisionId}/restore`, payload: {} },
      { method: 'GET' as const, url: `/api/blogs/${post.id}/autosave` },
      {
        method: 'PUT' as const,
        url: `/api/blogs/${post.id}/autosave`,
        payload: { fields: { title: 'x' }, baseVersion: 1 },
      },
    ];
    for (const call of calls) {
      expect((await t.app.inject(call)).statusCode, call.url).toBe(401);
      expect((await t.app.inject({ ...call, headers: hr.headers })).statusCode, call.url).toBe(403);
      expect((await t.app.inject({ ...call, headers: outsider.headers })).statusCode, call.url).toBe(404);
    }
    const unknown = await restore(post.id, 'no-such-revision');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(PUBLISHING_MESSAGES.revisionNotFound);
  });
});
