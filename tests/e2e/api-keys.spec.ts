import { API_KEY_MESSAGES as M, IDENTITY_MESSAGES } from '../../src/shared/messages';
import { E2E_ADMIN } from './support/server';
import {
  ageSessions,
  expect,
  registerViaApi,
  setUserRole,
  signIn,
  test,
  uniqueEmail,
} from './support/fixtures';

/**
 * API keys in Settings & Configuration → Credentials (docs/product/integrations.md#api-keys): a Business Admin
 * creates a key with labelled scope checkboxes, sees it once with a copy button, finds it in the list with
 * its last use (in Credentials and on Manage Integrations' API keys card), and revokes it after a
 * confirmation; someone else who sees Credentials keeps its sample cards. Screenshots at 1280 and 390 px go
 * to test-results/.
 */
test('a Business Admin creates, copies, lists and revokes an API key', async ({ page, request }) => {
  const email = uniqueEmail(`creds-${Date.now().toString(36)}.test`);
  await registerViaApi(request, { userType: 'business-owner', businessName: 'Credential Co', email });
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page, email, 'secret123');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/dashboard/credentials');

  await expect(page.getByRole('heading', { name: 'Credentials', level: 1 })).toBeVisible();
  const panel = page.getByRole('region', { name: 'API keys' });
  await expect(panel.getByText(M.empty)).toBeVisible();
  // The other sample cards stay as they were; API keys is live.
  for (const card of ['Database credentials', 'Third-party services', 'Security tokens'])
    await expect(page.getByRole('heading', { name: card })).toBeVisible();

  await panel.getByRole('button', { name: 'Create API key' }).click();
  const form = page.getByRole('form', { name: 'Create API key' });
  await expect(form.getByLabel('Name')).toBeFocused();
  await form.getByRole('button', { name: 'Create key' }).click();
  await expect(form.getByText(M.nameRequired)).toBeVisible();
  await expect(form.getByText(M.scopesRequired)).toBeVisible();
  await form.getByLabel('Name').fill('Reporting script');
  await form.getByRole('checkbox', { name: /Leads: read/ }).check();
  await form.getByRole('checkbox', { name: /Blog: read/ }).check();
  await page.screenshot({ path: 'test-results/api-keys-form-1280.png' });
  await form.getByRole('button', { name: 'Create key' }).click();

  const shown = page.getByTestId('new-api-key');
  await expect(shown).toHaveText(/^ahq_[0-9A-Za-z]{46}$/);
  const key = (await shown.textContent())!;
  await expect(page.getByText(M.shownOnce)).toBeVisible();
  await page.getByRole('button', { name: 'Copy key' }).click();
  await expect(page.getByRole('button', { name: 'Copied', exact: true })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
  await page.screenshot({ path: 'test-results/api-keys-created-1280.png' });

  const row = page.getByTestId('api-key-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Reporting script');
  await expect(row).toContainText(`${key.slice(0, 8)}…`);
  await expect(row).toContainText('Leads: read');
  await expect(row).toContainText('Blog: read');
  await expect(row).toContainText(M.neverUsed);
  await page.getByRole('button', { name: 'I have copied it' }).click();
  await expect(shown).toHaveCount(0);
  // Shown once: never again, not after a reload either.
  await page.reload();
  await expect(page.getByText(key)).toHaveCount(0);

  // Used once: the list says when and from where.
  expect((await request.get('/api/leads', { headers: { Authorization: `Bearer ${key}` } })).status()).toBe(
    200,
  );
  await page.reload();
  await expect(row).toContainText('Last used just now from 127.0.0.1');
  await page.screenshot({ path: 'test-results/api-keys-list-1280.png', fullPage: true });

  // Manage Integrations, which a Business Admin sees too, counts the workspace's keys and their last use.
  await page.goto('/dashboard/manage-integrations');
  const keysCard = page
    .getByRole('list', { name: 'Your integrations' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'API keys' }) });
  await expect(keysCard).toContainText('1 key');
  await expect(keysCard).toContainText('Last used just now.');
  await page.screenshot({ path: 'test-results/integrations-1280.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'test-results/integrations-390.png', fullPage: true });
  await keysCard.getByRole('link', { name: 'Open Credentials' }).click();
  await expect(page.getByRole('heading', { name: 'Credentials', level: 1 })).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(row).toBeVisible();
  await page.screenshot({ path: 'test-results/api-keys-list-390.png', fullPage: true });
  await page.getByRole('button', { name: 'Create API key' }).click();
  await page.screenshot({ path: 'test-results/api-keys-form-390.png', fullPage: true });
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.setViewportSize({ width: 1280, height: 900 });

  // Revoke asks first; Cancel keeps it.
  await row.getByRole('button', { name: 'Revoke API key Reporting script' }).click();
  const dialog = page.getByRole('dialog', { name: M.revokeTitle('Reporting script') });
  await expect(dialog).toContainText(M.revokeText);
  await page.screenshot({ path: 'test-results/api-keys-revoke-1280.png' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: 'Revoke API key Reporting script' }).click();
  await dialog.getByRole('button', { name: 'Revoke key' }).click();
  await expect(page.getByText(M.revoked('Reporting script'))).toBeVisible();
  await expect(row).toHaveCount(0);
  expect((await request.get('/api/leads', { headers: { Authorization: `Bearer ${key}` } })).status()).toBe(
    401,
  );
});

