import type { APIRequestContext, Page } from '@playwright/test';
import { BLOG_MESSAGES, CATEGORY_MESSAGES } from '../../src/shared/messages';
import { slugify } from '../../src/shared/text';
import { E2E_ADMIN } from './support/server';
import { expect, registerViaApi, signIn, test, uniqueEmail } from './support/fixtures';

/** A valid 48×27 PNG, small enough to inline. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAADAAAAAbCAIAAAC1C5slAAAAL0lEQVR42u3OMQ0AAAgDsKnjxb8AfGBjR5MKaHauSoSEhISEhISEhISEhISEqkMP8jN6Cu/B+6gAAAAASUVORK5CYII=',
  'base64',
);
const run = Date.now().toString(36);

// The trace recorder injects a script into every frame; the live preview's sandbox="" frame blocks it and
// Chromium logs that as a console error, which the shared fixture would count against the page.
test.use({ trace: 'off' });

async function openBlogs(page: Page) {
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto('/dashboard/blogs');
  await expect(page.getByRole('heading', { name: 'Blog Management' })).toBeVisible();
}

async function createCategory(page: Page, name: string, description: string) {
  await page.getByRole('button', { name: 'Manage Categories' }).click();
  const dialog = page.getByRole('dialog', { name: 'Manage Categories' });
  await dialog.getByLabel('Category Name').fill(name);
  await dialog.getByLabel('Description (optional)').fill(description);
  await dialog.getByRole('button', { name: 'Create Category' }).click();
  await expect(dialog.getByRole('list', { name: 'Categories' })).toContainText(name.trim());
  return dialog;
}

test('an Admin creates a category, then writes, publishes, archives, edits and deletes a post', async ({
  page,
}) => {
  await openBlogs(page);

  // Category manager overlay: blank name refused, slug preview, trimmed values, Escape closes.
  await page.getByRole('button', { name: 'Manage Categories' }).click();
  let dialog = page.getByRole('dialog', { name: 'Manage Categories' });
  await dialog.getByLabel('Category Name').fill('   ');
  await dialog.getByRole('button', { name: 'Create Category' }).click();
  await expect(dialog.getByText(CATEGORY_MESSAGES.nameRequired)).toBeVisible();
  await dialog.getByLabel('Category Name').fill(`E2E Insights ${run}`);
  await expect(dialog.getByText(CATEGORY_MESSAGES.nameRequired)).toHaveCount(0);
  await expect(dialog.getByText(`/blog/category/${slugify(`E2E Insights ${run}`)}`)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Manage Categories' })).toBeFocused();

  const category = `E2E Insights ${run}`;
  dialog = await createCategory(page, `  ${category}  `, '  Posts written by the browser tests  ');
  const item = dialog.getByRole('listitem').filter({ hasText: category });
  await expect(item).toContainText(`/blog/category/${slugify(category)}`);
  await expect(item).toContainText('Posts written by the browser tests');
  await dialog.getByRole('button', { name: 'Close panel' }).click();

  // Editor: an empty submit shows the spec's messages.
  await page.getByRole('button', { name: 'New Blog' }).click();
  await expect(page.getByRole('heading', { name: 'Create New Blog' })).toBeVisible();
  await page.getByRole('button', { name: 'Create Blog' }).click();
  for (const message of [
    BLOG_MESSAGES.titleRequired,
    BLOG_MESSAGES.metaDescriptionRequired,
    BLOG_MESSAGES.categoryRequired,
    BLOG_MESSAGES.contentRequired,
  ])
    await expect(page.getByText(message)).toBeVisible();

  // Counters, maxLength, slug preview; typing clears the field's error.
  const titleInput = page.getByLabel('SEO Title');
  await titleInput.fill('x'.repeat(75));
  await expect(titleInput).toHaveValue('x'.repeat(60));
  await expect(page.getByText('60/60')).toBeVisible();
  await expect(page.getByText(BLOG_MESSAGES.titleRequired)).toHaveCount(0);
  const title = `Ship Faster: Previews & SEO ${run}`;
  await titleInput.fill(title);
  await expect(page.getByText(`${title.length}/60`)).toBeVisible();
  await expect(page.getByTestId('slug-preview')).toHaveText(`/blog/${slugify(title)}`);

  const meta = page.getByLabel('Meta Description');
  await meta.fill('y'.repeat(170));
  await expect(meta).toHaveValue('y'.repeat(160));
  await expect(page.getByText('160/160')).toBeVisible();
  const description = 'How live previews help an editor write better titles and descriptions.';
  await meta.fill(description);
  await expect(page.getByText(`${description.length}/160`)).toBeVisible();

  await page.getByLabel('Category', { exact: true }).selectOption({ label: category });
  await page.getByLabel('Keywords').fill('a, b, c, d, e, f');
  await expect(page.getByText('6/5 keywords')).toBeVisible();
  await page.getByRole('button', { name: 'Create Blog' }).click();
  await expect(page.getByText(BLOG_MESSAGES.tooManyKeywords)).toBeVisible();
  await page.getByLabel('Keywords').fill('previews, seo, e2e');
  await expect(page.getByText(BLOG_MESSAGES.tooManyKeywords)).toHaveCount(0);
  await expect(page.getByText('3/5 keywords')).toBeVisible();

  // Featured image: preview, remove, choose again, alt text.
  const upload = page.getByLabel('Upload image');
  await upload.setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('button', { name: 'Remove featured image' })).toBeVisible();
  await page.getByRole('button', { name: 'Remove featured image' }).click();
  await expect(page.getByLabel('Image Alt Text')).toHaveCount(0);
  await page
    .getByLabel('Upload image')
    .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: PNG });
  await page.getByLabel('Image Alt Text').fill('An indigo banner');

  await page
    .getByLabel('Content')
    .fill('<h2>Why previews matter</h2><p>Editors see the post as readers will.</p>');

  // Search-result and live previews follow the form.
  const serp = page.getByTestId('serp-preview');
  await expect(serp).toContainText(title);
  await expect(serp).toContainText(`/blog/${slugify(title)}`);
  await expect(serp).toContainText(description);
  const live = page.frameLocator('iframe[title="Live preview of the post content"]');
  await expect(live.getByRole('heading', { name: 'Why previews matter' })).toBeVisible();
  await expect(live.getByText('Editors see the post as readers will.')).toBeVisible();

  // A refused save shows the server's message in the form and keeps every field.
  await page.route('**/api/blogs', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 409, json: { message: 'Simulated refusal from the server' } })
      : route.fallback(),
  );
  await page.getByRole('button', { name: 'Create Blog' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Simulated refusal from the server' }),
  ).toBeVisible();
  await expect(titleInput).toHaveValue(title);
  await expect(page.getByLabel('Image Alt Text')).toHaveValue('An indigo banner');
  await page.unroute('**/api/blogs');

  await page.getByRole('button', { name: 'Create Blog' }).click();
  await expect(page.getByRole('heading', { name: 'Blog Management' })).toBeVisible();

  // The list: card contents, then Publish → Archive → Republish.
  const card = page.getByRole('article', { name: title });
  await expect(card).toBeVisible();
  await expect(card.getByText('draft', { exact: true })).toBeVisible();
  await expect(card).toContainText(category);
  await expect(card).toContainText(description);
  await expect(card).toContainText('3 keywords');
  await expect(card).toContainText('0 views');
  await expect(card).toContainText('admin'); // the seeded Admin's username
  await expect(card.getByRole('img', { name: 'An indigo banner' })).toBeVisible();
  await expect(card.locator('time')).toHaveText(
    new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' }).format(new Date()),
  );

  await card.getByRole('button', { name: 'Publish' }).click();
  await expect(card.getByText('published', { exact: true })).toBeVisible();
  await card.getByRole('button', { name: 'Archive' }).click();
  await expect(card.getByText('archived', { exact: true })).toBeVisible();
  await card.getByRole('button', { name: 'Republish' }).click();
  await expect(card.getByText('published', { exact: true })).toBeVisible();

  // Filters and search.
  await page.getByLabel('Filter by status').selectOption('draft');
  await expect(card).toHaveCount(0);
  await page.getByLabel('Filter by status').selectOption('published');
  await expect(card).toBeVisible();
  await page.getByLabel('Search blogs').fill('no post is called this');
  await expect(page.getByText(BLOG_MESSAGES.emptyDashboard)).toBeVisible();
  await expect(page.getByRole('button', { name: BLOG_MESSAGES.createFirst })).toHaveCount(0);
  await page.getByLabel('Search blogs').fill(title.slice(0, 12));
  await expect(card).toBeVisible();

  // Edit: the stored values come back; the new title is saved.
  await card.getByRole('button', { name: 'Edit' }).click();
  await expect(page.getByRole('heading', { name: 'Edit Blog' })).toBeVisible();
  await expect(page.getByLabel('SEO Title')).toHaveValue(title);
  await expect(page.getByLabel('Keywords')).toHaveValue('previews, seo, e2e');
  await expect(page.getByLabel('Image Alt Text')).toHaveValue('An indigo banner');
  const newTitle = `Ship Faster With Live Previews ${run}`;
  await page.getByLabel('SEO Title').fill(newTitle);
  await page.getByRole('button', { name: 'Remove featured image' }).click();
  await page.getByRole('button', { name: 'Update Blog' }).click();
  await expect(page.getByRole('heading', { name: 'Blog Management' })).toBeVisible();
  await page.getByLabel('Search blogs').fill('');
  const edited = page.getByRole('article', { name: newTitle });
  await expect(edited).toBeVisible();
  await expect(page.getByRole('article', { name: title })).toHaveCount(0);
  await expect(edited.getByRole('img')).toHaveCount(0); // the image was removed

  // Delete after the browser confirmation.
  page.once('dialog', (prompt) => {
    expect(prompt.message()).toBe(BLOG_MESSAGES.deleteConfirm);
    void prompt.accept();
  });
  await edited.getByRole('button', { name: 'Delete' }).click();
  await expect(edited).toHaveCount(0);
});

