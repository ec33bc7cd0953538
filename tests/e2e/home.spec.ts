import type { Page } from '@playwright/test';
import { BLOG_MESSAGES } from '../../src/shared/messages';
import type { Blog } from '../../src/shared/schemas/blog';
import { FALLBACK_SETS } from '../../src/web/features/home/fallback-posts';
import { expect, test } from './support/fixtures';

const SERVICES = [
  ['Identity & Design', 'from $10'],
  ['Web Development', 'from $100'],
  ['Media Planning & Buying', 'from $150'],
  ['Job Placement', 'Free'],
] as const;
const FALLBACK_CATEGORIES = ['Lab Updates', 'Digital Insights', 'Creative Fuel'];
const PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

/** Lands on / through the app (the teaser then loads in the browser, where page.route can answer). */
async function openHomeInApp(page: Page) {
  await page.goto('/pricing');
  await page.getByRole('banner').getByRole('link', { name: 'AgencyHQ', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
}

test('/ is server-rendered with its content, head tags and structured data', async ({ request }) => {
  const response = await request.get('/');
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html).toContain('<title>Management of Your Masterpiece - AgencyHQ</title>');
  expect(html).toMatch(/<h1[^>]*>Management of Your <span[^>]*>Masterpiece<\/span><\/h1>/);
  expect(html).toMatch(/<meta name="description" content="[^"]{50,}"/);
  expect(html).toMatch(/<link rel="canonical" href="http:\/\/[^"]+\/"/);
  expect(html).toContain('<meta property="og:title" content="Management of Your Masterpiece - AgencyHQ"');
  expect(html).toContain('<meta property="og:description"');
  expect(html).toContain('<meta property="og:url"');
  expect(html).toContain('"@type":"Organization"');
  expect(html).toContain('"@type":"WebSite"');
  const text = html
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;/g, "'");
  for (const words of ['Trusted by', 'Tell us about your project', 'Start Your Project', 'See More'])
    expect(text).toContain(words);
  for (const [name, price] of SERVICES) {
    expect(text).toContain(name);
    expect(text).toContain(price);
  }
  expect(html).toContain('id="products"');
  expect(html).toContain('id="security"');
  expect(html).toContain(BLOG_MESSAGES.teaserHeading);
  expect(html).toContain(BLOG_MESSAGES.readAll);
  // The teaser's posts are in the HTML too: real posts link to /blog/{slug}, or the built-in ones show.
  const teaser = html.slice(html.indexOf(BLOG_MESSAGES.teaserHeading));
  const fallback = FALLBACK_CATEGORIES.every((category) => teaser.includes(category));
  expect(fallback || /href="\/blog\/[^"]+"/.test(teaser)).toBe(true);
});

test('every text of the home page, the anchors and the logo strip', async ({ page }) => {
  await page.goto('/');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1 })).toHaveText('Management of Your Masterpiece');
  await expect(main.getByLabel('Tell us about your project')).toBeVisible();
  await expect(main.getByRole('button', { name: 'Start Your Project' })).toBeVisible();

  // 4 logos × 3 under one visually hidden heading; only the first set is announced.
  await expect(page.getByRole('heading', { name: 'Trusted by', level: 2 })).toHaveCount(1);
  await expect(page.getByTestId('trusted-logo')).toHaveCount(12);
  for (const name of ['Northpeak', 'Lumen & Co', 'Arcfield', 'Veloura'])
    await expect(page.getByRole('img', { name })).toHaveCount(1);

  const products = page.locator('#products');
  for (const [name, price] of SERVICES) {
    const card = products.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
    await expect(card).toContainText(price);
    await expect(card.getByRole('link', { name: /^See More/ })).toHaveAttribute(
      'href',
      `/contact?service=${encodeURIComponent(name)}`,
    );
  }
  await expect(products.getByRole('link', { name: /^See More/ })).toHaveCount(4);

  const security = page.locator('#security');
  for (const topic of ['Encryption', 'Roles and permissions', 'Audit activity', 'Backups'])
    await expect(security.getByRole('heading', { name: topic })).toBeVisible();

  await expect(page.getByRole('heading', { name: BLOG_MESSAGES.teaserHeading })).toBeVisible();
  await expect(page.getByRole('link', { name: BLOG_MESSAGES.readAll })).toHaveAttribute('href', '/blog');
  await expect(page.getByTestId('teaser-card')).toHaveCount(3);

  // The header's anchors land on their sections.
  await page.getByRole('banner').getByRole('link', { name: 'Security' }).click();
  await expect(page).toHaveURL(/\/#security$/);
  await expect(security.getByRole('heading', { name: 'Your data, protected by design' })).toBeInViewport();
});

