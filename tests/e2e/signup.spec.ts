import { AUTH_MESSAGES, EMAIL_CONFIRMATION_MESSAGES as CONFIRM } from '../../src/shared/messages';
import { confirmationLink, expect, registerViaApi, test, uniqueEmail } from './support/fixtures';
import { linkIn, receivedMails } from './support/mail';
import type { Page } from '@playwright/test';

async function fillPasswords(page: Page, password: string, confirmation = password) {
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm Password', { exact: true }).fill(confirmation);
}

test('a Business Owner signs up and lands on /pricing', async ({ page }) => {
  await page.goto('/signup');
  await page.getByRole('radio', { name: 'Business Owner' }).click();
  await page.getByLabel('Business Name').fill('Northwind Studio');
  await page.getByLabel('Email').fill(uniqueEmail('northwind.test'));
  await fillPasswords(page, 'secret123');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText(AUTH_MESSAGES.signupSuccess).first()).toBeVisible();
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(page.getByRole('heading', { name: 'Upgrade your plan' })).toBeVisible();
});

test('a Business Owner confirms the e-mail address with the mailed link, and the banner goes', async ({
  page,
}) => {
  const email = uniqueEmail(`confirm-${Date.now().toString(36)}.test`);
  await page.goto('/signup');
  await page.getByRole('radio', { name: 'Business Owner' }).click();
  await page.getByLabel('Business Name').fill('Proven Studio');
  await page.getByLabel('Email').fill(email);
  await fillPasswords(page, 'secret123');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/pricing$/);

  await page.goto('/dashboard');
  const banner = page.getByRole('complementary', { name: CONFIRM.bannerTitle });
  await expect(banner).toBeVisible();
  await expect(banner).toContainText(CONFIRM.bannerText(email));
  // Another section shows it too, with a named button that mails a new link.
  await page.goto('/dashboard/profile-settings');
  await banner.getByRole('button', { name: CONFIRM.resend }).click();
  await expect(page.getByText(CONFIRM.resent(email))).toBeVisible();

  // The newest link is the one that works (a new link replaces the earlier ones).
  await expect.poll(() => receivedMails((m) => m.to === email).length).toBe(2);
  const link = linkIn(
    receivedMails((m) => m.to === email).at(-1)!,
    `${new URL(page.url()).origin}/confirm-email?token=`,
  );
  await page.goto(link);
  await expect(page.getByText(CONFIRM.confirmed)).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await page.getByRole('link', { name: CONFIRM.continueToDashboard }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.getByText(CONFIRM.bannerTitle)).toHaveCount(0);

  // The link worked once.
  await page.goto(link);
  await expect(page.getByText(CONFIRM.invalidLink)).toBeVisible();
  await expect(page.getByRole('link', { name: CONFIRM.signInToContinue })).toHaveAttribute('href', '/login');
});

test('a Freelancer signs up with the Name/Business Name field and lands on /pricing', async ({ page }) => {
  await page.goto('/signup');
  await page.getByRole('radio', { name: 'Freelancer' }).click();
  await page.getByLabel('Name/Business Name').fill('Ada Lovelace');
  await page.getByLabel('Email').fill(uniqueEmail());
  await fillPasswords(page, 'secret123');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/pricing$/);
});

test('a Team Member of a known business signs up and lands on /access-restricted', async ({
  page,
  request,
}) => {
  const domain = `team${Date.now().toString(36)}.test`;
  await registerViaApi(request, {
    userType: 'business-owner',
    businessName: 'Team Co',
    email: `owner@${domain}`,
  });
  await page.goto('/signup');
  await page.getByRole('radio', { name: 'Team Member' }).click();
  await expect(page.getByText(AUTH_MESSAGES.teamMemberEmailHelp)).toBeVisible();
  await page.getByLabel('Username').fill('teammate');
  await page.getByLabel('Business Email').fill(`mate@${domain}`);
  await fillPasswords(page, 'secret123');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/access-restricted$/);
  await expect(page.getByText(AUTH_MESSAGES.notInternalTeam)).toBeVisible();
  // docs/product/auth.md#proven-addresses: they wait outside the workspace until the mailed link proves the address.
  await expect(page.getByText(CONFIRM.restrictedSent(`mate@${domain}`))).toBeVisible();
  await expect(page.getByRole('button', { name: CONFIRM.resend })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Return Home' })).toBeVisible();

  await page.goto(await confirmationLink(`mate@${domain}`));
  await expect(page.getByText(CONFIRM.joined('Team Co'))).toBeVisible();
  await page.getByRole('link', { name: CONFIRM.continueToDashboard }).click();
  // A Team Member is kept out of the dashboard itself too; the notice is gone.
  await expect(page.getByText(AUTH_MESSAGES.notInternalTeam)).toBeVisible();
  await expect(page.getByText(CONFIRM.restrictedSent(`mate@${domain}`))).toHaveCount(0);
});

test('sign-up validation shows the spec texts in order', async ({ page }) => {
  await page.goto('/signup');
  await page.getByLabel('Business Name').fill('No Type Yet');
  await page.getByLabel('Email').fill(uniqueEmail());
  await fillPasswords(page, 'secret123');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText(AUTH_MESSAGES.chooseUserType)).toBeVisible();

  // Choosing a type resets the form.
  await page.getByRole('radio', { name: 'Business Owner' }).click();
  await expect(page.getByLabel('Business Name')).toHaveValue('');
  await page.getByLabel('Business Name').fill('Mismatch Ltd');
  await page.getByLabel('Email').fill(uniqueEmail());
  await fillPasswords(page, 'secret123', 'secret124');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText(AUTH_MESSAGES.passwordsMismatch)).toBeVisible();

  await fillPasswords(page, 'abc12');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText(AUTH_MESSAGES.passwordTooShort)).toBeVisible();
  await expect(page).toHaveURL(/\/signup$/);
});

test('a Team Member with an unknown business domain is told so', async ({ page }) => {
  await page.goto('/signup');
  await page.getByRole('radio', { name: 'Team Member' }).click();
  await page.getByLabel('Username').fill('stranger');
  await page.getByLabel('Business Email').fill(uniqueEmail('nobody-owns-this.test'));
  await fillPasswords(page, 'secret123');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText(AUTH_MESSAGES.domainNotFound)).toBeVisible();
  await expect(page).toHaveURL(/\/signup$/);
});

test('a duplicate e-mail shows the server message', async ({ page, request }) => {
  const email = uniqueEmail();
  await registerViaApi(request, { userType: 'freelancer', businessName: 'First', email });
  await page.goto('/signup');
  await page.getByRole('radio', { name: 'Freelancer' }).click();
  await page.getByLabel('Name/Business Name').fill('Second');
  await page.getByLabel('Email').fill(email);
  await fillPasswords(page, 'secret123');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('An account with this email already exists.')).toBeVisible();
});
