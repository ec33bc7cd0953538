import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app';
import { PASSWORD } from './support/accounts';
import { createCast, insertUser, type TestUser } from './support/users';
import { totpCode } from '../../src/server/modules/two-factor/totp';
import {
  legacyRecoveryCodeHash,
  makeRecoveryCodes,
} from '../../src/server/modules/two-factor/recovery-codes';
import { TWO_FACTOR } from '../../src/shared/two-factor';

/**
 * docs/product/auth.md#two-factor-sign-in: recovery codes are stored as HMACs under a key derived from SECRET_KEY, and the
 * unsalted sha256 codes of databases from earlier releases keep working (once each): nobody is locked out.
 */
describe('recovery codes stored as HMACs', () => {
  let t: TestApp;
  let now = new Date('2026-11-25T10:00:00.000Z');
  const nextStep = () => {
    now = new Date(now.getTime() + TWO_FACTOR.periodSeconds * 1000);
  };
  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload, headers });
  const storedCodes = (userId: string) =>
    t.database.handle.db
      .selectFrom('user_recovery_codes')
      .select(['code_hash', 'used_at'])
      .where('user_id', '=', userId)
      .execute();

  async function enrol(user: TestUser): Promise<string[]> {
    const { secret } = (
      await post('/api/profile/two-factor/setup', { password: PASSWORD }, user.headers)
    ).json();
    const confirm = await post(
      '/api/profile/two-factor/confirm',
      { code: totpCode(secret, now) },
      user.headers,
    );
    expect(confirm.statusCode).toBe(200);
    nextStep();
    return confirm.json().recoveryCodes;
  }
  async function signInWith(email: string, code: string) {
    const step = (await post('/api/login', { email, password: PASSWORD })).json();
    return post('/api/login/two-factor', { challengeToken: step.challengeToken, code });
  }

  beforeAll(async () => {
    t = await createTestApp({ clock: () => now });
  });
  afterAll(() => t?.close());

  it('stores new codes as h1.<key>.<hmac>, never as their sha256, and accepts each once', async () => {
    const cast = await createCast(t);
    const user = await insertUser(t, { workspaceId: cast.owner.workspaceId, role: 'Web Developer' });
    const codes = await enrol(user);
    const stored = await storedCodes(user.id);
    expect(stored).toHaveLength(codes.length);
    for (const row of stored) expect(row.code_hash).toMatch(/^h1\.[\w-]{8}\.[\w-]{43}$/);
    const plain = new Set(codes.map(legacyRecoveryCodeHash));
    expect(stored.filter((row) => plain.has(row.code_hash))).toEqual([]);

    expect((await signInWith(user.email, codes[3]!)).statusCode).toBe(200);
    expect((await signInWith(user.email, codes[3]!)).statusCode).toBe(400);
  });

  it('accepts a code stored by an earlier release (unsalted sha256) once, then refuses it', async () => {
    const cast = await createCast(t);
    const user = await insertUser(t, { workspaceId: cast.owner.workspaceId, role: 'Web Developer' });
    await enrol(user);
    // What a release database holds: the codes' sha256, written before this change.
    const [old = '', other = ''] = makeRecoveryCodes();
    await t.database.handle.db.deleteFrom('user_recovery_codes').where('user_id', '=', user.id).execute();
    await t.database.handle.db
      .insertInto('user_recovery_codes')
      .values(
        [old, other].map((code) => ({
          user_id: user.id,
          code_hash: legacyRecoveryCodeHash(code),
          created_at: now.toISOString(),
          used_at: null,
        })),
      )
      .execute();

    const first = await signInWith(user.email, old);
    expect(first.statusCode).toBe(200);
    expect(first.json().token).toEqual(expect.any(String));
    expect((await signInWith(user.email, old)).statusCode).toBe(400);
    expect((await signInWith(user.email, other.replace('-', ''))).statusCode).toBe(200);
    expect((await storedCodes(user.id)).every((row) => row.used_at !== null)).toBe(true);
  });
});
