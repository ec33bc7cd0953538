import type { APIRequestContext, Page } from '@playwright/test';
import { AUTH_MESSAGES, PROFILE_MESSAGES } from '../../src/shared/messages';
import { EDITABLE_STATUSES, PROFILE_ROLE_OPTIONS } from '../../src/shared/roles';
import { E2E_ADMIN } from './support/server';
import {
  expect,
  registerViaApi,
  setUserRole,
  signInThroughForm,
  test,
  uniqueEmail,
} from './support/fixtures';

/** A 1x1 transparent PNG. */
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

async function openProfileAsFreelancer(page: Page, request: APIRequestContext, name = 'Ada Profile') {
  const email = uniqueEmail();
  await registerViaApi(request, { userType: 'freelancer', businessName: name, email });
  await signInThroughForm(page, email, 'secret123');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/dashboard/profile-settings');
  await expect(page.getByRole('heading', { name: 'Profile Settings', level: 1 })).toBeVisible();
  return email;
}

test('a freelancer edits name, phone, location and photo, and the edits survive a reload', async ({
  page,
  request,
}) => {
  const email = await openProfileAsFreelancer(page, request);
  await expect(page.getByTestId('profile-email')).toHaveText(email);
  await expect(page.getByTestId('profile-status')).toHaveText('Active');
  for (const title of ['Personal Information', 'Account Security', 'Preferences', 'Privacy Settings'])
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByRole('img', { name: /^Profile photo of/ })).toHaveCount(0);

  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await expect(page.getByLabel('Email')).toBeDisabled();
  const username = `ada-${Date.now().toString(36)}`;
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Name', { exact: true }).fill('Ada Byron');
  await page.getByLabel('Phone').fill('+91 98765 43210');
  await page.getByLabel('Location').fill('Pune');
  await page
    .getByLabel('Change photo')
    .setInputFiles({ name: 'dot.png', mimeType: 'image/png', buffer: PNG_1X1 });
  await expect(page.getByRole('img', { name: /^Profile photo of/ })).toHaveAttribute(
    'src',
    /^data:image\/png;base64,/,
  );
  await page.getByRole('button', { name: 'Save Changes' }).click();

  await expect(page.getByText('Profile updated successfully')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit Profile' })).toBeVisible();
  await expect(page.getByTestId('profile-name')).toHaveText('Ada Byron');
  // The dashboard header shows the saved user at once.
  await expect(page.locator('header').getByText(username, { exact: true })).toBeVisible();

  await page.reload();
  await expect(page.getByTestId('profile-username')).toHaveText(username);
  await expect(page.getByTestId('profile-name')).toHaveText('Ada Byron');
  await expect(page.getByTestId('profile-phone')).toHaveText('+91 98765 43210');
  await expect(page.getByTestId('profile-location')).toHaveText('Pune');
  await expect(page.getByRole('img', { name: /^Profile photo of/ })).toHaveAttribute(
    'src',
    /^data:image\/png;base64,/,
  );

  // The photo can be removed again, and that survives a reload too.
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await page.getByRole('button', { name: 'Remove photo' }).click();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByRole('button', { name: 'Edit Profile' })).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('profile-name')).toHaveText('Ada Byron');
  await expect(page.getByRole('img', { name: /^Profile photo of/ })).toHaveCount(0);
});

test('Cancel discards the edits; a file that is not an image is refused inline', async ({
  page,
  request,
}) => {
  await openProfileAsFreelancer(page, request);
  const before = await page.getByTestId('profile-name').textContent();

  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await page.getByLabel('Name', { exact: true }).fill('Should Not Stick');
  await page
    .getByLabel('Change photo')
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(page.getByRole('alert').filter({ hasText: 'Profile image must be' })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();

  await expect(page.getByTestId('profile-name')).toHaveText(before ?? '');
  await expect(page.getByRole('button', { name: 'Edit Profile' })).toBeFocused();
  await page.reload();
  await expect(page.getByTestId('profile-name')).toHaveText(before ?? '');
});

test('a refused save shows the server message and keeps the edits', async ({ page, request }) => {
  await openProfileAsFreelancer(page, request);
  await page.route('**/api/profile', (route) =>
    route.request().method() === 'PUT'
      ? route.fulfill({ status: 400, json: { message: 'The request is not valid.' } })
      : route.fallback(),
  );
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await page.getByLabel('Location').fill('Kochi');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'The request is not valid.' })).toBeVisible();
  await expect(page.getByLabel('Location')).toHaveValue('Kochi');
  await expect(page.getByRole('button', { name: 'Save Changes' })).toBeEnabled();
});

test('a non-admin sees role and status as text; an Admin gets the role and status selects', async ({
  page,
  request,
}) => {
  await openProfileAsFreelancer(page, request);
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  // No role or status select (the sessions card's "how far back to revoke" is the page's only other one).
  await expect(page.getByRole('combobox', { name: 'Role' })).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Username' })).toBeFocused();
  await page.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('region', { name: 'Account Actions' }).getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);

  await signInThroughForm(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/dashboard/profile-settings');
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  const role = page.getByRole('combobox', { name: 'Role' });
  await expect(role).toHaveValue('Admin');
  await expect(role.getByRole('option')).toHaveText([...PROFILE_ROLE_OPTIONS]);
  await expect(page.getByRole('combobox', { name: 'Status' }).getByRole('option')).toHaveText([
    ...EDITABLE_STATUSES,
  ]);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('combobox', { name: 'Role' })).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveCount(0);
});

test('a User-role account reads the restricted notice and In Review, outside the dashboard', async ({
  page,
  request,
}) => {
  const email = uniqueEmail();
  await registerViaApi(request, { userType: 'freelancer', businessName: 'Plain Profile', email });
  setUserRole(email, 'User');
  await signInThroughForm(page, email, 'secret123');
  await expect(page).toHaveURL(/\/access-restricted$/);
  // docs/product/roles-and-access.md#dashboard-access: the dashboard stays shut to a 'User'; the access-restricted page carries the notice.
  await page.goto('/dashboard/profile-settings');
  await expect(page.getByText(AUTH_MESSAGES.notInternalTeam)).toBeVisible();
  await expect(page.getByText(PROFILE_MESSAGES.restricted)).toBeVisible();
  await expect(page.getByTestId('profile-status')).toHaveText('In Review');
});
