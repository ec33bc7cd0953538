import fs from 'node:fs';
import Papa from 'papaparse';
import { format } from 'date-fns';
import type { APIRequestContext, Page } from '@playwright/test';
import { ANALYTICS_MESSAGES, LEAD_MESSAGES } from '../../src/shared/messages';
import { expect, registerViaApi, signIn, test, uniqueEmail } from './support/fixtures';

const run = Date.now().toString(36);
let owners = 0;

/** A fresh Business Admin (own workspace, so exactly the 8 sample leads) on the Client Leads section. */
async function openLeads(page: Page, request: APIRequestContext) {
  owners += 1;
  const email = uniqueEmail(`leads${run}${owners}.test`);
  await registerViaApi(request, { userType: 'business-owner', businessName: `Leads Co ${owners}`, email });
  await signIn(page, email, 'secret123');
  await page.goto('/dashboard/client-leads');
  await expect(page.getByRole('heading', { name: 'Client Leads', level: 1 })).toBeVisible();
  await expect(stat(page, 'Total')).toHaveText('8');
}

const stat = (page: Page, label: string) => page.getByTestId(`lead-stat-${label}`).locator('p').nth(1);
const rows = (page: Page) => page.getByTestId('lead-row');
const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

/** Creates a lead through the API with the page's own session. */
async function createLead(page: Page, request: APIRequestContext, lead: Record<string, string>) {
  const token = await page.evaluate(() => sessionStorage.getItem('token') ?? localStorage.getItem('token'));
  const response = await request.post('/api/leads', {
    headers: { Authorization: `Bearer ${token}` },
    data: lead,
  });
  expect(response.status(), await response.text()).toBe(201);
}

test('adds a lead, edits and saves it, marks it converted and deletes it; all of it survives a reload', async ({
  page,
  request,
}) => {
  await openLeads(page, request);
  const name = `Asha Verma ${run}`;

  // Add Lead: name and email are needed.
  await page.getByRole('button', { name: 'Add Lead' }).click();
  const form = page.getByRole('dialog', { name: 'Add Lead' });
  await expect(form.getByLabel('Name')).toBeFocused();
  await form.getByRole('button', { name: 'Add Lead' }).click();
  await expect(form.getByText(LEAD_MESSAGES.nameRequired)).toBeVisible();
  await expect(form.getByText(LEAD_MESSAGES.emailRequired)).toBeVisible();
  await expect(form.getByLabel('Source')).toHaveValue('Website');
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Email').fill(`asha.${run}@verma.test`);
  await form.getByLabel('Phone').fill('+91 98200 11111');
  await form.getByLabel('Company').fill('Verma Textiles');
  await form.getByLabel('Source').selectOption('Referral');
  await form.getByLabel('Notes').fill('Wants a new storefront');
  await form.getByRole('button', { name: 'Add Lead' }).click();
  await expect(toast(page, LEAD_MESSAGES.added)).toBeVisible();
  await expect(form).toHaveCount(0);
  await expect(stat(page, 'Total')).toHaveText('9');
  const row = rows(page).filter({ hasText: name });
  await expect(row).toContainText('Verma Textiles');
  await expect(row).toContainText('New');
  await expect(row).toContainText('Medium');

  // Side panel: details, Cancel restores, Save Changes saves.
  await page.getByRole('button', { name: `Open details of ${name}` }).click();
  const panel = page.getByRole('dialog', { name: 'Lead details' });
  await expect(panel.getByTestId('lead-days-active')).toHaveText('0');
  await expect(panel).toContainText('Wants a new storefront');
  await panel.getByRole('button', { name: 'Edit' }).click();
  await panel.getByLabel('Company').fill('Somebody Else');
  await panel.getByRole('button', { name: 'Cancel' }).click();
  await expect(panel).toContainText('Verma Textiles');
  await panel.getByRole('button', { name: 'Edit' }).click();
  await expect(panel.getByLabel('Status').locator('option')).toHaveText([
    'New',
    'In Progress',
    'Qualified',
    'Converted',
    'Lost',
  ]);
  await panel.getByLabel('Company').fill('Verma Textiles Pvt Ltd');
  await panel.getByLabel('Status').selectOption('Qualified');
  await panel.getByLabel('Priority').selectOption('High');
  await panel.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, LEAD_MESSAGES.updated)).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Edit' })).toBeVisible();
  await expect(panel).toContainText('Verma Textiles Pvt Ltd');
  await expect(row).toContainText('Qualified');
  await expect(row).toContainText('High');

  // Mark as Converted.
  const convertedBefore = Number(await stat(page, 'Converted').textContent());
  await panel.getByRole('button', { name: 'Mark as Converted' }).click();
  await expect(toast(page, LEAD_MESSAGES.statusUpdated)).toBeVisible();
  await expect(row).toContainText('Converted');
  await expect(stat(page, 'Converted')).toHaveText(String(convertedBefore + 1));
  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);

  // Everything was saved on the server.
  await page.reload();
  await expect(row).toContainText('Verma Textiles Pvt Ltd');
  await expect(row).toContainText('Converted');
  await expect(row).toContainText('High');

  // Delete after the spec's confirmation.
  await page.getByRole('button', { name: `Open details of ${name}` }).click();
  page.once('dialog', (dialog) => {
    expect(dialog.message()).toBe(LEAD_MESSAGES.deleteConfirm);
    void dialog.accept();
  });
  await panel.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, LEAD_MESSAGES.deleted)).toBeVisible();
  await expect(panel).toHaveCount(0);
  await expect(row).toHaveCount(0);
  await expect(stat(page, 'Total')).toHaveText('8');
  await page.reload();
  await expect(stat(page, 'Total')).toHaveText('8');
  await expect(rows(page).filter({ hasText: name })).toHaveCount(0);
});

