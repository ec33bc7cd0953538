import { createHmac, timingSafeEqual } from 'node:crypto';
import { isPortalNoticeKind, type PortalNoticeKind } from '../../../shared/portal-notifications';
import type { DerivedKey, SecretBox } from '../../secrets/secret-box';

/**
 * The token of a notice's unsubscribe link (docs/product/portal.md#notifications):
 * `<access id>.<kind>.<key id>.<HMAC-SHA256>` under a key derived from SECRET_KEY for this use only. It
 * names one access and one kind, never expires and needs no table; changing either part, or signing with
 * anything but the server's key, makes it invalid. While SECRET_KEY rotates, links signed with the
 * previous key still work.
 */
export const unsubscribeKeys = (box: Pick<SecretBox, 'derivedKeys'>): DerivedKey[] =>
  box.derivedKeys('portal-unsubscribe');

const mac = (key: DerivedKey, accessId: string, kind: PortalNoticeKind) =>
  createHmac('sha256', key.bytes).update(`portal-unsubscribe\n${accessId}\n${kind}`).digest('base64url');

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function signUnsubscribe(keys: DerivedKey[], accessId: string, kind: PortalNoticeKind): string {
  const key = keys[0];
  if (!key) throw new Error('no key for unsubscribe links');
  return `${accessId}.${kind}.${key.id}.${mac(key, accessId, kind)}`;
}

/** The access and kind a token names, or null when it is malformed, altered or not signed by us. */
export function verifyUnsubscribe(
  keys: DerivedKey[],
  token: string,
): { accessId: string; kind: PortalNoticeKind } | null {
  const parts = token.split('.');
  if (parts.length !== 4) return null;
  const [accessId, kind, keyId, digest] = parts as [string, string, string, string];
  if (!UUID.test(accessId) || !isPortalNoticeKind(kind)) return null;
  const key = keys.find((k) => k.id === keyId);
  if (!key) return null;
  const expected = Buffer.from(mac(key, accessId, kind));
  const given = Buffer.from(digest);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { accessId, kind };
}
