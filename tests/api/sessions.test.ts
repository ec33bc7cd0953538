import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_MESSAGES } from '../../src/shared/messages';
import { createTokenService } from '../../src/server/auth/tokens';
import { totpCode } from '../../src/server/modules/two-factor/totp';
import { JWT_SECRET, createTestApp, type TestApp } from './support/test-app';
import { PASSWORD } from './support/accounts';
import { call, createCast, insertUser, seededAdmin, type Cast } from './support/users';

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

/**
 * docs/product/auth.md#sessions-on-the-server: sessions live on the server. Each test replays what worked before the fix (a token
 * answering 200 after sign-out, after 2FA was turned on or reset, after reactivation) and shows it ends now.
 */
describe('server-side sessions', () => {
  let t: TestApp;
  let cast: Cast;

  beforeAll(async () => {
    t = await createTestApp();
    cast = await createCast(t);
  });
  afterAll(async () => t.close());

  /** A real sign-in from a given browser: the session row names its device. */
  async function signInFrom(email: string, userAgent: string, password = PASSWORD) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'user-agent': userAgent },
      payload: { email, password },
    });
    expect(response.statusCode, response.body).toBe(200);
    return { authorization: `Bearer ${response.json().token as string}` };
  }
  const profileStatus = async (headers: { authorization: string }) =>
    (await call(t.app, 'GET', '/api/profile', headers)).statusCode;
  const person = async () => {
    const user = await insertUser(t, { workspaceId: cast.owner.workspaceId, role: 'Web Developer' });
    return user;
  };

  it('ends the session at sign-out: the token answers 401 at once, the other device stays signed in', async () => {
    const user = await person();
    const laptop = await signInFrom(user.email, CHROME_WINDOWS);
    const phone = await signInFrom(user.email, SAFARI_IPHONE);
    const logout = await call(t.app, 'POST', '/api/logout', laptop);
    expect(logout.statusCode).toBe(200);
    expect(await profileStatus(laptop)).toBe(401);
    expect((await call(t.app, 'GET', '/api/profile', laptop)).json().message).toBe(
      SERVER_MESSAGES.sessionExpired,
    );
    expect(await profileStatus(phone)).toBe(200);
  });

  it('lists the live sessions with device and address, and signs out one or everywhere else', async () => {
    const user = await person();
    const laptop = await signInFrom(user.email, CHROME_WINDOWS);
    const phone = await signInFrom(user.email, SAFARI_IPHONE);
    const list = await call(t.app, 'GET', '/api/sessions', laptop);
    expect(list.statusCode).toBe(200);
    const sessions = list.json().sessions as { _id: string; device: string; current: boolean; ip: string }[];
    const mine = sessions.filter((s) => s.device !== 'Test');
    expect(mine.map((s) => [s.device, s.current]).sort()).toEqual([
      ['Chrome on Windows', true],
      ['Safari on iOS', false],
    ]);
    expect(mine[0]!.ip).toBe('127.0.0.1');

    const phoneSession = mine.find((s) => !s.current)!;
    expect((await call(t.app, 'DELETE', `/api/sessions/${phoneSession._id}`, laptop)).statusCode).toBe(200);
    expect(await profileStatus(phone)).toBe(401);
    // Another account's session id is not found, and changes nothing.
    const other = await signInFrom(cast.webDev.email, SAFARI_IPHONE);
    const othersList = (await call(t.app, 'GET', '/api/sessions', other)).json().sessions;
    const otherId = othersList.find((s: { current: boolean }) => s.current)._id;
    expect((await call(t.app, 'DELETE', `/api/sessions/${otherId}`, laptop)).statusCode).toBe(404);
    expect(await profileStatus(other)).toBe(200);

    const tablet = await signInFrom(user.email, SAFARI_IPHONE);
    const everywhere = await call(t.app, 'POST', '/api/sessions/end-others', laptop);
    expect(everywhere.statusCode, everywhere.body).toBe(200);
    expect(everywhere.json().ended).toBeGreaterThanOrEqual(1);
    expect(await profileStatus(tablet)).toBe(401);
    expect(await profileStatus(laptop)).toBe(200);
  });

  it('refuses a token that names no session (issued before sessions existed, or forged without one)', async () => {
    const user = await person();
    const legacy = await createTokenService(JWT_SECRET).issue({ userId: user.id, sessionVersion: 0 });
    expect(await profileStatus({ authorization: `Bearer ${legacy}` })).toBe(401);
  });

  it('ends the other sessions when two-factor is turned on, and every one when an Admin resets it', async () => {
    const user = await person();
    const stolen = await signInFrom(user.email, SAFARI_IPHONE);
    const own = await signInFrom(user.email, CHROME_WINDOWS);
    // A session alone cannot enrol an app of its own: the password is asked.
    const noPassword = await call(t.app, 'POST', '/api/profile/two-factor/setup', stolen, {});
    expect(noPassword.statusCode).toBe(400);
    const wrongPassword = await call(t.app, 'POST', '/api/profile/two-factor/setup', stolen, {
      password: 'not-it-at-all',
    });
    expect(wrongPassword.statusCode).toBe(400);

    const setup = await call(t.app, 'POST', '/api/profile/two-factor/setup', own, { password: PASSWORD });
    expect(setup.statusCode).toBe(200);
    const confirm = await call(t.app, 'POST', '/api/profile/two-factor/confirm', own, {
      code: totpCode(setup.json().secret, new Date()),
    });
    expect(confirm.statusCode).toBe(200);
    expect(await profileStatus(stolen)).toBe(401);
    expect(await profileStatus(own)).toBe(200);

    const admin = await seededAdmin(t);
    const reset = await call(t.app, 'DELETE', `/api/users/${user.id}/two-factor`, admin.headers);
    expect(reset.statusCode).toBe(200);
    expect(await profileStatus(own)).toBe(401);
  });

  it('ends every session at deactivation, and reactivation revives none', async () => {
    const user = await person();
    const session = await signInFrom(user.email, CHROME_WINDOWS);
    const admin = await seededAdmin(t);
    const put = (status: string) =>
      call(t.app, 'PUT', `/api/users/${user.id}`, admin.headers, { role: 'Web Developer', status });
    expect((await put('Inactive')).statusCode).toBe(200);
    expect(await profileStatus(session)).toBe(401);
    expect((await put('Active')).statusCode).toBe(200);
    expect(await profileStatus(session)).toBe(401);
    expect(await profileStatus(await signInFrom(user.email, CHROME_WINDOWS))).toBe(200);
  });

  it('ends every session at a password reset', async () => {
    const user = await person();
    const session = await signInFrom(user.email, CHROME_WINDOWS);
    await call(t.app, 'POST', '/api/password/forgot', undefined, { email: user.email });
    // Helpers answer before the work is done (docs/product/auth.md#password-reset): wait for the mail row.
    let body = '';
    for (let i = 0; i < 50 && !body; i += 1) {
      const mail = await t.database.handle.db
        .selectFrom('mail_outbox')
        .select('text_body')
        .where('to_address', '=', user.email)
        .where('kind', '=', 'password-reset')
        .executeTakeFirst();
      body = mail?.text_body ?? '';
      if (!body) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const token = body.match(/reset-password\?token=([\w-]+)/)![1];
    const reset = await call(t.app, 'POST', '/api/password/reset', undefined, {
      token,
      password: 'a-new-password-1',
      confirmPassword: 'a-new-password-1',
    });
    expect(reset.statusCode).toBe(200);
    expect(await profileStatus(session)).toBe(401);
    const live = await t.database.handle.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', user.id)
      .where('ended_at', 'is', null)
      .execute();
    expect(live).toEqual([]);
  });
});
