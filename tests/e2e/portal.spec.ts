import type { APIRequestContext, Page } from '@playwright/test';
import { PORTAL_MESSAGES as M } from '../../src/shared/messages';
import { expect, signIn, test } from './support/fixtures';
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
  const portal = await contact.newPage();
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
