import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PORTAL_MESSAGES as M } from '../../src/shared/messages';
import { PORTAL, PORTAL_COOKIE } from '../../src/shared/portal';
import { SITE_URL, createTestApp, uniqueEmail, type TestApp } from './support/test-app';
import { call, insertUser, insertWorkspace, type TestUser } from './support/users';
import {
  addClient,
  grantPortal,
  newestPortalToken,
  portalCookieOf,
  portalTokensMailedTo,
  redeem,
} from './support/portal';

/**
 * The client portal's sign-in (docs/product/portal.md), on SQLite and PostgreSQL: staff give a contact
 * access, the contact signs in with an e-mailed link and gets a portal session of its own, and the staff
 * see and end it. The attacks are in attack-portal.test.ts.
 */
describe('client portal sign-in', () => {
  let t: TestApp;
  let boss: TestUser;
  let otherBoss: TestUser;
  let workspaceName: string;

  const signIn = (email: string, remoteAddress = '198.51.100.20') =>
    t.app.inject({ method: 'POST', url: '/api/portal/sign-in', remoteAddress, payload: { email } });
  const me = (headers: { cookie: string }) => t.app.inject({ method: 'GET', url: '/api/portal/me', headers });
  const accessList = (who: TestUser, clientId: string) =>
    call(t.app, 'GET', `/api/clients/${clientId}/portal-access`, who.headers);

  beforeAll(async () => {
    t = await createTestApp();
    const studio = await insertWorkspace(t, { name: 'Portal Studio' });
    workspaceName = studio.name;
    boss = await insertUser(t, { workspaceId: studio.id, role: 'Business Admin', username: 'portal-boss' });
    const other = await insertWorkspace(t, { name: 'Other Agency' });
    otherBoss = await insertUser(t, { workspaceId: other.id, role: 'Business Admin', username: 'other' });
  });
  afterAll(async () => t?.close());

  it('lists the contacts with an e-mail, gives access, and mails an invitation with a link on SITE_URL', async () => {
    const email = uniqueEmail('acme.test');
    const clientId = await addClient(t, boss, 'Acme Ltd', [
      { name: 'Dana Scully', email },
      { name: 'No Mail', email: '' },
    ]);
    const before = await accessList(boss, clientId);
    expect(before.statusCode).toBe(200);
    expect(before.json().contacts).toEqual([
      {
        name: 'Dana Scully',
        email,
        hasAccess: false,
        accessId: null,
        grantedAt: null,
        lastSignInAt: null,
        activeSessions: 0,
      },
    ]);

    const granted = await call(t.app, 'POST', `/api/clients/${clientId}/portal-access`, boss.headers, {
      email: email.toUpperCase(),
    });
    expect(granted.statusCode).toBe(200);
    expect(granted.json()).toMatchObject({
      message: M.granted(email),
      contact: { email, hasAccess: true, lastSignInAt: null, activeSessions: 0 },
    });
    const mail = await t.database.handle.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to_address', '=', email)
      .where('kind', '=', 'portal-invitation')
      .executeTakeFirstOrThrow();
    expect(mail.subject).toBe(M.invitationSubject(workspaceName));
    expect(mail.text_body).toContain(`${SITE_URL}/portal/sign-in?token=`);
    expect(mail.text_body).toContain('Acme Ltd');
    const audit = await t.database.handle.db
      .selectFrom('activity')
      .select(['action', 'kind'])
      .where('workspace_id', '=', boss.workspaceId)
      .where('kind', '=', 'portal-access')
      .execute();
    expect(audit.map((row) => row.action)).toContain(
      `portal-boss gave ${email} access to the client portal of Acme Ltd`,
    );
  });

  it('signs in with the link: a portal cookie, the identity with the brand, and the staff see the sign-in', async () => {
    const email = uniqueEmail('globex.test');
    const clientId = await addClient(t, boss, 'Globex Inc', [{ name: 'Hank Scorpio', email }]);
    await grantPortal(t, boss, clientId, email);
    const response = await redeem(t, await newestPortalToken(t, email, 'portal-invitation'));
    expect(response.statusCode).toBe(200);
    const identity = {
      contact: { name: 'Hank Scorpio', email },
      client: { id: clientId, name: 'Globex Inc' },
      workspace: { name: workspaceName },
      brand: { siteName: 'AgencyHQ', logoUrl: null, brandColor: expect.stringMatching(/^#[0-9a-f]{6}$/i) },
    };
    expect(response.json()).toEqual(identity);

    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toMatch(new RegExp(`^${PORTAL_COOKIE}=[A-Za-z0-9_-]{43}; `));
    expect(setCookie).toContain('Path=/api/portal');
    expect(setCookie).toContain(`Max-Age=${PORTAL.sessionTtlMs / 1000}`);
    expect(setCookie).toContain('SameSite=Strict');
    expect(setCookie).toContain('HttpOnly');
    // SITE_URL is https: the cookie never travels in the clear.
    expect(setCookie).toContain('Secure');
    // The answer never carries the session's token.
    expect(response.body).not.toContain(setCookie.split(';')[0]!.split('=')[1]);

    const headers = portalCookieOf(response);
    const who = await me(headers);
    expect(who.statusCode).toBe(200);
    expect(who.json()).toEqual(identity);

    const [row] = (await accessList(boss, clientId)).json().contacts;
    expect(row).toMatchObject({ email, hasAccess: true, activeSessions: 1 });
    expect(row.lastSignInAt).toEqual(expect.any(String));
    const session = await t.database.handle.db
      .selectFrom('portal_sessions')
      .selectAll()
      .where('access_id', '=', row.accessId)
      .executeTakeFirstOrThrow();
    // Only the token's hash is stored.
    expect(session.token_hash).not.toBe(headers.cookie.split('=')[1]);
    expect(Date.parse(session.expires_at) - Date.parse(session.created_at)).toBe(PORTAL.sessionTtlMs);
  });

  it('answers the sign-in form with 202 and one mail listing each client the address may use', async () => {
    const email = uniqueEmail('two-hats.test');
    const first = await addClient(t, boss, 'Initech', [{ name: 'Peter Gibbons', email }]);
    const second = await addClient(t, otherBoss, 'Initrode', [{ name: 'Peter Gibbons', email }]);
    await grantPortal(t, boss, first, email);
    await grantPortal(t, otherBoss, second, email);

    const response = await signIn(email);
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ message: M.linkSent });
    const tokens = await portalTokensMailedTo(t, email);
    expect(tokens).toHaveLength(2);
    const mail = await t.database.handle.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to_address', '=', email)
      .where('kind', '=', 'portal-sign-in')
      .execute();
    expect(mail).toHaveLength(1);
    expect(mail[0]!.via).toBe('platform');
    expect(mail[0]!.text_body).toContain(M.linkMailEntry('Initech', workspaceName));
    expect(mail[0]!.text_body).toContain(M.linkMailEntry('Initrode', 'Other Agency'));
    expect(mail[0]!.text_body).toContain(`${SITE_URL}/portal/sign-in?token=`);

    // Each link opens its own client's portal.
    const clients = [];
    for (const token of tokens) clients.push((await redeem(t, token)).json().client.id);
    expect(clients.sort()).toEqual([first, second].sort());
  });

  it('signs out: the session ends and the cookie is cleared', async () => {
    const email = uniqueEmail('hooli.test');
    const clientId = await addClient(t, boss, 'Hooli', [{ name: 'Gavin Belson', email }]);
    await grantPortal(t, boss, clientId, email);
    const headers = portalCookieOf(await redeem(t, await newestPortalToken(t, email, 'portal-invitation')));
    const out = await t.app.inject({ method: 'POST', url: '/api/portal/sign-out', headers, payload: {} });
    expect(out.statusCode).toBe(200);
    expect(out.json().message).toBe(M.signedOut);
    expect(String(out.headers['set-cookie'])).toMatch(
      new RegExp(`^${PORTAL_COOKIE}=; Path=/api/portal; Max-Age=0`),
    );
    expect((await me(headers)).statusCode).toBe(401);
  });

  it('lets staff end sessions and remove access, each in the audit log; other workspaces get 404', async () => {
    const email = uniqueEmail('umbrella.test');
    const clientId = await addClient(t, boss, 'Umbrella Corp', [{ name: 'Alice', email }]);
    const accessId = await grantPortal(t, boss, clientId, email);
    const headers = portalCookieOf(await redeem(t, await newestPortalToken(t, email, 'portal-invitation')));

    // Another workspace sees neither the client nor its access.
    for (const [method, url] of [
      ['GET', `/api/clients/${clientId}/portal-access`],
      ['POST', `/api/clients/${clientId}/portal-access/${accessId}/end-sessions`],
      ['DELETE', `/api/clients/${clientId}/portal-access/${accessId}`],
    ] as const)
      expect((await call(t.app, method, url, otherBoss.headers)).statusCode).toBe(404);
    expect(
      (await call(t.app, 'POST', `/api/clients/${clientId}/portal-access`, otherBoss.headers, { email }))
        .statusCode,
    ).toBe(404);
    expect((await me(headers)).statusCode).toBe(200);

    // Not a contact of the client: refused.
    const stranger = await call(t.app, 'POST', `/api/clients/${clientId}/portal-access`, boss.headers, {
      email: uniqueEmail('elsewhere.test'),
    });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().message).toBe(M.notAContact);

    const ended = await call(
      t.app,
      'POST',
      `/api/clients/${clientId}/portal-access/${accessId}/end-sessions`,
      boss.headers,
    );
    expect(ended.json()).toMatchObject({ message: M.sessionsEnded(1) });
    expect((await me(headers)).statusCode).toBe(401);

    const removed = await call(
      t.app,
      'DELETE',
      `/api/clients/${clientId}/portal-access/${accessId}`,
      boss.headers,
    );
    expect(removed.json()).toMatchObject({ message: M.removed(email) });
    expect((await accessList(boss, clientId)).json().contacts[0]).toMatchObject({ hasAccess: false });
    expect(
      (await call(t.app, 'DELETE', `/api/clients/${clientId}/portal-access/${accessId}`, boss.headers))
        .statusCode,
    ).toBe(404);

    const audit = await t.database.handle.db
      .selectFrom('activity')
      .select('action')
      .where('workspace_id', '=', boss.workspaceId)
      .where('kind', '=', 'portal-access')
      .execute();
    expect(audit.map((row) => row.action)).toEqual(
      expect.arrayContaining([
        `portal-boss ended the client portal sessions of ${email} at Umbrella Corp`,
        `portal-boss removed the client portal access of ${email} at Umbrella Corp`,
      ]),
    );
  });
});
