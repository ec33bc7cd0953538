import { format } from 'date-fns';
import type { Page } from '@playwright/test';
import { LEAD_MESSAGES } from '../../src/shared/messages';
import { expect, registerViaApi, signIn, test, uniqueEmail } from './support/fixtures';

const run = Date.now().toString(36);
const stat = (page: Page, label: string) => page.getByTestId(`lead-stat-${label}`).locator('p').nth(1);
const rows = (page: Page) => page.getByTestId('lead-row');
const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

/**
 * docs/product/leads.md#owners-and-follow-ups in the browser: a follow-up set for today in the side panel
 * puts the lead in "Due today / Overdue" and its stat, and the owner's bell shows it; Done clears it.
 * Screenshots of the panel at 1280 and 390 px go to test-results/.
 */
test('a follow-up due today appears in "Due today" and in the bell', async ({ page, request }) => {
  const email = uniqueEmail(`followups${run}.test`);
  await registerViaApi(request, { userType: 'business-owner', businessName: 'Follow Co', email });
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, email, 'secret123');
  await page.goto('/dashboard/client-leads');
  await expect(page.getByRole('heading', { name: 'Client Leads', level: 1 })).toBeVisible();
  await expect(stat(page, 'Total')).toHaveText('8');
  await expect(stat(page, 'Follow-ups due')).toHaveText('0');
  // The sample leads are the new owner's.
  await expect(rows(page).first()).toContainText('Follow Co');

  // Set today's follow-up on the first lead, in its side panel.
  const name = (await rows(page).first().locator('td').first().locator('p').first().textContent())!;
  await rows(page)
    .first()
    .getByRole('button', { name: `Open details of ${name}` })
    .click();
  const panel = page.getByRole('dialog', { name: 'Lead details' });
  await expect(panel.getByLabel('Owner', { exact: true })).toBeVisible();
  await panel.getByLabel('Follow-up date').fill(format(new Date(), 'yyyy-MM-dd'));
  await panel.getByLabel('Follow-up note').fill('Call about the quote');
  await panel.getByRole('button', { name: 'Save follow-up' }).click();
  await expect(toast(page, LEAD_MESSAGES.followUpSaved)).toBeVisible();
  await expect(panel.getByText('Follow-up due', { exact: true })).toBeVisible();
  await page.screenshot({ path: 'test-results/lead-panel-follow-up-1280.png' });

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(panel.getByRole('button', { name: 'Done' })).toBeVisible();
  await page.screenshot({ path: 'test-results/lead-panel-follow-up-390.png', fullPage: false });
  await page.setViewportSize({ width: 1280, height: 900 });
  await panel.getByRole('button', { name: 'Close panel' }).click();

  // "Due today / Overdue" lists it, and the stat counts it; the URL carries the filter.
  await page.getByRole('button', { name: 'Due today / Overdue' }).click();
  await expect(page).toHaveURL(/followUp=due/);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText(name);
  await expect(stat(page, 'Follow-ups due')).toHaveText('1');
  await page.getByRole('button', { name: 'My leads' }).click();
  await expect(page).toHaveURL(/owner=me/);
  await expect(rows(page)).toHaveCount(1);

  // The bell shows it after a reload (the browser takes the server's notifications when it starts).
  await page.reload();
  const bell = page.getByRole('button', { name: /^Notifications, \d+ unread$/ });
  await expect(bell).toBeVisible({ timeout: 15_000 });
  await bell.click();
  const list = page.getByRole('dialog', { name: 'Notifications' });
  await expect(list.getByText(LEAD_MESSAGES.followUpDueTitle)).toBeVisible();
  await expect(list.getByText(`${name}: Call about the quote`)).toBeVisible();
  await page.keyboard.press('Escape');

  // Done clears it: the filtered list is empty.
  await rows(page)
    .first()
    .getByRole('button', { name: `Open details of ${name}` })
    .click();
  await page.getByRole('dialog', { name: 'Lead details' }).getByRole('button', { name: 'Done' }).click();
  await expect(toast(page, LEAD_MESSAGES.followUpDone)).toBeVisible();
  await page
    .getByRole('dialog', { name: 'Lead details' })
    .getByRole('button', { name: /close/i })
    .first()
    .click();
  await expect(rows(page)).toHaveCount(0);
  await expect(stat(page, 'Follow-ups due')).toHaveText('0');
});
