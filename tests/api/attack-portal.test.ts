import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PORTAL_MESSAGES as M } from '../../src/shared/messages';
import { PORTAL } from '../../src/shared/portal';
import { memoryLimiter } from '../../src/server/limits/sliding-window';
import type { Limiter } from '../../src/server/limits/limiter';
import type { PortalLimits } from '../../src/server/modules/portal/portal.service';
import { settleAfterAnswer } from '../../src/server/lib/after-answer';
import { createTestApp, uniqueEmail, type TestApp } from './support/test-app';
import { call, insertUser, insertWorkspace, type TestUser } from './support/users';
import { createKey } from './support/api-keys';
import {
  addClient,
  clientBody,
  grantPortal,
  newestPortalToken,
  portalCookieOf,
  portalSignedIn,
  portalTokenOf,
  portalTokensMailedTo,
  redeem,
} from './support/portal';

/** The portal's limits at their real sizes, on this process's clock. */
function realLimits(perEmail?: Limiter): PortalLimits {
  return {
    perIp: memoryLimiter({ limit: PORTAL.perIpLimit, windowMs: PORTAL.perIpWindowMs }),
    perEmail: perEmail ?? memoryLimiter({ limit: PORTAL.perEmailLimit, windowMs: PORTAL.perEmailWindowMs }),
    redeemPerIp: memoryLimiter({ limit: PORTAL.redeemPerIpLimit, windowMs: PORTAL.redeemPerIpWindowMs }),
    invitationsPerClient: memoryLimiter({
      limit: PORTAL.invitationsPerClientLimit,
      windowMs: PORTAL.invitationsPerClientWindowMs,
    }),
  };
}

/**
 * docs/security.md#client-portal: the attacks on the client portal, on SQLite and PostgreSQL. A portal
 * session is never a staff session and the reverse; a link works once, for 15 minutes; the sign-in form
 * says nothing about who may sign in, in its answers or their timing; access removed (by staff, by editing
 * the client, by deleting the workspace) ends the session at once; portal writes are JSON only; no token
 * reaches the log.
 */
