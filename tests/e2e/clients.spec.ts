import type { Page } from '@playwright/test';
import { CLIENT_MESSAGES as M } from '../../src/shared/messages';
import { expect, signIn, test } from './support/fixtures';
import { E2E_ADMIN } from './support/server';

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

/**
 * docs/product/projects.md#clients in the browser: the Admin adds a client in Client / Projects (a wrong GSTIN
 * named under its field, then the right one), finds it by a contact's e-mail, edits its terms, and deletes it.
 */
test('a client is added with a checked GSTIN, found by its contact, edited and deleted', async ({ page }) => {
  const name = `Harbour Foods ${Date.now().toString(36)}`;
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto('/dashboard/our-projects');
  await expect(page.getByRole('heading', { name: 'Client / Projects', level: 1 })).toBeVisible();

  await page.getByRole('button', { name: 'Add client' }).click();
  const form = page.getByRole('dialog', { name: 'Add client' });
  await form.getByRole('button', { name: 'Add client' }).click();
  await expect(form.getByText(M.nameRequired)).toBeVisible();
  await form.getByLabel('Name', { exact: true }).fill(name);
  await form.getByLabel('GSTIN').fill('27AAPFU0939F1ZW');
  await form.getByLabel('City').fill('Mumbai');
  await form.getByLabel('State').selectOption('Maharashtra');
  await form.getByRole('button', { name: 'Add contact' }).click();
  await form.getByLabel('Contact name').fill('Priya Nair');
  await form.getByLabel('Contact e-mail').fill(`priya@${name.split(' ')[2]}.test`);
  await form.getByRole('button', { name: 'Add client' }).click();
  await expect(form.getByText(M.gstinInvalid)).toBeVisible();
  await form.getByLabel('GSTIN').fill('27AAPFU0939F1ZV');
  await form.getByRole('button', { name: 'Add client' }).click();
  await expect(toast(page, M.created)).toBeVisible();
  await expect(form).toBeHidden();

  // Found by its contact's e-mail, the filter kept in the address.
  await page.getByRole('searchbox', { name: 'Search clients' }).fill(`priya@${name.split(' ')[2]}`);
  await expect(page).toHaveURL(/[?&]q=priya/);
  const rows = page.getByRole('table', { name: 'Clients' }).getByRole('row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText('Mumbai, Maharashtra, India');
  await expect(rows.nth(1)).toContainText('27AAPFU0939F1ZV');

  await page.getByRole('button', { name, exact: true }).click();
  const edit = page.getByRole('dialog', { name: `Edit ${name}` });
  await edit.getByLabel('Payment terms (days)').fill('45');
  await edit.getByRole('button', { name: 'Save client' }).click();
  await expect(toast(page, M.updated)).toBeVisible();
  await expect(rows.nth(1)).toContainText('INR · 45 days');

  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: `Delete ${name}` }).click();
  await expect(toast(page, M.deleted)).toBeVisible();
  await expect(page.getByRole('status')).toHaveText(M.noMatch);
});
