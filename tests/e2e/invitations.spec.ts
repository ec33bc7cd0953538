import { INVITATION_MESSAGES } from '../../src/shared/messages';
import {
  expect,
  registerViaApi,
  signIn,
  test,
  uniqueEmail,
  waitForHydrationOnGoto,
} from './support/fixtures';
import { linkIn, receivedMail } from './support/mail';

/**
 * docs/product/workspace.md#invitations: an address that already has an account is invited like any other (the inviter sees the
 * same answer), gets a "sign in to join" mail, and joins by signing in: a Team Member, so restricted.
 */
test('an existing account signs in through the mailed link and joins the inviting workspace', async ({
  page,
  request,
  browser,
}) => {
  const ownerEmail = uniqueEmail(`harbor-${Date.now().toString(36)}.test`);
  await registerViaApi(request, {
    userType: 'business-owner',
    businessName: 'Harbor Studio',
    email: ownerEmail,
  });
  // A freelancer alone in their own workspace: free to join another one.
  const soloEmail = uniqueEmail('solo-mail.test');
  await registerViaApi(request, { userType: 'freelancer', businessName: 'Solo Sails', email: soloEmail });

  await signIn(page, ownerEmail, 'secret123');
  await page.goto('/dashboard/workspace-settings');
  await page.getByRole('tab', { name: 'Members' }).click();
  await page.getByRole('button', { name: INVITATION_MESSAGES.button }).click();
  await page.getByLabel('E-mail address').fill(soloEmail);
  await page.getByRole('button', { name: 'Send invitation' }).click();
  // The inviter is told what any invitation tells: sent. The link itself goes to the inbox only.
  await expect(page.getByText(INVITATION_MESSAGES.sent(soloEmail))).toBeVisible();
  await expect(page.getByRole('list', { name: 'Pending invitations' })).toContainText(soloEmail);
  expect(await page.content()).not.toContain('invite=');

  const mail = await receivedMail((m) => m.to === soloEmail && m.text.includes('/login?invite='));
  expect(mail.subject).toBe(INVITATION_MESSAGES.subject('Harbor Studio', 'AgencyHQ'));
  const link = linkIn(mail, `${new URL(page.url()).origin}/login?invite=`);

  const guest = await browser.newContext();
  const fresh = waitForHydrationOnGoto(await guest.newPage());
  // The sign-up page offers the same way in to everyone invited.
  await fresh.goto(link.replace('/login?', '/signup?'));
  await expect(fresh.getByText(INVITATION_MESSAGES.joining('Harbor Studio'))).toBeVisible();
  await fresh.getByRole('link', { name: INVITATION_MESSAGES.signInToJoin }).click();
  await expect(fresh).toHaveURL(/\/login\?invite=/);
  await expect(fresh.getByText(INVITATION_MESSAGES.joining('Harbor Studio'))).toBeVisible();
  await fresh.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await fresh.getByLabel('Email').fill(soloEmail);
  await fresh.getByLabel('Password', { exact: true }).fill('secret123');
  await fresh.getByRole('button', { name: 'Continue with email' }).click();
  await expect(fresh.getByText(INVITATION_MESSAGES.joined('Harbor Studio'))).toBeVisible();
  await expect(fresh).toHaveURL(/\/access-restricted$/);
  await guest.close();

  await page.reload();
  await page.getByRole('tab', { name: 'Members' }).click();
  await expect(page.getByRole('list', { name: 'Workspace members' })).toContainText(soloEmail);
});
