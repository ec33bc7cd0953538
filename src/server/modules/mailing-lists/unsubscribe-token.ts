import { createHmac, timingSafeEqual } from 'node:crypto';
import type { DerivedKey, SecretBox } from '../../secrets/secret-box';

/**
 * The token of a marketing mail's unsubscribe link (docs/product/marketing.md#unsubscribing):
 * `<subscriber id>.<list id>.<campaign recipient id or ->.<key id>.<HMAC-SHA256>` under a key derived from
 * SECRET_KEY for this use only. It names one person on one list (and the campaign copy it came in, for the
 * campaign's report), never expires and needs no table: guessing one means forging the HMAC. While
 * SECRET_KEY rotates, links signed with the previous key still work.
 */
export const listUnsubscribeKeys = (box: Pick<SecretBox, 'derivedKeys'>): DerivedKey[] =>
  box.derivedKeys('list-unsubscribe');

export interface UnsubscribeSubject {
  subscriberId: string;
  listId: string;
  /** The campaign copy the link came in; null for other mail (a sequence's step). */
  recipientId: string | null;
}

const mac = (key: DerivedKey, s: UnsubscribeSubject) =>
  createHmac('sha256', key.bytes)
    .update(`list-unsubscribe\n${s.subscriberId}\n${s.listId}\n${s.recipientId ?? '-'}`)
    .digest('base64url');

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function signListUnsubscribe(keys: DerivedKey[], subject: UnsubscribeSubject): string {
  const key = keys[0];
  if (!key) throw new Error('no key for unsubscribe links');
  return `${subject.subscriberId}.${subject.listId}.${subject.recipientId ?? '-'}.${key.id}.${mac(key, subject)}`;
}

/** What a token names, or null when it is malformed, altered or not signed by us. */
export function verifyListUnsubscribe(keys: DerivedKey[], token: string): UnsubscribeSubject | null {
  const parts = token.split('.');
  if (parts.length !== 5) return null;
  const [subscriberId, listId, recipient, keyId, digest] = parts as [string, string, string, string, string];
  if (!UUID.test(subscriberId) || !UUID.test(listId) || (recipient !== '-' && !UUID.test(recipient)))
    return null;
  const key = keys.find((k) => k.id === keyId);
  if (!key) return null;
  const subject = { subscriberId, listId, recipientId: recipient === '-' ? null : recipient };
  const expected = Buffer.from(mac(key, subject));
  const given = Buffer.from(digest);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return subject;
}
