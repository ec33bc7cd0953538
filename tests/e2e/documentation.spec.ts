import { expect, test } from './support/fixtures';

const CSV_COLUMNS = ['Name', 'Email', 'Phone', 'Company', 'Status', 'Source', 'Date', 'Priority', 'Notes'];

test('the guide is in the server HTML; the reference shows its loading state there', async ({ request }) => {
  const response = await request.get('/documentation');
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html).toContain('<title>Documentation - AgencyHQ</title>');
  expect(html).toMatch(/<h1[^>]*>Documentation<\/h1>/);
  for (const heading of [
    'Signing up',
    'Roles and dashboard sections',
    'Client leads',
    'Publishing on the blog',
    'Profile and workspace',
    'Botgit, the profile saver',
    'API reference',
  ]) {
    expect(html, heading).toMatch(new RegExp(`<h2[^>]*>${heading}</h2>`));
  }
  // Sign-up types, roles, the CSV columns in order, and the link to the raw document.
  expect(html).toContain('Business Admin');
  expect(html).toContain('SOLOHQ');
  expect(html).toContain(`<code>${CSV_COLUMNS.join(', ')}</code>`);
  expect(html).toContain('leads_export_{date}.csv');
  expect(html).toContain('href="/api/openapi.json"');
  expect(html).toContain('Loading API reference...');
});

test('the API reference renders in the browser from /api/openapi.json', async ({ page }) => {
  await page.goto('/documentation');
  const reference = page.locator('#api-reference');
  await expect(reference.getByRole('heading', { name: 'Auth', level: 3 })).toBeVisible();
  await expect(reference.getByText('Loading API reference...')).toHaveCount(0);

  const login = reference
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'POST /api/login', exact: true }) });
  await expect(login).toHaveCount(1);
  await expect(login).toContainText('Public, no token needed');
  await expect(login).toContainText('Request body (application/json)');
  await expect(login.locator('code', { hasText: /^email$/ })).toBeVisible();
  await expect(login.locator('code', { hasText: /^password$/ })).toBeVisible();

  await expect(reference.getByRole('heading', { name: 'Leads', level: 3 })).toBeVisible();
  const listLeads = reference
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'GET /api/leads', exact: true }) });
  await expect(listLeads).toContainText('Requires a bearer token');
  await expect(listLeads).toContainText('in query');
  const addLead = reference
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'POST /api/leads', exact: true }) });
  await expect(addLead.locator('code', { hasText: /^email$/ })).toBeVisible();
});

test('the documentation page fits a 390 px phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/documentation');
  await expect(
    page.locator('#api-reference').getByRole('heading', { name: 'Leads', level: 3 }),
  ).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
