import { expect, registerViaApi, signIn, test, uniqueEmail } from './support/fixtures';
import { BOUNCE_MESSAGES } from '../../src/shared/messages';
import { startImapServer } from '../support/imap-server';

/**
 * The Bounces tab of Campaign Setup (docs/product/marketing.md#bounces-and-complaints): the mailbox form
 * saves and reads a real IMAP server, and a webhook secret is shown once.
 */
test('sets up the bounce mailbox, reads it, and makes a webhook secret', async ({ page, request }) => {
  const imap = await startImapServer();
  try {
    const email = uniqueEmail(`bounce-${Date.now().toString(36)}.test`);
    await registerViaApi(request, { userType: 'business-owner', businessName: 'Bloom Bakery', email });
    await signIn(page, email, 'secret123');
    await page.goto('/dashboard/campaign-setup');
    await page.getByRole('tab', { name: 'Bounces' }).click();
    const form = page.getByRole('form', { name: 'Bounce mailbox' });
    await form.getByLabel('IMAP host').fill(imap.host);
    await form.getByLabel('Port').fill(String(imap.port));
    await form.getByRole('switch', { name: 'Secure connection (SSL/TLS)' }).click();
    await form.getByLabel('User').fill(imap.user);
    await form.getByLabel('Password', { exact: true }).fill(imap.pass);
    await form.getByRole('button', { name: 'Save mailbox' }).click();
    await expect(page.getByText(BOUNCE_MESSAGES.mailboxSaved)).toBeVisible();
    await form.getByRole('button', { name: 'Check now' }).click();
    // The first check loads the IMAP and mail-parsing packages (on first use): slower on a loaded machine.
    await expect(page.getByText(BOUNCE_MESSAGES.checked(0))).toBeVisible({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Make a secret' }).click();
    await expect(page.getByText(BOUNCE_MESSAGES.secretRotated)).toBeVisible();
    await expect(page.getByText(/^whsec_/)).toBeVisible();
    await expect(page.getByText('No bounces or complaints recorded.')).toBeVisible();
    await page.screenshot({ path: 'test-results/bounces-tab.png', fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: 'test-results/bounces-tab-phone.png', fullPage: true });
  } finally {
    await imap.close();
  }
});
