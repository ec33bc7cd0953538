import { Secret, TOTP } from 'otpauth';
import { TWO_FACTOR } from '../../../shared/two-factor';

/** RFC 6238 time-based codes through otpauth, with the parameters every authenticator app assumes. */
const totpFor = (secret: string, account = '') =>
  new TOTP({
    issuer: TWO_FACTOR.issuer,
    label: account,
    algorithm: 'SHA1',
    digits: TWO_FACTOR.digits,
    period: TWO_FACTOR.periodSeconds,
    secret: Secret.fromBase32(secret),
  });

/** A new 160-bit secret, base32 as apps take it typed in. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** otpauth://totp/AgencyHQ:{account}?secret=…&issuer=AgencyHQ: what the QR code holds. */
export function otpauthUrl(secret: string, account: string): string {
  return totpFor(secret, account).toString();
}

/** The code an app shows at `now` (tests sign in with it). */
export function totpCode(secret: string, now: Date): string {
  return totpFor(secret).generate({ timestamp: now.getTime() });
}

/**
 * The 30-second step a code belongs to when it is valid at `now` (one step of drift either way), else
 * null. The step lets the caller refuse a code that was already used.
 */
export function acceptedStep(secret: string, code: string, now: Date): number | null {
  if (!new RegExp(`^\\d{${TWO_FACTOR.digits}}$`).test(code)) return null;
  const delta = totpFor(secret).validate({
    token: code,
    timestamp: now.getTime(),
    window: TWO_FACTOR.window,
  });
  if (delta === null) return null;
  return TOTP.counter({ period: TWO_FACTOR.periodSeconds, timestamp: now.getTime() }) + delta;
}
