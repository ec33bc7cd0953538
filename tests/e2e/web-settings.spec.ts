import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { contrastOnWhite } from '../../src/shared/color';
import { MAILING_LIST_MESSAGES, SITE_SETTINGS_MESSAGES as M } from '../../src/shared/messages';
import { E2E_ADMIN } from './support/server';
import { expect, signIn, test } from './support/fixtures';

const NAME = 'Harbour & Co';
const COLOR = '#0f766e';
const COLOR_RGB = 'rgb(15, 118, 110)';
const TOO_LIGHT = '#fde047';
const HERO_TITLE = 'Launch Your';
const SERVICE = 'Web Platforms';
/** The logo the journey uploads: an SVG (drawn as a PNG by the server), 3:1. */
const LOGO_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="150" height="50" viewBox="0 0 150 50">' +
  '<rect width="150" height="50" rx="10" fill="#0f766e"/><circle cx="25" cy="25" r="14" fill="#fff"/>' +
  '<rect x="50" y="18" width="86" height="14" rx="7" fill="#fff"/></svg>';

/** Back to the spec's texts, published: the suites after this one read the default site. */
async function restoreDefaults(request: APIRequestContext) {
  const login = await request.post('/api/login', { data: E2E_ADMIN });
  expect(login.ok(), await login.text()).toBe(true);
  const headers = { Authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  const reset = await request.post('/api/site-settings/reset', { headers });
  expect(reset.ok(), await reset.text()).toBe(true);
  if (((await reset.json()) as { unpublished: boolean }).unpublished) {
    const publish = await request.post('/api/site-settings/publish', { headers });
    expect(publish.ok(), await publish.text()).toBe(true);
  }
}

/** The public home page in a browser that has never signed in, at the given width. */
async function visitorHome(browser: Browser, baseURL: string, width: number) {
  const context = await browser.newContext({ baseURL, viewport: { width, height: 900 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && !/Failed to load resource/.test(message.text()))
      errors.push(message.text());
  });
  await page.goto('/');
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  return { page, errors, close: () => context.close() };
}

async function expectChangedHome(page: Page, width: number) {
  await expect(page).toHaveTitle(`${HERO_TITLE} Masterpiece - ${NAME}`);
  await expect(page.getByRole('banner').getByRole('link', { name: NAME, exact: true })).toBeVisible();
  // The uploaded logo replaces the mark and the name (its alt text is the name), drawn 32 px tall.
  const logo = page.getByRole('banner').getByRole('img', { name: NAME, exact: true });
  await expect(logo).toBeVisible();
  await expect(logo).toHaveAttribute('src', /^\/api\/media\//);
  await expect
    .poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  expect((await logo.boundingBox())?.height).toBe(32);
  await expect(page.getByRole('contentinfo').getByRole('img', { name: NAME, exact: true })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1 })).toHaveText(`${HERO_TITLE} Masterpiece`);
  // The brand colour reaches the design tokens: the call to action is drawn in it.
  await expect(main.getByRole('button', { name: 'Start Your Project' })).toHaveCSS(
    'background-color',
    COLOR_RGB,
  );
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', COLOR);
  // The renamed service moved up to first place.
  const cards = page.locator('#products').getByRole('listitem');
  await expect(cards.first().getByRole('heading', { level: 3 })).toHaveText(SERVICE);
  await expect(cards.nth(1).getByRole('heading', { level: 3 })).toHaveText('Identity & Design');
  await expect(cards).toHaveCount(4);
  await expect(page.getByRole('contentinfo')).toContainText(`${NAME}. All rights reserved.`);
  if (width < 768) await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
  else await expect(page.getByRole('banner').getByRole('link', { name: 'Documentation' })).toBeVisible();
}

test.afterEach(async ({ request }) => {
  await restoreDefaults(request);
});

