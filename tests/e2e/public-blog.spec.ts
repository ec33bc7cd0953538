import type { APIRequestContext, Page } from '@playwright/test';
import { BLOG_MESSAGES } from '../../src/shared/messages';
import type { Blog, Category } from '../../src/shared/schemas/blog';
import { E2E_ADMIN } from './support/server';
import { expect, registerViaApi, signIn, test, uniqueEmail } from './support/fixtures';

/** A valid 48×27 PNG, small enough to inline. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAADAAAAAbCAIAAAC1C5slAAAAL0lEQVR42u3OMQ0AAAgDsKnjxb8AfGBjR5MKaHauSoSEhISEhISEhISEhISEqkMP8jN6Cu/B+6gAAAAASUVORK5CYII=',
  'base64',
);
const run = Date.now().toString(36);
const utc = (options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat('en-US', { ...options, year: 'numeric', day: 'numeric', timeZone: 'UTC' });
const shortDate = (iso: string) => utc({ month: 'short' }).format(new Date(iso));
const longDate = (iso: string) => utc({ month: 'long' }).format(new Date(iso));

type Headers = { Authorization: string };

async function adminHeaders(request: APIRequestContext): Promise<Headers> {
  const response = await request.post('/api/login', { data: E2E_ADMIN });
  expect(response.ok(), await response.text()).toBe(true);
  return { Authorization: `Bearer ${((await response.json()) as { token: string }).token}` };
}

async function createCategory(request: APIRequestContext, headers: Headers, name: string) {
  const response = await request.post('/api/categories', { headers, data: { name, description: '' } });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { category: Category }).category;
}

async function createPost(
  request: APIRequestContext,
  headers: Headers,
  fields: Record<string, string>,
  options: { image?: boolean; id?: string } = {},
): Promise<Blog> {
  const multipart: Record<string, string | { name: string; mimeType: string; buffer: Buffer }> = {
    metaDescription: 'A short description of the post.',
    keywords: '',
    content: '<p>Body text.</p>',
    status: 'published',
    altText: '',
    ...fields,
  };
  if (options.image) multipart.featuredImage = { name: 'photo.png', mimeType: 'image/png', buffer: PNG };
  const response = options.id
    ? await request.put(`/api/blogs/${options.id}`, { headers, multipart })
    : await request.post('/api/blogs', { headers, multipart });
  expect(response.status(), await response.text()).toBe(options.id ? 200 : 201);
  return ((await response.json()) as { blog: Blog }).blog;
}

/** The agency's own read of a post: not counted as a view. */
async function views(request: APIRequestContext, headers: Headers, id: string): Promise<number> {
  return ((await (await request.get(`/api/blogs/${id}`, { headers })).json()) as Blog).views;
}

/** Records the API reads a page makes (hydration must need none for preloaded data). */
function recordBlogReads(page: Page): string[] {
  const reads: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (/^\/api\/(blogs|categories)/.test(url.pathname)) reads.push(url.pathname + url.search);
  });
  return reads;
}

