import { describe, expect, it } from 'vitest';
import { MIN_HASH_COST, burnPasswordCheck, hashPassword, verifyPassword } from './passwords';

describe('password hashes', () => {
  it('record their own cost, so hashes made at any cost keep verifying', async () => {
    const strong = await hashPassword('correct horse');
    const light = await hashPassword('correct horse', MIN_HASH_COST);
    expect(strong.split('$').slice(0, 4)).toEqual(['scrypt', String(2 ** 17), '8', '1']);
    expect(light.split('$').slice(0, 4)).toEqual(['scrypt', String(2 ** 14), '8', '1']);
    for (const encoded of [strong, light]) {
      expect(await verifyPassword('correct horse', encoded)).toBe(true);
      expect(await verifyPassword('correct horsf', encoded)).toBe(false);
    }
  });
  it('burn the same work for an unknown e-mail at the configured cost, and never match', async () => {
    await expect(burnPasswordCheck('anything', MIN_HASH_COST)).resolves.toBeUndefined();
  });
});