test('searches, filters by status and date, sorts, and keeps the filters in the URL', async ({
  page,
  request,
}) => {
  await openLeads(page, request);
  await createLead(page, request, {
    name: `Zephyr Quill ${run}`,
    email: `zq.${run}@quasar.test`,
    company: 'Quasar Labs',
  });
  await page.reload();
  await expect(stat(page, 'Total')).toHaveText('9');

  // Server-side search (company), kept over a reload.
  await page.getByLabel('Search leads').fill('quasar');
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page)).toContainText(`Zephyr Quill ${run}`);
  await expect(stat(page, 'Total')).toHaveText('1');
  await expect(page).toHaveURL(/search=quasar/);
  await page.reload();
  await expect(page.getByLabel('Search leads')).toHaveValue('quasar');
  await expect(rows(page)).toHaveCount(1);

  await page.getByLabel('Search leads').fill('no-such-lead-anywhere');
  await expect(page.getByText(LEAD_MESSAGES.empty, { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page.getByLabel('Search leads')).toHaveValue('');
  await expect(rows(page)).toHaveCount(9);

  // Status filter: only that status, and the stats follow the filter.
  const converted = await stat(page, 'Converted').textContent();
  await page.getByLabel('Filter by status').selectOption('Converted');
  await expect(page).toHaveURL(/status=Converted/);
  await expect(stat(page, 'Total')).toHaveText(converted ?? '');
  for (const text of await rows(page).allInnerTexts()) expect(text).toContain('Converted');
  await page.getByLabel('Filter by status').selectOption('');

  // Date presets: today holds the lead just made, every row is dated today.
  await page.getByLabel('Filter by date').selectOption('today');
  await expect(page).toHaveURL(/dateFilter=today/);
  await expect(rows(page).filter({ hasText: `Zephyr Quill ${run}` })).toHaveCount(1);
  // The previous page stays on screen while the filtered one loads: wait for the filter to apply.
  const today = format(new Date(), 'MMM d, yyyy');
  await expect
    .poll(async () => (await rows(page).allInnerTexts()).filter((text) => !text.includes(today)))
    .toEqual([]);
  await page.getByLabel('Filter by date').selectOption('custom');
  await page.getByLabel('From', { exact: true }).fill(format(new Date(), 'yyyy-MM-dd'));
  await page.getByLabel('To', { exact: true }).fill(format(new Date(), 'yyyy-MM-dd'));
  await expect(page).toHaveURL(/from=\d{4}-\d{2}-\d{2}&to=/);
  await expect(rows(page).filter({ hasText: `Zephyr Quill ${run}` })).toHaveCount(1);
  await page.getByLabel('Filter by date').selectOption('all');
  await expect(rows(page)).toHaveCount(9);

  // Sorting by name, with aria-sort on the heading.
  const nameHeading = page.getByRole('columnheader', { name: 'Name' });
  await nameHeading.getByRole('button').click();
  await expect(nameHeading).toHaveAttribute('aria-sort', 'ascending');
  // The set of names stays the same; wait until the server's order arrives.
  const names = () => rows(page).locator('td:first-child p:first-child').allInnerTexts();
  const ascending = [...(await names())].sort((a, b) => a.localeCompare(b, 'en'));
  await expect.poll(names).toEqual(ascending);
  await nameHeading.getByRole('button').click();
  await expect(nameHeading).toHaveAttribute('aria-sort', 'descending');
  await expect.poll(names).toEqual([...ascending].reverse());

  // On a phone the list is cards, not a table.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('table')).toBeHidden();
  await expect(page.getByRole('list', { name: 'Client leads' }).getByRole('listitem')).toHaveCount(9);
});

