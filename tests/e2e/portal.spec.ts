import type { APIRequestContext, Page } from '@playwright/test';
import {
  CLIENT_PORTAL_TIMELINE as CT,
  PORTAL_FINANCE_MESSAGES as PF,
  PORTAL_FINANCE_TEXTS as PT,
  PORTAL_MESSAGES as M,
  PORTAL_PROJECT_MESSAGES as PM,
} from '../../src/shared/messages';
import {
  expect,
  registerViaApi,
  signIn,
  test,
  uniqueEmail,
  waitForHydrationOnGoto,
} from './support/fixtures';
import { linkIn, receivedMail } from './support/mail';
import { E2E_ADMIN } from './support/server';

/** The Admin's bearer token, for the set-up no screen needs to be shown doing. */
async function adminToken(request: APIRequestContext): Promise<string> {
  const response = await request.post('/api/login', { data: E2E_ADMIN });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()).token;
}

/** A client with one contact, made through the API. */
async function clientWithContact(request: APIRequestContext, token: string, tag: string) {
  const response = await request.post('/api/clients', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      kind: 'company',
      name: `Northwind ${tag}`,
      country: 'IN',
      state: 'Karnataka',
      city: 'Bengaluru',
      currency: 'INR',
      paymentTermsDays: 15,
      contacts: [{ name: `Asha ${tag}`, email: `asha-${tag}@northwind.test` }],
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()).client as { _id: string; name: string };
}

/** The sign-in link of the first portal mail to `email` (each test's addresses are its own). */
async function portalLink(email: string): Promise<string> {
  const prefix = `${process.env.E2E_BASE_URL}/portal/sign-in?token=`;
  return linkIn(await receivedMail((m) => m.to === email && m.text.includes(prefix)), prefix);
}

async function signInToPortal(page: Page, link: string) {
  await page.goto(link);
  await expect(page.getByRole('heading', { name: M.linkTitle })).toBeVisible();
  await page.getByRole('button', { name: M.linkButton, exact: true }).click();
  await expect(page).toHaveURL(/\/portal$/);
}

/**
 * docs/product/portal.md in the browser: the agency gives a client's contact portal access from the client's
 * page; the contact signs in from the e-mailed link (the page asks for a press first), sees the agency's
 * portal, and later asks for a new link at /portal, which answers as it answers any address.
 */
test('the agency invites a contact, who signs in from the e-mailed link', async ({
  page,
  browser,
  request,
}) => {
  const tag = Date.now().toString(36);
  const token = await adminToken(request);
  const client = await clientWithContact(request, token, tag);
  const email = `asha-${tag}@northwind.test`;

  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto(`/dashboard/our-projects?tab=clients&q=${tag}`);
  await page.getByRole('button', { name: client.name, exact: true }).click();
  const view = page.getByRole('dialog', { name: client.name });
  const card = view.getByTestId('client-portal-card');
  await card.getByRole('button', { name: `${M.grant}: Asha ${tag}` }).click();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: M.granted(email) })).toBeVisible();
  await expect(card).toContainText(M.neverSignedIn);

  // The contact, in a browser of their own.
  const contact = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const portal = waitForHydrationOnGoto(await contact.newPage());
  await signInToPortal(portal, await portalLink(email));
  await expect(portal.getByText(M.signedInAs(`Asha ${tag}`, client.name))).toBeVisible();
  await portal.screenshot({ path: 'test-results/screenshots/portal-home-390.png', fullPage: true });

  // The link worked once.
  await portal.goto(await portalLink(email));
  await portal.getByRole('button', { name: M.linkButton, exact: true }).click();
  await expect(portal.getByText(M.linkInvalid)).toBeVisible();

  // The agency sees the sign-in on the card.
  await page.reload();
  await page.getByRole('button', { name: client.name, exact: true }).click();
  await expect(
    page.getByRole('dialog', { name: client.name }).getByTestId('client-portal-card'),
  ).toContainText('Last sign-in');
  await contact.close();
});

/** Today as the server counts days (UTC), and `days` later. */
function day(days = 0) {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) + days * 86_400_000)
    .toISOString()
    .slice(0, 10);
}

