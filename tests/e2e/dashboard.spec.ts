import type { Page } from '@playwright/test';
import { DASHBOARD_MESSAGES } from '../../src/shared/messages';
import { SECTIONS, SECTION_GROUPS } from '../../src/shared/sections';
import { E2E_ADMIN } from './support/server';
import {
  expect,
  registerViaApi,
  setUserRole,
  signInThroughForm,
  test,
  uniqueEmail,
} from './support/fixtures';

const ALL_GROUP_LABELS = SECTION_GROUPS.map((g) => g.label);
const nav = (page: Page) => page.getByRole('navigation', { name: 'Dashboard sections' }).first();

async function groupLabels(page: Page): Promise<string[]> {
  const buttons = nav(page).locator('button[aria-expanded]');
  await expect(buttons.first()).toBeVisible();
  return (await buttons.allInnerTexts()).map((t) => t.trim());
}

async function signInAs(
  page: Page,
  request: Parameters<typeof registerViaApi>[0],
  userType: string,
  role?: string,
) {
  const email = uniqueEmail(
    userType === 'business-owner' ? `biz${Date.now().toString(36)}.test` : 'example.test',
  );
  await registerViaApi(request, { userType, businessName: `${role ?? userType} co`, email });
  if (role) setUserRole(email, role);
  await signInThroughForm(page, email, 'secret123');
  await expect(page).toHaveURL(/\/dashboard/);
}

test('Admin sees every group of the sidebar', async ({ page }) => {
  await signInThroughForm(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(await groupLabels(page)).toEqual(ALL_GROUP_LABELS);
});

test('Business Admin sees only the integrations of Settings & Configuration', async ({ page, request }) => {
  await signInAs(page, request, 'business-owner');
  expect(await groupLabels(page)).toEqual(ALL_GROUP_LABELS);
  await nav(page).getByRole('button', { name: 'Settings & Configuration' }).click();
  for (const shown of ['Manage Integrations', 'Credentials'])
    await expect(nav(page).getByRole('link', { name: shown })).toBeVisible();
  await expect(nav(page).getByRole('link', { name: 'Users & Roles' })).toHaveCount(0);
  await page.goto('/dashboard/users-roles');
  await expect(page.getByText('This section is not available for your role.')).toBeVisible();
});

test('Freelancer lacks HR, Internal Policies and Settings', async ({ page, request }) => {
  await signInAs(page, request, 'freelancer');
  expect(await groupLabels(page)).toEqual(
    ALL_GROUP_LABELS.filter(
      (l) => !['HR Management', 'Internal Policies', 'Settings & Configuration'].includes(l),
    ),
  );
});

test('SOLOHQ sees only its five groups, with the E-mail and billing sub-limits', async ({
  page,
  request,
}) => {
  await signInAs(page, request, 'freelancer', 'SOLOHQ');
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(await groupLabels(page)).toEqual([
    'Projects',
    'Team Communication',
    'Finance Management',
    'Botgit',
    'Profile',
  ]);
  await nav(page).getByRole('button', { name: 'Team Communication' }).click();
  await nav(page).getByRole('button', { name: 'Finance Management' }).click();
  const links = (await nav(page).getByRole('link').allInnerTexts()).map((t) => t.trim());
  expect(links).toEqual(expect.arrayContaining(['E-mail', 'Billing & Payments', 'Invoice Generation']));
  for (const hidden of ['Messages', 'Meetings', 'Services', 'Payment Records', 'Expense Management'])
    expect(links).not.toContain(hidden);
  // A deep link to a hidden section is refused, not shown.
  await page.goto('/dashboard/payment-records');
  await expect(page.getByText('This section is not available for your role.')).toBeVisible();
});

test('sidebar search: result count, no-results text, choosing switches section and clears', async ({
  page,
}) => {
  await signInThroughForm(page, E2E_ADMIN.email, E2E_ADMIN.password);
  const search = page.getByLabel('Search sections').first();
  await search.fill('zzqx');
  await expect(nav(page).getByText(DASHBOARD_MESSAGES.noSearchResults('zzqx'))).toBeVisible();
  await expect(nav(page).getByText('0 results')).toBeVisible();
  await search.fill('users');
  await expect(nav(page).getByText('1 result', { exact: true })).toBeVisible();
  await nav(page)
    .getByRole('button', { name: /Users & Roles/ })
    .click();
  await expect(page).toHaveURL(/\/dashboard\/users-roles$/);
  await expect(search).toHaveValue('');
  await expect(page.getByRole('heading', { name: /All users/ })).toBeVisible();
  // The browser's back button returns to the previous section.
  await page.goBack();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('an unknown section key shows the not-found text', async ({ page }) => {
  await signInThroughForm(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/dashboard/no-such-section');
  await expect(page.getByText(DASHBOARD_MESSAGES.sectionNotFound)).toBeVisible();
});

test('every section key of the spec opens a real page for the Admin', async ({ page }) => {
  test.setTimeout(120_000);
  await signInThroughForm(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  for (const section of SECTIONS) {
    await page.goto(`/dashboard/${section.key}`);
    const main = page.locator('main');
    await expect(main.getByRole('heading', { level: 1 }).first(), section.key).toBeVisible();
    await expect(main.getByText(DASHBOARD_MESSAGES.sectionNotFound)).toHaveCount(0);
  }
});

test('the overview shows the welcome panel and real recent activity', async ({ page }) => {
  await signInThroughForm(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page.getByTestId('overview-role')).toHaveText('Admin');
  await expect(page.getByText('Total users')).toBeVisible();
  await expect(page.getByTestId('recent-activity')).toContainText('signed in');
});
