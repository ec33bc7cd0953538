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
  await page.goto('/dashboard/our-projects?tab=clients');
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

  // Its page: contacts, no projects yet, its timeline; edited from there.
  await page.getByRole('button', { name, exact: true }).click();
  const view = page.getByRole('dialog', { name });
  await expect(view.getByRole('region', { name: 'Contacts' })).toContainText('Priya Nair');
  await expect(view.getByRole('region', { name: 'Projects' })).toContainText('No projects yet.');
  await expect(view.getByRole('region', { name: 'Timeline' })).toContainText('added the client');
  await page.screenshot({ path: '/tmp/client-page-1280.png' });
  await view.getByRole('button', { name: 'Edit client' }).click();
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

/**
 * docs/product/projects.md#converting-a-lead in the browser: a won lead's "Convert to client" drafts the client
 * from it (its company, the person as contact), the state is chosen, and the lead is Converted with the client
 * in Client / Projects; a second lead of the same person finds that client and links to it.
 */
test('a lead is converted into a new client, and a second lead of the same person links to it', async ({
  page,
  request,
}) => {
  const tag = Date.now().toString(36);
  const company = `Lotus Tea ${tag}`;
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  const token = await page.evaluate(() => sessionStorage.getItem('token') ?? localStorage.getItem('token'));
  for (const lead of [
    { name: `Meera ${tag}`, email: `meera@${tag}.test`, company },
    { name: `M. Iyer ${tag}`, email: `meera@${tag}.test` },
  ]) {
    const response = await request.post('/api/leads', {
      headers: { Authorization: `Bearer ${token}` },
      data: lead,
    });
    expect(response.status(), await response.text()).toBe(201);
  }

  await page.goto(`/dashboard/client-leads?search=${tag}`);
  await page.getByRole('button', { name: `Open details of Meera ${tag}` }).click();
  await page
    .getByRole('dialog', { name: 'Lead details' })
    .getByRole('button', { name: 'Convert to client' })
    .click();
  const choose = page.getByRole('dialog', { name: 'Convert to client' });
  await expect(choose).toContainText('No client of yours has this lead’s e-mail');
  await choose.getByRole('button', { name: 'New client' }).click();
  const form = page.getByRole('dialog', { name: 'New client from this lead' });
  await expect(form.getByLabel('Name', { exact: true })).toHaveValue(company);
  await expect(form.getByLabel('Contact e-mail')).toHaveValue(`meera@${tag}.test`);
  await form.getByLabel('State').selectOption('Karnataka');
  await form.getByRole('button', { name: 'Convert to client' }).click();
  await expect(toast(page, M.converted(company))).toBeVisible();
  await expect(page.getByTestId('lead-row').filter({ hasText: `Meera ${tag}` })).toContainText('Converted');

  // Back on the lead's panel, Converted; closed, the second lead finds the client by its e-mail and links to it.
  const details = page.getByRole('dialog', { name: 'Lead details' });
  await expect(details).toContainText('Converted');
  await page.keyboard.press('Escape');
  await expect(details).toBeHidden();
  await page.getByRole('button', { name: `Open details of M. Iyer ${tag}` }).click();
  await page
    .getByRole('dialog', { name: 'Lead details' })
    .getByRole('button', { name: 'Convert to client' })
    .click();
  const second = page.getByRole('dialog', { name: 'Convert to client' });
  await expect(second.getByRole('list', { name: 'Clients this lead may be' })).toContainText('same e-mail');
  await second.getByRole('button', { name: `Link to ${company}` }).click();
  await expect(toast(page, M.linked(company))).toBeVisible();
  await page.screenshot({ path: '/tmp/clients-converted.png' });

  await page.goto(`/dashboard/our-projects?tab=clients&q=${tag}`);
  const rows = page.getByRole('table', { name: 'Clients' }).getByRole('row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText(company);
  await expect(rows.nth(1)).toContainText('Karnataka');
});
