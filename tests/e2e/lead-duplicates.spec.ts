import type { Page } from '@playwright/test';
import { LEAD_MESSAGES } from '../../src/shared/messages';
import { mergedNotesSeparator } from '../../src/shared/lead-duplicates';
import { expect, registerViaApi, signIn, test, uniqueEmail } from './support/fixtures';

const run = Date.now().toString(36);
const rows = (page: Page) => page.getByTestId('lead-row');
const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

/**
 * docs/product/leads.md#duplicates in the browser: two leads with the same phone (written two ways) both
 * show "Possible duplicate"; in one's side panel "Merge…" opens the dialog, the other's company is chosen
 * and "Merge leads" leaves one lead with that company and both notes. The dialog is photographed at
 * 1280 and 390 px (/tmp/merge-*.png).
 */
test('two leads with the same phone show "Possible duplicate" and merge into one', async ({
  page,
  request,
}) => {
  const email = uniqueEmail(`dupes${run}.test`);
  await registerViaApi(request, { userType: 'business-owner', businessName: 'Dupe Hunters', email });
  const { token } = await (
    await request.post('/api/login', { data: { email, password: 'secret123' } })
  ).json();
  const headers = { Authorization: `Bearer ${token}` };
  for (const lead of [
    {
      name: 'Priya Nair',
      email: `priya@nair${run}.test`,
      phone: '+44 20 7946 0958',
      company: 'Nair Studio',
      notes: 'Met at the design fair.',
    },
    {
      name: 'Priya N.',
      email: `p.nair@studio${run}.test`,
      phone: '020 7946 0958',
      company: 'Nair Design Studio Ltd',
      notes: 'Asked for a quote in May.',
    },
  ])
    expect((await request.post('/api/leads', { headers, data: lead })).status()).toBe(201);

  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, email, 'secret123');
  await page.goto('/dashboard/client-leads');
  await page.getByLabel('Search leads').fill('7946 0958');
  await expect(rows(page)).toHaveCount(2);
  for (const row of await rows(page).all()) await expect(row.getByText('Possible duplicate')).toBeVisible();
  await page.screenshot({ path: '/tmp/merge-list-1280.png' });
  // A sample lead with a phone of its own is no one's duplicate.
  await page.getByLabel('Search leads').fill('');
  await expect(rows(page)).toHaveCount(10);
  await expect(rows(page).filter({ hasText: 'Possible duplicate' })).toHaveCount(2);
  await page.getByLabel('Search leads').fill('7946 0958');
  await expect(rows(page)).toHaveCount(2);

  await rows(page)
    .filter({ hasText: 'Priya Nair' })
    .getByRole('button', { name: 'Open details of Priya Nair' })
    .click();
  const panel = page.getByRole('dialog', { name: 'Lead details' });
  const duplicates = panel.getByTestId('lead-duplicates');
  await expect(duplicates.getByText('Priya N.')).toBeVisible();
  await expect(duplicates.getByText('Same phone')).toBeVisible();
  await page.screenshot({ path: '/tmp/merge-panel-1280.png' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: '/tmp/merge-panel-390.png' });
  await page.setViewportSize({ width: 1280, height: 900 });

  // Escape closes the dialog alone, not the panel under it.
  await duplicates.getByRole('button', { name: 'Merge Priya N. into this lead…' }).click();
  let dialog = page.getByRole('dialog', { name: 'Merge leads' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(panel).toBeVisible();

  await duplicates.getByRole('button', { name: 'Merge Priya N. into this lead…' }).click();
  dialog = page.getByRole('dialog', { name: 'Merge leads' });
  const company = dialog.getByRole('group', { name: 'Company' });
  await expect(company.getByRole('radio', { name: 'This lead: Nair Studio' })).toBeChecked();
  await expect(dialog.getByRole('group', { name: 'Phone' })).toBeVisible();
  await expect(dialog.getByRole('group', { name: 'Status' })).toHaveCount(0); // the same in both
  await expect(dialog.getByText('Same in both:')).toContainText('Status');
  await expect(dialog.getByTestId('merge-notes')).toHaveText(
    `Met at the design fair.\n\n${mergedNotesSeparator('Priya N.')}\nAsked for a quote in May.`,
  );
  // Tab stays inside the dialog.
  for (let i = 0; i < 25; i += 1) await page.keyboard.press('Tab');
  expect(await dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);

  await company.getByRole('radio', { name: 'The other: Nair Design Studio Ltd' }).check();
  await page.screenshot({ path: '/tmp/merge-1280.png' });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(dialog.getByRole('button', { name: 'Merge leads' })).toBeVisible();
  await page.screenshot({ path: '/tmp/merge-390.png' });
  await dialog.getByRole('button', { name: 'Merge leads' }).click();
  await expect(toast(page, LEAD_MESSAGES.merged)).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await page.screenshot({ path: '/tmp/merge-after-390.png' });
  await page.setViewportSize({ width: 1280, height: 900 });

  // The panel shows the kept lead: the other's company, both notes, no duplicates left.
  await expect(panel.getByText('Nair Design Studio Ltd')).toBeVisible();
  await expect(panel.getByText('Asked for a quote in May.', { exact: false })).toBeVisible();
  await expect(panel.getByTestId('lead-duplicates')).toHaveCount(0);
  await panel.getByRole('button', { name: 'Close panel' }).click();

  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('Priya Nair');
  await expect(rows(page).first()).toContainText('Nair Design Studio Ltd');
  await expect(rows(page).first().getByText('Possible duplicate')).toHaveCount(0);
  const answer = await (await request.get('/api/leads?search=7946', { headers })).json();
  expect(answer.leads).toHaveLength(1);
  expect(answer.leads[0]).toMatchObject({
    name: 'Priya Nair',
    company: 'Nair Design Studio Ltd',
    phone: '+44 20 7946 0958',
    possibleDuplicates: 0,
  });
  expect(answer.leads[0].notes).toContain('Met at the design fair.');
  expect(answer.leads[0].notes).toContain('Asked for a quote in May.');
});
