import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Blog } from '../../src/shared/schemas/blog';
import { PUBLISHING_MESSAGES } from '../../src/shared/messages';
import { builtWeb, createTestApp, reopenTestDatabase, testEngine, type TestApp } from './support/test-app';
import { seededAdmin, type TestUser } from './support/users';
import { blogFields, createBlog, createCategory, getJson, sendBlog } from './support/blogs';

const MINUTE = 60_000;

/** A clock the test moves by hand: the scheduler and the write checks read it, nothing else. */
function testClock(start: string) {
  let now = new Date(start);
  return {
    read: () => now,
    set: (iso: string | Date) => {
      now = new Date(iso);
    },
  };
}

async function scheduledActivityCount(t: TestApp, title: string): Promise<number> {
  const rows = await t.database.handle.db
    .selectFrom('activity')
    .select('action')
    .where('action', '=', PUBLISHING_MESSAGES.scheduledActivity(title))
    .execute();
  return rows.length;
}

/** Where an anonymous visitor could see a post: the public list, its page, the sitemap and the feed. */
async function publicTraces(t: TestApp, slug: string) {
  const list = (await getJson(t, '/api/blogs?status=published&limit=100')).json() as { blogs: Blog[] };
  return {
    listed: list.blogs.some((post) => post.slug === slug),
    page: (await getJson(t, `/blog/${slug}`)).statusCode,
    api: (await getJson(t, `/api/blogs/${slug}?scope=public`)).statusCode,
    sitemap: (await getJson(t, '/sitemap.xml')).body.includes(`/blog/${slug}<`),
    feed: (await getJson(t, '/rss.xml')).body.includes(`/blog/${slug}<`),
  };
}

/**
 * docs/product/blog.md#scheduled-publishing, scheduled publishing, on a clock the test controls: a post scheduled for T is a draft to the
 * public until T and published from T on (list, page, sitemap, feed — through the render cache without a
 * purge), exactly once with two instances, and at start after a restart that spanned T.
 */
describe('scheduled publishing', () => {
  const clock = testClock('2031-03-01T09:00:00.000Z');
  let t: TestApp;
  let admin: TestUser;
  let categoryId: string;

  beforeAll(async () => {
    t = await createTestApp({ clock: clock.read, web: await builtWeb() });
    admin = await seededAdmin(t);
    categoryId = (await createCategory(t, admin.headers, 'Launches')).id;
  });
  afterAll(() => t?.close());

  const schedule = (title: string, publishAt: string, extra: Record<string, string> = {}) =>
    createBlog(t, admin.headers, blogFields(categoryId, { title, status: 'draft', publishAt, ...extra }));

  it('is absent at T−1 min and present at T on the list, the page, the sitemap and the feed', async () => {
    const at = '2031-03-01T10:00:00.000Z';
    const post = await schedule('Spring Launch', at);
    expect(post).toMatchObject({ status: 'draft', publishAt: at, publishedAt: null });
    const queued = (await getJson(t, '/api/blogs?scheduled=true', admin.headers)).json();
    expect(queued.blogs.map((b: Blog) => b.id)).toContain(post.id);

    clock.set(new Date(Date.parse(at) - MINUTE));
    expect(await t.app.scheduler.publishDue()).toBe(0);
    // Read once before T: every one of these answers is now in the render cache.
    expect(await publicTraces(t, post.slug)).toEqual({
      listed: false,
      page: 404,
      api: 404,
      sitemap: false,
      feed: false,
    });

    clock.set(at);
    expect(await t.app.scheduler.publishDue()).toBe(1);
    expect(await publicTraces(t, post.slug)).toEqual({
      listed: true,
      page: 200,
      api: 200,
      sitemap: true,
      feed: true,
    });
    const published = (await getJson(t, `/api/blogs/${post.id}`, admin.headers)).json() as Blog;
    // The reader's date is the scheduled time; the schedule is done.
    expect(published).toMatchObject({ status: 'published', publishedAt: at, publishAt: null });
    expect(published.version).toBe(post.version + 1);
    expect(await scheduledActivityCount(t, 'Spring Launch')).toBe(1);
    const after = (await getJson(t, '/api/blogs?scheduled=true', admin.headers)).json();
    expect(after.blogs.map((b: Blog) => b.id)).not.toContain(post.id);
  });

  it('refuses a time in the past, a schedule on a post that is not a draft, and a malformed time', async () => {
    const before = (await getJson(t, '/api/blogs', admin.headers)).json().pagination.totalBlogs;
    const past = await sendBlog(
      t,
      admin.headers,
      blogFields(categoryId, {
        title: 'Too Late',
        publishAt: new Date(clock.read().getTime() - MINUTE).toISOString(),
      }),
    );
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toBe(PUBLISHING_MESSAGES.publishAtPast);
    const future = new Date(clock.read().getTime() + 60 * MINUTE).toISOString();
    const notDraft = await sendBlog(
      t,
      admin.headers,
      blogFields(categoryId, { title: 'Live Now', status: 'published', publishAt: future }),
    );
    expect(notDraft.statusCode).toBe(400);
    expect(notDraft.json().message).toBe(PUBLISHING_MESSAGES.publishAtNeedsDraft);
    for (const publishAt of ['tomorrow', '2031-03-01 10:00', '2031-02-30T10:00:00Z']) {
      const bad = await sendBlog(t, admin.headers, blogFields(categoryId, { title: 'Odd Time', publishAt }));
      expect(bad.statusCode, publishAt).toBe(400);
      expect(bad.json().message).toBe(PUBLISHING_MESSAGES.publishAtInvalid);
    }
    expect((await getJson(t, '/api/blogs', admin.headers)).json().pagination.totalBlogs).toBe(before);
  });

  it('publishing by hand ends the schedule; the list of scheduled posts is soonest first', async () => {
    const base = clock.read().getTime();
    const later = await schedule('Later One', new Date(base + 120 * MINUTE).toISOString());
    const sooner = await schedule('Sooner One', new Date(base + 30 * MINUTE).toISOString());
    const queued = (await getJson(t, '/api/blogs?scheduled=true', admin.headers)).json().blogs as Blog[];
    expect(queued.map((b) => b.title)).toEqual(['Sooner One', 'Later One']);

    const now = await t.app.inject({
      method: 'PUT',
      url: `/api/blogs/${sooner.id}`,
      headers: admin.headers,
      payload: { status: 'published' },
    });
    expect(now.json().blog).toMatchObject({ status: 'published', publishAt: null });
    clock.set(new Date(base + 200 * MINUTE));
    // Only the one still waiting publishes; the one published by hand is not published again.
    expect(await t.app.scheduler.publishDue()).toBe(1);
    expect(await scheduledActivityCount(t, 'Sooner One')).toBe(0);
    expect(await scheduledActivityCount(t, 'Later One')).toBe(1);
    expect((await getJson(t, `/api/blogs/${later.id}`, admin.headers)).json().status).toBe('published');
  });
});

