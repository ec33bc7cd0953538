import {
  AUTH_MESSAGES,
  INVITATION_MESSAGES,
  PASSWORD_RESET_MESSAGES as M,
  SESSION_MESSAGES,
} from '../../src/shared/messages';
import { E2E_ADMIN } from './support/server';
import { expect, registerViaApi, signInThroughForm, test, uniqueEmail } from './support/fixtures';
import { linkIn, receivedMail, testSmtp } from './support/mail';

// Password resets go out through the agency's set-up (or SMTP_URL): save it once for this file.
test.beforeAll(async ({ request }) => {
  const login = await request.post('/api/login', { data: E2E_ADMIN });
  const { token } = await login.json();
  const smtp = testSmtp();
  const saved = await request.post('/api/email/setup', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      host: smtp.host,
      port: smtp.port,
      secure: false,
      auth: { user: smtp.user, pass: smtp.pass },
      from: 'Agency Mail <hello@agency.test>',
    },
  });
  expect(saved.status()).toBe(200);
});

test('Forgot password? e-mails a link that sets a new password; the old one and the link stop working', async ({
  page,
  baseURL,
}) => {
  const email = uniqueEmail(`reset-${Date.now().toString(36)}.test`);
  await registerViaApi(page.request, { userType: 'business-owner', businessName: 'Reset Co', email });

  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password\?email=/);
  await expect(page.getByRole('heading', { name: M.requestTitle })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await page.getByRole('button', { name: M.requestButton }).click();
  await expect(page.getByText(M.requested)).toBeVisible();

  // The sign-up's confirmation link went to the same address first (docs/product/auth.md#proven-addresses).
  const mail = await receivedMail((m) => m.to === email && m.subject === M.subject('AgencyHQ'));
  const link = linkIn(mail, `${baseURL}/reset-password?token=`);

  await page.goto(link);
  await page.getByLabel('New Password', { exact: true }).fill('new-pass-1');
  await page.getByLabel('Confirm Password').fill('new-pass-2');
  await page.getByRole('button', { name: M.resetButton }).click();
  await expect(page.getByText(AUTH_MESSAGES.passwordsMismatch)).toBeVisible();
  await page.getByLabel('Confirm Password').fill('new-pass-1');
  await page.getByRole('button', { name: M.resetButton }).click();
  await expect(page.getByText(M.done)).toBeVisible();

  await signInThroughForm(page, email, 'secret123');
  await expect(page.getByRole('alert').filter({ hasText: AUTH_MESSAGES.invalidCredentials })).toBeVisible();
  await signInThroughForm(page, email, 'new-pass-1');
  await expect(page).toHaveURL(/\/dashboard$/);

  // The link worked once.
  await page.getByRole('button', { name: 'Logout' }).click();
  // Sign-out ends the session on the server first, then goes home (spec): wait for it, or its navigation
  // would interrupt the next one.
  await expect(page).toHaveURL(/\/$/);
  await page.goto(link);
  await page.getByLabel('New Password', { exact: true }).fill('third-pass-1');
  await page.getByLabel('Confirm Password').fill('third-pass-1');
  await page.getByRole('button', { name: M.resetButton }).click();
  await expect(page.getByText(M.invalidLink)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Request a new link' })).toBeVisible();
});

test('an unknown address gets the same neutral answer, and a link without a token says it is invalid', async ({
  page,
}) => {
  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill(uniqueEmail('nobody.test'));
  await page.getByRole('button', { name: M.requestButton }).click();
  await expect(page.getByText(M.requested)).toBeVisible();

  await page.goto('/reset-password');
  await expect(page.getByText(M.invalidLink)).toBeVisible();
  await expect(page.getByRole('button', { name: M.resetButton })).toBeDisabled();
});

test('a broken invitation link says so and leaves the normal sign-up', async ({ page }) => {
  await page.goto('/signup?invite=not-a-real-token');
  await expect(page.getByText(INVITATION_MESSAGES.invalidLink)).toBeVisible();
  await expect(page.getByRole('radiogroup', { name: 'Which best describes you?' })).toBeVisible();
});

/**
 * docs/security.md#lasting-credentials: whoever resets a password because someone else got in can take back
 * the API keys and webhooks made in the chosen time, on the same page.
 */
test('the reset page can revoke the API keys made in the last 24 hours with the new password', async ({
  page,
  baseURL,
}) => {
  const email = uniqueEmail(`reset-revoke-${Date.now().toString(36)}.test`);
  const { token } = (await registerViaApi(page.request, {
    userType: 'business-owner',
    businessName: 'Reset Revoke Co',
    email,
  })) as { token: string };
  const made = await page.request.post('/api/api-keys', {
    headers: { Authorization: `Bearer ${token}` },
    data: { name: 'Left behind', scopes: ['leads:read'] },
  });
  expect(made.status(), await made.text()).toBe(201);
  const key = ((await made.json()) as { key: string }).key;
  const asked = await page.request.post('/api/password/forgot', { data: { email } });
  expect(asked.status()).toBe(202);
  const mail = await receivedMail((m) => m.to === email && m.subject === M.subject('AgencyHQ'));

  await page.goto(linkIn(mail, `${baseURL}/reset-password?token=`));
  await page.getByLabel('New Password', { exact: true }).fill('new-pass-1');
  await page.getByLabel('Confirm Password').fill('new-pass-1');
  await page.getByLabel(SESSION_MESSAGES.revokeToo).check();
  await page.getByRole('combobox', { name: 'How far back to revoke' }).selectOption({ label: '24 hours' });
  await page.screenshot({ path: 'test-results/reset-revoke-1280.png' });
  await page.getByRole('button', { name: M.resetButton }).click();
  await expect(page.getByText(`${M.done} ${SESSION_MESSAGES.revoked(1, 0)}`)).toBeVisible();
  const refused = await page.request.get('/api/leads', { headers: { Authorization: `Bearer ${key}` } });
  expect(refused.status()).toBe(401);
});
