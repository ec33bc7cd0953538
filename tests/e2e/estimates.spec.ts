import fs from 'node:fs';
import { request as playwrightRequest, type APIRequestContext, type Page } from '@playwright/test';
import { ESTIMATE_MESSAGES as M } from '../../src/shared/messages';
import { expect, registerViaApi, signIn, test, uniqueEmail } from './support/fixtures';
import { linkIn, receivedMail } from './support/mail';

const SHOTS = '/tmp/estimate-shots';
const toast = (page: Page, text: string | RegExp) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text });

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

/** Today and a day `days` later, as the server counts days (UTC). */
function day(days = 0) {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) + days * 86_400_000)
    .toISOString()
    .slice(0, 10);
}

/**
 * A new agency in Karnataka with its tax profile saved, and a Karnataka client with a contact to e-mail
 * (CGST + SGST), through the API as the finance tests do.
 */
async function seedWorkspace(request: APIRequestContext, tag: string) {
  const email = uniqueEmail(`estimates-${tag}.test`);
  await registerViaApi(request, { userType: 'business-owner', businessName: `Sagar Studio ${tag}`, email });
  const login = await request.post('/api/login', { data: { email, password: 'secret123' } });
  expect(login.status(), await login.text()).toBe(200);
  const headers = { Authorization: `Bearer ${(await login.json()).token}` };
  const call = async (method: 'post' | 'put', url: string, data: object, status: number) => {
    const response = await request[method](url, { headers, data });
    expect(response.status(), `${method} ${url}: ${await response.text()}`).toBe(status);
    return response.json();
  };
  await call(
    'put',
    '/api/finance/settings',
    {
      legalName: 'Studio Sagar Private Limited',
      addressLine1: '12 MG Road',
      city: 'Bengaluru',
      postalCode: '560001',
      country: 'IN',
      stateCode: '29',
      taxId: '29ABCDE1234F1ZW',
      email: 'accounts@sagar.test',
      currency: 'INR',
      defaultRateBp: 1800,
      defaultSac: '998361',
      fyStartMonth: 4,
      paymentTermsDays: 15,
    },
    200,
  );
  const contact = `asha@kaveri-${tag}.test`;
  const client = (
    await call(
      'post',
      '/api/clients',
      {
        name: `Kaveri Foods ${tag}`,
        legalName: `Kaveri Foods ${tag} LLP`,
        taxId: '29AAGCB7383J1Z4',
        addressLine1: '4 Residency Road',
        city: 'Bengaluru',
        country: 'IN',
        state: 'Karnataka',
        currency: 'INR',
        contacts: [{ name: 'Asha', email: contact }],
      },
      201,
    )
  ).client;
  /** A second estimate, sent and accepted through the API, for the phone's "Make project" dialog. */
  const acceptedEstimate = async () => {
    const { estimate } = await call(
      'post',
      '/api/estimates',
      {
        clientId: client._id,
        issueDate: day(),
        validUntil: day(30),
        lines: [
          {
            description: 'Social media retainer',
            sac: '998361',
            quantityMilli: 20_000,
            unit: 'hours',
            unitPrice: 150_000,
            category: 'standard',
            rateBp: 1800,
          },
        ],
      },
      201,
    );
    await call('post', `/api/estimates/${estimate._id}/send`, {}, 200);
    await call('post', `/api/estimates/${estimate._id}/accept`, { acceptedBy: 'Ravi (COO)' }, 200);
    return estimate as { _id: string; number: string };
  };
  return { email, client, contact, acceptedEstimate };
}

/**
 * docs/product/finance.md#the-estimates-tab in the browser: an estimate made in the editor with two lines
 * (the live total is the server's), e-mailed with its PDF and a link that opens it without a session,
 * marked accepted, and made a project with a 30 % deposit: the project's link and the draft deposit
 * invoice with the right total. Screenshots at 1280 and 390 px in /tmp/estimate-shots.
 */
