import { createHash, randomInt } from 'node:crypto';
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

/** Stored as sha256 of the code without its dash (random codes, not passwords: no slow hash needed). */
export function hashRecoveryCode(code: string): string {
  return createHash('sha256').update(code.replace('-', '')).digest('base64url');
}