const WORK_LINE = {
  description: 'Packaging design',
  sac: '998391',
  quantityMilli: 1_000,
  unit: 'nos',
  unitPrice: 2_500_000,
  category: 'standard',
  rateBp: 1800,
};

/**
 * A new agency with its tax profile and UPI id; a client whose first contact (who gets the documents by
 * e-mail) is not in the portal and whose second one will be; a project sharing its tasks, comments and files
 * with a task in review; an estimate e-mailed and an invoice final — all through the API.
 */
async function agencyWithWork(request: APIRequestContext, tag: string) {
  const owner = uniqueEmail(`portal-${tag}.test`);
  await registerViaApi(request, {
    userType: 'business-owner',
    businessName: `Lotus Studio ${tag}`,
    email: owner,
  });
  const login = await request.post('/api/login', { data: { email: owner, password: 'secret123' } });
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
      legalName: 'Lotus Studio LLP',
      addressLine1: '7 Church Street',
      city: 'Bengaluru',
      postalCode: '560001',
      country: 'IN',
      stateCode: '29',
      taxId: '29ABCDE1234F1ZW',
      email: 'accounts@lotus.test',
      currency: 'INR',
      defaultRateBp: 1800,
      defaultSac: '998391',
      fyStartMonth: 4,
      paymentTermsDays: 15,
      upiId: 'lotusstudio@okbank',
      bankDetails: 'Lotus Studio LLP · HDFC Bank · A/c 50200012345678 · IFSC HDFC0001234',
    },
    200,
  );
  const contact = { name: `Asha ${tag}`, email: `asha-${tag}@kaveri.test` };
  const { client } = await call(
    'post',
    '/api/clients',
    {
      name: `Kaveri Foods ${tag}`,
      country: 'IN',
      state: 'Karnataka',
      city: 'Bengaluru',
      currency: 'INR',
      contacts: [{ name: `Carl ${tag}`, email: `carl-${tag}@kaveri.test` }, contact],
    },
    201,
  );
  const { project } = await call(
    'post',
    '/api/projects',
    { clientId: client._id, name: 'Spice box launch', portalVisibility: ['tasks', 'comments', 'files'] },
    201,
  );
  const { task } = await call(
    'post',
    `/api/projects/${project._id}/tasks`,
    { title: 'Label artwork', status: 'in_review' },
    201,
  );
  const { estimate } = await call(
    'post',
    '/api/estimates',
    {
      clientId: client._id,
      issueDate: day(),
      validUntil: day(30),
      lines: [WORK_LINE],
      terms: 'Half on acceptance, half on delivery.',
    },
    201,
  );
  await call('post', `/api/estimates/${estimate._id}/send`, {}, 200);
  const { invoice: draft } = await call(
    'post',
    '/api/invoices',
    { clientId: client._id, issueDate: day(), lines: [WORK_LINE] },
    201,
  );
  const { invoice } = await call('post', `/api/invoices/${draft._id}/finalise`, {}, 200);
  return {
    owner,
    contact,
    client: client as { _id: string; name: string },
    project: project as { _id: string },
    task: task as { _id: string; number: number },
    estimate: estimate as { _id: string; number: string },
    invoice: invoice as { _id: string; number: string },
  };
}

/**
 * The whole portal (docs/product/portal.md) in the built app: the agency gives a contact access; the contact
 * signs in from the e-mailed link, comments on the task in review and approves it, reads the estimate and
 * its terms and accepts it by typing their name, opens the invoice and its UPI QR code; the agency then sees
 * each of these on the client's timeline, the task's client activity and the estimate's page. Screenshots
 * at 1280 and 390 px.
 */
