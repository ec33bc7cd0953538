import { createHash, randomBytes } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { totpCode } from '../../src/server/modules/two-factor/totp';
import { TWO_FACTOR } from '../../src/shared/two-factor';
import { BOTGIT_CONNECT_MESSAGES as C } from '../../src/shared/messages';
import { expect, registerViaApi, test, uniqueEmail } from './support/fixtures';
import { launchExtension, startConnecting, type ExtensionBrowser } from './support/extension';

/**
 * Connecting Botgit with a key (docs/product/integrations.md#connect-botgit): a Business Admin with
 * two-factor sign-in connects the extension through the approval page (sign-in, the code, Approve), the
 * extension saves a profile with its key and shows in Credentials; a link to the approval page that this
 * browser's extension did not start offers no Approve; Disconnect revokes the key.
 */
let browser: ExtensionBrowser;

test.beforeAll(async () => {
  browser = await launchExtension();
});

test.afterAll(async () => {
  await browser?.close();
});

/** A code of the next 30-second step (the step a code was last accepted for cannot be used again). */
const nextCode = (secret: string) => totpCode(secret, new Date(Date.now() + TWO_FACTOR.periodSeconds * 1000));

/** A Business Owner with two-factor sign-in on, set up through the API as the Security tab would. */
async function ownerWithTwoFactor(request: APIRequestContext) {
  const email = uniqueEmail(`keys-${Date.now().toString(36)}.test`);
  await registerViaApi(request, { userType: 'business-owner', businessName: 'Key Holders', email });
  const { token } = await (
    await request.post('/api/login', { data: { email, password: 'secret123' } })
  ).json();
  const headers = { Authorization: `Bearer ${token}` };
  const setup = await request.post('/api/profile/two-factor/setup', {
    headers,
    data: { password: 'secret123' },
  });
  const { secret } = await setup.json();
  const confirm = await request.post('/api/profile/two-factor/confirm', {
    headers,
    data: { code: totpCode(secret, new Date()) },
  });
  expect(confirm.status()).toBe(200);
  return { email, secret, headers };
}

async function hydrated(page: Page) {
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
}

