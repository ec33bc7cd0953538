import type { APIRequestContext, Page } from '@playwright/test';
import { PLAN_MESSAGES } from '../../src/shared/messages';
import { expect, registerViaApi, setUserRole, signIn, test, uniqueEmail } from './support/fixtures';

/** A fresh account with the given role, signed in, on /pricing. */
async function onPricingAs(page: Page, request: APIRequestContext, role: 'User' | 'Freelancer') {
  const email = uniqueEmail('pricing.test');
  await registerViaApi(request, { userType: 'freelancer', businessName: `Pricing ${role}`, email });
  if (role === 'User') setUserRole(email, 'User');
  await signIn(page, email, 'secret123');
  await page.goto('/pricing');
  await expect(page.getByRole('banner').getByRole('button', { name: 'Logout' })).toBeVisible();
}

const plan = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

test('/pricing is server-rendered with its heading, plans and head tags', async ({ request }) => {
  const html = await (await request.get('/pricing')).text();
  expect(html).toContain('<title>Pricing - AgencyHQ</title>');
  expect(html).toMatch(/<h1[^>]*>Upgrade your plan<\/h1>/);
  expect(html).toMatch(/<meta name="description" content="[^"]*₹12,999[^"]*"/);
  expect(html).toMatch(/<link rel="canonical" href="http:\/\/[^"]+\/pricing"/);
  expect(html).toContain('<meta property="og:title" content="Pricing - AgencyHQ"');
  expect(html).toContain('<meta property="og:url"');
  expect(html).toContain('<meta name="twitter:card"');
  for (const text of ['Solo HQ Dashboard', 'Business HQ Dashboard', 'Enterprise', '₹12,999', '20% OFF'])
    expect(html).toContain(text);
  expect(html).toContain('<caption');
});

test('the billing toggle switches the mid-tier price; Annual carries 20% OFF', async ({ page }) => {
  await page.goto('/pricing');
  const monthly = page.getByRole('radio', { name: 'Monthly' });
  const annual = page.getByRole('radio', { name: /^Annual/ });
  await expect(page.getByRole('group', { name: 'Billing period' })).toContainText('20% OFF');
  await expect(annual).toHaveAccessibleName('Annual 20% OFF');
  await expect(monthly).toBeChecked();
  const business = plan(page, 'Business HQ Dashboard');
  await expect(business.getByTestId('business-price')).toHaveText('₹12,999');
  await expect(business).toContainText('Billed monthly');

  await annual.check({ force: true });
  await expect(annual).toBeChecked();
  await expect(business.getByTestId('business-price')).toHaveText('₹10,399');
  await expect(business).toContainText('Billed annually: ₹1,24,788 a year');

  // The radio pair moves with the arrow keys, as native radios do.
  await annual.focus();
  await page.keyboard.press('ArrowLeft');
  await expect(monthly).toBeChecked();
  await expect(business.getByTestId('business-price')).toHaveText('₹12,999');

  await expect(plan(page, 'Solo HQ Dashboard')).toContainText('Free');
  await expect(plan(page, 'Enterprise')).toContainText('-');
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
});

test('the comparison table lists every plan feature of docs/product/public-site.md#pricing', async ({
  page,
}) => {
  await page.goto('/pricing');
  const table = page.getByRole('table', { name: /Compare plans/ });
  const headers = table.getByRole('columnheader');
  await expect(headers).toHaveText(['Feature', 'Solo HQ', 'Business HQ', 'Enterprise']);
  const row = (feature: string) =>
    table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: feature, exact: true }) });
  await expect(row('Projects').getByRole('cell')).toHaveText(['5', 'Unlimited', 'Unlimited']);
  await expect(row('Employees').getByRole('cell')).toHaveText(['10', '500', 'Unlimited']);
  await expect(row('Storage').getByRole('cell')).toHaveText(['500 MB', 'Unlimited', 'Unlimited']);
  await expect(row('Emails').getByRole('cell')).toHaveText(['100 per day', 'Unlimited', 'Unlimited']);
  await expect(row('Uptime').getByRole('cell')).toHaveText(['Not included', '99.9%', '99.99% SLA']);
  await expect(row('Support').getByRole('cell')).toHaveText(['Community', '24/7', '24/7']);
  await expect(row('Client Leads').getByRole('cell')).toHaveText(['Included', 'Included', 'Included']);
  for (const feature of ['Video Meeting', 'SEO & Content'])
    await expect(row(feature).getByRole('cell')).toHaveText(['Not included', 'Included', 'Not included']);
  for (const feature of [
    'Conversion Tracking',
    'WhatsApp Marketing',
    'Internal Messages',
    'HR',
    'Financial Management',
    'Internal Policies',
    'Quick Tools',
  ])
    await expect(row(feature).getByRole('cell')).toHaveText(['Not included', 'Included', 'Included']);
  await expect(row('Instagram & LinkedIn scheduling').getByRole('cell')).toHaveText([
    'Not included',
    'Unlimited',
    'Unlimited',
  ]);
});

