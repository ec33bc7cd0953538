import type { APIRequestContext, Page } from '@playwright/test';
import { LEAD_VIEW_MESSAGES } from '../../src/shared/messages';
import {
  expect,
  registerViaApi,
  setUserRole,
  signIn,
  test,
  uniqueEmail,
  waitForHydrationOnGoto,
} from './support/fixtures';

const run = Date.now().toString(36);
const rows = (page: Page) => page.getByTestId('lead-row');
const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });
const viewsButton = (page: Page) => page.getByRole('button', { name: /^Views/ });
const viewsMenu = (page: Page) => page.getByRole('menu', { name: 'Views' });

/** Saves what the list shows under `name`, shared with the workspace when asked. */
async function saveView(page: Page, name: string, share = false) {
  await viewsButton(page).click();
  await viewsMenu(page).getByRole('menuitem', { name: 'Save view...' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save view' });
  await dialog.getByLabel('View name').fill(name);
  if (share) await dialog.getByLabel('Share with workspace').check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, LEAD_VIEW_MESSAGES.saved(name))).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/[?&]view=[\w-]+/);
}

/** A new workspace's Business Admin, signed in on Client Leads with its 8 sample leads. */
async function ownerOnLeads(page: Page, request: APIRequestContext, domain: string) {
  const email = uniqueEmail(domain);
  await registerViaApi(request, { userType: 'business-owner', businessName: 'Views Co', email });
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, email, 'secret123');
  await page.goto('/dashboard/client-leads');
  await expect(page.getByRole('heading', { name: 'Client Leads', level: 1 })).toBeVisible();
  await expect(rows(page)).toHaveCount(8);
}

/*
 * docs/product/leads.md#saved-views in the browser: a view saved from the list's filters opens again from
 * its link in a freshly loaded page; a view the Business Admin shares is in a member's "Shared" list, and
 * applying it puts its filters and layout in the member's URL. Screenshots of the open menu at 1280 and
 * 390 px go to /tmp/views-*.png.
 */

