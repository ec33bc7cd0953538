import { AUTH_MESSAGES } from '../../src/shared/messages';
import { E2E_ADMIN } from './support/server';
import {
  expect,
  registerViaApi,
  setUserRole,
  signInThroughForm,
  test,
  uniqueEmail,
} from './support/fixtures';

test('signed-out /dashboard goes to /login', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Continue with email' })).toBeVisible();
});

test('the admin signs in, reaches the dashboard overview, and logs out to /', async ({ page }) => {
  await signInThroughForm(page, `  ${E2E_ADMIN.email.toUpperCase()} `, E2E_ADMIN.password);
  await expect(page.getByRole('button', { name: 'Signing in...' })).toBeVisible();
  await expect(page.getByText(AUTH_MESSAGES.loginSuccess)).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('overview-email')).toHaveText(E2E_ADMIN.email);
  await expect(page.getByTestId('overview-role')).toHaveText('Admin');
  await expect(page.getByTestId('overview-status')).toHaveText('Active');
  await expect(page.getByRole('button', { name: 'Notifications' })).toBeVisible();

  // Signed in, /login sends straight back to the dashboard.
  await page.goto('/login');
  await expect(page).toHaveURL(/\/dashboard$/);

  // The users list is kept in local storage ('usersData', docs/product/users.md#users-and-roles) once seen.
  await page.goto('/dashboard/users-roles');
  await expect.poll(() => page.evaluate(() => window.localStorage.getItem('usersData'))).not.toBeNull();

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Login' }).first()).toBeVisible();
  // Sign-out leaves nothing of the account in the browser's storage (docs/product/auth.md#session-in-the-browser).
  const left = await page.evaluate(() =>
    [window.localStorage, window.sessionStorage].flatMap((store) =>
      ['usersData', 'user', 'token'].filter((key) => store.getItem(key) !== null),
    ),
  );
  expect(left).toEqual([]);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
});

test('a wrong password shows the catalogue text and stays on /login', async ({ page }) => {
  await signInThroughForm(page, E2E_ADMIN.email, 'not-the-password');
  await expect(page.getByRole('alert').filter({ hasText: AUTH_MESSAGES.invalidCredentials })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Continue with email' })).toBeEnabled();
});

test('an empty form asks for both fields', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Continue with email' }).click();
  await expect(page.getByText(AUTH_MESSAGES.loginRequired)).toBeVisible();
});

test('the password can be shown and hidden', async ({ page }) => {
  await page.goto('/login');
  const password = page.getByLabel('Password', { exact: true });
  await expect(password).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(password).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Hide password' }).click();
  await expect(password).toHaveAttribute('type', 'password');
});

test('a User-role account goes to /access-restricted after sign-in, and the dashboard stays shut to it', async ({
  page,
  request,
}) => {
  const email = uniqueEmail();
  await registerViaApi(request, { userType: 'freelancer', businessName: 'Plain User', email });
  setUserRole(email, 'User');
  await signInThroughForm(page, email, 'secret123');
  await expect(page).toHaveURL(/\/access-restricted$/);
  await expect(page.getByText(AUTH_MESSAGES.notInternalTeam)).toBeVisible();
  // Applies both readings (docs/product/roles-and-access.md#dashboard-access): a 'User' opening the dashboard sees the access-restricted page.
  await page.goto('/dashboard/profile-settings');
  await expect(page.getByText(AUTH_MESSAGES.notInternalTeam)).toBeVisible();
});

test('a stored token whose profile cannot be fetched shows the connection message', async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() => localStorage.setItem('token', 'some-token'));
  await page.route('**/api/profile', (route) => route.abort('internetdisconnected'));
  await page.goto('/dashboard');
  await expect(page.getByText(AUTH_MESSAGES.unableToConnect)).toBeVisible();
});