test('signed out, both dashboard plans lead to /signup; Enterprise mails sales', async ({ page }) => {
  await page.goto('/pricing');
  await expect(plan(page, 'Enterprise').getByRole('link', { name: 'Contact Sales' })).toHaveAttribute(
    'href',
    /^mailto:sales@agencyhq\.com/,
  );
  await plan(page, 'Solo HQ Dashboard').getByRole('link', { name: 'Get Started' }).click();
  await expect(page).toHaveURL(/\/signup$/);
  await page.goto('/pricing');
  await plan(page, 'Business HQ Dashboard').getByRole('link', { name: 'Upgrade Now' }).click();
  await expect(page).toHaveURL(/\/signup$/);
});

test('a User-role account upgrades to Solo HQ and lands on the dashboard', async ({ page, request }) => {
  await onPricingAs(page, request, 'User');
  await plan(page, 'Solo HQ Dashboard').getByRole('button', { name: 'Get Started' }).click();
  await expect(page.getByText(PLAN_MESSAGES.upgradeSuccess)).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard/);
  // The session now holds the upgraded user (replaceUser), and the server agrees.
  const stored = await page.evaluate(() => localStorage.getItem('user') ?? sessionStorage.getItem('user'));
  expect(JSON.parse(stored!).role).toBe('SOLOHQ');
  const token = await page.evaluate(() => localStorage.getItem('token') ?? sessionStorage.getItem('token'));
  const profile = await request.get('/api/profile', { headers: { authorization: `Bearer ${token}` } });
  expect((await profile.json()).user.role).toBe('SOLOHQ');
});

test('a failed upgrade says so and stays on the pricing page', async ({ page, request }) => {
  await onPricingAs(page, request, 'User');
  await page.route('**/api/users/upgrade-role', (route) =>
    route.fulfill({ status: 500, json: { message: 'Something went wrong on our side. Please try again.' } }),
  );
  await plan(page, 'Solo HQ Dashboard').getByRole('button', { name: 'Get Started' }).click();
  await expect(page.getByText(PLAN_MESSAGES.upgradeFailed)).toBeVisible();
  await expect(page).toHaveURL(/\/pricing$/);
});

test('any other role is refused Solo HQ and asked to contact sales for the dashboard plan', async ({
  page,
  request,
}) => {
  await onPricingAs(page, request, 'Freelancer');
  const upgradeCalls: string[] = [];
  page.on('request', (r) => r.url().includes('/api/users/upgrade-role') && upgradeCalls.push(r.url()));
  await plan(page, 'Solo HQ Dashboard').getByRole('button', { name: 'Get Started' }).click();
  await expect(page.getByText(PLAN_MESSAGES.differentPlan)).toBeVisible();
  await plan(page, 'Business HQ Dashboard').getByRole('button', { name: 'Upgrade Now' }).click();
  await expect(page.getByText(PLAN_MESSAGES.contactSales)).toBeVisible();
  await expect(page).toHaveURL(/\/pricing$/);
  expect(upgradeCalls).toEqual([]);
  await expect(plan(page, 'Enterprise').getByRole('link', { name: 'Contact Sales' })).toHaveAttribute(
    'href',
    /^mailto:sales@agencyhq\.com/,
  );
});
