import { USERS_MESSAGES } from '../../src/shared/messages';
import { PERMISSION_POLL_OVERRIDE_KEY } from '../../src/shared/constants';
import { E2E_ADMIN } from './support/server';
import {
  expect,
  registerViaApi,
  setUserRole,
  signIn,
  test,
  uniqueEmail,
  waitForHydrationOnGoto,
} from './support/fixtures';

test('an Admin changes a role; the user’s open session gets the permission toast and a notification', async ({
  browser,
  page,
  request,
}) => {
  const email = uniqueEmail();
  await registerViaApi(request, { userType: 'freelancer', businessName: 'Role Target', email });
  setUserRole(email, 'Web Developer');

  // The target is signed in, with the profile poll shortened so the test need not wait 30 s.
  const targetContext = await browser.newContext();
  const target = waitForHydrationOnGoto(await targetContext.newPage());
  await target.goto('/');
  await target.evaluate((key) => localStorage.setItem(key, '1000'), PERMISSION_POLL_OVERRIDE_KEY);
  await signIn(target, email, 'secret123');
  await expect(target).toHaveURL(/\/dashboard$/);
  await expect(target.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();

  // The Admin changes the role from the Users & Roles table.
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto('/dashboard/users-roles');
  await expect(page.getByRole('heading', { name: /All users/ })).toBeVisible();
  await page.getByLabel('Search users').fill(email);
  await page.getByLabel(/^Role of /).selectOption('SEO Manager');
  await expect(page.getByText(USERS_MESSAGES.roleUpdated)).toBeVisible();

  // Without a reload the target's session learns of it.
  await expect(target.getByText(USERS_MESSAGES.permissionsChangedTitle)).toBeVisible({ timeout: 10_000 });
  await expect(target.getByText(USERS_MESSAGES.permissionsChangedDescription).first()).toBeVisible();
  await expect(target.getByTestId('unread-count')).toHaveText('1');
  await target.getByRole('button', { name: /Notifications, 1 unread/ }).click();
  await expect(target.getByRole('dialog', { name: 'Notifications' })).toContainText(
    USERS_MESSAGES.permissionsChangedTitle,
  );
  await target.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(target.getByTestId('unread-count')).toHaveCount(0);
  await target.getByRole('button', { name: /Remove notification/ }).click();
  await expect(target.getByText('No notifications')).toBeVisible();
  await targetContext.close();
});

test('the side panel edits and cancels, and toggles module permissions', async ({ page, request }) => {
  const email = uniqueEmail();
  await registerViaApi(request, { userType: 'freelancer', businessName: 'Panel Target', email });
  setUserRole(email, 'Data Miner');
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto('/dashboard/users-roles');
  await page.getByLabel('Search users').fill(email);
  await page.getByRole('button', { name: /Open details of/ }).click();
  const panel = page.getByRole('dialog', { name: 'User details' });
  await expect(panel).toContainText('Data Science');
  await expect(panel.getByTestId('permission-count')).toHaveText('3/11');

  await panel.getByRole('button', { name: 'Edit' }).click();
  await panel.getByLabel('Location').fill('Somewhere');
  await panel.getByRole('button', { name: 'Cancel' }).click();
  await expect(panel).toContainText('N/A');

  await panel.getByRole('button', { name: 'Edit' }).click();
  await panel.getByLabel('Location').fill('Pune');
  await panel.getByLabel('Status').selectOption('Inactive');
  await panel.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText(USERS_MESSAGES.userUpdated)).toBeVisible();
  await expect(panel).toContainText('Pune');
  await expect(panel).toContainText('Inactive');

  await panel.getByLabel('HR Management').check();
  await expect(page.getByText(USERS_MESSAGES.permissionUpdated)).toBeVisible();
  await expect(panel.getByTestId('permission-count')).toHaveText('4/11');
  await page.reload();
  await page.getByLabel('Search users').fill(email);
  await page.getByRole('button', { name: /Open details of/ }).click();
  await expect(page.getByRole('dialog', { name: 'User details' }).getByTestId('permission-count')).toHaveText(
    '4/11',
  );
});

test('a non-admin with settings access sees the table read-only', async ({ page, request }) => {
  const email = uniqueEmail();
  await registerViaApi(request, { userType: 'freelancer', businessName: 'Viewer', email });
  setUserRole(email, 'Web Developer');
  // Grant settingsConfiguration through the API as the Admin.
  const login = await request.post('/api/login', {
    data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password },
  });
  const { token } = await login.json();
  const users = await (
    await request.get('/api/users', { headers: { authorization: `Bearer ${token}` } })
  ).json();
  const id = users.users.find((u: { email: string }) => u.email === email)._id;
  expect(
    (
      await request.put(`/api/users/${id}/permissions`, {
        headers: { authorization: `Bearer ${token}` },
        data: { settingsConfiguration: true },
      })
    ).status(),
  ).toBe(200);

  await signIn(page, email, 'secret123');
  await page.goto('/dashboard/users-roles');
  await expect(page.getByRole('heading', { name: /All users/ })).toBeVisible();
  await expect(page.getByLabel(/^Role of /).first()).toBeDisabled();
  await page
    .getByRole('button', { name: /Open details of/ })
    .first()
    .click();
  await expect(
    page.getByRole('dialog', { name: 'User details' }).getByRole('button', { name: 'Edit' }),
  ).toHaveCount(0);
});
