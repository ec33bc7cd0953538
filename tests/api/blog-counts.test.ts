import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Blog, Category } from '../../src/shared/schemas/blog';
import { createTestApp, type TestApp } from './support/test-app';
import { insertUser, insertWorkspace, seededAdmin, type TestUser } from './support/users';
import { blogFields, createBlog, createCategory, getJson, sendBlog, setStatus } from './support/blogs';

/**
 * List totals come from trigger-kept counters (migration 006), not from counting rows: after every kind of
 * write each list's totalBlogs must still equal the rows a count over `blogs` finds.
 */
describe('blog list totals', () => {
  let t: TestApp;
  let admin: TestUser;
  let beta: TestUser;
  let news: Category;
  let guides: Category;
  const posts: Blog[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    admin = await seededAdmin(t);
    beta = await insertUser(t, {
      workspaceId: (await insertWorkspace(t, { name: 'Beta' })).id,
      role: 'SEO Manager',
    });
    news = await createCategory(t, admin.headers, 'News');
    guides = await createCategory(t, admin.headers, 'Guides');
  });
  afterAll(async () => t.close());

  /** totalBlogs of every list the API offers, against counts over the rows themselves. */
  async function expectTotalsMatchRows() {
    const db = t.database.handle.db;
    for (const user of [admin, beta]) {
      const workspaceId = (
        await db
          .selectFrom('users')
          .select('workspace_id')
          .where('id', '=', user.id)
          .executeTakeFirstOrThrow()
      ).workspace_id;
      const categories = (await getJson(t, '/api/categories', user.headers)).json() as Category[];
      for (const status of [undefined, 'draft', 'published', 'archived'] as const) {
        for (const category of [undefined, ...categories]) {
          const query = new URLSearchParams({ limit: '1' });
          if (status) query.set('status', status);
          if (category) query.set('category', category.id);
          const listed = (await getJson(t, `/api/blogs?${query}`, user.headers)).json();
          const counted = await db
            .selectFrom('blogs')
            .select((eb) => eb.fn.countAll<string | number>().as('n'))
            .where('workspace_id', '=', workspaceId)
            .$if(status !== undefined, (q) => q.where('status', '=', status!))
            .$if(category !== undefined, (q) => q.where('category_id', '=', category!.id))
            .executeTakeFirstOrThrow();
          expect(listed.pagination.totalBlogs, `${query}`).toBe(Number(counted.n));
        }
      }
    }
    const publicList = (await getJson(t, '/api/blogs?scope=public&limit=1')).json();
    const visible = posts.filter((p) => p.status === 'published').length;
    expect(publicList.pagination.totalBlogs).toBe(visible);
  }

  it('follow creates, publishing, archiving, category moves and deletes', async () => {
    for (const [i, status] of ['draft', 'published', 'published', 'archived', 'published'].entries())
      posts.push(
        await createBlog(
          t,
          admin.headers,
          blogFields(i % 2 ? news.id : guides.id, { status, title: `Counted ${i}` }),
        ),
      );
    const betaCategory = await createCategory(t, beta.headers, 'Beta News');
    await createBlog(t, beta.headers, blogFields(betaCategory.id, { status: 'published', title: 'Beta' }));
    await expectTotalsMatchRows();

    // Publish a draft, archive a published post, republish an archived one.
    for (const [index, status] of [
      [0, 'published'],
      [1, 'archived'],
      [3, 'published'],
    ] as const) {
      const response = await setStatus(t, admin.headers, posts[index]!.id, status);
      expect(response.statusCode).toBe(200);
      posts[index] = response.json().blog;
    }
    await expectTotalsMatchRows();

    // The whole form: another category and status at once.
    const moved = await sendBlog(
      t,
      admin.headers,
      blogFields(guides.id, { status: 'draft', title: 'Counted 2' }),
      { id: posts[2]!.id },
    );
    expect(moved.statusCode).toBe(200);
    posts[2] = moved.json().blog;
    await expectTotalsMatchRows();

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/blogs/${posts[4]!.id}`,
      headers: admin.headers,
    });
    expect(removed.statusCode).toBe(200);
    posts.splice(4, 1);
    await expectTotalsMatchRows();
  });

  it('are unaffected by public reads, which update the post row (views)', async () => {
    const post = posts.find((p) => p.status === 'published')!;
    for (let i = 0; i < 3; i += 1)
      expect((await getJson(t, `/api/blogs/${post.slug}?scope=public`)).statusCode).toBe(200);
    await expectTotalsMatchRows();
  });

  it('list nothing, and total nothing, for an unknown category', async () => {
    const answer = (await getJson(t, '/api/blogs?category=nope', admin.headers)).json();
    expect(answer.blogs).toEqual([]);
    expect(answer.pagination).toMatchObject({ totalBlogs: 0, totalPages: 0, hasNextPage: false });
  });
});