test('someone else who sees Credentials keeps its four sample cards', async ({ page, request }) => {
  const email = uniqueEmail();
  await registerViaApi(request, { userType: 'freelancer', businessName: 'Card Viewer', email });
  setUserRole(email, 'Web Developer');
  const { token } = await (
    await request.post('/api/login', { data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password } })
  ).json();
  const admin = { authorization: `Bearer ${token}` };
  const users = await (await request.get('/api/users', { headers: admin })).json();
  const id = users.users.find((u: { email: string }) => u.email === email)._id;
  expect(
    (
      await request.put(`/api/users/${id}/permissions`, {
        headers: admin,
        data: { settingsConfiguration: true },
      })
    ).status(),
  ).toBe(200);

  await signIn(page, email, 'secret123');
  await page.goto('/dashboard/credentials');
  await expect(page.getByTestId('placeholder-credentials')).toBeVisible();
  for (const card of ['API keys', 'Database credentials', 'Third-party services', 'Security tokens'])
    await expect(page.getByRole('heading', { name: card })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create API key' })).toHaveCount(0);
});

/**
 * docs/security.md#lasting-credentials: a session signed in more than 15 minutes ago is asked for the
 * password before it adds a key; the dialog confirms it and the key is made in the same click.
 */
test('an old session confirms the password in a dialog before the key is made', async ({ page, request }) => {
  const email = uniqueEmail(`sudo-${Date.now().toString(36)}.test`);
  await registerViaApi(request, { userType: 'business-owner', businessName: 'Sudo Co', email });
  await signIn(page, email, 'secret123');
  await ageSessions(email, 60 * 60_000);
  await page.goto('/dashboard/credentials');
  const panel = page.getByRole('region', { name: 'API keys' });
  await panel.getByRole('button', { name: 'Create API key' }).click();
  const form = page.getByRole('form', { name: 'Create API key' });
  await form.getByLabel('Name').fill('After confirming');
  await form.getByRole('checkbox', { name: /Leads: read/ }).check();
  await form.getByRole('button', { name: 'Create key' }).click();

  const dialog = page.getByRole('dialog', { name: IDENTITY_MESSAGES.title });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel(IDENTITY_MESSAGES.passwordLabel, { exact: true })).toBeFocused();
  await dialog.getByLabel(IDENTITY_MESSAGES.passwordLabel, { exact: true }).fill('not-my-password');
  await dialog.getByRole('button', { name: IDENTITY_MESSAGES.confirm }).click();
  await expect(dialog.getByText(IDENTITY_MESSAGES.passwordWrong)).toBeVisible();
  await page.screenshot({ path: 'test-results/confirm-identity-1280.png' });
  await dialog.getByLabel(IDENTITY_MESSAGES.passwordLabel, { exact: true }).fill('secret123');
  await dialog.getByRole('button', { name: IDENTITY_MESSAGES.confirm }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('new-api-key')).toHaveText(/^ahq_[0-9A-Za-z]{46}$/);
  await expect(page.getByTestId('api-key-row')).toContainText('After confirming');
});
