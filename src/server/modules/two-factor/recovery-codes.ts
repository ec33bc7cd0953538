import { createHash, createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { DerivedKey, SecretBox } from '../../secrets/secret-box';
import { TWO_FACTOR } from '../../../shared/two-factor';

// No 0/o, 1/l/i: codes are read off paper and typed back.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const HALF = 5;

const randomHalf = () => Array.from({ length: HALF }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

/** xxxxx-xxxxx: about 49 bits each, only usable once and only after the password. */
export function makeRecoveryCodes(): string[] {
  return Array.from({ length: TWO_FACTOR.recoveryCodeCount }, () => `${randomHalf()}-${randomHalf()}`);
}

export function isRecoveryCodeShape(code: string): boolean {
  return new RegExp(`^[${ALPHABET}]{${HALF}}-?[${ALPHABET}]{${HALF}}$`).test(code);
}

/** The keys recovery codes are signed with: derived from SECRET_KEY for this use only. */
export const recoveryCodeKeys = (box: Pick<SecretBox, 'derivedKeys'>): DerivedKey[] =>
  box.derivedKeys('recovery-codes');

/** How a code is written before hashing: without its dash. */
const normal = (code: string) => code.replace('-', '');

/** The form new codes are stored in: `h1.<key id>.<HMAC-SHA256 of the code>`; anything else is the old form. */
const HMAC_PREFIX = 'h1.';

const hmac = (key: DerivedKey, code: string) =>
  createHmac('sha256', key.bytes).update(normal(code)).digest('base64url');

/**
 * Stored as an HMAC-SHA256 under a key derived from the server's SECRET_KEY (docs/product/auth.md#two-factor-sign-in): a copy of the
 * table without the key cannot be checked against guesses. `keys[0]` is the current key.
 */
export function hashRecoveryCode(code: string, keys: DerivedKey[]): string {
  const key = keys[0];
  if (!key) throw new Error('no key for recovery codes');
  return `${HMAC_PREFIX}${key.id}.${hmac(key, code)}`;
}

/** The old form (databases of earlier releases): unsalted sha256 of the code without its dash. */
export function legacyRecoveryCodeHash(code: string): string {
  return createHash('sha256').update(normal(code)).digest('base64url');
}

/** True when `stored` is `code`'s, in either form; compared in constant time. */
export function recoveryCodeMatches(stored: string, code: string, keys: DerivedKey[]): boolean {
  let expected: string;
  if (stored.startsWith(HMAC_PREFIX)) {
    const [keyId, digest] = stored.slice(HMAC_PREFIX.length).split('.');
    const key = keys.find((k) => k.id === keyId);
    if (!key || digest === undefined) return false;
    expected = `${HMAC_PREFIX}${key.id}.${hmac(key, code)}`;
  } else {
    expected = legacyRecoveryCodeHash(code);
  }
  const a = Buffer.from(stored);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
