import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { PUBLISHING_MESSAGES } from '../../src/shared/messages';
import { E2E_ADMIN } from './support/server';
import { expect, signIn, test, waitForHydrationOnGoto } from './support/fixtures';

const run = Date.now().toString(36);

// The live preview's sandbox="" frame blocks the trace recorder's script, which Chromium logs as an error.
test.use({ trace: 'off' });

type Headers = { Authorization: string };

async function apiHeaders(request: APIRequestContext): Promise<Headers> {
  const response = await request.post('/api/login', { data: E2E_ADMIN });
  expect(response.ok(), await response.text()).toBe(true);
  return { Authorization: `Bearer ${((await response.json()) as { token: string }).token}` };
}

/** What each test made, removed after it: other suites read the shared server's public blog (home teaser). */
const made: { posts: string[]; categories: string[] } = { posts: [], categories: [] };

test.afterEach(async ({ request }) => {
  if (!made.posts.length && !made.categories.length) return;
  const headers = await apiHeaders(request);
  for (const id of made.posts.splice(0))
    expect((await request.delete(`/api/blogs/${id}`, { headers })).ok()).toBe(true);
  for (const id of made.categories.splice(0))
    expect((await request.delete(`/api/categories/${id}`, { headers })).ok()).toBe(true);
});

async function newCategory(request: APIRequestContext, headers: Headers, name: string): Promise<string> {
  const created = await request.post('/api/categories', { headers, data: { name, description: '' } });
  expect(created.status(), await created.text()).toBe(201);
  const id = ((await created.json()) as { category: { _id: string } }).category._id;
  made.categories.push(id);
  return id;
}

