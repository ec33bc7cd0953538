import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSecretBox } from '../../secrets/secret-box';
import {
  hashRecoveryCode,
  legacyRecoveryCodeHash,
  makeRecoveryCodes,
  recoveryCodeKeys,
  recoveryCodeMatches,
} from './recovery-codes';

const KEY = 'a-secret-key-of-at-least-thirty-two-characters';
const OTHER = 'another-secret-key-of-at-least-thirty-two-chars';

describe('recovery code hashes (docs/product/auth.md#two-factor-sign-in)', () => {
  const keys = recoveryCodeKeys(createSecretBox(KEY));
  const [code = ''] = makeRecoveryCodes();

  it('are HMACs under a key derived from SECRET_KEY, never the plain sha256', () => {
    const stored = hashRecoveryCode(code, keys);
    expect(stored).toMatch(/^h1\.[\w-]{8}\.[\w-]{43}$/);
    expect(stored).not.toContain(createHash('sha256').update(code.replace('-', '')).digest('base64url'));
    // The same code under another server's key is another value: a stolen table cannot be checked.
    expect(hashRecoveryCode(code, recoveryCodeKeys(createSecretBox(OTHER)))).not.toBe(stored);
    // A key of its own: not the sealing key's id.
    expect(keys[0]!.id).not.toBe(createSecretBox(KEY).seal('x').split('.')[1]);
  });

  it('match the code with or without its dash, and nothing else', () => {
    const stored = hashRecoveryCode(code, keys);
    expect(recoveryCodeMatches(stored, code, keys)).toBe(true);
    expect(recoveryCodeMatches(stored, code.replace('-', ''), keys)).toBe(true);
    expect(recoveryCodeMatches(stored, makeRecoveryCodes()[1]!, keys)).toBe(false);
    expect(recoveryCodeMatches(stored, code, recoveryCodeKeys(createSecretBox(OTHER)))).toBe(false);
  });

  it('still match codes stored by earlier releases (unsalted sha256)', () => {
    const old = legacyRecoveryCodeHash(code);
    expect(old).toBe(createHash('sha256').update(code.replace('-', '')).digest('base64url'));
    expect(recoveryCodeMatches(old, code, keys)).toBe(true);
    expect(recoveryCodeMatches(old, makeRecoveryCodes()[1]!, keys)).toBe(false);
  });

  it('keep working while SECRET_KEY rotates (the previous key is still held)', () => {
    const before = hashRecoveryCode(code, recoveryCodeKeys(createSecretBox(OTHER)));
    expect(recoveryCodeMatches(before, code, recoveryCodeKeys(createSecretBox(KEY, OTHER)))).toBe(true);
  });
});