test('an estimate is made, e-mailed, accepted and becomes a project with a deposit invoice', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  fs.mkdirSync(SHOTS, { recursive: true });
  const tag = Date.now().toString(36);
  const { email, client, contact, acceptedEstimate } = await seedWorkspace(request, tag);

  // The Estimates tab, empty, kept in the address.
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, email, 'secret123');
  await page.goto('/dashboard/invoice-generation');
  await page.getByRole('tab', { name: 'Estimates' }).click();
  await expect(page).toHaveURL(/tab=estimates/);
  await expect(page.getByText(M.empty)).toBeVisible();
  await shoot(page, 'estimates-empty-1280');

  // A new estimate with two lines: ₹1,00,000 of design and 10 hours at ₹2,500, CGST + SGST 9 % each.
  await page.getByRole('button', { name: 'New estimate' }).click();
  const editor = page.getByRole('dialog', { name: 'New estimate' });
  await expect(editor.getByLabel('Client', { exact: true })).toBeFocused();
  await expect(editor.getByLabel('Estimate date')).toHaveValue(day());
  await expect(editor.getByLabel('Valid until')).toHaveValue(day(30));
  await editor.getByLabel('Client', { exact: true }).selectOption(client._id);
  const first = editor.getByRole('group', { name: 'Line 1' });
  await first.getByLabel('Description').fill('Brand identity');
  await first.getByLabel('Unit', { exact: true }).fill('item');
  await first.getByLabel('Unit price (INR)').fill('1,00,000');
  await expect(editor.getByTestId('invoice-total')).toHaveText('₹1,18,000.00');
  await editor.getByRole('button', { name: 'Add line' }).click();
  const second = editor.getByRole('group', { name: 'Line 2' });
  await second.getByLabel('Description').fill('Campaign management');
  await second.getByLabel('Quantity').fill('10');
  await second.getByLabel('Unit', { exact: true }).fill('hrs');
  await second.getByLabel('Unit price (INR)').fill('2500');
  await expect(second.getByTestId('line-net')).toHaveText('₹25,000.00');
  await expect(editor.getByTestId('invoice-totals')).toContainText('CGST 9%');
  await expect(editor.getByTestId('invoice-total')).toHaveText('₹1,47,500.00');
  await editor.getByTestId('invoice-totals').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/estimate-editor-1280.png` });
  await editor.getByRole('button', { name: 'Create estimate' }).click();
  await expect(toast(page, M.created)).toBeVisible();
  await expect(editor).toBeHidden();

  // Its page: numbered when made, Draft, the document as the PDF prints it.
  const number = page.getByTestId('estimate-number');
  await expect(number).toHaveText('EST-0001');
  await expect(page).toHaveURL(/tab=estimates&estimate=/);
  await expect(page.getByRole('heading', { level: 2 })).toContainText('Draft');
  const doc = page.getByTestId('estimate-document');
  await expect(doc).toContainText('Estimate');
  await expect(doc).toContainText('Valid until');
  await expect(doc.getByTestId('invoice-total')).toHaveText('₹1,47,500.00');
  await expect(doc).not.toContainText('Balance');
  await expect(page.getByRole('button', { name: 'Edit' })).toBeVisible();
  const pdf = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PDF' }).click();
  expect((await pdf).suggestedFilename()).toBe('EST-0001.pdf');
  await shoot(page, 'estimate-draft-1280');

  // Sent: the e-mail carries the PDF and a link that opens it without signing in.
  await page.getByRole('button', { name: 'Send estimate' }).click();
  const send = page.getByRole('dialog', { name: 'E-mail EST-0001' });
  await expect(send).toContainText(contact);
  await send.getByLabel('Message').fill(`As discussed on Tuesday ${tag}.`);
  await page.screenshot({ path: `${SHOTS}/estimate-send-1280.png` });
  await send.getByRole('button', { name: 'Send estimate' }).click();
  await expect(toast(page, M.sent(contact))).toBeVisible();
  await expect(send).toBeHidden();
  await expect(page.getByRole('heading', { level: 2 })).toContainText('Sent');
  const mail = await receivedMail((m) => m.to === contact && m.subject.includes('EST-0001'));
  expect(mail.subject).toBe('Estimate EST-0001 from Studio Sagar Private Limited');
  expect(mail.text).toContain(`As discussed on Tuesday ${tag}.`);
  expect(mail.text).toContain(`valid until ${day(30)}`);
  expect(mail.attachments).toEqual([expect.objectContaining({ filename: 'EST-0001.pdf' })]);
  expect((mail.attachments[0] as unknown as { size: number }).size).toBeGreaterThan(1000);
  const link = linkIn(mail, `${process.env.E2E_BASE_URL}/estimate/`);
  const stranger = await playwrightRequest.newContext();
  try {
    const opened = await stranger.get(link);
    expect(opened.status()).toBe(200);
    expect(opened.headers()['content-type']).toBe('application/pdf');
    expect((await opened.body()).subarray(0, 5).toString()).toBe('%PDF-');
  } finally {
    await stranger.dispose();
  }

  // Accepted: who and when, recorded by the signed-in member; then locked (no Edit, no Delete).
  await page.getByRole('button', { name: 'Mark accepted' }).click();
  const accept = page.getByRole('dialog', { name: 'Mark EST-0001 accepted' });
  await expect(accept.getByLabel('Accepted on')).toHaveValue(day());
  await accept.getByRole('button', { name: 'Mark accepted' }).click();
  await expect(accept.getByText(M.acceptedByRequired)).toBeVisible();
  await accept.getByLabel('Accepted by').fill('Asha Rao (CEO)');
  await accept.getByLabel('Note').fill('Said yes on the phone.');
  await accept.getByRole('button', { name: 'Mark accepted' }).click();
  await expect(toast(page, M.accepted)).toBeVisible();
  await expect(page.getByRole('heading', { level: 2 })).toContainText('Accepted');
  const outcome = page.getByTestId('estimate-outcome');
  await expect(outcome).toContainText(/Accepted by Asha Rao \(CEO\) on .+, recorded by .+ on /);
  await expect(outcome).toContainText('Said yes on the phone.');
  await expect(page.getByRole('button', { name: 'Edit' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Delete estimate' })).toBeHidden();

  // Made a project: its budget prefilled from the estimate, a 30 % deposit.
  await page.getByRole('button', { name: 'Make project' }).click();
  const convert = page.getByRole('dialog', { name: 'Make EST-0001 a project' });
  await expect(convert.getByLabel('Project name')).toHaveValue(`Kaveri Foods ${tag} project`);
  await expect(convert.getByLabel('Status')).toHaveValue('active');
  await expect(convert.getByLabel('Budget (INR)')).toHaveValue('125000.00');
  await expect(convert.getByLabel('Budget (hours)')).toHaveValue('10');
  await convert.getByLabel('Project name').fill(`Kaveri rebrand ${tag}`);
  await convert.getByLabel('Deposit (%)').fill('30');
  // 30 % of ₹1,25,000 = ₹37,500, taxed at 18 %: ₹44,250.
  await expect(convert).toContainText('A draft deposit invoice of ₹37,500.00 plus tax');
  await page.screenshot({ path: `${SHOTS}/estimate-project-dialog-1280.png` });
  await convert.getByRole('button', { name: 'Create project' }).click();
  await expect(
    toast(page, /^Project P-\d{3} created from the estimate, with a draft deposit invoice$/),
  ).toBeVisible();
  await expect(convert).toBeHidden();
  await expect(page.getByRole('button', { name: 'Make project' })).toBeHidden();
  const projectLink = outcome.getByRole('link', { name: new RegExp(`Kaveri rebrand ${tag}`) });
  await expect(projectLink).toHaveAttribute('href', /^\/dashboard\/our-projects\?project=/);
  await shoot(page, 'estimate-accepted-1280');

  // The deposit invoice opens in the Invoices tab: a draft for ₹44,250 on the project.
  await outcome.getByRole('button', { name: 'Draft deposit invoice' }).click();
  await expect(page).toHaveURL(/[?&]invoice=/);
  await expect(page).not.toHaveURL(/tab=estimates/);
  await expect(page.getByTestId('invoice-number')).toHaveText('Draft');
  const deposit = page.getByTestId('invoice-document');
  await expect(deposit).toContainText('Deposit of 30% on estimate EST-0001');
  await expect(deposit.getByTestId('invoice-total')).toHaveText('₹44,250.00');
  await shoot(page, 'deposit-invoice-1280');

  // The list: Accepted, its project linked, the total.
  await page.goBack();
  await expect(page.getByTestId('estimate-number')).toHaveText('EST-0001');
  await page.getByRole('button', { name: 'All estimates' }).click();
  const row = page.getByRole('table', { name: 'Estimates' }).getByRole('row').filter({ hasText: 'EST-0001' });
  await expect(row).toContainText('Accepted');
  await expect(row).toContainText('₹1,47,500.00');
  await expect(row.getByRole('link', { name: 'Open the project of EST-0001' })).toBeVisible();
  await page.getByRole('button', { name: 'Declined' }).click();
  await expect(page).toHaveURL(/state=declined/);
  await expect(page.getByText(M.noMatch)).toBeVisible();
  await page.getByRole('button', { name: 'All', exact: true }).click();
  await expect(row).toBeVisible();
  await shoot(page, 'estimates-list-1280');

  // The project it became, in Projects.
  await row.getByRole('link', { name: 'Open the project of EST-0001' }).click();
  await expect(page).toHaveURL(/\/dashboard\/our-projects\?project=/);
  await expect(page.getByText(`Kaveri rebrand ${tag}`).first()).toBeVisible();

  // A phone: the list, the estimate, the editor and the "Make project" dialog at 390 px.
  const other = await acceptedEstimate();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/dashboard/invoice-generation?tab=estimates');
  await expect(page.getByRole('table', { name: 'Estimates' })).toContainText(other.number);
  await shoot(page, 'estimates-list-390');
  await fits(page);
  await page
    .getByRole('table', { name: 'Estimates' })
    .getByRole('button', { name: /^Open EST-0001/ })
    .click();
  await expect(page.getByTestId('estimate-outcome')).toContainText('Asha Rao (CEO)');
  await shoot(page, 'estimate-accepted-390');
  await fits(page);
  await page.getByRole('button', { name: 'All estimates' }).click();
  await page
    .getByRole('table', { name: 'Estimates' })
    .getByRole('button', { name: new RegExp(`^Open ${other.number}`) })
    .click();
  await page.getByRole('button', { name: 'Make project' }).click();
  const phoneConvert = page.getByRole('dialog', { name: `Make ${other.number} a project` });
  await expect(phoneConvert.getByLabel('Budget (hours)')).toHaveValue('20');
  await page.screenshot({ path: `${SHOTS}/estimate-project-dialog-390.png` });
  await phoneConvert.getByRole('button', { name: 'Cancel' }).click();
  await expect(phoneConvert).toBeHidden();
  await page.getByRole('button', { name: 'All estimates' }).click();
  await page.getByRole('button', { name: 'New estimate' }).click();
  const blank = page.getByRole('dialog', { name: 'New estimate' });
  await blank.getByLabel('Client', { exact: true }).selectOption(client._id);
  const line = blank.getByRole('group', { name: 'Line 1' });
  await line.getByLabel('Description').fill('Reels, October');
  await line.getByLabel('Quantity').fill('1.5');
  await line.getByLabel('Unit price (INR)').fill('12,000');
  await expect(blank.getByTestId('invoice-total')).toHaveText('₹21,240.00');
  await page.screenshot({ path: `${SHOTS}/estimate-editor-390.png` });
  await blank.getByTestId('invoice-totals').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/estimate-editor-totals-390.png` });
});
