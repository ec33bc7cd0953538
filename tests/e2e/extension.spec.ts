import { expect, registerViaApi, signIn, test, uniqueEmail } from './support/fixtures';
import { launchExtension, startConnecting, type ExtensionBrowser } from './support/extension';

/**
 * The Botgit extension in Debian's Chromium (docs/product/botgit.md#extension): built by `npm run build:extension`, loaded
 * unpacked into a persistent headless context, connected through the product's approval page
 * (docs/product/integrations.md#connect-botgit); it reads local fixture profile pages, saves one from the popup and one by
 * automatic scraping, and both reach the Scraped Data section.
 */
let browser: ExtensionBrowser;

test.beforeAll(async () => {
  browser = await launchExtension();
});

test.afterAll(async () => {
  await browser?.close();
});

test('the extension connects, saves a JSON-LD profile from its popup and auto-captures a visible-markup profile', async ({
  page,
  request,
}) => {
  const email = uniqueEmail(`scouts-${Date.now().toString(36)}.test`);
  await registerViaApi(request, { userType: 'business-owner', businessName: 'Scouts', email });
  const { token } = await (
    await request.post('/api/login', { data: { email, password: 'secret123' } })
  ).json();
  const headers = { Authorization: `Bearer ${token}` };
  const scraped = async () =>
    (
      (await (await request.get('/api/scraped-data', { headers })).json()).data as Record<string, string>[]
    ).map(({ _id: _ignored, timestamp: _time, ...fields }) => fields);

  const { context, extensionId, fixturesBase, reportedTab } = browser;
  // Options: the server's address and Connect Botgit; the approval page signs in, then approves.
  const { options, approval } = await startConnecting(browser);
  await approval.getByRole('link', { name: 'Sign in' }).click();
  await approval.getByLabel('Email').fill(email);
  await approval.getByLabel('Password', { exact: true }).fill('secret123');
  await approval.getByRole('button', { name: 'Continue with email' }).click();
  await approval.waitForURL(/\/connect-botgit\?code=/);
  await approval.getByRole('button', { name: 'Approve' }).click();
  await expect(approval.getByText('Botgit is connected.')).toBeVisible();
  await expect(options.getByText(`Botgit is connected as ${email}.`)).toBeVisible();
  await expect(options.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute(
    'href',
    `${process.env.E2E_BASE_URL}/botgit-privacy`,
  );

  // A page with JSON-LD, saved with one click in the popup.
  const profile = await context.newPage();
  await profile.goto(`${fixturesBase}/people/meera-iyer`);
  const tab = await reportedTab('/people/meera-iyer');
  const popup = await context.newPage();
  await popup.goto(`chrome-extension://${extensionId}/popup.html?tab=${tab}`);
  await expect(popup.locator('#found-name')).toHaveText('Meera Iyer');
  await expect(popup.locator('#found-role')).toHaveText('VP Marketing');
  await expect(popup.locator('#found-location')).toHaveText('Chennai, India');
  await popup.getByRole('button', { name: 'Save to Botgit' }).click();
  await expect(popup.getByRole('status')).toHaveText('Meera Iyer saved to Botgit.');

  // Automatic scraping is off: opening a profile saves nothing; an article is no profile at all.
  const visible = await context.newPage();
  await visible.goto(`${fixturesBase}/in/karan-mehta`);
  await reportedTab('/in/karan-mehta');
  const article = await context.newPage();
  await article.goto(`${fixturesBase}/blog/hiring-tips`);
  await expect
    .poll(() => reportedTab('/blog/hiring-tips').catch(() => -1), { timeout: 3000 })
    .toBeLessThan(0)
    .catch(() => undefined);
  expect((await scraped()).map((p) => p.name)).toEqual(['Meera Iyer']);

  // Turned on in Botgit Settings; the popup picks the change up when it opens.
  const settings = {
    autoScrape: true,
    scrapeInterval: 24,
    maxProfiles: 100,
    saveEmails: true,
    savePhones: true,
    notifyOnComplete: true,
  };
  expect((await request.put('/api/botgit/settings', { headers, data: settings })).status()).toBe(200);
  await popup.reload();
  await expect(popup.getByText('Automatic scraping is on')).toBeVisible();
  await visible.reload();
  await expect.poll(async () => (await scraped()).length, { timeout: 10_000 }).toBe(2);

  expect((await scraped()).sort((a, b) => a.name!.localeCompare(b.name!))).toEqual([
    {
      profileUrl: `${fixturesBase}/in/karan-mehta`,
      name: 'Karan Mehta',
      email: 'karan@pixelforge.test',
      phone: '+911415550199',
      role: 'Founder at Pixel Forge',
      location: 'Jaipur, Rajasthan',
    },
    {
      profileUrl: `${fixturesBase}/people/meera-iyer`,
      name: 'Meera Iyer',
      email: 'meera@iyer.test',
      phone: '+91 44 5555 0101',
      role: 'VP Marketing',
      location: 'Chennai, India',
    },
  ]);

  // And in the product.
  await signIn(page, email, 'secret123');
  await page.goto('/dashboard/botgit-data');
  await expect(page.getByTestId('scraped-row')).toHaveCount(2);
  await expect(page.getByTestId('scraped-row').filter({ hasText: 'Karan Mehta' })).toContainText(
    'karan@pixelforge.test',
  );
  await expect(page.getByTestId('scraped-row').filter({ hasText: 'Meera Iyer' })).toContainText(
    'VP Marketing',
  );
});