async function newPost(
  request: APIRequestContext,
  headers: Headers,
  fields: { title: string; category: string; content?: string; status?: string },
): Promise<{ _id: string; slug: string }> {
  const response = await request.post('/api/blogs', {
    headers,
    multipart: {
      title: fields.title,
      metaDescription: `About ${fields.title}.`,
      keywords: 'e2e',
      category: fields.category,
      content: fields.content ?? '<p>First draft.</p>',
      status: fields.status ?? 'draft',
      altText: '',
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { blog } = (await response.json()) as { blog: { _id: string; slug: string } };
  made.posts.push(blog._id);
  return blog;
}

async function openBlogs(page: Page) {
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto('/dashboard/blogs');
  await expect(page.getByRole('heading', { name: 'Blog Management' })).toBeVisible();
}

async function editPost(page: Page, title: string) {
  await page.getByRole('article').filter({ hasText: title }).getByRole('button', { name: 'Edit' }).click();
  await expect(page.getByRole('heading', { name: 'Edit Blog' })).toBeVisible();
  await expect(page.getByLabel('SEO Title')).toHaveValue(title);
}

/** A browser with no copy of its own: the editor offers the server's copy, and restoring it fills the form. */
async function restoreInAnotherBrowser(browser: Browser, title: string, content: string) {
  const other = await browser.newContext();
  try {
    const page = waitForHydrationOnGoto(await other.newPage());
    await openBlogs(page);
    await editPost(page, title);
    await page.getByRole('button', { name: 'Restore unsaved changes' }).click();
    await expect(page.getByLabel('Content')).toHaveValue(content);
  } finally {
    await other.close();
  }
}

/** `datetime-local` wants the browser's wall-clock time; the browser here runs in the machine's zone. */
function localInputValue(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(
    date.getMinutes(),
  )}:${pad(date.getSeconds())}`;
}

test('a post scheduled in the editor appears on the public blog when its time comes', async ({
  page,
  request,
  browser,
}) => {
  const headers = await apiHeaders(request);
  const category = await newCategory(request, headers, `Schedule ${run}`);
  const title = `Scheduled Launch ${run}`;
  const post = await newPost(request, headers, { title, category });

  await openBlogs(page);
  await editPost(page, title);
  // A few seconds ahead: the server's own scheduler must publish it, nobody presses anything.
  const at = new Date(Date.now() + 8_000);
  await page.getByLabel('Publish at').fill(localInputValue(at));
  await page.getByRole('button', { name: 'Update Blog' }).click();
  await expect(page.getByRole('heading', { name: 'Blog Management' })).toBeVisible();
  await page.getByLabel('Filter by status').selectOption({ label: 'Scheduled' });
  const card = page.getByRole('article').filter({ hasText: title });
  await expect(card.getByText('Scheduled', { exact: true })).toBeVisible();

  const visitor = await browser.newContext();
  const reader = await visitor.newPage();
  try {
    const response = await reader.goto(`/blog/${post.slug}`);
    expect(response?.status()).toBe(404);
    await expect
      .poll(
        async () => {
          const answer = await reader.goto('/blog');
          expect(answer?.ok()).toBe(true);
          return reader.getByRole('link', { name: new RegExp(title) }).count();
        },
        { timeout: 30_000, intervals: [1_000] },
      )
      .toBeGreaterThan(0);
    expect(Date.now()).toBeGreaterThanOrEqual(at.getTime() - 1_000);
    await reader.goto(`/blog/${post.slug}`);
    await expect(reader.getByRole('heading', { level: 1, name: title })).toBeVisible();
  } finally {
    await visitor.close();
  }
});

test('typed text survives a closed tab: reopening the post offers the unsaved copy', async ({
  page,
  request,
  context,
  browser,
}) => {
  const headers = await apiHeaders(request);
  const category = await newCategory(request, headers, `Autosave ${run}`);
  const title = `Autosaved Thoughts ${run}`;
  await newPost(request, headers, { title, category });

  await openBlogs(page);
  await editPost(page, title);
  await page.getByLabel('Content').fill('<p>A paragraph the writer never submitted.</p>');
  // Closed well before the quiet-time autosave (2 s): only the browser copy (kept within 300 ms of typing)
  // and the copy sent as the tab closes can bring it back.
  await page.waitForTimeout(500);
  await page.close({ runBeforeUnload: true });

  // Another browser altogether, with no copy of its own, gets the one sent as the tab closed (read first:
  // restoring a copy in any editor sends it again)…
  await restoreInAnotherBrowser(browser, title, '<p>A paragraph the writer never submitted.</p>');
  // …and another tab of this browser (the session was the closed tab's: signing in again).
  const again = await context.newPage();
  await openBlogs(again);
  await editPost(again, title);
  await expect(again.getByText(PUBLISHING_MESSAGES.autosaveOffered)).toBeVisible();
  await again.getByRole('button', { name: 'Restore unsaved changes' }).click();
  await expect(again.getByLabel('Content')).toHaveValue('<p>A paragraph the writer never submitted.</p>');
});

test('the autosaved copy is on the server too: another browser gets it back', async ({
  page,
  request,
  browser,
}) => {
  const headers = await apiHeaders(request);
  const category = await newCategory(request, headers, `Elsewhere ${run}`);
  const title = `Written Elsewhere ${run}`;
  await newPost(request, headers, { title, category });

  await openBlogs(page);
  await editPost(page, title);
  await page.getByLabel('Content').fill('<p>Typed on the office laptop.</p>');
  await expect(page.getByTestId('autosave-status')).toContainText(PUBLISHING_MESSAGES.autosaveSaved, {
    timeout: 10_000,
  });

  await restoreInAnotherBrowser(browser, title, '<p>Typed on the office laptop.</p>');
});

test('History shows what changed and restores an earlier version', async ({ page, request }) => {
  const headers = await apiHeaders(request);
  const category = await newCategory(request, headers, `History ${run}`);
  const title = `Versioned Post ${run}`;
  const post = await newPost(request, headers, {
    title,
    category,
    content: '<p>The original opening line.</p>',
    status: 'published',
  });
  const edit = await request.put(`/api/blogs/${post._id}`, {
    headers,
    multipart: {
      title,
      metaDescription: `About ${title}.`,
      keywords: 'e2e',
      category,
      content: '<p>A rewritten opening line.</p>',
      status: 'published',
      altText: '',
    },
  });
  expect(edit.ok(), await edit.text()).toBe(true);

  await openBlogs(page);
  await editPost(page, title);
  await page.getByRole('button', { name: 'History' }).click();
  const panel = page.getByRole('dialog', { name: 'History' });
  await expect(panel.getByRole('listitem')).toHaveCount(2);
  // A modal panel keeps the keyboard inside: Tab wraps round instead of walking into the page behind.
  for (let i = 0; i < 12; i++) await page.keyboard.press('Tab');
  expect(await panel.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  await panel.getByRole('listitem').nth(1).getByRole('button').first().click();
  // The older text against the current one: its words marked as removed and added.
  await expect(panel.locator('del, ins').first()).toBeVisible();
  await panel.getByRole('button', { name: 'Restore this version' }).click();
  const confirm = page
    .getByRole('alertdialog')
    .or(page.getByRole('dialog', { name: PUBLISHING_MESSAGES.restoreTitle }));
  await confirm
    .getByRole('button', { name: /Restore/ })
    .last()
    .click();
  await expect(page.getByText(PUBLISHING_MESSAGES.restoreDone)).toBeVisible();
  await expect(page.getByLabel('Content')).toHaveValue('<p>The original opening line.</p>');

  const live = await request.get(`/api/blogs/${post.slug}?scope=public`);
  expect(((await live.json()) as { content: string }).content).toBe('<p>The original opening line.</p>');
});

test('a preview link opens the draft in a fresh browser without signing in, until revoked', async ({
  page,
  request,
  browser,
}) => {
  const headers = await apiHeaders(request);
  const category = await newCategory(request, headers, `Preview ${run}`);
  const title = `Client Preview ${run}`;
  await newPost(request, headers, { title, category, content: '<p>For the client only.</p>' });

  await openBlogs(page);
  await editPost(page, title);
  await page.getByRole('button', { name: 'Share preview' }).click();
  const panel = page.getByRole('dialog', { name: 'Share preview' });
  await panel.getByRole('button', { name: 'Create preview link' }).click();
  const url = await panel.getByRole('textbox').first().inputValue();
  expect(url).toMatch(/\/blog\/preview\/[A-Za-z0-9_-]{43}$/);

  const client = await browser.newContext();
  const reader = await client.newPage();
  try {
    const response = await reader.goto(url);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['x-robots-tag']).toContain('noindex');
    await expect(reader.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(reader.getByText(PUBLISHING_MESSAGES.previewBanner)).toBeVisible();
    await expect(reader.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    await expect(reader.getByText('For the client only.')).toBeVisible();

    await panel
      .getByRole('button', { name: /Revoke preview link/ })
      .first()
      .click();
    await expect(page.getByText(PUBLISHING_MESSAGES.previewRevoked)).toBeVisible();
    const revoked = await reader.goto(url);
    expect(revoked?.status()).toBe(404);
    await expect(reader.getByText('For the client only.')).toHaveCount(0);
  } finally {
    await client.close();
  }
});

test('two people on one post: the second save is told, and may save anyway', async ({ page, request }) => {
  const headers = await apiHeaders(request);
  const category = await newCategory(request, headers, `Together ${run}`);
  const title = `Shared Post ${run}`;
  const post = await newPost(request, headers, { title, category });

  await openBlogs(page);
  await editPost(page, title);
  // A colleague saves first, on the version both opened.
  const theirs = await request.put(`/api/blogs/${post._id}`, {
    headers,
    multipart: {
      title,
      metaDescription: `About ${title}.`,
      keywords: 'e2e',
      category,
      content: '<p>The colleague was here first.</p>',
      status: 'draft',
      altText: '',
      version: '1',
    },
  });
  expect(theirs.ok(), await theirs.text()).toBe(true);

  await page.getByLabel('Content').fill('<p>My own words.</p>');
  await page.getByRole('button', { name: 'Update Blog' }).click();
  const notice = page.getByRole('alertdialog', { name: PUBLISHING_MESSAGES.staleSave });
  await expect(notice).toBeVisible();
  // Nothing typed is lost while the choice is open.
  await expect(page.getByLabel('Content')).toHaveValue('<p>My own words.</p>');
  await notice.getByRole('button', { name: 'Save anyway' }).click();
  await expect(page.getByRole('heading', { name: 'Blog Management' })).toBeVisible();
  const saved = await request.get(`/api/blogs/${post._id}`, { headers });
  expect(((await saved.json()) as { content: string }).content).toBe('<p>My own words.</p>');
});
