import { createHash, randomBytes } from 'node:crypto';
import { addressKey } from '../../limits/address-key';

/**
 * A visitor of one day (docs/product/analytics.md#visitors-without-cookies): SHA-256 of the day's salt, the
 * site, the client's address (an IPv6 address by its /64) and its user agent, cut to 128 bits. Without the
 * salt, deleted once its day is over, the address cannot be found from the hash, nor the same person on
 * two days be linked.
 */
export function visitorHash(salt: string, site: string, address: string, userAgent: string): string {
  return createHash('sha256')
    .update(`${salt}\n${site}\n${addressKey(address)}\n${userAgent}`)
    .digest('base64url')
    .slice(0, 22);
}

/** A fresh salt: 32 random bytes. */
export const newSalt = (): string => randomBytes(32).toString('base64url');

/**
 * The salt of each day, asked of the database once per day and instance (`load` stores a new one unless
 * another instance already did) and held in memory for that day only.
 */
export function createSaltCache(load: (day: string, candidate: string) => Promise<string>) {
  let current: { day: string; salt: Promise<string> } | null = null;
  return {
    of(day: string): Promise<string> {
      if (current?.day !== day) {
        const salt = load(day, newSalt());
        current = { day, salt };
        // A failed read is asked again by the next page view, not remembered.
        salt.catch(() => {
          if (current?.salt === salt) current = null;
        });
      }
      return current.salt;
    },
  };
}