async function apiToken(request: APIRequestContext): Promise<string> {
  const response = await request.post('/api/login', { data: E2E_ADMIN });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { token: string }).token;
}

test('the category filter narrows the list and pages hold 10 posts', async ({ page, request }) => {
  const token = await apiToken(request);
  const headers = { Authorization: `Bearer ${token}` };
  const created = await request.post('/api/categories', {
    headers,
    data: { name: `E2E Paging ${run}`, description: '' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { category } = (await created.json()) as { category: { _id: string } };
  for (let i = 1; i <= 11; i += 1) {
    const response = await request.post('/api/blogs', {
      headers,
      multipart: {
        title: `Paging post ${i} ${run}`,
        metaDescription: `Post number ${i} of the paging test.`,
        keywords: 'paging',
        category: category._id,
        content: `<p>Post ${i}</p>`,
        status: 'draft',
        altText: '',
      },
    });
    expect(response.status(), await response.text()).toBe(201);
  }

  await openBlogs(page);
  await page.getByLabel('Filter by category').selectOption({ label: `E2E Paging ${run}` });
  await expect(page.getByText('Page 1 of 2 (11 total blogs)')).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(10);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Page 2 of 2 (11 total blogs)')).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();

  // Changing a filter goes back to page 1.
  await page.getByLabel('Filter by status').selectOption('draft');
  await expect(page.getByText('Page 1 of 2 (11 total blogs)')).toBeVisible();
  await page.getByLabel('Filter by status').selectOption('archived');
  await expect(page.getByText(BLOG_MESSAGES.emptyDashboard)).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Blog pages' })).toHaveCount(0);
});

test('a new workspace starts empty and offers to create its first blog', async ({ page, request }) => {
  const email = uniqueEmail();
  await registerViaApi(request, { userType: 'business-owner', businessName: `Blog Starter ${run}`, email });
  await signIn(page, email, 'secret123');
  await page.goto('/dashboard/blogs');
  await expect(page.getByText(BLOG_MESSAGES.emptyDashboard)).toBeVisible();
  await page.getByRole('button', { name: BLOG_MESSAGES.createFirst }).click();
  await expect(page.getByRole('heading', { name: 'Create New Blog' })).toBeVisible();
  await expect(page.getByLabel('Category', { exact: true })).toContainText('Select a category');
  await expect(page.getByText(CATEGORY_MESSAGES.empty)).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('heading', { name: 'Blog Management' })).toBeFocused();
});
