import type { LightMyRequestResponse } from 'fastify';
import { PORTAL_COOKIE } from '../../../src/shared/portal';
import { settleAfterAnswer } from '../../../src/server/lib/after-answer';
import type { TestApp } from './test-app';
import { call, type TestUser } from './users';

/** A client as the form sends it: a company abroad (no GSTIN needed) with these contacts. */
export function clientBody(name: string, contacts: { name: string; email: string }[]) {
  return {
    kind: 'company',
    name,
    country: 'US',
    currency: 'USD',
    paymentTermsDays: 30,
    contacts,
  };
}

/** Adds a client through the API; answers its id. */
export async function addClient(
  t: TestApp,
  staff: TestUser,
  name: string,
  contacts: { name: string; email: string }[],
): Promise<string> {
  const response = await call(t.app, 'POST', '/api/clients', staff.headers, clientBody(name, contacts));
  if (response.statusCode !== 201)
    throw new Error(`client not added: ${response.statusCode} ${response.body}`);
  return response.json().client._id as string;
}

/** Gives a contact portal access through the API; answers the access's id. */
export async function grantPortal(t: TestApp, staff: TestUser, clientId: string, email: string) {
  const response = await call(t.app, 'POST', `/api/clients/${clientId}/portal-access`, staff.headers, {
    email,
  });
  if (response.statusCode !== 200)
    throw new Error(`access not given: ${response.statusCode} ${response.body}`);
  return response.json().contact.accessId as string;
}

/** Every portal link token in the mails to `to` of this kind, newest mail first. */
export async function portalTokensMailedTo(
  t: TestApp,
  to: string,
  kind: 'portal-sign-in' | 'portal-invitation' = 'portal-sign-in',
): Promise<string[]> {
  await settleAfterAnswer();
  const rows = await t.database.handle.db
    .selectFrom('mail_outbox')
    .select(['text_body'])
    .where('to_address', '=', to.toLowerCase())
    .where('kind', '=', kind)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.flatMap((row) =>
    [...row.text_body.matchAll(/\/portal\/sign-in\?token=([\w-]+)/g)].map((m) => m[1]!),
  );
}

/** The newest portal link mailed to `to` (sign-in or invitation). */
export async function newestPortalToken(
  t: TestApp,
  to: string,
  kind: 'portal-sign-in' | 'portal-invitation' = 'portal-sign-in',
): Promise<string> {
  const [token] = await portalTokensMailedTo(t, to, kind);
  if (!token) throw new Error(`no ${kind} mailed to ${to}`);
  return token;
}

/** POST /api/portal/session with a link's token. */
export function redeem(t: TestApp, token: string, remoteAddress = '203.0.113.50') {
  return t.app.inject({ method: 'POST', url: '/api/portal/session', remoteAddress, payload: { token } });
}

/** The `Cookie` header a browser would send back after this answer's Set-Cookie. */
export function portalCookieOf(response: LightMyRequestResponse): { cookie: string } {
  const set = [response.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith(`${PORTAL_COOKIE}=`));
  if (!set) throw new Error(`no portal cookie: ${response.statusCode} ${response.body}`);
  return { cookie: set.split(';')[0]! };
}

/** The session token inside a portal cookie header. */
export const portalTokenOf = (cookie: { cookie: string }) => cookie.cookie.slice(PORTAL_COOKIE.length + 1);

/**
 * A contact signed in to a client's portal through the real flow: the client and its contact, access given
 * by `staff`, the invitation's link redeemed. Answers the cookie header and the ids.
 */
export async function portalSignedIn(
  t: TestApp,
  staff: TestUser,
  contact: { name: string; email: string },
  clientName = 'Portal Client Ltd',
) {
  const clientId = await addClient(t, staff, clientName, [contact]);
  const accessId = await grantPortal(t, staff, clientId, contact.email);
  const response = await redeem(t, await newestPortalToken(t, contact.email, 'portal-invitation'));
  return { clientId, accessId, headers: portalCookieOf(response), identity: response.json() };
}
