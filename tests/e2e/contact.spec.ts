import type { APIRequestContext } from '@playwright/test';
import { CONTACT_MESSAGES } from '../../src/shared/messages';
import { E2E_ADMIN } from './support/server';
import { expect, test, uniqueEmail } from './support/fixtures';

async function adminLeadsFor(request: APIRequestContext, email: string) {
  const login = await request.post('/api/login', {
    data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password },
  });
  const { token } = await login.json();
  const response = await request.get(`/api/leads?search=${encodeURIComponent(email)}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
  return (await response.json()).leads as { email: string; name: string; source: string; notes: string }[];
}

test('/contact is server-rendered with the form and the other ways to reach us', async ({ request }) => {
  const html = await (await request.get('/contact?service=Web%20Development')).text();
  expect(html).toContain('<title>Contact - AgencyHQ</title>');
  expect(html).toMatch(/<h1[^>]*>Contact Us<\/h1>/);
  expect(html).toContain('Other Ways to Reach Us');
  expect(html).toContain('1 business day');
  expect(html).toMatch(/<input[^>]*value="Web Development"/);
  expect(html).toMatch(/<form[^>]*novalidate/i);
});

test('every part of the contact page', async ({ page }) => {
  await page.goto('/contact');
  for (const label of ['Name', 'Email', 'Subject', 'Message'])
    await expect(page.getByLabel(label)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send Message' })).toBeVisible();
  const aside = page.getByRole('complementary', { name: 'Other Ways to Reach Us' });
  await expect(aside.getByRole('link', { name: 'support@agencyhq.com' })).toHaveAttribute(
    'href',
    'mailto:support@agencyhq.com',
  );
  await expect(aside.getByRole('link', { name: 'sales@agencyhq.com' })).toHaveAttribute(
    'href',
    'mailto:sales@agencyhq.com',
  );
  await expect(aside.getByRole('link', { name: 'System status' })).toHaveAttribute('href', '/api/health');
  await expect(page.getByText(/We aim to reply within\s*1 business day/)).toBeVisible();
});

test('name, email and message are required, with the spec text and no request', async ({ page }) => {
  const posts: string[] = [];
  page.on('request', (r) => r.url().endsWith('/api/contact') && posts.push(r.method()));
  await page.goto('/contact');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText(CONTACT_MESSAGES.requiredFields)).toBeVisible();
  await expect(page.getByLabel('Name')).toBeFocused();

  await page.getByLabel('Name').fill('Asha');
  await page.getByLabel('Email').fill('asha@example.test');
  await page.getByLabel('Message').fill('   ');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByRole('alert')).toHaveText(CONTACT_MESSAGES.requiredFields);
  await expect(page.getByLabel('Message')).toBeFocused();
  expect(posts).toEqual([]);
});

test('a sent message clears the form, says so, and arrives as a Website lead', async ({ page, request }) => {
  const email = uniqueEmail('contact.test');
  await page.route('**/api/contact', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 400));
    await route.continue();
  });
  await page.goto('/contact?service=Identity%20%26%20Design');
  await expect(page.getByLabel('Subject')).toHaveValue('Identity & Design');
  await page.getByLabel('Name').fill('Asha Rao');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Message').fill('A new logo for our tea brand, please.');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByRole('button', { name: 'Sending...' })).toBeDisabled();

  await expect(page.getByText(CONTACT_MESSAGES.sent)).toBeVisible();
  for (const label of ['Name', 'Email', 'Subject', 'Message'])
    await expect(page.getByLabel(label)).toHaveValue('');
  await expect(page.getByRole('button', { name: 'Send Message' })).toBeEnabled();

  const leads = await adminLeadsFor(request, email);
  expect(leads).toEqual([
    expect.objectContaining({
      name: 'Asha Rao',
      email,
      source: 'Website',
      notes: 'Subject: Identity & Design\n\nA new logo for our tea brand, please.',
    }),
  ]);
});

test('a failed send says so and keeps what was typed', async ({ page }) => {
  await page.route('**/api/contact', (route) =>
    route.fulfill({ status: 500, json: { message: 'Something went wrong on our side. Please try again.' } }),
  );
  await page.goto('/contact?message=Hello%20there');
  await page.getByLabel('Name').fill('Ravi');
  await page.getByLabel('Email').fill('ravi@example.test');
  await page.getByLabel('Subject').fill('Quote');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText(CONTACT_MESSAGES.failed)).toBeVisible();
  await expect(page.getByLabel('Name')).toHaveValue('Ravi');
  await expect(page.getByLabel('Email')).toHaveValue('ravi@example.test');
  await expect(page.getByLabel('Subject')).toHaveValue('Quote');
  await expect(page.getByLabel('Message')).toHaveValue('Hello there');

  // Without a connection at all, the same text.
  await page.unroute('**/api/contact');
  await page.route('**/api/contact', (route) => route.abort());
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByRole('alert')).toHaveText(CONTACT_MESSAGES.failed);
  await expect(page.getByLabel('Message')).toHaveValue('Hello there');
});

/**
 * What a visitor types into the server-rendered form before the page's code has run is kept: the form takes
 * over the fields' text when it hydrates (in CI a message typed this early was lost and never sent).
 */
test('text typed before the page is interactive is kept and sent', async ({ page, request }) => {
  const email = uniqueEmail('contact.test');
  let release!: () => void;
  const scriptsHeld = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/**/*.js', async (route) => {
    await scriptsHeld;
    await route.continue();
  });
  await page.goto('/contact', { waitUntil: 'commit' });
  await page.getByLabel('Name').fill('Early Bird');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Message').fill('Typed before the scripts arrived.');
  release();
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await expect(page.getByLabel('Name')).toHaveValue('Early Bird');
  await expect(page.getByLabel('Message')).toHaveValue('Typed before the scripts arrived.');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText(CONTACT_MESSAGES.sent)).toBeVisible();
  const leads = await adminLeadsFor(request, email);
  expect(leads).toEqual([
    expect.objectContaining({ name: 'Early Bird', notes: 'Typed before the scripts arrived.' }),
  ]);
});
