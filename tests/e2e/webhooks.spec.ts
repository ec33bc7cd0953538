import type { Page } from '@playwright/test';
import { WEBHOOK_MESSAGES as M } from '../../src/shared/messages';
import { readmeVerifier, startReceiver } from '../api/support/webhooks';
import { expect, signIn, test } from './support/fixtures';
import { E2E_ADMIN } from './support/server';

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

/**
 * docs/product/integrations.md#webhooks in the browser: the Admin opens Manage Integrations, sees the live
 * cards and the labelled samples, adds a webhook (the secret shown once), sends a test event and sees the
 * delivery in its log; a lead created meanwhile arrives too, signed as the README says. Screenshots at
 * 1280 and 390 px go to /tmp/hooks-*.png.
 */
test('a webhook created in the UI shows its first delivery in the log', async ({ page, request }) => {
  const receiver = await startReceiver();
  const verify = await readmeVerifier();
  try {
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.goto('/dashboard/manage-integrations');
    await expect(page.getByRole('heading', { name: 'Manage Integrations', level: 1 })).toBeVisible();
    const cards = page.getByRole('list', { name: 'Your integrations' });
    await expect(cards.getByRole('heading', { name: 'E-mail' })).toBeVisible();
    await expect(cards.getByRole('heading', { name: 'Botgit' })).toBeVisible();
    await expect(cards.getByRole('heading', { name: 'API keys' })).toBeVisible();
    // The agency's set-up is the test SMTP server, saved by the global set-up.
    await expect(cards.getByRole('listitem').filter({ hasText: 'E-mail' })).toContainText(
      'Your own SMTP server',
    );
    const samples = page.getByRole('region', { name: 'More integrations' });
    await expect(samples.getByText('Sample', { exact: true })).toBeVisible();
    await expect(samples.getByRole('heading', { name: 'Team chat' })).toBeVisible();

    // Add a webhook: the URL and two events; the secret is shown once.
    await page.getByRole('button', { name: 'Add webhook' }).click();
    const form = page.getByRole('dialog', { name: 'Add webhook' });
    await form.getByRole('button', { name: 'Create webhook' }).click();
    await expect(form.getByText(M.urlRequired)).toBeVisible();
    await form.getByLabel('Endpoint URL').fill(receiver.url);
    await form.getByRole('checkbox', { name: /Lead created/ }).check();
    await form.getByRole('checkbox', { name: /Post published/ }).check();
    await form.getByRole('button', { name: 'Create webhook' }).click();
    const created = page.getByRole('dialog', { name: 'Webhook created' });
    await expect(created.getByText(M.created)).toBeVisible();
    const secret = await created.getByLabel('Signing secret').inputValue();
    expect(secret).toMatch(/^whsec_/);
    await page.screenshot({ path: '/tmp/hooks-secret-1280.png' });
    await created.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByText(secret)).toHaveCount(0);

    // Its first delivery: a test event, then a real lead.created, both in the log.
    const webhook = page.getByRole('group', { name: `Webhook ${receiver.url}` });
    await expect(webhook.getByText('Active')).toBeVisible();
    await webhook.getByRole('button', { name: 'Send a test event' }).click();
    await expect(toast(page, M.testQueued)).toBeVisible();
    const log = webhook.getByRole('table', { name: 'Deliveries of this webhook' });
    const testRow = log.getByRole('row').filter({ hasText: 'webhook.test' });
    await expect(testRow).toContainText('Delivered');
    await expect(testRow).toContainText('200');
    const [ping] = await receiver.waitFor(1);
    expect(ping!.json.event).toBe('webhook.test');
    expect(verify(ping!.rawBody, String(ping!.headers['x-agencyhq-signature']), secret)).toBe(true);

    const token = (await (await request.post('/api/login', { data: E2E_ADMIN })).json()).token as string;
    const lead = await request.post('/api/leads', {
      headers: { authorization: `Bearer ${token}` },
      data: { name: 'Webhook Lead', email: `webhook-${Date.now()}@e2e.test`, source: 'Website' },
    });
    expect(lead.status()).toBe(201);
    await expect(log.getByRole('row').filter({ hasText: 'lead.created' })).toContainText('Delivered', {
      timeout: 15_000,
    });
    const [, event] = await receiver.waitFor(2);
    expect(event!.json).toMatchObject({ event: 'lead.created', data: { lead: { name: 'Webhook Lead' } } });
    expect(verify(event!.rawBody, String(event!.headers['x-agencyhq-signature']), secret)).toBe(true);
    await page.screenshot({ path: '/tmp/hooks-desktop.png', fullPage: true });

    // 390 px: the log turns into cards, nothing runs off the side.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(webhook.getByRole('list', { name: 'Deliveries' })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: '/tmp/hooks-390.png', fullPage: true });

    // Pause, then delete with a confirmation.
    await webhook.getByRole('button', { name: 'Pause' }).click();
    await expect(toast(page, M.paused)).toBeVisible();
    await expect(webhook.getByText('Paused')).toBeVisible();
    await webhook.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this webhook?' });
    await confirm.getByRole('button', { name: 'Delete webhook' }).click();
    await expect(toast(page, M.deleted)).toBeVisible();
    await expect(page.getByText('No webhooks yet.', { exact: false })).toBeVisible();
  } finally {
    await receiver.close();
  }
});