test('an Admin renames, recolours and rewrites the site in Web Settings, previews, publishes and undoes', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(120_000);
  await restoreDefaults(request);
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto('/dashboard/web-settings');
  await expect(page.getByRole('heading', { name: 'Web Settings', level: 1 })).toBeVisible();
  const form = page.getByRole('form', { name: 'Web Settings' });
  const preview = page.frameLocator('[data-testid="site-preview"] iframe');
  const publishButton = page.getByRole('button', { name: 'Publish', exact: true });
  await expect(publishButton).toBeDisabled();

  // Identity: the name, and a brand colour (a too-light one is refused with the reason).
  const siteName = form.getByLabel('Site name');
  await expect(siteName).toHaveValue('AgencyHQ');
  await siteName.fill(NAME);
  await expect(form.getByText(`${NAME.length}/60`)).toBeVisible();
  const color = form.getByRole('textbox', { name: 'Brand colour', exact: true });
  await color.fill(TOO_LIGHT);
  await expect(form.getByText(/too low \(WCAG AA needs 4\.5:1\)/)).toBeVisible();
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(form.getByText(M.contrastTooLow(contrastOnWhite(TOO_LIGHT).toFixed(2)))).toBeVisible();
  await color.fill(COLOR);
  await expect(form.getByText(/readable \(WCAG AA needs 4\.5:1\)/)).toBeVisible();
  await expect(form.getByText(M.contrastTooLow(contrastOnWhite(TOO_LIGHT).toFixed(2)))).toHaveCount(0);
  await expect(preview.locator('header')).toContainText(NAME);
  await expect(preview.locator('html')).toHaveCSS('--color-brand-600', COLOR);

  // A logo: an SVG with a script is refused with the reason; a plain one is drawn and previewed.
  const logoInput = form.getByLabel('Upload logo');
  await logoInput.setInputFiles({
    name: 'evil.svg',
    mimeType: 'image/svg+xml',
    buffer: Buffer.from(LOGO_SVG.replace('</svg>', '<script>alert(1)</script></svg>')),
  });
  await expect(form.getByText(M.svgRefused('a script'))).toBeVisible();
  await logoInput.setInputFiles({
    name: 'logo.svg',
    mimeType: 'image/svg+xml',
    buffer: Buffer.from(LOGO_SVG),
  });
  await expect(form.getByRole('img', { name: `Logo preview: ${NAME}` })).toBeVisible();
  await expect(form.getByText(M.svgRefused('a script'))).toHaveCount(0);
  await expect(form.getByLabel('Logo alt text')).toHaveAttribute('placeholder', NAME);
  await expect(preview.locator('header img')).toHaveAttribute('alt', NAME);

  // The hero's title.
  await form.getByRole('tab', { name: 'Home hero' }).click();
  await form.getByLabel('Hero title').fill(HERO_TITLE);
  await expect(preview.locator('h1')).toHaveText(`${HERO_TITLE} Masterpiece`);

  // A service: renamed, then moved up to first place with its keyboard-reachable button.
  await form.getByRole('tab', { name: 'Services' }).click();
  await form.getByLabel('Service title').nth(1).fill(SERVICE);
  const moveUp = form.getByRole('button', { name: `Move ${SERVICE} up` });
  await moveUp.focus();
  await page.keyboard.press('Enter');
  await expect(form.getByLabel('Service title').first()).toHaveValue(SERVICE);
  await expect(preview.locator('#products li h3').first()).toHaveText(SERVICE);

  // The preview at a phone's width lays the page out as a phone does.
  await page.getByRole('button', { name: 'Phone 390px' }).click();
  await expect(page.getByTestId('site-preview')).toHaveAttribute('data-device', 'phone');
  await expect(preview.locator('button[aria-controls="site-menu"]')).toBeVisible();
  await expect(preview.locator('h1')).toHaveText(`${HERO_TITLE} Masterpiece`);

  // Publish: at once, for everyone, recorded in the history.
  await publishButton.click();
  await expect(page.getByText(M.published)).toBeVisible();
  await expect(page.getByText('The site shows this draft')).toBeVisible();
  await expect(publishButton).toBeDisabled();
  const history = page.getByRole('list', { name: 'Publishes, newest first' });
  await expect(history.getByRole('listitem').first()).toContainText('Published by admin');
  await expect(history.getByRole('listitem').first()).toContainText(
    'Changed: site name, brand colour, logo, hero title and services',
  );

  for (const width of [390, 1280]) {
    const visitor = await visitorHome(browser, baseURL!, width);
    await expectChangedHome(visitor.page, width);
    expect(visitor.errors, `console errors at ${width}px`).toEqual([]);
    await visitor.close();
  }

  // Undo: the site is back as it was, and the draft with it.
  await page.getByRole('button', { name: 'Undo last publish' }).click();
  const dialog = page.getByRole('dialog', { name: 'Undo the last publish?' });
  await dialog.getByRole('button', { name: 'Undo last publish' }).click();
  await expect(page.getByText(M.undone)).toBeVisible();
  await form.getByRole('tab', { name: 'Identity' }).click();
  await expect(form.getByLabel('Site name')).toHaveValue('AgencyHQ');
  const home = await (await request.get('/')).text();
  expect(home).toContain('<title>Management of Your Masterpiece - AgencyHQ</title>');
  expect(home).not.toContain(NAME.replace('&', '&amp;'));
  expect(home).not.toContain('id="brand-tokens"');
  expect(home).not.toContain('data-testid="site-logo"');
  await expect(history.getByRole('listitem').first()).toContainText('Undid a publish by admin');

  // Reset to defaults asks first; with the draft at the defaults there is nothing to publish.
  await form.getByLabel('Site name').fill('Draft only');
  await page.getByRole('button', { name: 'Reset to defaults' }).click();
  await page
    .getByRole('dialog', { name: 'Reset to the default texts?' })
    .getByRole('button', { name: 'Reset the draft' })
    .click();
  await expect(page.getByText(M.reset)).toBeVisible();
  await expect(form.getByLabel('Site name')).toHaveValue('AgencyHQ');
  await expect(publishButton).toBeDisabled();
});

