import { describe, expect, it } from 'vitest';
import { checkBounceWebhookSignature, signBounceWebhook } from './webhook-signature';

const secret = 'whsec_test';
const body = Buffer.from('{"events":[]}');
const now = new Date('2026-11-29T10:00:00Z');
const t = Math.floor(now.getTime() / 1000);
const check = (header: string | undefined, at = now, raw = body) =>
  checkBounceWebhookSignature(header, raw, secret, at, 5 * 60_000);

describe('bounce webhook signatures', () => {
  it('accepts the HMAC of timestamp and raw body, among several v1 values', () => {
    const good = signBounceWebhook(secret, t, body);
    expect(check(`t=${t},v1=${good}`)).toEqual({ ok: true, timestamp: t, signature: good });
    expect(check(`t=${t}, v1=${'0'.repeat(64)}, v1=${good}`).ok).toBe(true);
  });

  it('refuses a missing, malformed or wrong signature, another body, and a stale or future timestamp', () => {
    const good = signBounceWebhook(secret, t, body);
    expect(check(undefined)).toEqual({ ok: false, reason: 'missing' });
    expect(check(`v1=${good}`)).toEqual({ ok: false, reason: 'missing' });
    expect(check(`t=${t},v1=abc`)).toEqual({ ok: false, reason: 'missing' });
    expect(check(`t=${t},v1=${signBounceWebhook('other', t, body)}`)).toEqual({ ok: false, reason: 'wrong' });
    expect(check(`t=${t},v1=${good}`, now, Buffer.from('{"events":[1]}'))).toEqual({
      ok: false,
      reason: 'wrong',
    });
    expect(check(`t=${t},v1=${good}`, new Date(now.getTime() + 5 * 60_000 + 1000))).toEqual({
      ok: false,
      reason: 'stale',
    });
    expect(check(`t=${t},v1=${good}`, new Date(now.getTime() - 5 * 60_000 - 1000))).toEqual({
      ok: false,
      reason: 'stale',
    });
  });
});
