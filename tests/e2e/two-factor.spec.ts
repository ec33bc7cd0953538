import type { Page } from '@playwright/test';
import { totpCode } from '../../src/server/modules/two-factor/totp';
import { TWO_FACTOR, TWO_FACTOR_MESSAGES } from '../../src/shared/two-factor';
import { expect, registerViaApi, signInThroughForm, test, uniqueEmail } from './support/fixtures';

/**
 * Issue 17: two-factor sign-in in the browser, with codes computed here from the secret the page shows (as an
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

  await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
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
