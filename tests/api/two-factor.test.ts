import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app';
import { PASSWORD } from './support/accounts';
import { createCast, insertUser, seededAdmin, type Cast, type TestUser } from './support/users';
import { totpCode } from '../../src/server/modules/two-factor/totp';
import { TWO_FACTOR } from '../../src/shared/two-factor';
import { SERVER_MESSAGES, TWO_FACTOR_MESSAGES } from '../../src/shared/messages';

/**
 * docs/security.md#two-factor-sign-in: two-factor sign-in (RFC 6238 TOTP, ±1 step) on a clock the test moves: enrolment, sign-in with a
 * code and with a recovery code (once), wrong codes throttled, an Admin's reset, a workspace's requirement.
 */
describe('two-factor sign-in', () => {
  let t: TestApp;
  let cast: Cast;
  let now = new Date('2026-11-25T10:00:00.000Z');
  /** Moves the app's clock by whole 30-second steps, so each code below belongs to a fresh step. */
  const nextStep = (steps = 1) => {
    now = new Date(now.getTime() + steps * TWO_FACTOR.periodSeconds * 1000);
  };

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload: payload as Record<string, unknown>, headers });
  const login = (email: string, password = PASSWORD) => post('/api/login', { email, password });

  /** Sets up and confirms 2FA for a signed-in user; answers the secret and the recovery codes. */
  async function enrol(user: TestUser): Promise<{ secret: string; recoveryCodes: string[] }> {
    const setup = await post('/api/profile/two-factor/setup', { password: PASSWORD }, user.headers);
    expect(setup.statusCode).toBe(200);
    const { secret } = setup.json();
    const confirm = await post(
      '/api/profile/two-factor/confirm',
      { code: totpCode(secret, now) },
      user.headers,
    );
    expect(confirm.statusCode).toBe(200);
    nextStep();
    return { secret, recoveryCodes: confirm.json().recoveryCodes };
  }

  async function activityKinds(workspaceId: string) {
    return t.database.handle.db
      .selectFrom('activity')
      .select(['kind', 'action', 'ip'])
      .where('workspace_id', '=', workspaceId)
      .orderBy('created_at', 'asc')
      .execute();
  }

  beforeAll(async () => {
    t = await createTestApp({ clock: () => now });
    cast = await createCast(t);
  });
  afterAll(() => t?.close());

  it('enrols with a QR code and a first code, keeps the secret sealed and gives 10 recovery codes once', async () => {
    const user = await insertUser(t, { workspaceId: cast.owner.workspaceId, role: 'Web Developer' });
    const status = () => t.app.inject({ url: '/api/profile/two-factor', headers: user.headers });
    expect((await status()).json()).toEqual({
      enabled: false,
      enabledAt: null,
      recoveryCodesLeft: 0,
      requiredByWorkspace: false,
    });

    const setup = (await post('/api/profile/two-factor/setup', { password: PASSWORD }, user.headers)).json();
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.otpauthUrl).toBe(
      `otpauth://totp/AgencyHQ:${encodeURIComponent(user.email)}?issuer=AgencyHQ&secret=${setup.secret}&algorithm=SHA1&digits=6&period=30`,
    );
    expect(Buffer.from(setup.qrCode.split(',')[1], 'base64').toString()).toContain('<svg');

    // A wrong first code leaves it off; a code of the step before or after is accepted (clocks drift).
    const wrong = await post('/api/profile/two-factor/confirm', { code: '000000' }, user.headers);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(TWO_FACTOR_MESSAGES.codeInvalid);
    expect((await status()).json().enabled).toBe(false);
    const earlier = new Date(now.getTime() - TWO_FACTOR.periodSeconds * 1000);
    const confirm = await post(
      '/api/profile/two-factor/confirm',
      { code: totpCode(setup.secret, earlier) },
      user.headers,
    );
    expect(confirm.statusCode).toBe(200);
    const { recoveryCodes } = confirm.json();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect((await status()).json()).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });

    // At rest: the secret sealed (AES-256-GCM), the recovery codes hashed; neither readable in the row.
    const db = t.database.handle.db;
    const row = await db
      .selectFrom('user_two_factor')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.secret_sealed).toMatch(/^v1\./);
    expect(row.secret_sealed).not.toContain(setup.secret);
    const hashes = await db
      .selectFrom('user_recovery_codes')
      .select('code_hash')
      .where('user_id', '=', user.id)
      .execute();
    expect(hashes.map((h) => h.code_hash)).not.toContain(recoveryCodes[0]);

    // A second set-up is refused while it is on.
    expect(
      (await post('/api/profile/two-factor/setup', { password: PASSWORD }, user.headers)).statusCode,
    ).toBe(409);
    const kinds = await activityKinds(user.workspaceId);
    expect(kinds).toContainEqual({
      kind: 'two-factor',
      action: 'user-web-developer turned on two-factor sign-in',
      ip: '127.0.0.1',
    });
  });

  it('asks for a code after the password: the challenge is no session, the code gives one, and is used once', async () => {
    const user = await insertUser(t, { workspaceId: cast.owner.workspaceId, role: 'Web Developer' });
    const { secret } = await enrol(user);

    const first = await login(user.email);
    expect(first.statusCode).toBe(200);
    const step = first.json();
    expect(step).toEqual({
      secondStep: 'code',
      challengeToken: expect.any(String),
      message: TWO_FACTOR_MESSAGES.secondStepHelp,
    });
    expect(step.token).toBeUndefined();
    // The challenge opens nothing; a session token is no challenge.
    const asBearer = await t.app.inject({
      url: '/api/profile',
      headers: { authorization: `Bearer ${step.challengeToken}` },
    });
    expect(asBearer.statusCode).toBe(401);
    const sessionAsChallenge = await post('/api/login/two-factor', {
      challengeToken: user.headers.authorization.slice(7),
      code: totpCode(secret, now),
    });
    expect(sessionAsChallenge.statusCode).toBe(400);
    expect(sessionAsChallenge.json().message).toBe(TWO_FACTOR_MESSAGES.challengeExpired);

    const code = totpCode(secret, now);
    const done = await post('/api/login/two-factor', {
      challengeToken: step.challengeToken,
      code: ` ${code.slice(0, 3)} ${code.slice(3)} `,
    });
    expect(done.statusCode).toBe(200);
    const profile = await t.app.inject({
      url: '/api/profile',
      headers: { authorization: `Bearer ${done.json().token}` },
    });
    expect(profile.json().user.email).toBe(user.email);

    // The same code again (someone who saw it) is refused, even with a fresh challenge.
    const again = await post('/api/login/two-factor', {
      challengeToken: (await login(user.email)).json().challengeToken,
      code,
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(TWO_FACTOR_MESSAGES.codeInvalid);
    nextStep();
    const later = await post('/api/login/two-factor', {
      challengeToken: (await login(user.email)).json().challengeToken,
      code: totpCode(secret, now),
    });
    expect(later.statusCode).toBe(200);

    // A challenge lasts five minutes.
    const stale = (await login(user.email)).json().challengeToken;
    nextStep(11);
    const expired = await post('/api/login/two-factor', {
      challengeToken: stale,
      code: totpCode(secret, now),
    });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe(TWO_FACTOR_MESSAGES.challengeExpired);
    const kinds = (await activityKinds(user.workspaceId)).map((entry) => entry.kind);
    expect(kinds.filter((kind) => kind === 'sign-in')).toHaveLength(2);
    expect(kinds).toContain('sign-in-failed');
  });

  it('signs in with a recovery code once; the next use of the same code is refused', async () => {
    const user = await insertUser(t, { workspaceId: cast.owner.workspaceId, role: 'Web Developer' });
    const { recoveryCodes } = await enrol(user);
    const withCode = async (code: string) =>
      post('/api/login/two-factor', {
        challengeToken: (await login(user.email)).json().challengeToken,
        code,
      });

    const code = recoveryCodes[3]!;
    const first = await withCode(code.toUpperCase());
    expect(first.statusCode).toBe(200);
    expect(typeof first.json().token).toBe('string');
    const second = await withCode(code);
    expect(second.statusCode).toBe(400);
    expect(second.json().message).toBe(TWO_FACTOR_MESSAGES.recoveryCodeInvalid);
    const status = await t.app.inject({ url: '/api/profile/two-factor', headers: user.headers });
    expect(status.json().recoveryCodesLeft).toBe(9);
    expect((await activityKinds(user.workspaceId)).map((e) => e.action)).toContain(
      'user-web-developer signed in with a recovery code (9 left)',
    );
  });

  it('throttles wrong codes per account like failed passwords: the right code waits too once past the limit', async () => {
    const user = await insertUser(t, { workspaceId: cast.owner.workspaceId, role: 'Web Developer' });
    const { secret } = await enrol(user);
    const challengeToken = (await login(user.email)).json().challengeToken;
    for (let i = 0; i < TWO_FACTOR.failureLimit; i += 1) {
      const wrong = await post('/api/login/two-factor', { challengeToken, code: String(100000 + i) });
      expect(wrong.statusCode).toBe(400);
    }
    const blocked = await post('/api/login/two-factor', { challengeToken, code: totpCode(secret, now) });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.json().message).toBe(TWO_FACTOR_MESSAGES.tooManyCodes(15));
    // The same count guards the signed-in routes that take a code.
    const disable = await post(
      '/api/profile/two-factor/disable',
      { code: totpCode(secret, now) },
      user.headers,
    );
    expect(disable.statusCode).toBe(429);
    const failed = await t.database.handle.db
      .selectFrom('activity')
      .select('id')
      .where('user_id', '=', user.id)
      .where('kind', '=', 'sign-in-failed')
      .execute();
    expect(failed).toHaveLength(TWO_FACTOR.failureLimit);
  });

  it('lets only an Admin reset a member’s factor; the member then signs in with the password alone', async () => {
    const user = await insertUser(t, { workspaceId: cast.owner.workspaceId, role: 'Web Developer' });
    await enrol(user);
    const url = `/api/users/${user.id}/two-factor`;
    expect((await t.app.inject({ method: 'DELETE', url, headers: cast.owner.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url, headers: user.headers })).statusCode).toBe(403);
    expect((await login(user.email)).json().secondStep).toBe('code');

    const admin = await seededAdmin(t);
    expect((await t.app.inject({ url, headers: cast.owner.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ url, headers: admin.headers })).json()).toEqual({
      enabled: true,
      enabledAt: expect.stringMatching(/^2026-11-25T/),
    });
    const reset = await t.app.inject({ method: 'DELETE', url, headers: admin.headers });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().message).toBe(TWO_FACTOR_MESSAGES.reset);
    const signIn = (await login(user.email)).json();
    expect(signIn.secondStep).toBeUndefined();
    expect(typeof signIn.token).toBe('string');
    expect((await t.app.inject({ url, headers: admin.headers })).json()).toEqual({
      enabled: false,
      enabledAt: null,
    });
    expect((await t.app.inject({ method: 'DELETE', url, headers: admin.headers })).statusCode).toBe(400);
    const unknown = await t.app.inject({
      method: 'DELETE',
      url: '/api/users/nobody/two-factor',
      headers: admin.headers,
    });
    expect(unknown.statusCode).toBe(404);
    expect(await activityKinds(user.workspaceId)).toContainEqual({
      kind: 'two-factor',
      action: 'admin reset two-factor sign-in of user-web-developer',
      ip: '127.0.0.1',
    });
  });

  it('turns off with a current code only, and new recovery codes end the old ones', async () => {
    const user = await insertUser(t, { workspaceId: cast.owner.workspaceId, role: 'Web Developer' });
    const { secret, recoveryCodes } = await enrol(user);
    const renewed = await post(
      '/api/profile/two-factor/recovery-codes',
      { code: totpCode(secret, now) },
      user.headers,
    );
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json().recoveryCodes).toHaveLength(10);
    nextStep();
    const old = await post('/api/login/two-factor', {
      challengeToken: (await login(user.email)).json().challengeToken,
      code: recoveryCodes[0],
    });
    expect(old.statusCode).toBe(400);

    expect((await post('/api/profile/two-factor/disable', { code: '123456' }, user.headers)).statusCode).toBe(
      400,
    );
    const off = await post(
      '/api/profile/two-factor/disable',
      { code: renewed.json().recoveryCodes[0] },
      user.headers,
    );
    expect(off.statusCode).toBe(200);
    expect(typeof (await login(user.email)).json().token).toBe('string');
    expect(
      await t.database.handle.db
        .selectFrom('user_recovery_codes')
        .select('code_hash')
        .where('user_id', '=', user.id)
        .execute(),
    ).toEqual([]);
  });

  it('lets a workspace require 2FA: members without one are signed out and set it up at their next sign-in', async () => {
    const { owner } = cast;
    const member = await insertUser(t, {
      workspaceId: owner.workspaceId,
      role: 'Web Developer',
      username: 'newbie',
    });
    const policy = (headers: { authorization: string }, required: boolean) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/workspace/two-factor-policy',
        headers,
        payload: { required },
      });

    const first = await policy(owner.headers, true);
    expect(first.statusCode).toBe(400);
    expect(first.json().message).toBe(TWO_FACTOR_MESSAGES.enableYourselfFirst);
    expect((await policy(member.headers, true)).statusCode).toBe(403);

    const ownerFactor = await enrol(owner);
    const on = await policy(owner.headers, true);
    expect(on.statusCode).toBe(200);
    expect(on.json()).toEqual({ required: true, message: TWO_FACTOR_MESSAGES.policyOn });
    // The owner keeps their session; the member's token ends at once.
    expect((await t.app.inject({ url: '/api/profile', headers: owner.headers })).statusCode).toBe(200);
    const ended = await t.app.inject({ url: '/api/profile', headers: member.headers });
    expect(ended.statusCode).toBe(401);
    expect(ended.json().message).toBe(SERVER_MESSAGES.sessionExpired);
    // Another workspace is not affected.
    expect((await t.app.inject({ url: '/api/profile', headers: cast.freelancer.headers })).statusCode).toBe(
      200,
    );

    const step = (await login(member.email)).json();
    expect(step).toMatchObject({ secondStep: 'setup', message: TWO_FACTOR_MESSAGES.setupRequiredHelp });
    // The set-up challenge cannot be spent on the code step (there is no factor yet).
    expect(
      (await post('/api/login/two-factor', { challengeToken: step.challengeToken, code: '123456' }))
        .statusCode,
    ).toBe(400);
    const setup = await post('/api/login/two-factor/setup', { challengeToken: step.challengeToken });
    expect(setup.statusCode).toBe(200);
    const confirm = await post('/api/login/two-factor/confirm', {
      challengeToken: step.challengeToken,
      code: totpCode(setup.json().secret, now),
    });
    expect(confirm.statusCode).toBe(200);
    expect(confirm.json().recoveryCodes).toHaveLength(10);
    const memberHeaders = { authorization: `Bearer ${confirm.json().token}` };
    const memberStatus = await t.app.inject({ url: '/api/profile/two-factor', headers: memberHeaders });
    expect(memberStatus.json()).toMatchObject({ enabled: true, requiredByWorkspace: true });

    // While required, nobody turns theirs off; lifting the requirement allows it again.
    nextStep();
    const refused = await post(
      '/api/profile/two-factor/disable',
      { code: totpCode(ownerFactor.secret, now) },
      owner.headers,
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(TWO_FACTOR_MESSAGES.requiredByWorkspace);
    expect((await policy(owner.headers, false)).json().required).toBe(false);
    const allowed = await post(
      '/api/profile/two-factor/disable',
      { code: totpCode(ownerFactor.secret, now) },
      owner.headers,
    );
    expect(allowed.statusCode).toBe(200);
  });

  it('keeps the second step behind the password: a wrong password never yields a challenge', async () => {
    const user = await insertUser(t, { workspaceId: cast.owner.workspaceId, role: 'Web Developer' });
    await enrol(user);
    const wrong = await login(user.email, 'not-the-password');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().challengeToken).toBeUndefined();
    const kinds = await activityKinds(user.workspaceId);
    expect(kinds).toContainEqual({
      kind: 'sign-in-failed',
      action: `Failed sign-in for ${user.email}`,
      ip: '127.0.0.1',
    });
  });
});
