import fs from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { FINANCE_MESSAGES } from '../../src/shared/messages';
import { expect, signIn, test } from './support/fixtures';
import { E2E_ADMIN } from './support/server';

const SHOTS = '/tmp/finance-shots';
const toast = (page: Page, text: string | RegExp) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text });

/** Monday of this week and today, as the server counts days (UTC). */
function thisWeek() {
  const now = new Date();
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const monday = midnight - ((now.getUTCDay() + 6) % 7) * 86_400_000;
  const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return { monday: iso(monday), today: iso(midnight) };
}

/** A client in Maharashtra and its active project at ₹2,500 an hour, with 3 hours approved today. */
async function seedApprovedHours(request: APIRequestContext, token: string, tag: string) {
  const headers = { Authorization: `Bearer ${token}` };
  const call = async (method: 'post' | 'get', url: string, data?: object, status = 201) => {
    const response = await request[method](url, { headers, data });
    expect(response.status(), `${method} ${url}: ${await response.text()}`).toBe(status);
    return response.json();
  };
  const me = (await call('get', '/api/profile', undefined, 200)).user;
  const client = (
    await call('post', '/api/clients', {
      name: `Marine Drive Media ${tag}`,
      legalName: `Marine Drive Media ${tag} LLP`,
      addressLine1: '7 Marine Drive',
      city: 'Mumbai',
      country: 'IN',
      state: 'Maharashtra',
      currency: 'INR',
      contacts: [{ name: 'Ravi', email: `ravi@${tag}.test` }],
    })
  ).client;
  const project = (
    await call('post', '/api/projects', {
      clientId: client._id,
      name: `Monsoon campaign ${tag}`,
      status: 'active',
      hourlyRate: 250_000,
    })
  ).project;
  const { monday, today } = thisWeek();
  await call('post', '/api/time-entries', { projectId: project._id, date: today, minutes: 180 });
  await call('post', '/api/time-entries/submit', { weekStart: monday }, 200);
  await call(
    'post',
    '/api/time-approvals',
    { userId: me._id, projectId: project._id, weekStart: monday, action: 'approve' },
    200,
  );
  return { client, project };
}

