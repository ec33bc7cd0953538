import type { APIRequestContext, Browser, Page } from '@playwright/test';
import type { Blog, Category } from '../../src/shared/schemas/blog';
import { BLOG_LIMITS } from '../../src/shared/blog';
import { BOTGIT_LIMITS } from '../../src/shared/botgit';
import { E2E_ADMIN } from './support/server';
import {
  expect,
  registerViaApi,
  signIn,
  test,
  uniqueEmail,
  waitForHydrationOnGoto,
} from './support/fixtures';
import { armXssTrap, expectNoXss, fit, XSS_PAYLOADS } from './support/xss';

/**
 * docs/security.md#stored-content: the XSS corpus (support/xss.ts, 45 payloads) through every stored text field that a public or
 * dashboard page shows — posts and categories, leads, scraped profiles, the profile, the workspace, the
 * e-mail set-up, and the activity those writes leave — then every page that shows them, in Chromium with
 * the CSP bypassed: no payload runs, and no script-capable markup reaches the DOM.
 *
 * The file is named to run last: its posts and categories would crowd the first pages of other suites.
 */
test.use({ bypassCSP: true });
test.describe.configure({ timeout: 240_000 });

const run = Date.now().toString(36);
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAADAAAAAbCAIAAAC1C5slAAAAL0lEQVR42u3OMQ0AAAgDsKnjxb8AfGBjR5MKaHauSoSEhISEhISEhISEhISEqkMP8jN6Cu/B+6gAAAAASUVORK5CYII=',
  'base64',
);
type Headers = { Authorization: string };

async function bearer(request: APIRequestContext, credentials: { email: string; password: string }) {
  const response = await request.post('/api/login', { data: credentials });
  expect(response.ok(), await response.text()).toBe(true);
  return { Authorization: `Bearer ${((await response.json()) as { token: string }).token}` };
}

async function ok(response: Awaited<ReturnType<APIRequestContext['post']>>, status = 200) {
  expect(response.status(), await response.text()).toBe(status);
  return response.json();
}

/** A second signed-in browser page (the Admin's), with the same trap and CSP bypass. */
async function pageFor(browser: Browser, credentials: { email: string; password: string }) {
  const context = await browser.newContext({ bypassCSP: true, baseURL: test.info().project.use.baseURL });
  const page = waitForHydrationOnGoto(await context.newPage());
  await armXssTrap(page);
  await signIn(page, credentials.email, credentials.password);
  return page;
}

/** Audits the page, then follows its "Next" control while there is one (at most `max` pages). */
async function walkPages(page: Page, where: string, max = 8) {
  for (let index = 1; index <= max; index++) {
    await expectNoXss(page, `${where}, page ${index}`);
    const next = page
      .getByRole('link', { name: 'Next', exact: true })
      .or(page.getByRole('button', { name: 'Next', exact: true }));
    if (!(await next.count()) || !(await next.first().isEnabled())) return;
    const before = page.url() + (await page.locator('main').innerText());
    await next.first().click();
    await expect.poll(async () => page.url() + (await page.locator('main').innerText())).not.toBe(before);
  }
}

async function visit(page: Page, url: string) {
  await page.goto(url);
  await expectNoXss(page, url);
}

// The trace recorder injects a script into every frame; the editor's sandbox="" live preview blocks it and
// Chromium logs that as a console error, which the shared fixture would count against the page.
test.use({ trace: 'off' });

test.beforeEach(async ({ page }) => armXssTrap(page));

test('posts and categories: the public list and every post, the dashboard list, categories and the editor', async ({
  page,
  request,
}) => {
  const headers: Headers = await bearer(request, E2E_ADMIN);
  const posts: Blog[] = [];
  for (const [index, payload] of XSS_PAYLOADS.entries()) {
    const category = (
      (await ok(
        await request.post('/api/categories', {
          headers,
          data: { name: fit(`C${index}${run} ${payload}`, 80), description: fit(payload, 300) },
        }),
        201,
      )) as { category: Category }
    ).category;
    // A payload the sanitiser removes whole would leave no content, which the editor refuses.
    const content = `<p>Post ${index}</p>${index === 0 ? XSS_PAYLOADS.map((p) => `<p>${p}</p>${p}`).join('\n') : payload}`;
    const response = await request.post('/api/blogs', {
      headers,
      multipart: {
        title: fit(`X${index}${run} ${payload}`, BLOG_LIMITS.titleMax),
        metaDescription: fit(payload, BLOG_LIMITS.metaDescriptionMax),
        keywords: payload.replaceAll(',', ' '),
        category: category._id,
        content,
        status: 'published',
        altText: fit(payload, 200),
        featuredImage: { name: 'photo.png', mimeType: 'image/png', buffer: PNG },
      },
    });
    posts.push(((await ok(response, 201)) as { blog: Blog }).blog);
  }

  await page.goto('/blog');
  await walkPages(page, 'the public blog');
  for (const post of posts) await visit(page, `/blog/${post.slug}`);

  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto('/dashboard/blogs');
  await expect(page.getByText(`X${XSS_PAYLOADS.length - 1}${run}`, { exact: false }).first()).toBeVisible();
  await walkPages(page, 'the dashboard blog list');
  await page.goto('/dashboard/blogs');
  await page.getByRole('button', { name: 'Manage Categories' }).click();
  await expect(page.getByRole('dialog', { name: 'Manage Categories' })).toBeVisible();
  await expectNoXss(page, 'the category manager');
  await page.keyboard.press('Escape');

  // The editor of the post that holds the whole corpus, with its sandboxed live preview.
  await page.getByRole('searchbox').first().fill(`X0${run}`);
  await page.getByRole('button', { name: 'Edit' }).first().click();
  await expect(page.getByRole('heading', { name: 'Edit Blog' })).toBeVisible();
  await expectNoXss(page, 'the blog editor');
});