test('imports a CSV with quoted commas, pages through it and exports exactly the filtered rows', async ({
  page,
  request,
}) => {
  await openLeads(page, request);
  const extra = Array.from(
    { length: 20 },
    (_, i) => `Bulk Lead ${i + 1},bulk${i + 1}.${run}@acme.test,,Acme`,
  );
  const csv = [
    'Name,Email,Phone,Company,Status,Source,Priority,Notes',
    `"Doe, Jane",jane.${run}@acme.test,555-0101,"Acme, Inc.",Qualified,Referral,High,"Met at ""Expo"", keen"`,
    `Raj Patel,raj.${run}@acme.test,,Acme Two,,,,`,
    ...extra,
    `,nameless.${run}@acme.test,,,,,,`,
  ].join('\r\n');

  await page.getByRole('button', { name: 'Import' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import Leads' });
  await dialog.getByLabel('CSV file').setInputFiles({
    name: 'leads.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });
  await dialog.getByRole('button', { name: 'Import' }).click();
  await expect(toast(page, LEAD_MESSAGES.imported(22))).toBeVisible({ timeout: 15_000 });
  const summary = dialog.getByTestId('import-summary');
  await expect(summary).toContainText('Imported22');
  await expect(summary.getByRole('listitem')).toHaveCount(1);
  await dialog.getByRole('button', { name: 'Done' }).click();

  // 30 leads: two pages of 25.
  await expect(stat(page, 'Total')).toHaveText('30');
  await expect(page.getByText('Page 1 of 2')).toBeVisible();
  await expect(rows(page)).toHaveCount(25);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Page 2 of 2')).toBeVisible();
  await expect(rows(page)).toHaveCount(5);

  const jane = rows(page).filter({ hasText: 'Doe, Jane' });
  await page.getByLabel('Search leads').fill('acme');
  await expect(page).not.toHaveURL(/page=/);
  await expect(stat(page, 'Total')).toHaveText('22');
  await expect(jane).toContainText('Acme, Inc.');
  await expect(jane).toContainText('Qualified');

  // Export the filtered list (acme, Qualified): the file holds exactly those rows.
  await page.getByLabel('Filter by status').selectOption('Qualified');
  await expect(rows(page)).toHaveCount(1);
  const shown = await rows(page).locator('td:first-child p:first-child').allInnerTexts();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export' }).click(),
  ]);
  await expect(toast(page, LEAD_MESSAGES.exported)).toBeVisible();
  expect(download.suggestedFilename()).toMatch(/^leads_export_\d{4}-\d{2}-\d{2}\.csv$/);
  const text = fs.readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
  expect(text.split(/\r?\n/)[0]).toBe(
    '"Name","Email","Phone","Company","Status","Source","Date","Priority","Notes"',
  );
  const parsed = Papa.parse<Record<string, string>>(text.trim(), { header: true });
  expect(parsed.data.map((r) => r.Name)).toEqual(shown);
  expect(parsed.data[0]).toMatchObject({
    Name: 'Doe, Jane',
    Company: 'Acme, Inc.',
    Status: 'Qualified',
    Priority: 'High',
    Notes: 'Met at "Expo", keen',
  });
});

test('the board moves a lead by drag and drop, and by its status select', async ({ page, request }) => {
  await openLeads(page, request);
  const name = `Board Lead ${run}`;
  await createLead(page, request, { name, email: `board.${run}@board.test`, company: 'Board Co' });
  await page.reload();

  await page.getByRole('button', { name: 'Board', exact: true }).click();
  await expect(page).toHaveURL(/layout=board/);
  const column = (status: string) => page.getByRole('region', { name: status, exact: true });
  const card = (status: string) => column(status).getByTestId('board-card').filter({ hasText: name });
  await expect(card('New')).toBeVisible();

  // Dropped on the column's heading: aiming at the middle of a tall column would scroll the page mid-drag.
  await card('New').dragTo(column('Qualified').getByRole('heading'));
  await expect(toast(page, LEAD_MESSAGES.statusUpdated)).toBeVisible();
  await expect(card('Qualified')).toBeVisible();
  await expect(card('New')).toHaveCount(0);

  // The keyboard and touch alternative. The card moves at once; the reload waits for the server's answer
  // (a reload that cancels the save would find the lead still Qualified: seen once on a loaded machine).
  const saved = page.waitForResponse(
    (r) => r.request().method() === 'PUT' && r.url().includes('/api/leads/') && r.ok(),
  );
  await card('Qualified').getByLabel(`Status of ${name}`).selectOption('Lost');
  await expect(card('Lost')).toBeVisible();
  await saved;

  await page.reload();
  await expect(page.getByRole('button', { name: 'Board', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(card('Lost')).toBeVisible();
});

test('Leads Flow shows the workspace’s real lead counts; Conversion Tracking is the agency site’s', async ({
  page,
  request,
}) => {
  await openLeads(page, request);
  const converted = await stat(page, 'Converted').textContent();
  await page.goto('/dashboard/leads-flow');
  await expect(page.getByText('Live lead data')).toBeVisible();
  await expect(page.getByRole('img', { name: /live data\. Leads at each status/ })).toBeVisible();
  const figures = page.getByRole('list', { name: 'Figures' });
  await expect(figures.getByRole('listitem').filter({ hasText: /^Converted/ })).toContainText(
    converted ?? '',
  );
  await expect(figures).toContainText('Sample');

  await page.goto('/dashboard/conversion-tracking');
  await expect(page.getByRole('heading', { name: 'Conversion Tracking', level: 1 })).toBeVisible();
  // This workspace is not the agency's: the site's figures are the agency's own, said as a notice.
  await expect(page.getByRole('status').filter({ hasText: ANALYTICS_MESSAGES.agencyOnly })).toBeVisible();
  await expect(page.getByText('Sample data')).toHaveCount(0);
});
