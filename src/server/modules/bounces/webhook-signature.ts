import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The provider webhook's signature (docs/product/marketing.md#provider-webhooks):
 * `X-AgencyHQ-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` with the workspace's
 * secret. Several v1 values may be sent (a provider mid-rotation); one matching is enough.
 */
export function signBounceWebhook(secret: string, timestamp: number, body: Buffer | string): string {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest('hex');
}

export type SignatureCheck =
  { ok: true; timestamp: number; signature: string } | { ok: false; reason: 'missing' | 'wrong' | 'stale' };

export function checkBounceWebhookSignature(
  header: string | undefined,
  body: Buffer,
  secret: string,
  now: Date,
  toleranceMs: number,
): SignatureCheck {
  if (!header || header.length > 1000) return { ok: false, reason: 'missing' };
  let timestamp: number | null = null;
  const candidates: string[] = [];
  for (const item of header.split(',')) {
    const [key, value] = item.split('=', 2).map((part) => part?.trim() ?? '');
    if (key === 't' && /^\d{1,12}$/.test(value ?? '')) timestamp = Number(value);
    if (key === 'v1' && /^[0-9a-f]{64}$/i.test(value ?? '')) candidates.push(value!.toLowerCase());
  }
  if (timestamp === null || candidates.length === 0) return { ok: false, reason: 'missing' };
  const expected = Buffer.from(signBounceWebhook(secret, timestamp, body), 'hex');
  const match = candidates.find((candidate) => timingSafeEqual(Buffer.from(candidate, 'hex'), expected));
  if (!match) return { ok: false, reason: 'wrong' };
  // Checked after the HMAC: only the holder of the secret learns that a timestamp is out of range.
  if (Math.abs(now.getTime() - timestamp * 1000) > toleranceMs) return { ok: false, reason: 'stale' };
  return { ok: true, timestamp, signature: match };
}
