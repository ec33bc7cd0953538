import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * scrypt N=2^17 r=8 p=1 (docs/decisions/0003-bearer-tokens-and-server-side-sessions.md): ~128 MiB and a few hundred ms per hash, on purpose. The exponent is
 * PASSWORD_HASH_COST: an operator may raise it; the test suites lower it to 2^14 (the floor) to run the
 * same code paths in a fraction of the time. Each hash records its own parameters, so hashes made at
 * another cost keep verifying.
 */
export const DEFAULT_HASH_COST = 17;
export const MIN_HASH_COST = 14;
const params = (cost: number) => ({ N: 2 ** cost, r: 8, p: 1 });
type Params = ReturnType<typeof params>;
const KEY_LENGTH = 64;

function derive(password: string, salt: Buffer, p: Params): Promise<Buffer> {
  const options: ScryptOptions = { ...p, maxmem: 256 * p.N * p.r };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

/** Encoded as scrypt$N$r$p$salt$hash (base64) so parameters can be raised later without breaking old hashes. */
export async function hashPassword(password: string, cost = DEFAULT_HASH_COST): Promise<string> {
  const salt = randomBytes(16);
  const p = params(cost);
  const key = await derive(password, salt, p);
  return ['scrypt', p.N, p.r, p.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, encoded: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = encoded.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await derive(password, Buffer.from(salt, 'base64'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** Verifies against a throwaway hash so an unknown e-mail takes as long as a wrong password. */
const dummyHashes = new Map<number, Promise<string>>();
export async function burnPasswordCheck(password: string, cost = DEFAULT_HASH_COST): Promise<void> {
  let dummy = dummyHashes.get(cost);
  if (!dummy) dummyHashes.set(cost, (dummy = hashPassword(randomBytes(12).toString('hex'), cost)));
  await verifyPassword(password, await dummy);
}
