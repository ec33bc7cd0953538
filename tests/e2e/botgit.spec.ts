import fs from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { BOTGIT_MESSAGES as M } from '../../src/shared/messages';
import { expect, registerViaApi, signIn, test, uniqueEmail } from './support/fixtures';

/** A Business Owner (Business Admin: sees Botgit and Client Leads) with a bearer token for seeding. */
async function owner(request: APIRequestContext, page: Page) {
  const email = uniqueEmail(`botgit-${Date.now().toString(36)}.test`);
  await registerViaApi(request, { userType: 'business-owner', businessName: 'Talent Scouts', email });
  const { token } = await (
    await request.post('/api/login', { data: { email, password: 'secret123' } })
  ).json();
  await signIn(page, email, 'secret123');
  return { email, headers: { Authorization: `Bearer ${token}` } };
}

const PEOPLE = [
  {
    slug: 'asha-rao',
    name: 'Asha Rao',
    email: 'asha@people.test',
    role: 'Head of Growth',
    location: 'Bengaluru',
  },
  { slug: 'dev-kapoor', name: 'Dev Kapoor', email: 'dev@people.test', role: 'CTO', location: 'Mumbai' },
  { slug: 'nora-singh', name: 'Nora Singh', email: '', role: 'Recruiter', location: 'Delhi' },
];

async function seed(request: APIRequestContext, headers: Record<string, string>) {
  const response = await request.post('/api/scraped-data', {
    headers,
    data: PEOPLE.map((p) => ({ profileUrl: `https://www.linkedin.com/in/${p.slug}`, phone: '', ...p })),
  });
  expect(response.status()).toBe(201);
}

test('every message of Scraped Data in its case: empty, search, range, both, loading and the two red alerts', async ({
  page,
  request,
}) => {
  const { headers } = await owner(request, page);
  await page.goto('/dashboard/botgit-data');
  await expect(page.getByText(M.empty)).toBeVisible();

  await seed(request, headers);
  await page.reload();
  await expect(page.getByTestId('scraped-row')).toHaveCount(3);
  await expect(page.getByTestId('scraped-count')).toHaveText('3 profiles');

  await page.getByLabel('Search scraped profiles').fill('nobody-like-this');
  await expect(page.getByText(M.noResults('nobody-like-this'))).toBeVisible();

  // A range of last month holds none of today's profiles.
  await page.getByRole('button', { name: 'Filters', exact: true }).click();
  await page.getByRole('button', { name: 'Last Month' }).click();
  await expect(page.getByText(M.noResultsInRange('nobody-like-this'))).toBeVisible();
  await page.getByLabel('Search scraped profiles').fill('');
  await expect(page.getByText(M.noDataInRange)).toBeVisible();

  // Today holds them all; with a search, only the match.
  await page.getByRole('button', { name: 'Today' }).click();
  await expect(page.getByTestId('scraped-row')).toHaveCount(3);
  await page.getByLabel('Search scraped profiles').fill('mumbai');
  await expect(page.getByTestId('scraped-row')).toHaveCount(1);
  await expect(page.getByTestId('scraped-row')).toContainText('Dev Kapoor');
  await expect(page.getByTestId('scraped-row')).toContainText(/\d{2} - [A-Z][a-z]{2} - \d{4}/);
  await page.getByRole('button', { name: 'Clear Filters' }).click();
  await expect(page.getByTestId('scraped-row')).toHaveCount(3);

  // The spinner while the list loads.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/scraped-data?*', async (route) => {
    await held;
    await route.continue();
  });
  await page.reload();
  await expect(page.getByText('Loading scraped profiles...')).toBeVisible();
  release();
  await expect(page.getByTestId('scraped-row')).toHaveCount(3);
  await page.unroute('**/api/scraped-data?*');

  // The spec's two red alerts, with the first 100 characters of what came back.
  const body = `upstream exploded: ${'x'.repeat(150)}`;
  await page.route('**/api/scraped-data?*', (route) => route.fulfill({ status: 500, body }));
  await page.reload();
  await expect(page.getByRole('alert')).toHaveText(M.fetchFailed(500, body));
  await expect(page.getByRole('alert')).toContainText(`Server response: ${body.slice(0, 100)}...`);
  await page.unroute('**/api/scraped-data?*');
  await page.route('**/api/scraped-data?*', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<html>not json</html>' }),
  );
  await page.reload();
  await expect(page.getByRole('alert')).toHaveText(M.parseFailed('<html>not json</html>'));
});

