import { APP_VERSION } from '../../src/shared/constants';
import { AUTH_MESSAGES } from '../../src/shared/messages';
import { expect, test } from './support/fixtures';

test('/login is server-rendered with its form and title', async ({ request }) => {
  const html = await (await request.get('/login')).text();
  expect(html).toContain('<title>Login - AgencyHQ</title>');
  expect(html).toContain('Continue with email');
  expect(html).toMatch(/<label[^>]*>Email<\/label>/);
});

test('every route of the spec answers with its page, unknown ones with a 404 page', async ({ request }) => {
  const routes: Record<string, string> = {
    '/': 'Management of Your Masterpiece',
    '/pricing': 'Upgrade your plan',
    '/blog': 'Our Blog',
    '/contact': 'Contact Us',
    '/documentation': 'Documentation',
    '/terms': 'Terms of Service',
    '/privacy': 'Privacy Policy',
    '/shipping': 'Shipping Policy',
    '/cancellation-refunds': 'Cancellation &amp; Refunds',
    '/botgit-privacy': 'Botgit Privacy Policy',
    '/access-restricted': AUTH_MESSAGES.notInternalTeam,
    '/signup': 'Create Account',
  };
  for (const [route, text] of Object.entries(routes)) {
    const response = await request.get(route);
    expect(response.status(), route).toBe(200);
    expect(await response.text(), route).toContain(text);
  }
  const missing = await request.get('/no-such-page');
  expect(missing.status()).toBe(404);
});

test('signed-out header and footer; the footer hides on its hide-list', async ({ page }) => {
  await page.goto('/');
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: /E-mail us/ })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Products' })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Security' })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Documentation' })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toContainText(APP_VERSION);
  for (const route of ['/login', '/signup', '/pricing', '/access-restricted']) {
    await page.goto(route);
    await expect(page.getByRole('heading').first()).toBeVisible();
    await expect(page.getByRole('contentinfo'), route).toHaveCount(0);
  }
});

test('the access-restricted page links home', async ({ page }) => {
  await page.goto('/access-restricted');
  await page.getByRole('link', { name: 'Return Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('on a phone the site links sit behind an accessible menu button', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Products' })).toBeHidden();
  await header.getByRole('button', { name: 'Open menu' }).click();
  await expect(header.getByRole('link', { name: 'Documentation' })).toBeVisible();
  await header.getByRole('link', { name: 'Documentation' }).click();
  await expect(page).toHaveURL(/\/documentation$/);
  await expect(header.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
});
