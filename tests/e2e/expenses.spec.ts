import fs from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { EXPENSE_MESSAGES as M } from '../../src/shared/messages';
import {
  expect,
  registerViaApi,
  setUserRole,
  signIn,
  test,
  uniqueEmail,
  waitForHydrationOnGoto,
} from './support/fixtures';
import { E2E_ADMIN } from './support/server';

const SHOTS = '/tmp/expense-shots';
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const toast = (page: Page, text: string | RegExp) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text });
const table = (page: Page) => page.getByRole('table', { name: 'Expenses' });
const rowOf = (page: Page, vendor: string) => table(page).getByRole('row').filter({ hasText: vendor });
const totals = (page: Page) => page.getByTestId('expense-totals');

async function shoot(page: Page, name: string) {
  // From the top: a full-page shot of a scrolled page draws the sticky header and sidebar mid-page.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** Nothing on the page is wider than the screen (a table scrolls inside its own box). */
async function fits(page: Page) {
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
}

async function login(request: APIRequestContext, email: string, password: string) {
  const answer = await request.post('/api/login', { data: { email, password } });
  expect(answer.status(), await answer.text()).toBe(200);
  return { Authorization: `Bearer ${(await answer.json()).token}` };
}

/**
 * A workspace whose Business Admin approves expenses, a client and a project with a money budget, and a
 * Project Manager of the workspace given Finance Management (the platform's Admin grants modules).
 */
async function seedWorkspace(request: APIRequestContext, tag: string) {
  const domain = `expenses-${tag}.test`;
  const ownerEmail = uniqueEmail(domain);
  await registerViaApi(request, {
    userType: 'business-owner',
    businessName: `Spend Co ${tag}`,
    email: ownerEmail,
  });
  const owner = await login(request, ownerEmail, 'secret123');
  const call = async (url: string, data: object) => {
    const response = await request.post(url, { headers: owner, data });
    expect(response.status(), `${url}: ${await response.text()}`).toBe(201);
    return response.json();
  };
  const client = (
    await call('/api/clients', {
      name: `Chai Point ${tag}`,
      country: 'IN',
      state: 'Karnataka',
      currency: 'INR',
    })
  ).client;
  const project = (
    await call('/api/projects', {
      clientId: client._id,
      name: `Diwali launch ${tag}`,
      status: 'active',
      budgetAmount: 5_000_000,
    })
  ).project;

  const memberEmail = uniqueEmail(domain);
  const member = await registerViaApi(request, {
    userType: 'team-member',
    username: `spender${tag}`,
    email: memberEmail,
  });
  setUserRole(memberEmail, 'Project Manager');
  const admin = await login(request, E2E_ADMIN.email, E2E_ADMIN.password);
  const granted = await request.put(`/api/users/${member.user._id}/permissions`, {
    headers: admin,
    data: { financeManagement: true },
  });
  expect(granted.status(), await granted.text()).toBe(200);
  return { ownerEmail, owner, memberEmail, project };
}

/**
 * docs/product/finance.md#expenses in the browser: a member submits an expense with a PNG receipt on a
 * project; the workspace's admin (the only one offered the decision) approves it: it shows Approved, the
 * totals move and the project's budget counts it; billed by "Invoice project", it links to its invoice.
 * Another is rejected with a note the member reads; a receipt that is not an image or a PDF shows the
 * server's reason. Screenshots at 1280 and 390 px in /tmp/expense-shots.
 */
test('a member’s expense is approved by the admin, another rejected with a note, a bad receipt refused', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  fs.mkdirSync(SHOTS, { recursive: true });
  const tag = Date.now().toString(36);
  const { ownerEmail, owner, memberEmail, project } = await seedWorkspace(request, tag);

  // The member: an empty list with nothing approved or waiting.
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, memberEmail, 'secret123');
  await page.goto('/dashboard/expense-management');
  await expect(page.getByRole('heading', { name: 'Expense Management', level: 1 })).toBeVisible();
  await expect(page.getByText(M.empty)).toBeVisible();
  await expect(totals(page)).toContainText('Approved this month₹0.00');
  await shoot(page, 'empty-1280');

  // Submits an expense on the project, billable, with a PNG receipt.
  await page.getByRole('button', { name: 'New expense' }).click();
  const form = page.getByRole('dialog', { name: 'New expense' });
  await expect(form.getByLabel('Vendor')).toBeFocused();
  await form.getByLabel('Vendor').fill(`Meta Platforms ${tag}`);
  await form.getByLabel('Category').selectOption({ label: 'Ad spend' });
  await expect(form.getByLabel('Currency')).toHaveValue('INR');
  await form.getByLabel('Amount (INR)').fill('11,800');
  await form.getByLabel('Tax (INR)').fill('1800');
  await form.getByLabel('Description').fill('Launch week carousel ads');
  await form.getByLabel('Project').selectOption(project._id);
  await form.getByLabel('Billable').check();
  await form
    .getByLabel('Receipt')
    .setInputFiles({ name: 'meta-invoice.png', mimeType: 'image/png', buffer: PNG });
  await page.screenshot({ path: `${SHOTS}/form-1280.png` });
  await form.getByRole('button', { name: 'Submit expense' }).click();
  await expect(toast(page, M.created)).toBeVisible();
  await expect(form).toBeHidden();
  const row = rowOf(page, `Meta Platforms ${tag}`);
  await expect(row).toContainText('₹11,800.00');
  await expect(row).toContainText('Waiting for approval');
  await expect(row).toContainText(`${project.code} Diwali launch ${tag}`);
  await expect(row.getByRole('button', { name: 'Download the receipt meta-invoice.png' })).toBeVisible();
  await expect(totals(page)).toContainText('Waiting for approval₹11,800.00');
  await expect(totals(page)).toContainText('1 expense, in INR');
  await shoot(page, 'list-member-1280');

  // The member's own panel: Edit and Delete while it waits, no decision (an admin's).
  await row.getByRole('button', { name: /^Open the expense/ }).click();
  let detail = page.getByRole('dialog', { name: 'Expense' });
  await expect(detail.getByTestId('expense-status')).toHaveText('Waiting for approval');
  await expect(detail.getByRole('button', { name: 'Edit' })).toBeVisible();
  await expect(detail.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await expect(detail.getByRole('button', { name: 'Reject' })).toHaveCount(0);
  const receipt = page.waitForEvent('download');
  await detail.getByRole('button', { name: 'Download the receipt meta-invoice.png' }).click();
  expect((await receipt).suggestedFilename()).toBe('meta-invoice.png');
  await page.screenshot({ path: `${SHOTS}/detail-member-1280.png` });
  await page.keyboard.press('Escape');
  await expect(detail).toBeHidden();

  // A second one, to be rejected, submitted through the API as the member.
  const memberHeaders = await login(request, memberEmail, 'secret123');
  const second = await request.post('/api/expenses', {
    headers: memberHeaders,
    data: {
      vendor: `IndiGo ${tag}`,
      date: new Date().toISOString().slice(0, 10),
      amount: 645_000,
      currency: 'INR',
      category: 'travel',
      description: 'Flight to the Mumbai shoot',
    },
  });
  expect(second.status(), await second.text()).toBe(201);

  // The admin: approves the first with a note, rejects the second with one.
  const adminContext = await browser.newContext({ baseURL: new URL(page.url()).origin });
  const admin = waitForHydrationOnGoto(await adminContext.newPage());
  await admin.setViewportSize({ width: 1280, height: 900 });
  await signIn(admin, ownerEmail, 'secret123');
  await admin.goto('/dashboard/expense-management');
  await expect(totals(admin)).toContainText('Waiting for approval₹18,250.00');
  await expect(totals(admin)).toContainText('2 expenses, in INR');
  await rowOf(admin, `Meta Platforms ${tag}`)
    .getByRole('button', { name: /^Open the expense/ })
    .click();
  detail = admin.getByRole('dialog', { name: 'Expense' });
  await detail.getByLabel('Note').fill('Fine: within the launch budget');
  await admin.screenshot({ path: `${SHOTS}/decision-admin-1280.png` });
  await detail.getByRole('button', { name: 'Approve' }).click();
  await expect(toast(admin, M.approved)).toBeVisible();
  await expect(detail.getByTestId('expense-status')).toHaveText('Approved');
  await expect(detail.getByTestId('expense-decision-note')).toContainText('Fine: within the launch budget');
  await expect(detail.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await expect(detail.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await admin.keyboard.press('Escape');
  await expect(totals(admin)).toContainText('Approved this month₹11,800.00');
  await expect(totals(admin)).toContainText('Waiting for approval₹6,450.00');
  await expect(rowOf(admin, `Meta Platforms ${tag}`)).toContainText('Approved');

  await rowOf(admin, `IndiGo ${tag}`)
    .getByRole('button', { name: /^Open the expense/ })
    .click();
  await detail.getByLabel('Note').fill('Book through the agency travel desk next time');
  await detail.getByRole('button', { name: 'Reject' }).click();
  await expect(toast(admin, M.rejected)).toBeVisible();
  await expect(detail.getByTestId('expense-status')).toHaveText('Rejected');
  await admin.keyboard.press('Escape');
  await expect(totals(admin)).toContainText('Waiting for approval₹0.00');
  await expect(totals(admin)).toContainText('Approved this month₹11,800.00');
  await admin.getByLabel('Status').selectOption('rejected');
  await expect(admin).toHaveURL(/status=rejected/);
  await expect(table(admin).getByRole('row')).toHaveCount(2); // the head and the rejected one
  await admin.getByRole('button', { name: 'Clear filters' }).click();
  await expect(table(admin).getByRole('row')).toHaveCount(3);

  // Approved counts against the project's money budget; "Invoice project" bills it on, once.
  const counted = await request.get(`/api/projects/${project._id}`, { headers: owner });
  expect((await counted.json()).usage.expenseAmount).toBe(1_180_000);
  const invoiced = await request.post(`/api/projects/${project._id}/invoice`, {
    headers: owner,
    data: { groupBy: 'task' },
  });
  expect(invoiced.status(), await invoiced.text()).toBe(201);
  await admin.reload();
  const billed = rowOf(admin, `Meta Platforms ${tag}`).getByRole('link', { name: 'Billed' });
  await expect(billed).toBeVisible();
  await shoot(admin, 'list-admin-1280');
  await billed.click();
  await expect(admin).toHaveURL(/\/dashboard\/invoice-generation\?invoice=/);
  await expect(admin.getByTestId('invoice-number')).toHaveText('Draft');
  await adminContext.close();

  // The member reads the rejection's note.
  await page.reload();
  await rowOf(page, `IndiGo ${tag}`)
    .getByRole('button', { name: /^Open the expense/ })
    .click();
  detail = page.getByRole('dialog', { name: 'Expense' });
  await expect(detail.getByTestId('expense-status')).toHaveText('Rejected');
  await expect(detail.getByTestId('expense-decision-note')).toContainText(
    'Book through the agency travel desk next time',
  );
  await expect(detail.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/detail-rejected-1280.png` });
  await page.keyboard.press('Escape');

  // A receipt that is not an image or a PDF: the expense is saved, the server's reason shown, the form open.
  await page.getByRole('button', { name: 'New expense' }).click();
  let sheet = page.getByRole('dialog', { name: 'New expense' });
  await sheet.getByLabel('Vendor').fill(`Canva ${tag}`);
  await sheet.getByLabel('Category').selectOption('software');
  await sheet.getByLabel('Amount (INR)').fill('499');
  await sheet.getByLabel('Receipt').setInputFiles({
    name: 'receipt.png',
    mimeType: 'image/png',
    buffer: Buffer.from('<html><body>not a receipt</body></html>'),
  });
  await sheet.getByRole('button', { name: 'Submit expense' }).click();
  await expect(toast(page, M.created)).toBeVisible();
  sheet = page.getByRole('dialog', { name: 'Edit expense' });
  await expect(sheet.getByText(M.receiptType)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/receipt-refused-1280.png` });
  // A real one then attaches to the same expense.
  await sheet.getByLabel('Receipt').setInputFiles({ name: 'canva.png', mimeType: 'image/png', buffer: PNG });
  await sheet.getByRole('button', { name: 'Save expense' }).click();
  await expect(toast(page, M.updated)).toBeVisible();
  await expect(sheet).toBeHidden();
  await expect(
    table(page)
      .getByRole('row')
      .filter({ hasText: `Canva ${tag}` }),
  ).toHaveCount(1);
  await expect(
    rowOf(page, `Canva ${tag}`).getByRole('button', { name: 'Download the receipt canva.png' }),
  ).toBeVisible();

  // A phone: the list, the form and the panel at 390 px, nothing wider than the screen (the toasts gone first,
  // so the shots show the page).
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 10_000 });
  await page.setViewportSize({ width: 390, height: 844 });
  await shoot(page, 'list-390');
  await fits(page);
  await page.getByRole('button', { name: 'New expense' }).click();
  sheet = page.getByRole('dialog', { name: 'New expense' });
  await sheet.getByLabel('Vendor').fill('Airtel');
  await page.screenshot({ path: `${SHOTS}/form-390.png` });
  await sheet.getByLabel('Receipt').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/form-bottom-390.png` });
  await fits(page);
  await sheet.getByRole('button', { name: 'Cancel' }).click();
  await rowOf(page, `Canva ${tag}`)
    .getByRole('button', { name: /^Open the expense/ })
    .click();
  detail = page.getByRole('dialog', { name: 'Expense' });
  await expect(detail.getByRole('button', { name: 'Delete' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/detail-390.png` });
  await fits(page);
  // Deleted while it waits.
  await detail.getByRole('button', { name: 'Delete' }).click();
  await page
    .getByRole('dialog', { name: 'Delete this expense?' })
    .getByRole('button', { name: 'Delete expense' })
    .click();
  await expect(toast(page, M.deleted)).toBeVisible();
  await expect(rowOf(page, `Canva ${tag}`)).toHaveCount(0);
});