describe('attacks on the client portal', () => {
  let t: TestApp;
  let boss: TestUser;
  let now = new Date();
  const lines: string[] = [];
  const logStream = new PassThrough();
  logStream.on('data', (chunk: Buffer) => lines.push(chunk.toString()));

  const me = (headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: '/api/portal/me', headers });
  const signIn = (email: string, remoteAddress: string) =>
    t.app.inject({ method: 'POST', url: '/api/portal/sign-in', remoteAddress, payload: { email } });
  const contact = (domain: string) => ({ name: 'Portal Person', email: uniqueEmail(domain) });

  beforeAll(async () => {
    t = await createTestApp({ clock: () => now, portalLimits: realLimits(), logStream });
    const studio = await insertWorkspace(t, { name: 'Attack Studio' });
    boss = await insertUser(t, { workspaceId: studio.id, role: 'Business Admin', username: 'attack-boss' });
  });
  afterAll(async () => t?.close());

  it('refuses a portal session on staff routes, as a cookie or as a bearer token (401)', async () => {
    const { headers } = await portalSignedIn(t, boss, contact('cross.test'));
    expect((await me(headers)).statusCode).toBe(200);
    const bearer = { authorization: `Bearer ${portalTokenOf(headers)}` };
    for (const url of ['/api/profile', '/api/clients', '/api/dashboard', '/api/sessions'])
      for (const sent of [headers, bearer]) {
        const response = await t.app.inject({ method: 'GET', url, headers: sent });
        expect(response.statusCode, `${url} with ${Object.keys(sent)[0]}`).toBe(401);
      }
  });

  it('refuses a staff bearer token and an API key on the portal (401)', async () => {
    const key = await createKey(t, boss.headers, ['projects:read', 'projects:write']);
    for (const headers of [boss.headers, key.headers]) {
      const response = await me(headers);
      expect(response.statusCode).toBe(401);
      expect(response.json().message).toBe(M.sessionEnded);
      const out = await t.app.inject({ method: 'POST', url: '/api/portal/sign-out', headers, payload: {} });
      expect(out.statusCode).toBe(401);
    }
  });

  it('refuses a replayed link, and gives one session to two redemptions racing with it', async () => {
    const person = contact('replay.test');
    const clientId = await addClient(t, boss, 'Replay Ltd', [person]);
    const accessId = await grantPortal(t, boss, clientId, person.email);
    const token = await newestPortalToken(t, person.email, 'portal-invitation');
    expect((await redeem(t, token)).statusCode).toBe(200);
    const replay = await redeem(t, token);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().message).toBe(M.linkInvalid);
    expect(replay.headers['set-cookie']).toBeUndefined();

    expect((await signIn(person.email, '198.51.100.61')).statusCode).toBe(202);
    const fresh = await newestPortalToken(t, person.email);
    const answers = await Promise.all([redeem(t, fresh), redeem(t, fresh), redeem(t, fresh)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400, 400]);
    const sessions = await t.database.handle.db
      .selectFrom('portal_sessions')
      .select('id')
      .where('access_id', '=', accessId)
      .execute();
    expect(sessions).toHaveLength(2);
    // A made-up token is answered as a used one.
    expect((await redeem(t, 'x'.repeat(43))).json().message).toBe(M.linkInvalid);
  });

  it('refuses a link after its 15 minutes', async () => {
    const person = contact('expiry.test');
    const clientId = await addClient(t, boss, 'Expiry Ltd', [person]);
    await grantPortal(t, boss, clientId, person.email);
    expect((await signIn(person.email, '198.51.100.62')).statusCode).toBe(202);
    const [late, onTime] = [
      await newestPortalToken(t, person.email),
      await newestPortalToken(t, person.email, 'portal-invitation'),
    ];
    now = new Date(now.getTime() + PORTAL.linkTtlMs - 1000);
    expect((await redeem(t, onTime)).statusCode).toBe(200);
    now = new Date(now.getTime() + 1000);
    const expired = await redeem(t, late);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe(M.linkInvalid);
  });

  it('ends a portal session after its 30 days', async () => {
    const { headers } = await portalSignedIn(t, boss, contact('thirty.test'));
    now = new Date(now.getTime() + PORTAL.sessionTtlMs - 60_000);
    expect((await me(headers)).statusCode).toBe(200);
    now = new Date(now.getTime() + 60_000);
    expect((await me(headers)).statusCode).toBe(401);
  });

  it('answers known, unknown and removed addresses alike, and sends nothing past the per-e-mail limit', async () => {
    const known = contact('known.test');
    const clientId = await addClient(t, boss, 'Known Ltd', [known]);
    const accessId = await grantPortal(t, boss, clientId, known.email);
    const removed = contact('removed.test');
    const removedClient = await addClient(t, boss, 'Removed Ltd', [removed]);
    const removedAccess = await grantPortal(t, boss, removedClient, removed.email);
    await call(t.app, 'DELETE', `/api/clients/${removedClient}/portal-access/${removedAccess}`, boss.headers);

    const answers = [
      await signIn(known.email, '198.51.100.63'),
      await signIn(uniqueEmail('nobody.test'), '198.51.100.63'),
      await signIn(removed.email, '198.51.100.63'),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([202, 202, 202]);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(answers[0]!.json()).toEqual({ message: M.linkSent });
    expect(await portalTokensMailedTo(t, known.email)).toHaveLength(1);
    expect(await portalTokensMailedTo(t, removed.email)).toHaveLength(0);

    // Past 5 an hour the answer stays the same and no more mail goes out.
    for (let i = 1; i < PORTAL.perEmailLimit + 3; i += 1) {
      const again = await signIn(known.email, `192.0.2.${i}`);
      expect(again.statusCode).toBe(202);
      expect(again.body).toBe(answers[0]!.body);
    }
    expect(await portalTokensMailedTo(t, known.email)).toHaveLength(PORTAL.perEmailLimit);
    const links = await t.database.handle.db
      .selectFrom('portal_sign_in_links')
      .select('token_hash')
      .where('access_id', '=', accessId)
      .execute();
    // The invitation's link and the five sign-in links.
    expect(links).toHaveLength(PORTAL.perEmailLimit + 1);
  });

  it('refuses a client address past 20 sign-in requests in 15 minutes (429 with Retry-After)', async () => {
    const from = '203.0.113.99';
    for (let i = 0; i < PORTAL.perIpLimit; i += 1)
      expect((await signIn(uniqueEmail('flood.test'), from)).statusCode).toBe(202);
    const limited = await signIn(uniqueEmail('flood.test'), from);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not held up.
    expect((await signIn(uniqueEmail('flood.test'), '203.0.113.100')).statusCode).toBe(202);
  });

  it('ends the session at once when staff remove access or end its sessions', async () => {
    const first = await portalSignedIn(t, boss, contact('removal.test'));
    expect((await me(first.headers)).statusCode).toBe(200);
    await call(
      t.app,
      'DELETE',
      `/api/clients/${first.clientId}/portal-access/${first.accessId}`,
      boss.headers,
    );
    expect((await me(first.headers)).statusCode).toBe(401);

    const second = await portalSignedIn(t, boss, contact('ended.test'));
    await call(
      t.app,
      'POST',
      `/api/clients/${second.clientId}/portal-access/${second.accessId}/end-sessions`,
      boss.headers,
    );
    expect((await me(second.headers)).statusCode).toBe(401);
  });

  it('removes the access of a contact taken off the client by an edit, and its session answers 401', async () => {
    const leaving = contact('edited.test');
    const staying = contact('edited.test');
    const clientId = await addClient(t, boss, 'Edited Ltd', [leaving, staying]);
    await grantPortal(t, boss, clientId, leaving.email);
    await grantPortal(t, boss, clientId, staying.email);
    const [leavingSession, stayingSession] = [
      portalCookieOf(await redeem(t, await newestPortalToken(t, leaving.email, 'portal-invitation'))),
      portalCookieOf(await redeem(t, await newestPortalToken(t, staying.email, 'portal-invitation'))),
    ];
    // An unused link of the leaving contact, too.
    expect((await signIn(leaving.email, '198.51.100.64')).statusCode).toBe(202);
    const unused = await newestPortalToken(t, leaving.email);

    const edit = await call(t.app, 'PUT', `/api/clients/${clientId}`, boss.headers, {
      ...clientBody('Edited Ltd', [{ ...staying, email: staying.email.toUpperCase() }]),
    });
    expect(edit.statusCode).toBe(200);
    expect((await me(leavingSession)).statusCode).toBe(401);
    expect((await redeem(t, unused)).statusCode).toBe(400);
    expect((await me(stayingSession)).statusCode).toBe(200);
    const list = (await call(t.app, 'GET', `/api/clients/${clientId}/portal-access`, boss.headers)).json();
    expect(list.contacts).toEqual([expect.objectContaining({ email: staying.email, hasAccess: true })]);
  });

  it('answers 401 once the workspace is deleted, and sends no link for it', async () => {
    const workspace = await insertWorkspace(t, { name: 'Doomed Studio' });
    const owner = await insertUser(t, { workspaceId: workspace.id, role: 'Business Admin' });
    const person = contact('doomed.test');
    const { headers } = await portalSignedIn(t, owner, person);
    expect((await me(headers)).statusCode).toBe(200);
    await t.database.handle.db
      .updateTable('workspaces')
      .set({ deleted_at: now.toISOString() })
      .where('id', '=', workspace.id)
      .execute();
    expect((await me(headers)).statusCode).toBe(401);
    expect((await signIn(person.email, '198.51.100.65')).statusCode).toBe(202);
    expect(await portalTokensMailedTo(t, person.email)).toHaveLength(0);
  });

  it('refuses portal writes that are not JSON (a form another site posts)', async () => {
    const person = contact('csrf.test');
    const { headers } = await portalSignedIn(t, boss, person);
    const forms = [
      { 'content-type': 'application/x-www-form-urlencoded', payload: 'token=x' },
      { 'content-type': 'multipart/form-data; boundary=b', payload: '--b\r\n\r\n--b--\r\n' },
      { 'content-type': 'text/plain', payload: '{"token":"x"}' },
    ];
    for (const { payload, ...type } of forms) {
      for (const url of ['/api/portal/sign-out', '/api/portal/session', '/api/portal/sign-in']) {
        const response = await t.app.inject({
          method: 'POST',
          url,
          headers: { ...headers, ...type },
          payload,
          remoteAddress: '198.51.100.66',
        });
        expect(response.statusCode, `${url} as ${type['content-type']}`).toBeGreaterThanOrEqual(400);
        expect(response.statusCode).toBeLessThan(500);
        expect(response.headers['set-cookie']).toBeUndefined();
      }
    }
    // The session is still there: nothing was signed out.
    expect((await me(headers)).statusCode).toBe(200);
  });

  it('keeps link tokens and session cookies out of the log', async () => {
    await settleAfterAnswer();
    const tokens = await t.database.handle.db
      .selectFrom('mail_outbox')
      .select('text_body')
      .where('kind', 'in', ['portal-sign-in', 'portal-invitation'])
      .execute();
    const linkTokens = tokens.flatMap((row) =>
      [...row.text_body.matchAll(/token=([\w-]+)/g)].map((match) => match[1]!),
    );
    expect(linkTokens.length).toBeGreaterThan(10);
    // The page a link opens, asked for with its token, is logged without it.
    await t.app.inject({ method: 'GET', url: `/portal/sign-in?token=${linkTokens[0]}` });
    const { headers } = await portalSignedIn(t, boss, contact('logged.test'));
    await me(headers);
    const log = lines.join('');
    expect(log.length).toBeGreaterThan(1000);
    for (const token of [...linkTokens, portalTokenOf(headers)]) expect(log).not.toContain(token);
  });
});

