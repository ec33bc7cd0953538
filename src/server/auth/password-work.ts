import type { WorkGate } from '../lib/work-gate';
import { DEFAULT_HASH_COST, burnPasswordCheck, hashPassword, verifyPassword } from './passwords';

/**
 * Password hashing and checking behind the work gate (docs/decisions/0007-bounded-work.md): each costs ~128 MiB and a thread of
 * libuv's pool for a few hundred ms, so unbounded they let a dozen sign-ins a second starve every other use
 * of that pool (compression, file reads) and the pages with it.
 */
export interface PasswordWork {
  hash(password: string): Promise<string>;
  verify(password: string, encoded: string): Promise<boolean>;
  /** The same work as a wrong password, for an unknown e-mail: no enumeration by timing. */
  burn(password: string): Promise<void>;
}

/** `cost`: scrypt's N as a power of two (PASSWORD_HASH_COST). */
export function boundedPasswordWork(gate: WorkGate, cost = DEFAULT_HASH_COST): PasswordWork {
  return {
    hash: (password) => gate.run(() => hashPassword(password, cost)),
    verify: (password, encoded) => gate.run(() => verifyPassword(password, encoded)),
    burn: (password) => gate.run(() => burnPasswordCheck(password, cost)),
  };
}
