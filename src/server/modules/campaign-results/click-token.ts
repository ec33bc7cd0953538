import { createHmac, timingSafeEqual } from 'node:crypto';
import type { DerivedKey, SecretBox } from '../../secrets/secret-box';

/**
 * The token of a campaign mail's click URLs and open pixel (docs/product/marketing.md#results):
 * `<recipient id>.<key id>.<HMAC-SHA256, first 128 bits>` under a key derived from SECRET_KEY for this use
 * only. It names one recipient (and so one campaign) and needs no table; it is not a secret of the
 * recipient's (a click only counts, and sends on to a link stored for that campaign), so 128 bits of MAC
 * are plenty and keep the links short. While SECRET_KEY rotates, links signed with the previous key work.
 */
export const clickKeys = (box: Pick<SecretBox, 'derivedKeys'>): DerivedKey[] =>
  box.derivedKeys('campaign-click');

const mac = (key: DerivedKey, recipientId: string) =>
  createHmac('sha256', key.bytes)
    .update(`campaign-click\n${recipientId}`)
    .digest()
    .subarray(0, 16)
    .toString('base64url');

const RECIPIENT_ID = /^[A-Za-z0-9_-]{1,64}$/;

export function signClick(keys: DerivedKey[], recipientId: string): string {
  const key = keys[0];
  if (!key) throw new Error('no key for click links');
  if (!RECIPIENT_ID.test(recipientId)) throw new Error('a recipient id must be letters, digits, - or _');
  return `${recipientId}.${key.id}.${mac(key, recipientId)}`;
}

/** The recipient a token names, or null when it is malformed, altered or not signed by us. */
export function verifyClick(keys: DerivedKey[], token: string): string | null {
  if (token.length > 200) return null;
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [recipientId, keyId, digest] = parts as [string, string, string];
  if (!RECIPIENT_ID.test(recipientId)) return null;
  const key = keys.find((k) => k.id === keyId);
  if (!key) return null;
  const expected = Buffer.from(mac(key, recipientId));
  const given = Buffer.from(digest);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return recipientId;
}