test('a role other than Admin reads that only an Admin changes the website, above the section cards', async ({
  page,
  request,
}) => {
  const email = `web-settings-${Date.now().toString(36)}@bloom-${Date.now().toString(36)}.test`;
  const response = await request.post('/api/register', {
    data: {
      userType: 'business-owner',
      businessName: 'Bloom Bakery',
      email,
      password: 'secret123',
      confirmPassword: 'secret123',
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  await signIn(page, email, 'secret123');
  await page.goto('/dashboard/web-settings');
  await expect(page.getByRole('heading', { name: 'Web Settings', level: 1 })).toBeVisible();
  await expect(page.getByText(M.adminOnly)).toBeVisible();
  for (const card of ['Domain and hosting', 'Site metadata', 'Tracking codes', 'Redirects and sitemap'])
    await expect(page.getByRole('heading', { name: card, level: 2 })).toBeVisible();
  await expect(page.getByRole('form', { name: 'Web Settings' })).toHaveCount(0);
});

test('an Admin adds an uploaded trusted-by logo, a footer link and British dates, and publishes them', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(120_000);
  const LOGO_NAME = 'Harbour Freight';
  await restoreDefaults(request);
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto('/dashboard/web-settings');
  const form = page.getByRole('form', { name: 'Web Settings' });
  const preview = page.frameLocator('[data-testid="site-preview"] iframe');

  // Trusted by: an uploaded logo, named (its alt text), moved to the front; Arcfield hidden.
  await form.getByRole('tab', { name: 'Trusted by' }).click();
  await expect(form.getByLabel('Company name (alt text)')).toHaveCount(4);
  await form.getByLabel('Upload a logo').setInputFiles({
    name: 'harbour.svg',
    mimeType: 'image/svg+xml',
    buffer: Buffer.from(LOGO_SVG),
  });
  const nameField = form.getByLabel('Company name (alt text)').nth(4);
  await expect(nameField).toBeFocused();
  await nameField.fill(LOGO_NAME);
  for (let moves = 0; moves < 4; moves += 1)
    await form.getByRole('button', { name: `Move the ${LOGO_NAME} logo up` }).click();
  await expect(form.getByLabel('Company name (alt text)').first()).toHaveValue(LOGO_NAME);
  await form
    .getByRole('group', { name: /Arcfield/ })
    .getByRole('switch', { name: 'Show on the home page' })
    .click();
  await expect(form.getByRole('group', { name: /Arcfield/ })).toContainText('Hidden');
  await expect(preview.locator('[data-testid="trusted-logo"] img').first()).toHaveAttribute('alt', LOGO_NAME);
  await form.screenshot({ path: test.info().outputPath('editor-trusted.png') });

  // Navigation: a footer link of its own.
  await form.getByRole('tab', { name: 'Navigation' }).click();
  await form.getByRole('button', { name: 'Add footer link' }).click();
  const footerList = form.getByRole('region', { name: 'Footer links' });
  await footerList.getByLabel('Link text').last().fill('Our Journal');
  await footerList.getByLabel('Goes to').last().fill('/blog');
  await expect(preview.locator('footer')).toContainText('Our Journal');

  // Identity: British dates, in London.
  await form.getByRole('tab', { name: 'Identity' }).click();
  await form.getByLabel('Language and date format').fill('en-GB');
  await form.getByLabel('Time zone').fill('Europe/London');
  await expect(form.getByTestId('date-sample')).toHaveText(
    'Posts will read: 21 Nov 2026 in lists, 21 November 2026 on the post.',
  );
  await form.getByRole('group', { name: 'Dates and language' }).screenshot({
    path: test.info().outputPath('editor-dates.png'),
  });

  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByText(M.published)).toBeVisible();

  for (const width of [390, 1280]) {
    const visitor = await visitorHome(browser, baseURL!, width);
    const strip = visitor.page.locator('section[aria-labelledby="trusted-by"]');
    const logo = strip.getByRole('img', { name: LOGO_NAME, exact: true });
    await expect(logo).toHaveAttribute('src', /^\/api\/media\//);
    await expect
      .poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    expect((await logo.boundingBox())?.height).toBe(32);
    await expect(visitor.page.getByTestId('trusted-logo')).toHaveCount(12);
    await expect(strip.getByRole('img', { name: 'Arcfield' })).toHaveCount(0);
    await expect(visitor.page.locator('html')).toHaveAttribute('lang', 'en-GB');
    await expect(
      visitor.page.getByRole('contentinfo').getByRole('link', { name: 'Our Journal' }),
    ).toHaveAttribute('href', '/blog');
    await strip.screenshot({
      path: test.info().outputPath(`trusted-strip-${width}.png`),
      animations: 'disabled',
    });
    await visitor.page.goto('/blog');
    await visitor.page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await expect(visitor.page.locator('html')).toHaveAttribute('lang', 'en-GB');
    expect(visitor.errors, `console errors at ${width}px`).toEqual([]);
    await visitor.close();
  }
});

test('an Admin turns on the newsletter sign-up for an agency list; a visitor subscribes from the footer', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(120_000);
  const LIST = 'Harbour Letters';
  const CONSENT = 'Yes, send me the Harbour letters. I can unsubscribe at any time.';
  await restoreDefaults(request);
  const login = await request.post('/api/login', { data: E2E_ADMIN });
  const headers = { Authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  const created = await request.post('/api/mailing-lists', {
    headers,
    data: { name: LIST, optIn: 'double', consentText: CONSENT, description: '' },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const list = ((await created.json()) as { list: { id: string } }).list;
  try {
    await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.goto('/dashboard/web-settings');
    const form = page.getByRole('form', { name: 'Web Settings' });
    await form.getByRole('tab', { name: 'Newsletter' }).click();
    await form.getByRole('switch', { name: 'Show the newsletter sign-up' }).click();
    await form.getByLabel('Mailing list').selectOption({ label: `${LIST} (double opt-in)` });
    await form.getByLabel('Heading').fill('Harbour news');
    await form.screenshot({ path: test.info().outputPath('editor-newsletter.png') });
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(page.getByText(M.published)).toBeVisible();

    for (const width of [390, 1280]) {
      const visitor = await visitorHome(browser, baseURL!, width);
      const footer = visitor.page.getByRole('contentinfo');
      const signUp = footer.getByRole('region', { name: 'Harbour news' });
      await expect(signUp).toContainText(CONSENT);
      await signUp.getByLabel(MAILING_LIST_MESSAGES.emailLabel).fill(`reader-${width}@example.com`);
      await signUp.screenshot({ path: test.info().outputPath(`newsletter-${width}.png`) });
      await signUp.getByRole('button', { name: /Subscribe/ }).click();
      await expect(signUp.getByRole('status')).toHaveText(MAILING_LIST_MESSAGES.subscribedDouble);
      expect(visitor.errors, `console errors at ${width}px`).toEqual([]);
      await visitor.close();
    }
  } finally {
    await restoreDefaults(request);
    await request.delete(`/api/mailing-lists/${list.id}`, { headers });
  }
});
