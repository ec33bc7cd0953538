import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';

/**
 * AES-256-GCM for secrets kept in the database (SMTP passwords). Stored as
 * `v1.<key id>.<iv>.<tag>.<ciphertext>` (base64url): the key id says which key sealed a value, so a
 * rotation can re-seal values of the previous key and refuse values of an unknown one with a clear error.
 */
export interface SecretBox {
  seal(plain: string): string;
  /** Throws SecretKeyMismatch when the value was sealed with a key this box does not hold. */
  open(sealed: string): string;
  /** True when the value was sealed with the current key (false: re-seal it). */
  isCurrent(sealed: string): boolean;
  /**
   * Keys for another use (an HMAC), derived from the same setting with `purpose` in the derivation, so
   * they are independent of the sealing key: the current key first, then the previous one while rotating.
   */
  derivedKeys(purpose: string): DerivedKey[];
}

/** A key derived for one purpose; `id` names it in what it signs (which key to check with). */
export interface DerivedKey {
  id: string;
  bytes: Buffer;
}

export class SecretKeyMismatch extends Error {
  constructor() {
    super('A stored secret was encrypted with another SECRET_KEY (set SECRET_KEY_PREVIOUS to rotate).');
  }
}

type Key = DerivedKey;

function deriveKey(secret: string, purpose = 'secret-box'): Key {
  // The setting is a passphrase of any length ≥ 32; HKDF turns it into exactly 32 bytes of key.
  const bytes = Buffer.from(hkdfSync('sha256', secret, 'agencyhq', `${purpose} v1`, 32));
  const id = createHash('sha256').update(bytes).digest('base64url').slice(0, 8);
  return { id, bytes };
}

export function createSecretBox(secret: string, previous?: string): SecretBox {
  const current = deriveKey(secret);
  const keys = [current, ...(previous ? [deriveKey(previous)] : [])];
  const parse = (sealed: string) => {
    const [version, keyId, iv, tag, data] = sealed.split('.');
    if (version !== 'v1' || !keyId || !iv || !tag || data === undefined)
      throw new Error('Not a sealed secret');
    return { keyId, iv, tag, data };
  };
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', current.bytes, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', current.id, iv, cipher.getAuthTag(), data]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    open(sealed) {
      const parts = parse(sealed);
      const key = keys.find((k) => k.id === parts.keyId);
      if (!key) throw new SecretKeyMismatch();
      const decipher = createDecipheriv('aes-256-gcm', key.bytes, Buffer.from(parts.iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(parts.tag, 'base64url'));
      const plain = Buffer.concat([decipher.update(Buffer.from(parts.data, 'base64url')), decipher.final()]);
      return plain.toString('utf8');
    },
    isCurrent: (sealed) => parse(sealed).keyId === current.id,
    derivedKeys: (purpose) => [secret, ...(previous ? [previous] : [])].map((s) => deriveKey(s, purpose)),
  };
}
