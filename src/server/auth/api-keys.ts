import { randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';
import {
  API_KEY_CHECKSUM_LENGTH,
  API_KEY_PREFIX,
  API_KEY_RANDOM_LENGTH,
  API_KEY_SHOWN_LENGTH,
} from '../../shared/api-keys';
import type { SessionUser } from '../db/types';
import { hashToken } from './one-time-token';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** `length` base62 characters, each uniformly random (bytes past the last multiple of 62 are skipped). */
function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte >= 248) continue;
      out += BASE62[byte % 62];
      if (out.length === length) break;
    }
  }
  return out;
}

function checksumOf(random: string): string {
  let value = crc32(random);
  let out = '';
  for (let i = 0; i < API_KEY_CHECKSUM_LENGTH; i += 1) {
    out = BASE62[value % 62] + out;
    value = Math.floor(value / 62);
  }
  return out;
}

/**
 * A new key (docs/decisions/0017-api-keys.md): `ahq_` + 40 random base62 characters (238 bits) + their
 * CRC-32 in 6 base62 characters. Only `hash` is stored; `prefix` is what the list shows.
 */
export function newApiKey(): { key: string; prefix: string; hash: string } {
  const random = randomBase62(API_KEY_RANDOM_LENGTH);
  const key = `${API_KEY_PREFIX}${random}${checksumOf(random)}`;
  return { key, prefix: key.slice(0, API_KEY_PREFIX.length + API_KEY_SHOWN_LENGTH), hash: hashApiKey(key) };
}

/** The stored form of a key: its SHA-256 (the key is random, not a password: a plain hash suffices). */
export const hashApiKey = (key: string): string => hashToken(key);

/** A bearer credential that names itself a key: `ahq_…` (a session token is a JWT, never so). */
export const looksLikeApiKey = (token: string): boolean => token.startsWith(API_KEY_PREFIX);

/** The shape and checksum of a key, checked before any read: a typo or a truncated key costs nothing. */
export function isWellFormedApiKey(token: string): boolean {
  const body = token.slice(API_KEY_PREFIX.length);
  if (!looksLikeApiKey(token) || body.length !== API_KEY_RANDOM_LENGTH + API_KEY_CHECKSUM_LENGTH)
    return false;
  if (![...body].every((c) => BASE62.includes(c))) return false;
  const random = body.slice(0, API_KEY_RANDOM_LENGTH);
  return checksumOf(random) === body.slice(API_KEY_RANDOM_LENGTH);
}

/** A live key with its creator, as the guard reads them in one indexed read. */
export type ApiKeyHolder = SessionUser & {
  key_id: string;
  key_name: string;
  key_workspace_id: string;
  /** JSON text: the key's scopes. */
  key_scopes: string;
  key_last_used_at: string | null;
  key_last_used_ip: string | null;
  /** Set while the creator's workspace is deleted (recoverable): its members are shut out, keys too. */
  workspace_deleted_at: string | null;
};

/**
 * What the guards read and write for a request made with a key. The api-keys module provides it (app.ts
 * wires it in), so the guards sit below the modules instead of importing them.
 */
export interface ApiKeyStore {
  /** The unrevoked key with this hash and its creator, or undefined. */
  find(secretHash: string): Promise<ApiKeyHolder | undefined>;
  /**
   * Notes a use: "last used" and its address; the first use from an address the key was never used from
   * is recorded in the audit log.
   */
  noteUse(holder: ApiKeyHolder, ip: string, now: Date): Promise<void>;
}
