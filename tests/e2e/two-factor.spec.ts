import type { Page } from '@playwright/test';
import { totpCode } from '../../src/server/modules/two-factor/totp';
import { TWO_FACTOR_MESSAGES } from '../../src/shared/messages';
import { TWO_FACTOR } from '../../src/shared/two-factor';
import { expect, registerViaApi, signInThroughForm, test, uniqueEmail } from './support/fixtures';
import { linkIn, receivedMail } from './support/mail';

/**
 * docs/security.md#two-factor-sign-in: two-factor sign-in in the browser, with codes computed here from the secret the page shows (as an
 * authenticator app would), never from the server's side.
 */

/** The code of the next 30-second step: the step a code was last accepted for cannot be used again. */
const nextCode = (secret: string) => totpCode(secret, new Date(Date.now() + TWO_FACTOR.periodSeconds * 1000));

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
}

test('a freelancer turns on 2FA in the Security tab, then signs in with a code and with a recovery code once', async ({
  page,
  request,
}) => {
  const email = uniqueEmail();
  await registerViaApi(request, { userType: 'freelancer', businessName: 'Two Step Studio', email });
  await signInThroughForm(page, email, 'secret123');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/dashboard/workspace-settings');
  await page.getByRole('tab', { name: 'Security' }).click();

  // docs/product/auth.md#two-factor-sign-in: the set-up first takes the account's password; the server's refusal shows under the field.
  await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  const password = page.getByLabel('Password', { exact: true });
  await expect(password).toBeFocused();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(password).toHaveAccessibleDescription(TWO_FACTOR_MESSAGES.passwordRequired);
  await password.fill('not-my-password');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(password).toHaveAccessibleDescription(TWO_FACTOR_MESSAGES.passwordWrong);
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toHaveCount(0);
  await password.fill('secret123');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await page.getByTestId('two-factor-secret').textContent())!.replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await page.getByLabel('Authentication code').fill('000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText(TWO_FACTOR_MESSAGES.codeInvalid)).toBeVisible();
  await page.getByLabel('Authentication code').fill(totpCode(secret, new Date()));
  await page.getByRole('button', { name: 'Verify' }).click();

  const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recoveryCode = (await codes.first().textContent())!;
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await expect(page.getByText('10 recovery codes left.')).toBeVisible();

  // The password alone no longer signs in: the code of the app does.
  await signOut(page);
  await signInThroughForm(page, email, 'secret123');
  await expect(page.getByRole('heading', { name: TWO_FACTOR_MESSAGES.secondStepTitle })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Authentication code').fill(nextCode(secret));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // A recovery code works once.
  await signOut(page);
  await signInThroughForm(page, email, 'secret123');
  await page.getByRole('button', { name: TWO_FACTOR_MESSAGES.useRecoveryCode }).click();
  await page.getByLabel('Recovery code').fill(recoveryCode);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await signOut(page);
  await signInThroughForm(page, email, 'secret123');
  await page.getByRole('button', { name: TWO_FACTOR_MESSAGES.useRecoveryCode }).click();
  await page.getByLabel('Recovery code').fill(recoveryCode);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText(TWO_FACTOR_MESSAGES.recoveryCodeInvalid)).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('a workspace that requires 2FA has its member set it up at sign-in before reaching the dashboard', async ({
  page,
  request,
  browser,
}) => {
  const domain = `twofa${Date.now().toString(36)}.test`;
  const ownerEmail = `owner@${domain}`;
  const memberEmail = `dev@${domain}`;
  await registerViaApi(request, { userType: 'business-owner', businessName: 'Strict Co', email: ownerEmail });
  await registerViaApi(request, { userType: 'team-member', username: 'strict-dev', email: memberEmail });

  // The owner turns on their own factor, then requires it of everyone.
  await signInThroughForm(page, ownerEmail, 'secret123');
  await expect(page).toHaveURL(/\/(dashboard|pricing)$/);
  await page.goto('/dashboard/workspace-settings');
  await page.getByRole('tab', { name: 'Security' }).click();
  const requirement = page.getByRole('switch', { name: 'Require two-factor sign-in' });
  await requirement.click();
  await expect(page.getByText(TWO_FACTOR_MESSAGES.enableYourselfFirst)).toBeVisible();
  await expect(requirement).toHaveAttribute('aria-checked', 'false');
  await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  await page.getByLabel('Password', { exact: true }).fill('secret123');
  await page.getByRole('button', { name: 'Continue' }).click();
  const secret = (await page.getByTestId('two-factor-secret').textContent())!.replace(/\s+/g, '');
  await page.getByLabel('Authentication code').fill(totpCode(secret, new Date()));
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await requirement.click();
  await expect(page.getByText(TWO_FACTOR_MESSAGES.policyOn)).toBeVisible();
  await expect(requirement).toHaveAttribute('aria-checked', 'true');

  // The member, in another browser, must set up a factor before the dashboard.
  const context = await browser.newContext();
  try {
    const member = await context.newPage();
    await signInThroughForm(member, memberEmail, 'secret123');
    await expect(member.getByText(TWO_FACTOR_MESSAGES.setupRequiredHelp)).toBeVisible();
    const memberSecret = (await member.getByTestId('two-factor-secret').textContent())!.replace(/\s+/g, '');
    await member.getByLabel('Authentication code').fill(totpCode(memberSecret, new Date()));
    await member.getByRole('button', { name: 'Verify' }).click();
    await expect(member.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
    await member.getByRole('button', { name: 'I have saved them: continue' }).click();
    await expect(member).toHaveURL(/\/dashboard$/);
  } finally {
    await context.close();
  }
});

test('an invited sign-up into a workspace that requires 2FA sets it up on the sign-up page, then gets the session', async ({
  page,
  request,
}) => {
  // The owner (confirmed by the mailed link) turns on their own factor and requires it, through the API.
  const ownerEmail = uniqueEmail(`invite2fa-${Date.now().toString(36)}.test`);
  await registerViaApi(request, { userType: 'business-owner', businessName: 'Locked Co', email: ownerEmail });
  const login = await request.post('/api/login', { data: { email: ownerEmail, password: 'secret123' } });
  const headers = { Authorization: `Bearer ${(await login.json()).token}` };
  const { secret } = await (
    await request.post('/api/profile/two-factor/setup', { headers, data: { password: 'secret123' } })
  ).json();
  const confirmed = await request.post('/api/profile/two-factor/confirm', {
    headers,
    data: { code: totpCode(secret, new Date()) },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  const policy = await request.put('/api/workspace/two-factor-policy', { headers, data: { required: true } });
  expect(policy.status(), await policy.text()).toBe(200);
  const invitee = uniqueEmail();
  const invited = await request.post('/api/workspace/invitations', { headers, data: { email: invitee } });
  expect(invited.status(), await invited.text()).toBe(201);
  // The link reaches the invitee's mailbox only.
  const mail = await receivedMail((m) => m.to === invitee);
  const link = linkIn(mail, `${new URL(process.env.E2E_BASE_URL!).origin}/signup?invite=`);

  // The invitation's sign-up answers the second step, not a session: the page sets up the factor first.
  await page.goto(new URL(link).pathname + new URL(link).search);
  await page.getByLabel('Username').fill('locked-mate');
  await page.getByLabel('Password', { exact: true }).fill('mate-pass-1');
  await page.getByLabel('Confirm Password').fill('mate-pass-1');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText(TWO_FACTOR_MESSAGES.setupRequiredHelp)).toBeVisible();
  await expect(page).toHaveURL(/\/signup\?invite=/);
  expect(
    await page.evaluate(() => localStorage.getItem('token') ?? sessionStorage.getItem('token')),
  ).toBeNull();
  const memberSecret = (await page.getByTestId('two-factor-secret').textContent())!.replace(/\s+/g, '');
  await page.getByLabel('Authentication code').fill(totpCode(memberSecret, new Date()));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
  await page.getByRole('button', { name: 'I have saved them: continue' }).click();
  // docs/product/roles-and-access.md#dashboard-access: a Team Member lands on /access-restricted, signed in.
  await expect(page).toHaveURL(/\/access-restricted$/);
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
});