test('selected rows: count, export of exactly those rows, add to leads, delete', async ({
  page,
  request,
}) => {
  const { headers } = await owner(request, page);
  await seed(request, headers);
  await page.goto('/dashboard/botgit-data');
  await page.getByRole('checkbox', { name: 'Select Asha Rao' }).check();
  await page.getByRole('checkbox', { name: 'Select Nora Singh' }).check();
  await expect(page.getByTestId('scraped-count')).toHaveText('2/3 selected');

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export and share' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^botgit_export_\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = fs
    .readFileSync((await download.path())!, 'utf8')
    .trim()
    .split('\r\n');
  expect(lines[0]).toBe('"Name","E-mail","Phone","Role","Location","Profile URL","Date"');
  expect(
    lines
      .slice(1)
      .map((line) => line.split(',')[0])
      .sort(),
  ).toEqual(['"Asha Rao"', '"Nora Singh"']);

  // Nora has no e-mail: one added, one skipped.
  await page.getByRole('button', { name: 'Add to leads' }).click();
  await expect(page.getByText(M.addedToLeads(1, 1))).toBeVisible();
  const leads = await (await request.get('/api/leads?search=people.test', { headers })).json();
  expect(leads.leads.map((l: { name: string; source: string }) => [l.name, l.source])).toEqual([
    ['Asha Rao', 'LinkedIn'],
  ]);

  await page.getByRole('checkbox', { name: 'Select Dev Kapoor' }).check();
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(M.deleted(1))).toBeVisible();
  await expect(page.getByTestId('scraped-row')).toHaveCount(2);
  await expect(page.getByTestId('scraped-row').filter({ hasText: 'Dev Kapoor' })).toHaveCount(0);
});

test('Botgit Settings keep what was saved, and refuse out-of-range values with the spec ranges', async ({
  page,
  request,
}) => {
  const { headers } = await owner(request, page);
  await page.goto('/dashboard/botgit-settings');
  const form = page.getByRole('form', { name: 'Botgit settings' });
  await expect(form.getByLabel('Interval (hours)')).toHaveValue('24');
  await expect(form.getByLabel('Maximum profiles')).toHaveValue('100');

  await form.getByLabel('Interval (hours)').fill('169');
  await form.getByLabel('Maximum profiles').fill('0');
  await form.getByRole('button', { name: 'Save Changes' }).click();
  await expect(form.getByText(M.intervalRange)).toBeVisible();
  await expect(form.getByText(M.maxProfilesRange)).toBeVisible();
  expect(
    (await (await request.get('/api/botgit/settings', { headers })).json()).settings.scrapeInterval,
  ).toBe(24);

  await form.getByRole('switch', { name: 'Automatic scraping' }).click();
  await form.getByLabel('Interval (hours)').fill('168');
  await form.getByLabel('Maximum profiles').fill('1000');
  await form.getByLabel('Save e-mails').uncheck();
  await form.getByLabel('Save phones').uncheck();
  await form.getByLabel('Notify on completion').uncheck();
  await form.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText(M.settingsSaved)).toBeVisible();

  await page.reload();
  await expect(form.getByRole('switch', { name: 'Automatic scraping' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await expect(form.getByLabel('Interval (hours)')).toHaveValue('168');
  await expect(form.getByLabel('Maximum profiles')).toHaveValue('1000');
  for (const label of ['Save e-mails', 'Save phones', 'Notify on completion'])
    await expect(form.getByLabel(label)).not.toBeChecked();
});
