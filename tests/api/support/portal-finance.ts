import type { TestApp } from './test-app';
import { call, type TestUser } from './users';
import { grantPortal, newestPortalToken, portalCookieOf, redeem } from './portal';

/** A Karnataka agency with UPI and bank details set up. */
export const FINANCE_PROFILE = {
  legalName: 'Portal Studio Private Limited',
  addressLine1: '1 Church Street',
  city: 'Bengaluru',
  postalCode: '560001',
  country: 'IN',
  stateCode: '29',
  email: 'accounts@portal-studio.test',
  currency: 'INR',
  defaultRateBp: 1800,
  defaultSac: '998361',
  fyStartMonth: 4,
  paymentTermsDays: 15,
  upiId: 'portalstudio@okaxis',
  bankDetails: 'HDFC Bank, MG Road\nA/c 50200012345678\nIFSC HDFC0000123',
};

/** ₹`unitPrice / 100` of work at 18 %. */
export const workLine = (unitPrice: number, description = 'Work') => ({
  description,
  sac: '998361',
  quantityMilli: 1000,
  unit: 'item',
  unitPrice,
  category: 'standard',
  rateBp: 1800,
});

/** A Karnataka client in rupees whose contact is signed in to its portal (the invitation's link). */
export async function financeClientSignedIn(
  t: TestApp,
  staff: TestUser,
  name: string,
  contact: { name: string; email: string },
) {
  const made = await call(t.app, 'POST', '/api/clients', staff.headers, {
    kind: 'company',
    name,
    country: 'IN',
    state: 'Karnataka',
    currency: 'INR',
    paymentTermsDays: 15,
    contacts: [contact],
  });
  if (made.statusCode !== 201) throw new Error(`client not added: ${made.body}`);
  const clientId = made.json().client._id as string;
  const accessId = await grantPortal(t, staff, clientId, contact.email);
  const response = await redeem(t, await newestPortalToken(t, contact.email, 'portal-invitation'));
  return { clientId, accessId, headers: portalCookieOf(response) };
}

/** An estimate of the client, as a draft; `send` e-mails it (then it is Sent). */
export async function makeEstimate(
  t: TestApp,
  staff: TestUser,
  clientId: string,
  { issueDate, validUntil, send = true }: { issueDate: string; validUntil: string; send?: boolean },
): Promise<string> {
  const made = await call(t.app, 'POST', '/api/estimates', staff.headers, {
    clientId,
    issueDate,
    validUntil,
    lines: [workLine(10_000_000, 'Brand identity')],
    notes: 'Thank you for the brief.',
    terms: '50 % on acceptance, the rest on delivery.',
  });
  if (made.statusCode !== 201) throw new Error(`estimate not made: ${made.body}`);
  const id = made.json().estimate._id as string;
  if (send) {
    const sent = await call(t.app, 'POST', `/api/estimates/${id}/send`, staff.headers, {});
    if (sent.statusCode !== 200) throw new Error(`estimate not sent: ${sent.body}`);
  }
  return id;
}

/** A final invoice of the client (a draft with `final: false`). */
export async function makeInvoice(
  t: TestApp,
  staff: TestUser,
  clientId: string,
  {
    issueDate,
    unitPrice = 100_000,
    final = true,
  }: { issueDate: string; unitPrice?: number; final?: boolean },
): Promise<string> {
  const draft = await call(t.app, 'POST', '/api/invoices', staff.headers, {
    clientId,
    issueDate,
    lines: [workLine(unitPrice)],
  });
  if (draft.statusCode !== 201) throw new Error(`invoice not made: ${draft.body}`);
  const id = draft.json().invoice._id as string;
  if (final) {
    const done = await call(t.app, 'POST', `/api/invoices/${id}/finalise`, staff.headers);
    if (done.statusCode !== 200) throw new Error(`invoice not final: ${done.body}`);
  }
  return id;
}

/** A portal request with the contact's cookie; a body is sent as JSON. */
export function portalCall(
  t: TestApp,
  headers: { cookie: string },
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
) {
  return t.app.inject({
    method,
    url,
    headers,
    remoteAddress: '198.51.100.23',
    ...(payload === undefined ? {} : { payload }),
  });
}
