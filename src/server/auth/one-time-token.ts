import { createHash, randomBytes } from 'node:crypto';

/**
 * Tokens sent by e-mail (password reset, invitation): 256 random bits in the link, only their SHA-256 in
 * the database, so a leaked database or backup holds no usable link. A plain hash suffices: the token is
 * random, not a password.
 */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

export function newOneTimeToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}