/**
 * docs/security.md#client-portal: the sign-in form answers before it looks anything up, so its timing says
 * nothing either. Proven without a stopwatch, as 'Forgot password?' is (forgot-password-timing.test.ts):
 * the work is held at its first step and the route has answered all the same.
 */
describe('the portal sign-in form answers before doing the work', () => {
  let t: TestApp;
  let held = true;
  let release: () => void = () => {};
  const waiting: string[] = [];
  const perEmail = memoryLimiter({ limit: PORTAL.perEmailLimit, windowMs: PORTAL.perEmailWindowMs });
  const heldPerEmail: Limiter = {
    ...perEmail,
    async take(key) {
      if (held) {
        waiting.push(key);
        await new Promise<void>((resolve) => {
          const before = release;
          release = () => {
            before();
            resolve();
          };
        });
      }
      return perEmail.take(key);
    },
  };

  beforeAll(async () => {
    t = await createTestApp({ portalLimits: realLimits(heldPerEmail) });
  });
  afterAll(async () => t?.close());

  it('answers 202 for a known and an unknown address while the look-up has not started', async () => {
    const workspace = await insertWorkspace(t, { name: 'Timing Studio' });
    const owner = await insertUser(t, { workspaceId: workspace.id, role: 'Business Admin' });
    const known = uniqueEmail('timing.test');
    const clientId = await addClient(t, owner, 'Timing Ltd', [{ name: 'Known', email: known }]);
    await grantPortal(t, owner, clientId, known);
    const unknown = uniqueEmail('nobody.test');
    const ask = (email: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/portal/sign-in',
        remoteAddress: '203.0.113.7',
        payload: { email },
      });
    const [a, b] = [await ask(known), await ask(unknown)];
    expect([a.statusCode, b.statusCode]).toEqual([202, 202]);
    expect(a.body).toBe(b.body);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(waiting).toEqual([known, unknown]);
    const signInMail = () =>
      t.database.handle.db
        .selectFrom('mail_outbox')
        .select('id')
        .where('kind', '=', 'portal-sign-in')
        .execute();
    expect(await signInMail()).toHaveLength(0);

    held = false;
    release();
    await settleAfterAnswer();
    expect(await portalTokensMailedTo(t, known)).toHaveLength(1);
    expect(await portalTokensMailedTo(t, unknown)).toHaveLength(0);
  });
});
