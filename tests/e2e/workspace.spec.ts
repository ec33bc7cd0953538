import type { APIRequestContext } from '@playwright/test';
import { ACCESS_MESSAGES, AUTH_MESSAGES } from '../../src/shared/messages';
import { expect, registerViaApi, signInThroughForm, test, uniqueEmail } from './support/fixtures';

/** A business owner and a team member who signed up with the same e-mail domain. */
async function businessWithTeamMember(request: APIRequestContext) {
  const domain = `ws${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}.test`;
  const owner = { email: `owner@${domain}`, businessName: 'Orbit Studio' };
  const mate = { email: `mate@${domain}`, username: 'orbitmate' };
  await registerViaApi(request, { userType: 'business-owner', ...owner });
  const mateAuth = (await registerViaApi(request, { userType: 'team-member', ...mate })) as { token: string };
  return { owner, mate, mateToken: mateAuth.token };
}

test('a business owner edits the workspace, the edits survive a reload, and Members lists the team', async ({
  page,
  request,
}) => {
  const { owner, mate } = await businessWithTeamMember(request);
  await signInThroughForm(page, owner.email, 'secret123');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/dashboard/workspace-settings');
  await expect(page.getByRole('heading', { name: 'Workspace Settings', level: 1 })).toBeVisible();
  await expect(page.getByTestId('workspace-name')).toHaveText(owner.businessName);
  await expect(page.getByText('Free', { exact: true })).toBeVisible();
  await expect(page.getByTestId('workspace-storage')).toContainText('of 500 MB');
  await expect(page.getByRole('progressbar', { name: 'Storage usage' })).toBeVisible();

  // A refused save shows the server's message and keeps what was typed.
  await page.route('**/api/workspace', (route) =>
    route.request().method() === 'PUT'
      ? route.fulfill({ status: 403, json: { message: ACCESS_MESSAGES.ownerOrAdminOnly } })
      : route.fallback(),
  );
  await page.getByLabel('Workspace name').fill('Refused Name');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByRole('alert').filter({ hasText: ACCESS_MESSAGES.ownerOrAdminOnly })).toBeVisible();
  await expect(page.getByLabel('Workspace name')).toHaveValue('Refused Name');
  await page.unrouteAll();

  await page.getByLabel('Workspace name').fill('Orbit Studio Global');
  await page.getByLabel('Description').fill('Brand and web work for climate startups.');
  await page.getByLabel('Workspace type').selectOption('Enterprise');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Workspace settings saved successfully')).toBeVisible();
  await expect(page.getByTestId('workspace-name')).toHaveText('Orbit Studio Global');

  await page.reload();
  await expect(page.getByTestId('workspace-name')).toHaveText('Orbit Studio Global');
  await expect(page.getByTestId('workspace-description')).toHaveText(
    'Brand and web work for climate startups.',
  );
  await expect(page.getByTestId('workspace-type')).toHaveText('Enterprise');
  await expect(page.getByLabel('Workspace type')).toHaveValue('Enterprise');

  await page.getByRole('tab', { name: 'Members' }).click();
  const members = page.getByRole('list', { name: 'Workspace members' });
  await expect(members.getByRole('listitem')).toHaveCount(2);
  await expect(members.getByText(owner.email)).toBeVisible();
  await expect(members.getByText(mate.email)).toBeVisible();
  await expect(members.getByText(mate.username)).toBeVisible();
  // The owner may invite (docs/product/workspace.md#invitations); the form opens under the heading.
  await page.getByRole('button', { name: 'Invite Members' }).click();
  await expect(page.getByRole('form', { name: 'Invite a member' })).toBeVisible();
});

test('a Team Member cannot reach workspace settings, and the API refuses their edit', async ({
  page,
  request,
}) => {
  const { mate, mateToken } = await businessWithTeamMember(request);
  await signInThroughForm(page, mate.email, 'secret123');
  // Sign-in sends a Team Member on to the dashboard address, which shows them the restricted page.
  await expect(page.getByText(AUTH_MESSAGES.notInternalTeam)).toBeVisible();
  await page.goto('/dashboard/workspace-settings');
  await expect(page.getByText(AUTH_MESSAGES.notInternalTeam)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Workspace Settings' })).toHaveCount(0);

  const refused = await request.put('/api/workspace', {
    headers: { Authorization: `Bearer ${mateToken}` },
    data: { name: 'Taken over', description: '', type: 'Business' },
  });
  expect(refused.status()).toBe(403);
  // docs/product/roles-and-access.md#dashboard-access: kept out of the dashboard, a Team Member is refused before the owner rule is asked.
  expect((await refused.json()).message).toBe(ACCESS_MESSAGES.outsideDashboard);
});

test('a freelancer sees the workspace read-only, browses the tabs, and Leave Workspace ends at /', async ({
  page,
  request,
}) => {
  const email = uniqueEmail();
  await registerViaApi(request, { userType: 'freelancer', businessName: 'Solo Lens', email });
  await signInThroughForm(page, email, 'secret123');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/dashboard/workspace-settings');
  await expect(page.getByTestId('workspace-type')).toHaveText('Personal');
  await expect(page.getByLabel('Workspace name')).toHaveCount(0);
  await expect(page.getByText('Only a Business Admin of this workspace or an Admin')).toBeVisible();

  await page.getByRole('tab', { name: 'Profile' }).click();
  await expect(page.getByRole('tabpanel').getByText(email)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Edit in Profile Settings' })).toHaveAttribute(
    'href',
    '/dashboard/profile-settings',
  );

  await page.getByRole('tab', { name: 'Security' }).click();
  // The encryption status is the running server's: PASSWORD_HASH_COST 14, plain http on loopback.
  const status = page.getByLabel('Encryption status');
  await expect(status.getByRole('term').first()).toHaveText(/^Passwords\s*Hashed$/);
  await expect(status).toContainText('Salted scrypt (N = 2^14)');
  await expect(status).toContainText('Not encrypted');
  await expect(status).toContainText('sealed with AES-256-GCM');
  // Their own second factor is theirs to turn on (two-factor.spec.ts does); requiring it of a workspace is
  // for its Business Admin or an Admin.
  await expect(page.getByRole('button', { name: 'Turn on two-factor sign-in' })).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Require two-factor sign-in' })).toHaveCount(0);

  await page.getByRole('tab', { name: 'Integrations' }).click();
  await expect(page.getByRole('tabpanel').getByText('Connected', { exact: true })).toHaveCount(1);

  await expect(page.getByRole('button', { name: 'Delete Workspace' })).toBeDisabled();
  await page.getByRole('button', { name: 'Leave Workspace' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
});