async function shoot(page: Page, name: string) {
  // From the top: a full-page shot of a scrolled page draws the sticky header and sidebar mid-page.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/**
 * docs/product/finance.md in the browser: the tax profile saved; a project's approved hours invoiced as a
 * draft, finalised to INV/…/0001, part paid (Partly paid), credited; Billing & Payments' figures follow.
 * Screenshots at 1280 and 390 px in /tmp/finance-shots.
 */
test('a project’s approved hours are invoiced, finalised, part paid and credited', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  fs.mkdirSync(SHOTS, { recursive: true });
  const tag = Date.now().toString(36);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  const token = await page.evaluate(() => sessionStorage.getItem('token') ?? localStorage.getItem('token'));
  const { client, project } = await seedApprovedHours(request, token!, tag);

  // The tax profile: until it is saved the list says so; then it is saved from its tab.
  await page.goto('/dashboard/invoice-generation');
  await expect(page.getByRole('heading', { name: 'Invoice Generation', level: 1 })).toBeVisible();
  await expect(page.getByText(/Fill in your tax profile before finalising/)).toBeVisible();
  await page.getByRole('button', { name: 'Open tax settings' }).click();
  const profile = page.getByRole('form', { name: 'Tax profile' });
  await profile.getByLabel('Legal name').fill('Studio Sagar Private Limited');
  await profile.getByLabel('Address', { exact: true }).fill('12 MG Road');
  await profile.getByLabel('City').fill('Bengaluru');
  await profile.getByLabel('Postcode').fill('560001');
  await profile.getByLabel('GST state').selectOption('29');
  await profile.getByLabel('GSTIN').fill('29ABCDE1234F1ZW');
  await profile.getByRole('button', { name: 'Save tax profile' }).click();
  await expect(toast(page, FINANCE_MESSAGES.settingsSaved)).toBeVisible();
  await shoot(page, 'tax-settings-1280');

  // Invoice a project: the draft opens with the hours line, at IGST (Maharashtra from Karnataka).
  await page.getByRole('tab', { name: 'Invoices' }).click();
  await expect(page.getByText(/Fill in your tax profile/)).toBeHidden();
  await page.getByRole('button', { name: 'Invoice a project' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invoice a project' });
  await dialog.getByLabel('Project').selectOption(project._id);
  await dialog.getByRole('button', { name: 'Create draft' }).click();
  await expect(page.getByTestId('invoice-number')).toHaveText('Draft');
  const doc = page.getByTestId('invoice-document');
  await expect(doc).toContainText(`${project.code} Monsoon campaign ${tag}: General work`);
  await expect(doc).toContainText('IGST 18%');
  // 3 h × ₹2,500 = ₹7,500 + IGST 18 % ₹1,350 = ₹8,850.
  await expect(doc.getByTestId('invoice-total')).toHaveText('₹8,850.00');
  await shoot(page, 'invoice-draft-1280');

  // The editor: its live totals are the server's.
  await page.getByRole('button', { name: 'Edit' }).click();
  const editor = page.getByRole('dialog', { name: 'Edit draft invoice' });
  await expect(editor.getByTestId('invoice-total')).toHaveText('₹8,850.00');
  await editor.getByRole('group', { name: 'Line 1' }).getByLabel('Quantity').fill('4');
  await expect(editor.getByTestId('invoice-total')).toHaveText('₹11,800.00');
  await editor.getByRole('group', { name: 'Line 1' }).getByLabel('Quantity').fill('3');
  await editor.getByTestId('invoice-totals').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/invoice-editor-1280.png` });
  await editor.getByRole('button', { name: 'Save draft' }).click();
  await expect(toast(page, FINANCE_MESSAGES.updated)).toBeVisible();

  // Finalise: numbered from the series.
  await page.getByRole('button', { name: 'Finalise' }).click();
  await page
    .getByRole('dialog', { name: 'Finalise this invoice?' })
    .getByRole('button', { name: 'Finalise' })
    .click();
  await expect(page.getByTestId('invoice-number')).toHaveText(/^INV\/\d{2}-\d{2}\/\d{4}$/);
  const number = (await page.getByTestId('invoice-number').textContent())!;
  expect(number).toMatch(/\/0001$/);
  await expect(toast(page, FINANCE_MESSAGES.finalised(number))).toBeVisible();

  // A partial payment from the invoice's page: Partly paid, ₹5,850 left.
  await page.getByRole('button', { name: 'Record payment' }).click();
  const pay = page.getByRole('dialog', { name: 'Record payment' });
  await pay.getByLabel('Amount (INR)').fill('3,000');
  await pay.getByLabel(`Allocate to ${number}`).fill('3000');
  await pay.getByLabel('Reference').fill(`UTR${tag}`);
  await expect(pay.getByTestId('payment-remainder')).toHaveText('Allocated in full: ₹3,000.00.');
  await page.screenshot({ path: `${SHOTS}/payment-panel-1280.png` });
  await pay.getByRole('button', { name: 'Record payment' }).click();
  await expect(toast(page, FINANCE_MESSAGES.paymentRecorded)).toBeVisible();
  await expect(page.getByRole('heading', { level: 2 })).toContainText('Partly paid');
  await expect(page.getByTestId('invoice-balance')).toHaveText('₹5,850.00 left to pay');
  await shoot(page, 'invoice-page-1280');
  // The PDF, downloaded under its number; the invoice e-mailed with it.
  const pdf = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PDF' }).click();
  expect((await pdf).suggestedFilename()).toMatch(/\.pdf$/);
  await page.getByRole('button', { name: 'E-mail invoice' }).click();
  const send = page.getByRole('dialog', { name: `E-mail ${number}` });
  await send.getByRole('button', { name: 'Send invoice' }).click();
  await expect(send).toBeHidden();
  await expect(page.getByRole('heading', { level: 2 }).locator('..')).toContainText('e-mailed');

  // A credit note for the whole invoice: listed on it and in the Credit notes tab.
  await page.getByRole('button', { name: 'Issue credit note' }).click();
  const credit = page.getByRole('dialog', { name: `Credit note for ${number}` });
  await credit.getByLabel('Reason').fill('Campaign cancelled');
  await credit.getByRole('button', { name: 'Issue credit note' }).click();
  await expect(toast(page, /^Credit note CN\/\d{2}-\d{2}\/\d{4} issued$/)).toBeVisible();
  await expect(page.getByRole('list', { name: 'Credit notes' })).toContainText(/CN\/\d{2}-\d{2}\/\d{4}/);
  await page.getByRole('button', { name: 'All invoices' }).click();
  await page.getByRole('tab', { name: 'Credit notes' }).click();
  await expect(page.getByRole('table', { name: 'Credit notes' })).toContainText(number);
  await shoot(page, 'credit-notes-1280');
  await page.getByRole('tab', { name: 'Invoices' }).click();
  await expect(page.getByRole('table', { name: 'Invoices' })).toContainText(number);
  await shoot(page, 'invoices-1280');

  // Payment Records: the credit note took off what the payment had settled, so the payment is the
  // client's credit again, unallocated.
  await page.goto('/dashboard/payment-records');
  const row = page
    .getByRole('table', { name: 'Payments' })
    .getByRole('row')
    .filter({ hasText: `UTR${tag}` });
  await expect(row).toContainText('₹3,000.00');
  await expect(row).not.toContainText(number);
  await shoot(page, 'payments-1280');
  // Its detail offers to allocate or refund the credit.
  await row.getByRole('button', { name: /^Open the payment/ }).click();
  const detail = page.getByRole('dialog', { name: 'Payment' });
  await expect(detail.getByRole('button', { name: 'Refund' })).toBeVisible();
  await detail.getByRole('button', { name: 'Allocate credit' }).click();
  await expect(detail.getByText('This client has no invoices left to pay')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/payment-detail-1280.png` });
  await page.keyboard.press('Escape');
  await expect(detail).toBeHidden();

  // Billing & Payments: the live figures moved by the payment and the credit note.
  await page.goto('/dashboard/billing-payments');
  await expect(page.getByRole('heading', { name: 'Billing & Payments', level: 1 })).toBeVisible();
  const figures = page.getByTestId('finance-figures');
  await expect(figures).toContainText('Received this month');
  await expect(figures).toContainText('₹3,000.00');
  await expect(page.getByTestId('finance-chart')).toHaveAttribute('aria-label', /received ₹3,000\.00/);
  // The client's statement: the invoice, the payment and the credit note, with a closing balance.
  await page.getByLabel('Client', { exact: true }).selectOption(client._id);
  const statement = page.getByRole('table', { name: `Statement of ${client.name}` });
  await expect(statement).toContainText(number);
  await expect(statement).toContainText(`UTR${tag}`);
  await expect(statement).toContainText('Closing balance');
  // The invoices CSV holds the invoice.
  const csv = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Invoices CSV' }).click();
  const file = await (await csv).path();
  expect(fs.readFileSync(file, 'utf8')).toContain(number);
  await shoot(page, 'overview-1280');

  // A phone: the same pages at 390 px, nothing wider than the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  const fits = async () =>
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
  await shoot(page, 'overview-390');
  await fits();
  await page.goto('/dashboard/payment-records');
  await expect(row).toBeVisible();
  await shoot(page, 'payments-390');
  await fits();
  await page.goto('/dashboard/invoice-generation');
  await page
    .getByRole('table', { name: 'Invoices' })
    .getByRole('button', { name: new RegExp(`^Open ${number.replace(/\//g, '\\/')}`) })
    .click();
  await expect(page.getByTestId('invoice-number')).toHaveText(number);
  await shoot(page, 'invoice-page-390');
  await fits();
  await page.getByRole('button', { name: 'New invoice' }).click();
  const blank = page.getByRole('dialog', { name: 'New invoice' });
  await blank.getByLabel('Client', { exact: true }).selectOption(client._id);
  const line = blank.getByRole('group', { name: 'Line 1' });
  await line.getByLabel('Description').fill('Reels, October');
  await line.getByLabel('Quantity').fill('1.5');
  await line.getByLabel('Unit price (INR)').fill('12,000');
  await expect(blank.getByTestId('invoice-total')).toHaveText('₹21,240.00');
  await line.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/invoice-editor-390.png` });
  await blank.getByTestId('invoice-totals').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/invoice-editor-totals-390.png` });
});