test('a contact comments, approves a task, accepts an estimate and opens an invoice; the agency sees it all', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const tag = Date.now().toString(36);
  const work = await agencyWithWork(request, tag);
  const shots = 'test-results/screenshots';

  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, work.owner, 'secret123');
  await page.goto(`/dashboard/our-projects?tab=clients&q=${tag}`);
  await page.getByRole('button', { name: work.client.name, exact: true }).click();
  const clientPanel = page.getByRole('dialog', { name: work.client.name });
  await clientPanel
    .getByTestId('client-portal-card')
    .getByRole('button', { name: `${M.grant}: ${work.contact.name}` })
    .click();
  await expect(
    page.locator('[data-sonner-toast]').filter({ hasText: M.granted(work.contact.email) }),
  ).toBeVisible();

  const contact = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const portal = waitForHydrationOnGoto(await contact.newPage());
  await signInToPortal(portal, await portalLink(work.contact.email));
  // The home: the project, the estimate to answer, the invoice to pay.
  await expect(portal.getByRole('link', { name: 'Spice box launch' }).first()).toBeVisible();
  await expect(portal.getByText(work.estimate.number)).toBeVisible();
  await expect(portal.getByText(work.invoice.number)).toBeVisible();
  await portal.screenshot({ path: `${shots}/portal-home-1280.png`, fullPage: true });

  // The task in review: a comment, then the approval.
  await portal.goto(`/portal/tasks/${work.task._id}`);
  await expect(portal.getByRole('heading', { name: PM.reviewTitle })).toBeVisible();
  await portal.getByLabel(PM.commentLabel).fill('The colours are spot on.');
  await portal.getByRole('button', { name: PM.commentButton }).click();
  await expect(portal.getByText('The colours are spot on.')).toBeVisible();
  await portal.screenshot({ path: `${shots}/portal-task-1280.png`, fullPage: true });
  await portal.getByRole('button', { name: PM.approve, exact: true }).click();
  await expect(portal.getByText(PM.approved)).toBeVisible();
  await expect(portal.getByRole('heading', { name: PM.reviewTitle })).toBeHidden();

  // The estimate: its lines and terms first, the acceptance last, ready only once both are given.
  await portal.goto(`/portal/estimates/${work.estimate._id}`);
  await expect(portal.getByText('Packaging design')).toBeVisible();
  await expect(portal.getByText('Half on acceptance, half on delivery.')).toBeVisible();
  const accept = portal.getByRole('button', { name: PT.acceptButton });
  await expect(accept).toBeDisabled();
  await portal.getByLabel(PT.agreeLabel).check();
  await expect(accept).toBeDisabled();
  await portal.getByLabel(PT.nameLabel).fill(work.contact.name);
  await portal.screenshot({ path: `${shots}/portal-estimate-1280.png`, fullPage: true });
  await accept.click();
  await expect(portal.getByText(PF.accepted(work.estimate.number))).toBeVisible();

  // The invoice at phone width: the balance and how to pay, with the UPI QR code.
  await portal.setViewportSize({ width: 390, height: 844 });
  await portal.goto(`/portal/invoices/${work.invoice._id}`);
  await expect(portal.getByRole('heading', { name: PT.howToPay })).toBeVisible();
  const qr = portal.getByRole('img', { name: /UPI QR code to pay/ });
  await expect(qr).toBeVisible();
  expect(await qr.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  await expect(portal.getByText('lotusstudio@okbank')).toBeVisible();
  expect(
    await portal.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
  await portal.screenshot({ path: `${shots}/portal-invoice-390.png`, fullPage: true });
  await portal.goto('/portal');
  await expect(portal.getByText(work.invoice.number)).toBeVisible();
  await portal.screenshot({ path: `${shots}/portal-home-390.png`, fullPage: true });
  await contact.close();

  // The agency: the client's timeline, the task's client activity, the estimate's page.
  await page.reload();
  await page.getByRole('button', { name: work.client.name, exact: true }).click();
  const timeline = page
    .getByRole('dialog', { name: work.client.name })
    .getByRole('region', { name: 'Timeline' });
  for (const text of [
    CT.signedIn,
    CT.task['client-commented']!(CT.taskName(work.task.number, 'Label artwork')),
    CT.task['client-approved']!(CT.taskName(work.task.number, 'Label artwork')),
    CT.estimateAccepted(work.estimate.number),
    CT.invoiceViewed(work.invoice.number),
  ])
    await expect(timeline).toContainText(text);
  await page.screenshot({ path: `${shots}/portal-agency-timeline-1280.png` });
  await page.goto(`/dashboard/invoice-generation?tab=estimates&estimate=${work.estimate._id}`);
  await expect(
    page.getByText(PT.portalAcceptance(work.contact.name, '', '').split(' on ')[0]!),
  ).toBeVisible();
});