describe('scheduled publishing with two instances and across a restart', () => {
  const clock = testClock('2031-06-01T08:00:00.000Z');
  let a: TestApp;
  let admin: TestUser;
  let categoryId: string;

  beforeAll(async () => {
    a = await createTestApp({ clock: clock.read });
    admin = await seededAdmin(a);
    categoryId = (await createCategory(a, admin.headers, 'Twins')).id;
  });
  afterAll(() => a?.close());

  it('publishes each post exactly once when two instances look at the same moment', async () => {
    const b = await createTestApp({ clock: clock.read, database: await reopenTestDatabase(a.database) });
    try {
      const at = '2031-06-01T09:00:00.000Z';
      const titles = ['Twin 1', 'Twin 2', 'Twin 3', 'Twin 4', 'Twin 5'];
      for (const title of titles)
        await createBlog(a, admin.headers, blogFields(categoryId, { title, publishAt: at }));
      clock.set(at);
      const looks = [a, b, a, b].map((instance) => () => instance.app.scheduler.publishDue());
      // PostgreSQL: truly at once. SQLite runs one instance per data directory (its instance lock), and
      // two synchronous connections in one test process would wait on each other: there they look in turn.
      const counts =
        testEngine() === 'postgres'
          ? await Promise.all(looks.map((look) => look()))
          : [await looks[0]!(), await looks[1]!(), await looks[2]!(), await looks[3]!()];
      expect(counts.reduce((sum, n) => sum + n, 0)).toBe(titles.length);
      for (const title of titles) expect(await scheduledActivityCount(a, title)).toBe(1);
      const listed = (await getJson(b, '/api/blogs?status=published&limit=100')).json().blogs as Blog[];
      expect(listed.filter((post) => post.title.startsWith('Twin'))).toHaveLength(titles.length);
    } finally {
      await b.close();
    }
  });

  it('publishes at start a post whose time passed while no instance was running', async () => {
    clock.set('2031-06-02T08:00:00.000Z');
    const post = await createBlog(
      a,
      admin.headers,
      blogFields(categoryId, { title: 'Overnight', publishAt: '2031-06-02T09:00:00.000Z' }),
    );
    // The instance that scheduled it stops before T (its own database connection closes with it)…
    const database = await reopenTestDatabase(a.database);
    const later = testClock('2031-06-02T11:30:00.000Z');
    // …and another starts after T: its scheduler's first run publishes the post.
    const restarted = await createTestApp({ clock: later.read, database });
    try {
      expect((await getJson(restarted, `/api/blogs/${post.slug}?scope=public`)).statusCode).toBe(404);
      await restarted.app.scheduler.start();
      const answer = await getJson(restarted, `/api/blogs/${post.slug}?scope=public`);
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toMatchObject({ status: 'published', publishedAt: '2031-06-02T09:00:00.000Z' });
      expect(await scheduledActivityCount(restarted, 'Overnight')).toBe(1);
    } finally {
      await restarted.close();
    }
  });
});

describe('the scheduler on the real clock', () => {
  let t: TestApp;
  let admin: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await seededAdmin(t);
  });
  afterAll(() => t?.close());

  it('publishes a post by itself at its time, without anyone asking', async () => {
    await t.app.scheduler.start();
    const categoryId = (await createCategory(t, admin.headers, 'Timers')).id;
    const at = new Date(Date.now() + 1_500).toISOString();
    const post = await createBlog(
      t,
      admin.headers,
      blogFields(categoryId, { title: 'On The Dot', publishAt: at }),
    );
    const deadline = Date.now() + 10_000;
    let status = post.status;
    while (status !== 'published' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      status = (await getJson(t, `/api/blogs/${post.id}`, admin.headers)).json().status;
    }
    expect(status).toBe('published');
    // Not before its time (the timer was set for it, not a poll that happened to come).
    const published = (await getJson(t, `/api/blogs/${post.id}`, admin.headers)).json() as Blog;
    expect(Date.parse(published.updatedAt)).toBeGreaterThanOrEqual(Date.parse(at));
    expect(published.publishedAt).toBe(at);
  });
});