test('a Business Admin with two-factor sign-in connects Botgit on the approval page, and it saves a profile with its key', async ({
  request,
}) => {
  const { email, secret, headers } = await ownerWithTwoFactor(request);
  const { options, approval } = await startConnecting(browser);
  await expect(options.getByText('Approve the request in the AgencyHQ tab')).toBeVisible();

  // Signed out in this browser: through sign-in and the second step, back to the approval page.
  await hydrated(approval);
  await expect(approval.getByRole('heading', { name: C.signInFirst })).toBeVisible();
  await approval.getByRole('link', { name: 'Sign in' }).click();
  await approval.getByLabel('Email').fill(email);
  await approval.getByLabel('Password', { exact: true }).fill('secret123');
  await approval.getByRole('button', { name: 'Continue with email' }).click();
  await approval.getByLabel('Authentication code').fill(nextCode(secret));
  await approval.getByRole('button', { name: 'Verify' }).click();
  await approval.waitForURL(/\/connect-botgit\?code=/);
  await hydrated(approval);

  await expect(approval.getByRole('heading', { name: C.title })).toBeVisible();
  await expect(approval.getByText(`Signed in as ${email}`)).toBeVisible();
  for (const ability of C.abilities) await expect(approval.getByText(ability)).toBeVisible();
  await expect(approval.getByText(C.willNot)).toBeVisible();
  await expect(approval.getByText('This request comes from Botgit in this browser.')).toBeVisible();
  await approval.setViewportSize({ width: 1280, height: 900 });
  await approval.screenshot({ path: 'test-results/connect-botgit-1280.png' });
  await approval.setViewportSize({ width: 390, height: 844 });
  await approval.screenshot({ path: 'test-results/connect-botgit-390.png', fullPage: true });
  await approval.getByRole('button', { name: 'Approve' }).click();
  await expect(approval.getByText(C.approved)).toBeVisible();

  await expect(options.getByText(`Botgit is connected as ${email}.`)).toBeVisible();
  await expect(options.getByText('Connected to')).toContainText('Key Holders');
  await expect(options.getByLabel('Password')).toHaveCount(0);

  // What the extension keeps: the server, the key (nothing broader), who and where; no session token.
  const stored = await browser.worker.evaluate(async () => {
    const chrome = (globalThis as unknown as { chrome: { storage: { local: { get(): Promise<unknown> } } } })
      .chrome;
    return chrome.storage.local.get();
  });
  const session = (stored as { session: Record<string, string> & { key: string } }).session;
  expect(Object.keys(session).sort()).toEqual(['email', 'key', 'server', 'workspaceName']);
  expect(session.key).toMatch(/^ahq_[0-9A-Za-z]{46}$/);
  expect(JSON.stringify(stored)).not.toContain('secret123');

  // Saving a profile from the popup, with the key.
  await browser.context.newPage().then((p) => p.goto(`${browser.fixturesBase}/people/meera-iyer`));
  const tab = await browser.reportedTab('/people/meera-iyer');
  const popup = await browser.context.newPage();
  await popup.goto(`chrome-extension://${browser.extensionId}/popup.html?tab=${tab}`);
  await expect(popup.getByText(`Connected as ${email}`)).toBeVisible();
  await popup.getByRole('button', { name: 'Save to Botgit' }).click();
  await expect(popup.getByRole('status')).toHaveText('Meera Iyer saved to Botgit.');
  const scraped = await (await request.get('/api/scraped-data', { headers })).json();
  expect(scraped.data.map((p: { name: string }) => p.name)).toEqual(['Meera Iyer']);

  // The key is listed in Credentials (its first characters only) and can do nothing else.
  const keys = (await (await request.get('/api/api-keys', { headers })).json()).apiKeys;
  expect(keys).toEqual([
    expect.objectContaining({
      name: 'Botgit extension',
      scopes: ['scraped-data:write'],
      prefix: session.key.slice(0, 8),
    }),
  ]);
  expect(
    (await request.get('/api/leads', { headers: { Authorization: `Bearer ${session.key}` } })).status(),
  ).toBe(403);
  // Manage Integrations counts it as a connected extension.
  const connected = async () =>
    (await (await request.get('/api/integrations', { headers })).json()).botgit.connectedExtensions;
  expect(await connected()).toBe(1);

  // Disconnect revokes it on the server at once.
  await options.getByRole('button', { name: 'Disconnect' }).click();
  await expect(options.getByRole('button', { name: 'Connect Botgit' })).toBeVisible();
  expect(
    (
      await request.get('/api/botgit/settings', { headers: { Authorization: `Bearer ${session.key}` } })
    ).status(),
  ).toBe(401);
  expect((await (await request.get('/api/api-keys', { headers })).json()).apiKeys).toEqual([]);
  expect(await connected()).toBe(0);
});

test('an approval page this browser’s Botgit did not open offers no Approve, and its code yields no key', async ({
  page,
  request,
}) => {
  // Someone else starts a request with a verifier of their own and sends the link.
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const { code } = await (await request.post('/api/botgit/connect', { data: { challenge } })).json();

  const email = uniqueEmail(`victim-${Date.now().toString(36)}.test`);
  await registerViaApi(request, { userType: 'business-owner', businessName: 'Victims', email });
  const victim = await browser.context.newPage();
  await victim.goto(
    `${process.env.E2E_BASE_URL}/login?next=${encodeURIComponent(`/connect-botgit?code=${code}`)}`,
  );
  await hydrated(victim);
  await victim.getByLabel('Email').fill(email);
  await victim.getByLabel('Password', { exact: true }).fill('secret123');
  await victim.getByRole('button', { name: 'Continue with email' }).click();
  await victim.waitForURL(/\/connect-botgit\?code=/);
  await expect(victim.getByText(C.notFromExtension)).toBeVisible({ timeout: 10_000 });
  await expect(victim.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await victim.getByRole('button', { name: 'Cancel' }).click();
  await expect(victim.getByText(C.cancelled)).toBeVisible();

  const claim = await request.post('/api/botgit/connect/claim', { data: { code, verifier } });
  expect(claim.status()).toBe(202);
  // And the same page without the extension at all (an ordinary browser) says the same.
  await page.goto(`/connect-botgit?code=${code}`);
  await expect(page.getByRole('heading', { name: C.signInFirst })).toBeVisible();
});
