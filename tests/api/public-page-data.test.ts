import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Blog, Category } from '../../src/shared/schemas/blog';
import { publicQueryKeys } from '../../src/shared/query-keys';
import type { PageData } from '../../src/shared/ssr';
import { createBlogsService } from '../../src/server/modules/blogs/blogs.service';
import { createCategoriesService } from '../../src/server/modules/categories/categories.service';
import { createPageDataLoader } from '../../src/server/render/page-data';
import { createPublishingService } from '../../src/server/modules/blogs/publishing.service';
import { createPreviewLinks } from '../../src/server/modules/blogs/preview-links';
import { createSecretBox } from '../../src/server/secrets/secret-box';
import type { PageDataLoader } from '../../src/server/render/web-renderer';
import { createTestApp, type TestApp } from './support/test-app';
import { insertUser, insertWorkspace, seededAdmin, type TestUser } from './support/users';
import { blogFields, createBlog, createCategory, getJson, sendBlog } from './support/blogs';

/**
 * The server-side data of the public pages (src/server/render/page-data.ts): the same keys and shapes as
 * the pages' fetch functions (GET /api/... with scope=public), 404 and 301 decisions, robust query parsing.
 */
describe('public page data loader', () => {
  let t: TestApp;
  let admin: TestUser;
  let beta: TestUser;
  let news: Category;
  let published: Blog[];
  let draft: Blog;
  let archived: Blog;
  let betaPost: Blog;
  let load: PageDataLoader;

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.handle.db;
    const previews = createPreviewLinks(db, createSecretBox('k'.repeat(32)), 'http://localhost');
    load = createPageDataLoader({
      blogs: createBlogsService(db),
      categories: createCategoriesService(db),
      publishing: createPublishingService(db, previews),
    });
    admin = await seededAdmin(t);
    beta = await insertUser(t, {
      workspaceId: (await insertWorkspace(t, { name: 'Beta' })).id,
      role: 'SEO Manager',
    });
    news = await createCategory(t, admin.headers, 'News');
    await createCategory(t, admin.headers, 'Guides');
    published = [];
    for (let i = 1; i <= 14; i++)
      published.push(
        await createBlog(
          t,
          admin.headers,
          blogFields(news.id, { status: 'published', title: `Published Post ${i}` }),
        ),
      );
    draft = await createBlog(t, admin.headers, blogFields(news.id, { title: 'Draft Post' }));
    archived = await createBlog(
      t,
      admin.headers,
      blogFields(news.id, { status: 'archived', title: 'Archived Post' }),
    );
    const betaCategory = await createCategory(t, beta.headers, 'Beta');
    betaPost = await createBlog(
      t,
      beta.headers,
      blogFields(betaCategory.id, { status: 'published', title: 'Beta Post' }),
    );
  });
  afterAll(async () => t.close());

  const views = async (blog: Blog) => (await getJson(t, `/api/blogs/${blog.id}`, admin.headers)).json().views;

  it('preloads the home teaser as { blogs } of GET /api/blogs?status=published&limit=3&scope=public', async () => {
    const data = await load('/');
    const api = (await getJson(t, '/api/blogs?status=published&limit=3&scope=public')).json();
    expect(data).toEqual({
      queries: [{ key: publicQueryKeys.homeTeaser(), data: { blogs: api.blogs } }],
    });
    expect(api.blogs).toHaveLength(3);
    // Lists carry what lists show: the post body is fetched by the post page and the editor only.
    for (const blog of api.blogs) expect(blog).not.toHaveProperty('content');
  });

  it('preloads the blog list and categories exactly as the public page asks for them', async () => {
    for (const [url, page, category, apiQuery] of [
      ['/blog', 1, null, ''],
      ['/blog?page=2', 2, null, '&page=2'],
      [`/blog?category=${news.slug}`, 1, news.slug, `&category=${news.slug}`],
      [`/blog?category=${news.slug}&page=2`, 2, news.slug, `&category=${news.slug}&page=2`],
      ['/blog/?page=abc&category=', 1, null, ''],
      ['/blog?page=0', 1, null, ''],
      ['/blog?page=-3', 1, null, ''],
      ['/blog?page=1.5', 1, null, ''],
      ['/blog?page=99999999999', 1, null, ''],
      ['/blog?category=%20%20', 1, null, ''],
      ['/Blog?page=2', 2, null, '&page=2'],
    ] as const) {
      const data = await load(url);
      const api = (await getJson(t, `/api/blogs?scope=public&status=published&limit=12${apiQuery}`)).json();
      const categories = (await getJson(t, '/api/categories?scope=public')).json();
      expect(data, url).toEqual({
        queries: [
          {
            key: publicQueryKeys.blogList(page, category),
            data: { blogs: api.blogs, pagination: api.pagination },
          },
          { key: publicQueryKeys.categories(), data: categories },
        ],
      });
    }
    const second = (await load('/blog?page=2')).queries[0]!.data as { blogs: Blog[] };
    expect(second.blogs).toHaveLength(2);
  });

  it('lists nothing for an unknown category or a page past the end (the page answers 404 from it)', async () => {
    for (const url of ['/blog?category=no-such-thing', '/blog?page=9']) {
      const [list] = (await load(url)).queries;
      expect((list!.data as { blogs: Blog[] }).blogs).toEqual([]);
    }
  });

  it('preloads a published post by slug, counting exactly one view', async () => {
    const post = published[3]!;
    const before = await views(post);
    const data = await load(`/blog/${post.slug}`);
    expect(data.status).toBeUndefined();
    expect(data.redirect).toBeUndefined();
    expect(data.queries).toHaveLength(1);
    const [postQuery] = data.queries;
    expect(postQuery!.key).toEqual(publicQueryKeys.blogPost(post.slug));
    const blog = postQuery!.data as Blog;
    expect(blog).toEqual({ ...post, views: before + 1, updatedAt: blog.updatedAt });
    expect(blog.content).toBe(post.content);
    expect(await views(post)).toBe(before + 1);
  });

  it('answers 404 with a null post for a missing slug, a draft, an archived post and another workspace', async () => {
    for (const slug of ['no-such-post', draft.slug, archived.slug, betaPost.slug, 'bad%E0%A4%A']) {
      // Not valid percent-encoding: kept as it is (as the router keeps it), and not found either.
      const data: PageData = await load(`/blog/${slug}`);
      expect(data, slug).toEqual({
        status: 404,
        queries: [{ key: publicQueryKeys.blogPost(slug), data: null }],
      });
    }
  });

  it('redirects an old slug, and a post id, to the current slug', async () => {
    const post = published[5]!;
    const response = await sendBlog(
      t,
      admin.headers,
      blogFields(news.id, { status: 'published', title: 'A Brand New Title' }),
      { id: post.id },
    );
    const renamed = response.json().blog as Blog;
    expect(await load(`/blog/${post.slug}`)).toEqual({
      queries: [],
      redirect: `/blog/${renamed.slug}`,
    });
    expect(await load(`/blog/${post.id}`)).toEqual({
      queries: [],
      redirect: `/blog/${renamed.slug}`,
    });
  });

  it('gives other pages no data', async () => {
    for (const url of ['/pricing', '/contact?x=1', '/blog/a/b', '/dashboard/blogs', '/blogs'])
      expect(await load(url), url).toEqual({ queries: [] });
  });
});
