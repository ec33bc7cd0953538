import fs from 'node:fs';
import Papa from 'papaparse';
import type { Page } from '@playwright/test';
import { LEAD_MESSAGES } from '../../src/shared/messages';
import { expect, registerViaApi, signIn, test, uniqueEmail } from './support/fixtures';

/** HubSpot's contacts export (9 people), and one row HubSpot would never write: no name at all. */
const HUBSPOT = fs.readFileSync(new URL('../fixtures/lead-imports/hubspot.csv', import.meta.url), 'utf8');
const NAMELESS =
  '"51010","","","nameless@nowhere.test","","","Nowhere Ltd","","NEW","Lead","","","","","",""';
const FILE = `${HUBSPOT.trimEnd()}\r\n${NAMELESS}\r\n`;

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });
const count = (page: Page, label: string) =>
  page.getByTestId('import-preview-counts').locator('div').filter({ hasText: label }).locator('dd');

/**
 * docs/product/leads.md#import in the browser: a HubSpot export through the preview (each column's field, the
 * counts and the refused row before anything is written), one column changed to "Don't import", the import
 * with its summary, and the refused rows as a file.
 */
test('imports a HubSpot export through the preview with one column left out', async ({ page, request }) => {
  const email = uniqueEmail(`import${Date.now().toString(36)}.test`);
  await registerViaApi(request, { userType: 'business-owner', businessName: 'Import Co', email });
  await signIn(page, email, 'secret123');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/dashboard/client-leads');
  await expect(page.getByRole('heading', { name: 'Client Leads', level: 1 })).toBeVisible();

  await page.getByRole('button', { name: 'Import' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import Leads' });
  await dialog.getByLabel('CSV file').setInputFiles({
    name: 'hubspot-contacts.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(FILE),
  });

  // The preview: HubSpot's columns matched automatically, the first rows, the counts, the refused row.
  const preview = dialog.getByTestId('import-preview');
  await expect(preview).toBeVisible({ timeout: 15_000 });
  await expect(dialog.getByLabel('First Name', { exact: true })).toHaveValue('firstName');
  await expect(dialog.getByLabel('Email', { exact: true })).toHaveValue('email');
  await expect(dialog.getByLabel('Lead Status', { exact: true })).toHaveValue('status');
  await expect(dialog.getByLabel('Record ID', { exact: true })).toHaveValue('');
  await expect(preview.getByRole('row')).toHaveCount(11); // the header and the first 10 rows
  await expect(preview).toContainText('Brightpath Media');
  await expect(count(page, 'Rows in the file')).toHaveText('10');
  await expect(count(page, 'To import')).toHaveText('9');
  await expect(count(page, 'Refused')).toHaveText('1');
  await expect(dialog.getByText(LEAD_MESSAGES.nameRequired)).toBeVisible();
  // Nothing is written by the preview.
  await expect(page.getByTestId('lead-stat-Total').locator('p').nth(1)).toHaveText('8');

  // The company is not wanted: "Don't import", and the preview is made again with that mapping.
  const company = dialog.getByLabel('Company Name', { exact: true });
  await company.focus();
  await company.selectOption({ label: "Don't import" });
  await expect(company).toHaveValue('');
  await expect(count(page, 'To import')).toHaveText('9');
  await expect(company).toBeEnabled();
  await expect(preview.getByRole('cell', { name: 'Brightpath Media' })).toHaveClass(/line-through/);

  await company.focus();
  await page.screenshot({ path: 'test-results/lead-import-preview-1280.png' });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(dialog.getByRole('button', { name: 'Import', exact: true })).toBeInViewport();
  await page.screenshot({ path: 'test-results/lead-import-preview-390.png' });
  await page.setViewportSize({ width: 1280, height: 900 });

  // The refused rows as a file: row, reason, the row's own cells under the file's header.
  const [refusedFile] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Download refused rows' }).click(),
  ]);
  expect(refusedFile.suggestedFilename()).toBe('hubspot-contacts_refused_rows.csv');
  const refused = Papa.parse<string[]>(
    fs.readFileSync((await refusedFile.path())!, 'utf8').replace(/^\uFEFF/, ''),
    { skipEmptyLines: true },
  ).data;
  expect(refused[0]!.slice(0, 5)).toEqual(['Row', 'Reason', 'Record ID', 'First Name', 'Last Name']);
  expect(refused.slice(1)).toEqual([
    ['10', LEAD_MESSAGES.nameRequired, ...Papa.parse<string[]>(NAMELESS).data[0]!],
  ]);

  // The import, with its summary.
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(toast(page, LEAD_MESSAGES.imported(9))).toBeVisible({ timeout: 15_000 });
  const summary = dialog.getByTestId('import-summary');
  await expect(summary).toContainText('Imported9');
  await expect(summary).toContainText('Errors1');
  await expect(summary).toContainText(`Row 10${LEAD_MESSAGES.nameRequired}`);
  await page.screenshot({ path: 'test-results/lead-import-summary-1280.png' });
  await dialog.getByRole('button', { name: 'Done' }).click();

  // The leads are there, without the column that was left out.
  await expect(page.getByTestId('lead-stat-Total').locator('p').nth(1)).toHaveText('17');
  const token = await page.evaluate(() => sessionStorage.getItem('token') ?? localStorage.getItem('token'));
  const answer = await request.get('/api/leads?search=anika.sharma', {
    headers: { Authorization: `Bearer ${token}` },
  });
  const [anika] = (await answer.json()).leads;
  expect(anika).toMatchObject({ name: 'Anika Sharma', email: 'anika.sharma@brightpath.test', company: '' });
  expect(anika.phone).toBe('+1 415 555 0101');
});