test('the built-in posts show while loading fails: one whole set, never linked', async ({ page }) => {
  await page.route(/\/api\/blogs\?/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 300));
    await route.abort();
  });
  await openHomeInApp(page);
  await expect(page.getByText(BLOG_MESSAGES.loadingInsights)).toBeVisible();
  const cards = page.getByTestId('teaser-card');
  await expect(cards).toHaveCount(3);
  await expect(page.getByText(BLOG_MESSAGES.loadingInsights)).toHaveCount(0);
  for (const [i, category] of FALLBACK_CATEGORIES.entries())
    await expect(cards.nth(i)).toContainText(category);
  await expect(cards.getByRole('link')).toHaveCount(0);
  const titles = await cards.getByRole('heading', { level: 3 }).allTextContents();
  expect(FALLBACK_SETS.map((set) => set.map((post) => post.title))).toContainEqual(titles);
});

test('the built-in posts also show when there is no published post', async ({ page }) => {
  await page.route(/\/api\/blogs\?/, (route) =>
    route.fulfill({ json: { blogs: [], pagination: { currentPage: 1, totalPages: 0, totalBlogs: 0 } } }),
  );
  await openHomeInApp(page);
  const cards = page.getByTestId('teaser-card');
  await expect(cards).toHaveCount(3);
  await expect(cards.getByRole('link')).toHaveCount(0);
  for (const category of FALLBACK_CATEGORIES)
    await expect(cards.filter({ hasText: category })).toHaveCount(1);
});

test('published posts: cuts at 70 and 120, alt and category fallbacks, host prefix, links', async ({
  page,
}) => {
  const longTitle = `A very long post title that goes on and on well beyond the seventy characters`;
  const longDescription = 'd'.repeat(119) + 'EFG and more words after the cut';
  const blog = (over: Partial<Blog>): Blog => ({
    _id: 'id',
    id: 'id',
    slug: 'slug',
    title: 'Title',
    metaDescription: 'About it.',
    keywords: [],
    content: '',
    status: 'published',
    featuredImage: null,
    category: { _id: 'c', name: 'Branding', slug: 'branding' },
    author: { username: 'editor' },
    views: 0,
    publishedAt: '2025-01-01T00:00:00.000Z',
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    publishAt: null,
    hideFromSearch: false,
    canonicalUrl: null,
    version: 1,
    ...over,
  });
  const blogs = [
    blog({
      id: 'p1',
      slug: 'long-post',
      title: longTitle,
      metaDescription: longDescription,
      category: null,
      featuredImage: { path: 'media/pic-1', altText: '', width: 1600, height: 900, variants: [] },
    }),
    blog({ id: 'p2', slug: 'second', title: 'Second post', featuredImage: null }),
    blog({ id: 'imported-fallback-3', slug: 'third', title: 'Third post' }),
  ];
  await page.route(/\/api\/blogs\?/, (route) =>
    route.fulfill({ json: { blogs, pagination: { currentPage: 1, totalPages: 1, totalBlogs: 3 } } }),
  );
  await page.route('**/api/media/pic-1', (route) =>
    route.fulfill({ body: PIXEL_PNG, contentType: 'image/png' }),
  );
  await openHomeInApp(page);

  const cards = page.getByTestId('teaser-card');
  await expect(cards).toHaveCount(3);
  const first = cards.nth(0);
  await expect(first).toContainText('Insights');
  await expect(first.getByRole('heading', { level: 3 })).toHaveText(`${longTitle.slice(0, 70)}...`);
  await expect(first).toContainText(`${longDescription.slice(0, 120)}...`);
  await expect(first).not.toContainText('FG and more');
  const image = first.getByRole('img', { name: longTitle });
  await expect(image).toHaveAttribute('src', '/api/media/pic-1');
  await expect(image).toHaveAttribute('width', '1600');
  await expect(image).toHaveAttribute('height', '900');
  await expect(first.getByRole('link')).toHaveAttribute('href', '/blog/long-post');
  await expect(cards.nth(1)).toContainText('Branding');
  await expect(cards.nth(1).getByRole('link', { name: 'Second post' })).toHaveAttribute(
    'href',
    '/blog/second',
  );
  // An id containing 'fallback' never links.
  await expect(cards.nth(2)).toContainText('Third post');
  await expect(cards.nth(2).getByRole('link')).toHaveCount(0);
});

test("the hero's text carries into the contact form's message", async ({ page }) => {
  await page.goto('/');
  const text = 'We need a brand refresh & a new site for our café — launching in spring?';
  await page.getByLabel('Tell us about your project').fill(text);
  await page.getByRole('button', { name: 'Start Your Project' }).click();
  await expect(page).toHaveURL(/\/contact\?message=/);
  await expect(page.getByRole('heading', { name: 'Contact Us', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Message')).toHaveValue(text);
  await expect(page.getByLabel('Name')).toHaveValue('');

  // Long text is capped at 1000 characters, so the address stays reasonable.
  await page.goto('/');
  await page.getByLabel('Tell us about your project').fill('x'.repeat(1200));
  await page.getByRole('button', { name: 'Start Your Project' }).click();
  await expect(page.getByLabel('Message')).toHaveValue('x'.repeat(1000));
});

test("a service card's 'See More' opens the contact form about that service", async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'See More about Media Planning & Buying' }).click();
  await expect(page).toHaveURL(/\/contact\?service=Media/);
  await expect(page.getByLabel('Subject')).toHaveValue('Media Planning & Buying');
});