test('leads, scraped profiles, profile, workspace, e-mail set-up and activity, for their owner and the Admin', async ({
  page,
  request,
  browser,
}) => {
  const email = uniqueEmail(`xss${run}.test`);
  await registerViaApi(request, { userType: 'business-owner', businessName: XSS_PAYLOADS[0]!, email });
  const owner = { email, password: 'secret123' };
  const headers = await bearer(request, owner);

  for (const [index, payload] of XSS_PAYLOADS.entries()) {
    await ok(
      await request.post('/api/leads', {
        headers,
        data: {
          name: fit(payload, 200),
          email: `lead${index}@xss.test`,
          phone: fit(payload, 40),
          company: fit(payload, 200),
          source: fit(payload, 60),
          notes: payload,
        },
      }),
      201,
    );
  }
  await ok(
    await request.post('/api/scraped-data', {
      headers,
      data: XSS_PAYLOADS.map((payload, index) => ({
        profileUrl: `https://www.linkedin.com/in/xss-${run}-${index}`,
        name: fit(payload, BOTGIT_LIMITS.nameMax),
        email: '',
        phone: fit(payload, BOTGIT_LIMITS.phoneMax),
        role: fit(payload, BOTGIT_LIMITS.roleMax),
        location: fit(payload, BOTGIT_LIMITS.locationMax),
      })),
    }),
    201,
  );

  await signIn(page, owner.email, owner.password);
  await visit(page, '/dashboard');
  await page.getByRole('button', { name: /^Notifications/ }).click();
  await expectNoXss(page, 'the notifications');
  await page.keyboard.press('Escape');

  await page.goto('/dashboard/client-leads');
  await expect(page.getByTestId('lead-row').first()).toBeVisible();
  for (const row of [0, 1, 2]) {
    await page.getByTestId('lead-row').nth(row).getByRole('button').click();
    await expectNoXss(page, `the details of lead ${row + 1}`);
    await page.keyboard.press('Escape');
  }
  await walkPages(page, 'the lead list');
  await visit(page, '/dashboard/leads-flow');
  await visit(page, '/dashboard/conversion-tracking');
  await page.goto('/dashboard/botgit-data');
  await expect(page.getByTestId('scraped-row').first()).toBeVisible();
  await walkPages(page, 'the scraped profiles');

  // One value per field and round, every payload through every field of the profile, the workspace and
  // the e-mail set-up in turn; each round is looked at where the owner and the Admin see it.
  const admin = await pageFor(browser, E2E_ADMIN);
  const fields = 8;
  const rounds = Math.ceil(XSS_PAYLOADS.length / fields);
  for (let round = 0; round < rounds; round++) {
    const value = (field: number, max: number) =>
      fit(XSS_PAYLOADS[(round * fields + field) % XSS_PAYLOADS.length]!, max);
    await ok(
      await request.put('/api/profile', {
        headers,
        data: { username: value(0, 100), name: value(1, 100), location: value(2, 120), phone: value(3, 40) },
      }),
    );
    await ok(
      await request.put('/api/workspace', {
        headers,
        data: { name: value(4, 120), description: value(5, 500), type: 'Business' },
      }),
    );
    // The sender must hold an address; a payload the address parser refuses goes into the SMTP user.
    const setup = (user: string, from: string) =>
      request.post('/api/email/setup', {
        headers,
        data: { host: 'smtp.xss.test', port: 2525, secure: false, auth: { user, pass: 'smtp-pass' }, from },
      });
    const asSender = await setup('sender@xss.test', value(7, 320));
    if (asSender.status() !== 200) await ok(await setup(value(6, 320), 'XSS Sender <sender@xss.test>'));
    for (const url of [
      '/dashboard/profile-settings',
      '/dashboard/workspace-settings',
      '/dashboard/email-setup',
    ])
      await visit(page, url);
    await admin.goto('/dashboard/users-roles');
    await admin.getByLabel('Search users').fill(owner.email);
    await expect(admin.getByText(owner.email).first()).toBeVisible();
    await expectNoXss(admin, `the Admin's users list, round ${round + 1}`);
  }
  await visit(admin, '/dashboard');
  await admin.context().close();
});
