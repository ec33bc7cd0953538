import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { WORKSPACE_DELETION_MESSAGES as M } from '../../src/shared/messages';
import { WORKSPACE_RECOVERY_DAYS } from '../../src/shared/workspace-deletion';
import { E2E_ADMIN } from './support/server';
import {
  expect,
  registerViaApi,
  signIn,
  signInThroughForm,
  test,
  uniqueEmail,
  waitForHydrationOnGoto,
} from './support/fixtures';
import { linkIn, receivedMail, testSmtp } from './support/mail';

const run = Date.now().toString(36);
const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

async function adminToken(request: APIRequestContext): Promise<string> {
  const login = await request.post('/api/login', { data: E2E_ADMIN });
  return (await login.json()).token;
}

// The recovery e-mail goes out through the agency's set-up (or SMTP_URL): save it once for this file.
test.beforeAll(async ({ request }) => {
  const smtp = testSmtp();
  const saved = await request.post('/api/email/setup', {
    headers: { Authorization: `Bearer ${await adminToken(request)}` },
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

/** Both widths the product is checked at: the dialog and the pages must read well on a phone too. */
async function screenshots(page: Page, name: string, show?: Locator) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await show?.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('a Business Owner deletes the workspace by typing its name, is shut out, and recovers it from the e-mail', async ({
  page,
  browser,
  baseURL,
}) => {
  const name = `Doomed Studio ${run}`;
  const email = uniqueEmail(`doomed-${run}.test`);
  await registerViaApi(page.request, { userType: 'business-owner', businessName: name, email });
  await signIn(page, email, 'secret123');
  const token = await page.evaluate(() => sessionStorage.getItem('token') ?? localStorage.getItem('token'));
  const lead = `Kept Lead ${run}`;
  const created = await page.request.post('/api/leads', {
    headers: { Authorization: `Bearer ${token}` },
    data: { name: lead, email: `kept.${run}@lead.test` },
  });
  expect(created.status(), await created.text()).toBe(201);

  await page.goto('/dashboard/workspace-settings');
  await expect(page.getByText(M.available(WORKSPACE_RECOVERY_DAYS))).toBeVisible();
  await page.getByRole('button', { name: 'Delete Workspace' }).click();
  const dialog = page.getByRole('dialog', { name: M.dialogTitle });
  await expect(dialog).toContainText(M.dialogHelp(WORKSPACE_RECOVERY_DAYS));
  const typed = dialog.getByLabel(M.typeNameLabel(name));
  await expect(typed).toBeFocused();
  const confirm = dialog.getByRole('button', { name: M.confirmButton });
  await expect(confirm).toBeDisabled();

  // Escape closes it, and nothing is deleted; focus returns to the button that opened it.
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Delete Workspace' })).toBeFocused();
  await page.getByRole('button', { name: 'Delete Workspace' }).click();

  // Tab stays inside the dialog.
  for (let i = 0; i < 5; i++) await page.keyboard.press('Tab');
  await expect(dialog.locator(':focus')).toHaveCount(1);

  await typed.fill(name.toLowerCase());
  await expect(confirm).toBeDisabled();
  await typed.fill(name);
  await expect(confirm).toBeEnabled();
  await screenshots(page, 'delete-dialog');
  await confirm.click();

  await expect(toast(page, M.deleted(WORKSPACE_RECOVERY_DAYS))).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await signInThroughForm(page, email, 'secret123');
  await expect(page.getByRole('alert').filter({ hasText: M.workspaceDeleted })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  const mail = await receivedMail((m) => m.to === email && m.subject === M.mailSubject(name, 'AgencyHQ'));
  const link = linkIn(mail, `${baseURL}/recover-workspace?token=`);

  // The link opens anywhere: a fresh browser, nobody signed in.
  const context = await browser.newContext({ baseURL });
  try {
    const fresh = waitForHydrationOnGoto(await context.newPage());
    const errors: string[] = [];
    fresh.on('pageerror', (error) => errors.push(error.message));
    await fresh.goto(link);
    await expect(fresh.getByRole('heading', { name: M.recoverTitle, level: 1 })).toBeVisible();
    await expect(fresh.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    await screenshots(fresh, 'recover-page');
    await fresh.getByRole('button', { name: M.recoverButton }).click();
    await expect(fresh.getByText(M.recovered)).toBeVisible();
    await screenshots(fresh, 'recover-page-done');
    await fresh.getByRole('link', { name: M.backToSignIn }).click();
    await expect(fresh).toHaveURL(/\/login$/);

    // The link worked once.
    await fresh.goto(link);
    await fresh.getByRole('button', { name: M.recoverButton }).click();
    await expect(fresh.getByText(M.recoveryLinkInvalid)).toBeVisible();
    await expect(fresh.getByRole('link', { name: M.backToSignIn })).toBeVisible();
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }

  // Signed in again with the same password, the lead is there.
  await signIn(page, email, 'secret123');
  await page.goto('/dashboard/client-leads');
  await expect(page.getByTestId('lead-row').filter({ hasText: lead })).toBeVisible();
});

test('an Admin sees a deleted workspace in the agency Danger Zone and recovers it', async ({
  page,
  request,
}) => {
  const name = `Listed Studio ${run}`;
  const email = uniqueEmail(`listed-${run}.test`);
  const { token } = await registerViaApi(request, { userType: 'business-owner', businessName: name, email });
  const deleted = await request.delete('/api/workspace', {
    headers: { Authorization: `Bearer ${token}` },
    data: { confirmName: name },
  });
  expect(deleted.status(), await deleted.text()).toBe(200);

  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto('/dashboard/workspace-settings');
  await expect(page.getByText(M.agencyHint)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete Workspace' })).toBeDisabled();
  const list = page.getByRole('list', { name: M.deletedListTitle });
  const row = list.getByRole('listitem').filter({ hasText: name });
  // Deleted, erased on, members (the owner alone).
  await expect(row.getByRole('definition')).toHaveText([/\d{4}$/, /\d{4}$/, '1']);
  await screenshots(page, 'deleted-list', list);
  await row.getByRole('button', { name: `${M.recover} ${name}` }).click();
  await expect(toast(page, M.recoveredByAdmin(name))).toBeVisible();
  await expect(row).toHaveCount(0);

  const login = await request.post('/api/login', { data: { email, password: 'secret123' } });
  expect(login.status()).toBe(200);
});
