import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import { PERMISSION_POLL_INTERVAL_MS } from '../../src/shared/constants';
import { SESSION_MESSAGES } from '../../src/shared/messages';
import { expect, registerViaApi, test, uniqueEmail, waitForHydrationOnGoto } from './support/fixtures';

/**
 * In the browser (docs/product/auth.md#session-in-the-browser): sign-out ends the session on the server and no other; the sessions list signs
 * other devices out; the profile poll keeps the session through a server failure and ends it on a 401.
 */

const PASSWORD = 'secret123';

/**
 * A freelancer (whose business name is the username the dashboard header shows), with the session the
 * sign-up opened ended again: the test's own sign-ins are then the account's only sessions.
 */
async function newFreelancer(request: APIRequestContext) {
  const email = uniqueEmail();
  const username = `Session Studio ${Date.now().toString(36)}`;
  const { token } = (await registerViaApi(request, {
    userType: 'freelancer',
    businessName: username,
    email,
  })) as { token: string };
  const ended = await request.post('/api/logout', { headers: { Authorization: `Bearer ${token}` } });
  expect(ended.status(), await ended.text()).toBe(200);
  return { email, username };
}

/** Signs in through the form, "Remember me" ticked (the token then lives in localStorage). */
async function signInRemembered(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Remember me').check();
  await page.getByRole('button', { name: 'Continue with email' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

async function secondBrowser(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  return { context, page: waitForHydrationOnGoto(await context.newPage()) };
}

const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('token'));

test('signing out in one browser ends that session only: the other stays signed in', async ({
  page,
  request,
  browser,
}) => {
  const { email, username } = await newFreelancer(request);
  const other = await secondBrowser(browser);
  try {
    await signInRemembered(page, email);
    await signInRemembered(other.page, email);
    const token = await storedToken(page);
    expect(token).toBeTruthy();

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(await storedToken(page)).toBeNull();
    // The server ended that session: its token is refused from now on.
    const afterwards = await request.get('/api/profile', { headers: { Authorization: `Bearer ${token}` } });
    expect(afterwards.status()).toBe(401);

    // The other browser's session lives on.
    await other.page.reload();
    await expect(other.page).toHaveURL(/\/dashboard$/);
    await expect(other.page.getByRole('banner').getByText(username)).toBeVisible();
    await expect(other.page.getByTestId('overview-email')).toHaveText(email);
  } finally {
    await other.context.close();
  }
});

test('the sessions list marks this device, signs one session out, then every other one', async ({
  page,
  request,
  browser,
}) => {
  const { email } = await newFreelancer(request);
  const other = await secondBrowser(browser);
  try {
    await signInRemembered(other.page, email);
    await signInRemembered(page, email);
    // A third session, from a script: the list names its device from its own user agent.
    const scripted = await request.post('/api/login', {
      data: { email, password: PASSWORD },
      headers: {
        'User-Agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Version/17.0 Safari/604.1',
      },
    });
    expect(scripted.status(), await scripted.text()).toBe(200);
    const scriptedToken = ((await scripted.json()) as { token: string }).token;

    await page.goto('/dashboard/profile-settings');
    const card = page.getByRole('region', { name: SESSION_MESSAGES.title });
    const rows = card.getByRole('list', { name: SESSION_MESSAGES.title }).getByRole('listitem');
    await expect(rows).toHaveCount(3);
    await expect(card.getByText(SESSION_MESSAGES.thisDevice, { exact: true })).toHaveCount(1);
    // This device comes first, with no button to sign itself out.
    await expect(rows.first()).toContainText(SESSION_MESSAGES.thisDevice);
    await expect(rows.first().getByRole('button')).toHaveCount(0);
    await expect(card.getByText(SESSION_MESSAGES.lastSeen).first()).toBeVisible();

    // One session by its own button, named with its device.
    await card.getByRole('button', { name: 'Sign out Safari on iOS' }).click();
    await expect(page.getByText(SESSION_MESSAGES.signedOut('Safari on iOS'))).toBeVisible();
    await expect(rows).toHaveCount(2);
    const refused = await request.get('/api/profile', {
      headers: { Authorization: `Bearer ${scriptedToken}` },
    });
    expect(refused.status()).toBe(401);

    // Then everywhere else: the other browser's next page is the sign-in.
    await card.getByRole('button', { name: SESSION_MESSAGES.signOutOthers }).click();
    await expect(page.getByText(SESSION_MESSAGES.signedOutOthers(1))).toBeVisible();
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(SESSION_MESSAGES.thisDevice);

    await other.page.goto('/dashboard');
    await expect(other.page).toHaveURL(/\/login$/);
    expect(await storedToken(other.page)).toBeNull();

    // This browser is still signed in.
    await page.goto('/dashboard/workspace-settings');
    await page.getByRole('tab', { name: 'Security' }).click();
    await expect(
      page.getByRole('region', { name: SESSION_MESSAGES.title }).getByRole('listitem'),
    ).toHaveCount(1);
  } finally {
    await other.context.close();
  }
});

test('a profile check answered 503 keeps the session and the page; a 401 signs out to /login', async ({
  page,
  request,
}) => {
  const { email, username } = await newFreelancer(request);
  // The page's timers run on a clock the test can move on: the 30 s poll without waiting 30 s.
  await page.clock.install();
  await signInRemembered(page, email);
  await expect(page.getByTestId('overview-email')).toHaveText(email);
  const token = await storedToken(page);
  expect(token).toBeTruthy();

  let answered503 = 0;
  await page.route('**/api/profile', async (route) => {
    answered503 += 1;
    await route.fulfill({ status: 503, json: { message: 'Service unavailable' } });
  });
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });

  await page.clock.runFor(PERMISSION_POLL_INTERVAL_MS + 1000);
  await expect.poll(() => answered503).toBeGreaterThanOrEqual(1);
  await expect.poll(() => warnings.some((text) => text.includes('profile check failed'))).toBe(true);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('banner').getByText(username)).toBeVisible();
  await expect(page.getByTestId('overview-email')).toHaveText(email);
  expect(await storedToken(page)).toBe(token);

  // The next check is tried again at the next interval; a 401 then ends the session.
  await page.unroute('**/api/profile');
  await page.route('**/api/profile', (route) =>
    route.fulfill({ status: 401, json: { message: 'Your session has expired. Please sign in again.' } }),
  );
  await page.clock.runFor(PERMISSION_POLL_INTERVAL_MS + 1000);
  await expect(page).toHaveURL(/\/login$/);
  expect(await storedToken(page)).toBeNull();
});