test('the list and a post are complete in the server HTML, with their search and social tags', async ({
  request,
}) => {
  const headers = await adminHeaders(request);
  const category = await createCategory(request, headers, `E2E SSR ${run}`);
  const post = await createPost(
    request,
    headers,
    {
      title: `Server Rendered ${run}`,
      metaDescription: `Readable without JavaScript ${run}.`,
      keywords: 'ssr, seo',
      category: category.id,
      content: `<h2>Inside the HTML</h2><p>Crawlers read this paragraph ${run}.</p>`,
    },
    { image: true },
  );

  const list = await request.get(`/blog?category=${category.slug}`);
  expect(list.status()).toBe(200);
  const listHtml = await list.text();
  expect(listHtml).toContain('<title>Blog - AgencyHQ</title>');
  expect(listHtml).toMatch(/<meta name="description" content="[^"]+"/);
  expect(listHtml).toMatch(/<h1[^>]*>Our Blog<\/h1>/);
  expect(listHtml).toContain(`Server Rendered ${run}`);
  expect(listHtml).toContain(`Readable without JavaScript ${run}.`);
  expect(listHtml).toContain(`href="/blog/${post.slug}"`);
  expect(listHtml).toMatch(
    new RegExp(`<link rel="canonical" href="http://[^"]+/blog\\?category=${category.slug}" />`),
  );
  expect(listHtml).toContain('<meta property="og:title" content="Blog - AgencyHQ" />');
  expect(listHtml).toContain('By admin');

  const page = await request.get(`/blog/${post.slug}`);
  expect(page.status()).toBe(200);
  const html = await page.text();
  expect(html).toContain(`<title>Server Rendered ${run} - AgencyHQ</title>`);
  expect(html).toMatch(new RegExp(`<h1[^>]*>Server Rendered ${run}</h1>`));
  expect(html).toContain(`Crawlers read this paragraph ${run}.`);
  expect(html).toContain(`<meta name="description" content="Readable without JavaScript ${run}." />`);
  expect(html).toContain('<meta name="keywords" content="ssr, seo" />');
  expect(html).toMatch(new RegExp(`<link rel="canonical" href="http://[^"]+/blog/${post.slug}" />`));
  expect(html).toContain('<meta property="og:type" content="article" />');
  expect(html).toMatch(/<meta property="og:image" content="http:\/\/[^"]+\/api\/media\/[^"]+" \/>/);
  expect(html).toContain(`<meta property="article:published_time" content="${post.publishedAt}" />`);
  expect(html).toContain('Tags:');
  const jsonLd = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)?.[1];
  expect(JSON.parse(jsonLd!)).toMatchObject({
    '@type': 'BlogPosting',
    headline: `Server Rendered ${run}`,
    description: `Readable without JavaScript ${run}.`,
    datePublished: post.publishedAt,
    dateModified: post.updatedAt,
    author: { name: 'admin' },
    image: [expect.stringMatching(/^http:\/\/.+\/api\/media\//)],
    mainEntityOfPage: { '@id': expect.stringMatching(new RegExp(`^http://.+/blog/${post.slug}$`)) },
  });
});

test('category filters are links; 13 posts make two pages; cards show the cuts, author, views', async ({
  page,
  request,
}) => {
  const headers = await adminHeaders(request);
  const category = await createCategory(request, headers, `E2E Paging ${run}`);
  const empty = await createCategory(request, headers, `E2E Empty ${run}`);
  const longDescription = `${'Long description words '.repeat(4)}${run} and the tail that is cut off here.`;
  const fullTitle = `Sixty characters exactly in this title ${run}`.padEnd(60, '!');
  const posts: Blog[] = [];
  for (let i = 1; i <= 13; i += 1)
    posts.push(
      await createPost(request, headers, {
        title: i === 13 ? fullTitle : `Paging post ${i} ${run}`,
        metaDescription: i === 13 ? longDescription : `Post ${i} of the public paging test.`,
        category: category.id,
      }),
    );
  const newest = posts[12]!;

  const reads = recordBlogReads(page);
  await page.goto('/blog');
  await expect(page.getByRole('heading', { level: 1, name: 'Our Blog' })).toBeVisible();
  await expect(page).toHaveTitle('Blog - AgencyHQ');
  const filters = page.getByRole('navigation', { name: 'Blog categories' });
  await expect(filters.getByRole('link', { name: 'All Posts' })).toHaveAttribute('aria-current', 'page');
  await filters.getByRole('link', { name: `E2E Paging ${run}` }).click();
  await expect(page).toHaveURL(new RegExp(`/blog\\?category=${category.slug}$`));
  await expect(filters.getByRole('link', { name: `E2E Paging ${run}` })).toHaveAttribute(
    'aria-current',
    'page',
  );

  const cards = page.getByRole('article');
  await expect(cards).toHaveCount(12);
  await expect(page.getByText('Page 1 of 2')).toBeVisible();
  const first = cards.first();
  // Titles are at most 60 characters (docs/product/blog.md#numbers), so a full one is shown whole; descriptions are cut at 120.
  await expect(first.getByRole('link', { name: fullTitle, exact: true })).toBeVisible();
  await expect(first).toContainText(`${longDescription.slice(0, 120)}...`);
  await expect(first).not.toContainText(longDescription);
  await expect(cards.nth(1)).toContainText('Post 12 of the public paging test.');
  await expect(cards.nth(1)).not.toContainText('...');
  await expect(first).toContainText(`E2E Paging ${run}`);
  await expect(first).toContainText(shortDate(newest.publishedAt!));
  await expect(first).toContainText('By admin');
  await expect(first).toContainText('0 views');

  await page.getByRole('link', { name: 'Next' }).click();
  await expect(page).toHaveURL(new RegExp(`/blog\\?category=${category.slug}&page=2$`));
  await expect(page.getByText('Page 2 of 2')).toBeVisible();
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText(`Paging post 1 ${run}`);
  await page.getByRole('link', { name: 'Previous' }).click();
  await expect(page.getByText('Page 1 of 2')).toBeVisible();

  // A shared page-2 address is rendered by the server with its data: no API read needed to show it.
  reads.length = 0;
  await page.goto(`/blog?category=${category.slug}&page=2`);
  await expect(page.getByText('Page 2 of 2')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(reads).toEqual([]);

  // Client-side filter change: the loading text while the list is on its way, then the empty state.
  await page.route(/\/api\/blogs\?/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 700));
    await route.continue();
  });
  await filters.getByRole('link', { name: `E2E Empty ${run}` }).click();
  await expect(page.getByText(BLOG_MESSAGES.loadingPosts)).toBeVisible();
  await expect(page.getByText(BLOG_MESSAGES.emptyPublicTitle)).toBeVisible();
  await expect(page.getByText(BLOG_MESSAGES.emptyPublicText)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/blog\\?category=${empty.slug}$`));
  await expect(page.getByRole('navigation', { name: 'Pagination' })).toHaveCount(0);
  await filters.getByRole('link', { name: 'All Posts' }).click();
  await expect(page).toHaveURL(/\/blog$/);
});

test('a post shows every part of docs/product/blog.md#public-post, counts one view per visit, and shares', async ({
  page,
  context,
  request,
}) => {
  const headers = await adminHeaders(request);
  const category = await createCategory(request, headers, `E2E Post ${run}`);
  const post = await createPost(
    request,
    headers,
    {
      title: `Reading page ${run}`,
      metaDescription: `What this post is about ${run}.`,
      keywords: 'alpha, beta, gamma',
      category: category.id,
      content: '<h2>Section heading</h2><p>The first paragraph.</p><ul><li>One point</li></ul>',
      altText: 'A blue square',
    },
    { image: true },
  );

  const before = await views(request, headers, post.id);
  const reads = recordBlogReads(page);
  await page.goto(`/blog?category=${category.slug}`);
  await page.getByRole('link', { name: `Reading page ${run}` }).click();
  await expect(page).toHaveURL(new RegExp(`/blog/${post.slug}$`));
  await expect(page.getByRole('heading', { level: 1, name: `Reading page ${run}` })).toBeVisible();
  await expect(page).toHaveTitle(`Reading page ${run} - AgencyHQ`);
  const article = page.getByRole('article');
  await expect(article.getByRole('link', { name: `E2E Post ${run}` })).toBeVisible();
  await expect(article).toContainText(longDate(post.publishedAt!));
  await expect(article).toContainText('By admin');
  await expect(article.getByRole('img', { name: 'A blue square' })).toBeVisible();
  await expect(article).toContainText(`What this post is about ${run}.`);
  await expect(article).toContainText('Tags:');
  for (const keyword of ['alpha', 'beta', 'gamma'])
    await expect(article.getByRole('listitem').filter({ hasText: keyword })).toBeVisible();
  await expect(article.getByRole('heading', { level: 2, name: 'Section heading' })).toBeVisible();
  await expect(article).toContainText('The first paragraph.');
  // Client navigation reads the post once (one view).
  await expect(article).toContainText(`${before + 1} view`);
  expect(reads.filter((r) => r.startsWith(`/api/blogs/${post.slug}`))).toEqual([
    `/api/blogs/${post.slug}?scope=public`,
  ]);

  // A full load: the server counts the view and the browser does not read the post again on hydration.
  reads.length = 0;
  await page.reload();
  await expect(article).toContainText(`${before + 2} views`);
  await page.waitForLoadState('networkidle');
  expect(reads).toEqual([]);
  expect(await views(request, headers, post.id)).toBe(before + 2);

  // Share without a native share sheet: the address is copied and the reader told so.
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.evaluate(() =>
    Object.defineProperty(navigator, 'share', { value: undefined, configurable: true }),
  );
  const message = new Promise<string>((resolve) =>
    page.once('dialog', (dialog) => {
      resolve(dialog.message());
      void dialog.accept();
    }),
  );
  await page.getByRole('button', { name: 'Share' }).click();
  expect(await message).toBe(BLOG_MESSAGES.urlCopied);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());

  // With a share sheet, it is used instead.
  await page.evaluate(() => {
    const shared: unknown[] = [];
    (window as unknown as { shared: unknown[] }).shared = shared;
    Object.defineProperty(navigator, 'share', {
      configurable: true,
      value: async (data: unknown) => {
        shared.push(data);
      },
    });
  });
  await page.getByRole('button', { name: 'Share' }).click();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { shared: unknown[] }).shared))
    .toEqual([{ title: `Reading page ${run}`, text: `What this post is about ${run}.`, url: page.url() }]);
});

test("missing, draft and archived posts are 'Blog Post Not Found' with status 404", async ({
  page,
  request,
}) => {
  const headers = await adminHeaders(request);
  const category = await createCategory(request, headers, `E2E Hidden ${run}`);
  const draft = await createPost(request, headers, {
    title: `Unpublished draft ${run}`,
    category: category.id,
    status: 'draft',
  });
  const archived = await createPost(request, headers, {
    title: `Archived post ${run}`,
    category: category.id,
    status: 'archived',
  });
  for (const slug of [`no-such-post-${run}`, draft.slug, archived.slug]) {
    const response = await request.get(`/blog/${slug}`);
    expect(response.status(), slug).toBe(404);
    const html = await response.text();
    expect(html).toContain(BLOG_MESSAGES.notFoundTitle);
    expect(html).toContain(BLOG_MESSAGES.notFoundText);
    expect(html).toContain('<meta name="robots" content="noindex" />');
    expect(html).not.toContain('Unpublished draft');
  }
  const response = await page.goto(`/blog/${draft.slug}`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: BLOG_MESSAGES.notFoundTitle })).toBeVisible();
  await expect(page.getByText(BLOG_MESSAGES.notFoundText)).toBeVisible();
  await expect(page).toHaveTitle(`${BLOG_MESSAGES.notFoundTitle} - AgencyHQ`);
  await page.getByRole('link', { name: 'Back to Blog' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Our Blog' })).toBeVisible();
});

test('a list page past the last, or of an unknown category, is a 404 page; a campaign link is the page itself', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  for (const url of ['/blog?page=99999', `/blog?category=no-such-category-${run}`]) {
    const response = await page.goto(url);
    expect(response?.status(), url).toBe(404);
    await expect(
      page.getByRole('heading', { level: 1, name: BLOG_MESSAGES.listNotFoundTitle }),
    ).toBeVisible();
    await expect(page.getByText(BLOG_MESSAGES.listNotFoundText)).toBeVisible();
    await expect(page).toHaveTitle(`${BLOG_MESSAGES.listNotFoundTitle} - AgencyHQ`);
  }
  await page.screenshot({ path: 'test-results/blog-list-not-found.png' });
  await page.getByRole('link', { name: 'Back to Blog' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Our Blog' })).toBeVisible();

  // A newsletter's link: the page, hydrated, with its parameters still in the address bar for analytics.
  const campaign = `/blog?utm_source=newsletter&utm_campaign=launch&fbclid=${run}`;
  expect((await page.goto(campaign))?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Our Blog' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`fbclid=${run}`));
  expect(errors).toEqual([]);
});

test('a renamed post keeps its old address as a 301 to the new one', async ({ page, request }) => {
  const headers = await adminHeaders(request);
  const category = await createCategory(request, headers, `E2E Renamed ${run}`);
  const fields = { category: category.id, content: '<p>Moved content.</p>' };
  const post = await createPost(request, headers, { ...fields, title: `Old name ${run}` });
  const renamed = await createPost(
    request,
    headers,
    { ...fields, title: `New name ${run}` },
    { id: post.id },
  );
  expect(renamed.slug).not.toBe(post.slug);

  const response = await request.get(`/blog/${post.slug}`, { maxRedirects: 0 });
  expect(response.status()).toBe(301);
  expect(response.headers().location).toBe(`/blog/${renamed.slug}`);

  await page.goto(`/blog/${post.slug}`);
  await expect(page).toHaveURL(new RegExp(`/blog/${renamed.slug}$`));
  await expect(page.getByRole('heading', { level: 1, name: `New name ${run}` })).toBeVisible();
});

test("a signed-in user of another workspace still reads the agency's posts", async ({ page, request }) => {
  const headers = await adminHeaders(request);
  const category = await createCategory(request, headers, `E2E Visitors ${run}`);
  const post = await createPost(request, headers, {
    title: `For every reader ${run}`,
    category: category.id,
  });
  // A business owner claims its e-mail domain, so this one needs a domain of its own.
  const email = uniqueEmail(`visitor-${run}.test`);
  await registerViaApi(request, { userType: 'business-owner', businessName: `Other Biz ${run}`, email });
  await signIn(page, email, 'secret123');

  // Every read here is the browser's own (client navigation), sent with the other workspace's token.
  await page.goto('/blog');
  await page
    .getByRole('navigation', { name: 'Blog categories' })
    .getByRole('link', { name: `E2E Visitors ${run}` })
    .click();
  await expect(page.getByRole('article')).toHaveCount(1);
  await page.getByRole('link', { name: `For every reader ${run}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `For every reader ${run}` })).toBeVisible();
  await expect(page.getByRole('article')).toContainText('1 view');
  expect(await views(request, headers, post.id)).toBe(1);
});

test('on a phone the list and a post fit the screen', async ({ page, request }) => {
  const headers = await adminHeaders(request);
  const category = await createCategory(request, headers, `E2E Phone ${run}`);
  const post = await createPost(
    request,
    headers,
    { title: `Phone sized ${run}`, category: category.id, keywords: 'mobile' },
    { image: true },
  );
  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of [`/blog?category=${category.slug}`, `/blog/${post.slug}`]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
  const image = page.getByRole('article').getByRole('img');
  await expect(image).toHaveAttribute('width', '48');
  await expect(image).toHaveAttribute('height', '27');
});