test('a saved view opens from its link in a freshly loaded page, and takes the current filters', async ({
  page,
  request,
}) => {
  await ownerOnLeads(page, request, `views-a${run}.test`);

  // Filters and a sort, saved as a private view.
  await page.getByLabel('Filter by priority').selectOption('High');
  await expect(rows(page)).toHaveCount(3);
  await page.getByRole('button', { name: /^Name/ }).click();
  await expect(page).toHaveURL(/sort=name/);
  await expect(rows(page).first()).toContainText('Aarav Sharma');
  await saveView(page, 'Hot leads');
  await expect(viewsButton(page)).toHaveText(/Views: Hot leads$/);
  const viewId = new URL(page.url()).searchParams.get('view')!;

  // The page loaded afresh at the view's own link (nothing but `view=<id>`) shows the same list.
  await page.goto('/dashboard/overview');
  await page.goto(`/dashboard/client-leads?view=${viewId}`);
  await expect(page).toHaveURL(/priority=High/);
  await expect(page).toHaveURL(/sort=name/);
  await expect(rows(page)).toHaveCount(3);
  await expect(rows(page).first()).toContainText('Aarav Sharma');
  await expect(page.getByLabel('Filter by priority')).toHaveValue('High');
  await expect(viewsButton(page)).toHaveText(/Views: Hot leads$/);

  // A change shows as edited until the view is updated with it; the URL with the filters keeps them.
  await page.getByLabel('Filter by status').selectOption('New');
  await expect(rows(page)).toHaveCount(1);
  await expect(viewsButton(page)).toHaveText(/Hot leads \(edited\)$/);
  await page.reload();
  await expect(rows(page)).toHaveCount(1);
  await expect(viewsButton(page)).toHaveText(/Hot leads \(edited\)$/);
  await viewsButton(page).click();
  await viewsMenu(page).getByRole('menuitem', { name: 'Update with current filters' }).click();
  await expect(toast(page, LEAD_VIEW_MESSAGES.updated('Hot leads'))).toBeVisible();
  await expect(viewsButton(page)).toHaveText(/Views: Hot leads$/);
  await page.goto(`/dashboard/client-leads?view=${viewId}`);
  await expect(page).toHaveURL(/status=New/);
  await expect(rows(page)).toHaveCount(1);

  // A link from before saved views (`view=board`) still opens the board, and names no view.
  await page.goto('/dashboard/client-leads?view=board');
  await expect(page.getByRole('button', { name: 'Board', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(viewsButton(page)).toHaveText(/^Views$/);
  await expect(toast(page, LEAD_VIEW_MESSAGES.gone)).toHaveCount(0);
});

test('a view the Business Admin shares reaches a member of the workspace, who cannot change it', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(60_000); // two accounts sign up, confirm and sign in
  const domain = `views-b${run}.test`;
  const memberEmail = uniqueEmail(domain);
  await ownerOnLeads(page, request, domain);
  // Signed up with the workspace's domain, the member joins it; a Team Member is kept out of the dashboard,
  // so they are given a job role with the Data Center module, as the agency's Admin would.
  await registerViaApi(request, { userType: 'team-member', username: `member${run}`, email: memberEmail });
  setUserRole(memberEmail, 'Data Analyst');

  await page.getByLabel('Filter by priority').selectOption('High');
  await saveView(page, 'Hot leads');
  const privateId = new URL(page.url()).searchParams.get('view')!;
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).not.toHaveURL(/view=/);
  await page.getByLabel('Filter by status').selectOption('New');
  await page.getByRole('button', { name: 'Board', exact: true }).click();
  await expect(page).toHaveURL(/layout=board/);
  await saveView(page, 'New this week', true);

  await viewsButton(page).click();
  const menu = viewsMenu(page);
  await expect(menu.getByRole('group', { name: 'Shared' }).getByRole('menuitemradio')).toHaveText([
    'New this week',
  ]);
  await expect(menu.getByRole('group', { name: 'My views' }).getByRole('menuitemradio')).toHaveText([
    'Hot leads',
  ]);
  await expect(menu.getByRole('menuitem', { name: 'Rename or share...' })).toBeVisible();
  await page.screenshot({ path: '/tmp/views-desktop.png' });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(menu).toBeVisible();
  await menu.scrollIntoViewIfNeeded();
  await page.screenshot({ path: '/tmp/views-phone.png' });
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(viewsButton(page)).toBeFocused();

  // The member sees the shared view (not the owner's private one), and applies it from the keyboard.
  const memberContext = await browser.newContext({ baseURL: new URL(page.url()).origin });
  const member = waitForHydrationOnGoto(await memberContext.newPage());
  await member.setViewportSize({ width: 1280, height: 900 });
  await signIn(member, memberEmail, 'secret123');
  await member.goto('/dashboard/client-leads');
  await expect(rows(member)).toHaveCount(8);
  await viewsButton(member).focus();
  await member.keyboard.press('Enter');
  const memberMenu = viewsMenu(member);
  const shared = memberMenu.getByRole('menuitemradio', { name: /New this week/ });
  await expect(shared).toBeFocused();
  await expect(shared).toContainText('Shared by');
  await expect(memberMenu.getByRole('menuitemradio')).toHaveCount(1);
  await member.keyboard.press('ArrowDown');
  await expect(memberMenu.getByRole('menuitem', { name: 'Save view...' })).toBeFocused();
  await member.screenshot({ path: '/tmp/views-keyboard.png' });
  await member.keyboard.press('ArrowUp');
  await member.keyboard.press('Enter');
  await expect(memberMenu).toBeHidden();
  await expect(member).toHaveURL(/status=New/);
  await expect(member).toHaveURL(/layout=board/);
  await expect(member.getByTestId('board-card')).toHaveCount(2);
  await expect(member.getByRole('button', { name: 'Board', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  // Not an admin: no changing the shared view, no sharing.
  await viewsButton(member).click();
  await expect(memberMenu.getByRole('menuitem', { name: /Rename|Delete|Update/ })).toHaveCount(0);
  await memberMenu.getByRole('menuitem', { name: 'Save view...' }).click();
  const dialog = member.getByRole('dialog', { name: 'Save view' });
  await expect(dialog.getByLabel('View name')).toBeFocused();
  await expect(dialog.getByLabel('Share with workspace')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // The owner's private view is "not found" for the member: its link leaves the member's own list.
  await member.goto(`/dashboard/client-leads?view=${privateId}`);
  await expect(toast(member, LEAD_VIEW_MESSAGES.gone)).toBeVisible();
  await expect(member).not.toHaveURL(/view=/);
  await expect(rows(member)).toHaveCount(8);
  await memberContext.close();
});