/**
 * docs/security.md#lasting-credentials: someone who fears their session was used signs out everywhere else
 * and, ticking the box, revokes the API keys and webhooks made in the chosen time as well.
 */
test('"Sign out everywhere else" can revoke the API keys made in the last 24 hours too', async ({
  page,
  request,
}) => {
  const email = uniqueEmail(`revoke-${Date.now().toString(36)}.test`);
  await registerViaApi(request, { userType: 'business-owner', businessName: 'Revoke Co', email });
  // The "other" session, which made a key.
  const login = await request.post('/api/login', { data: { email, password: PASSWORD } });
  const headers = { Authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  const made = await request.post('/api/api-keys', {
    headers,
    data: { name: 'Sneaky', scopes: ['leads:read'] },
  });
  expect(made.status(), await made.text()).toBe(201);
  const key = ((await made.json()) as { key: string }).key;

  await signInRemembered(page, email);
  await page.goto('/dashboard/profile-settings');
  const card = page.getByRole('region', { name: SESSION_MESSAGES.title });
  await card.getByLabel(SESSION_MESSAGES.revokeToo).check();
  await card.getByRole('combobox', { name: 'How far back to revoke' }).selectOption({ label: '24 hours' });
  await page.screenshot({ path: 'test-results/sessions-revoke-1280.png' });
  await card.getByRole('button', { name: SESSION_MESSAGES.signOutOthers }).click();
  await expect(
    page.getByText(`${SESSION_MESSAGES.signedOutOthers(2)} ${SESSION_MESSAGES.revoked(1, 0)}`),
  ).toBeVisible();
  const refused = await request.get('/api/leads', { headers: { Authorization: `Bearer ${key}` } });
  expect(refused.status()).toBe(401);
});
