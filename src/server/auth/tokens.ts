import { SignJWT, jwtVerify } from 'jose';
import { TOKEN_TTL_SECONDS } from '../../shared/constants';

/** HS256 bearer tokens carrying only the user id; role and status are re-read from the database. */
export interface TokenService {
  issue(userId: string): Promise<string>;
  /** The user id, or null when the token is malformed, forged or expired. */
  verify(token: string): Promise<string | null>;
}

export function createTokenService(secret: string): TokenService {
  const key = new TextEncoder().encode(secret);
  return {
    issue: (userId) =>
      new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(userId)
        .setIssuedAt()
        .setExpirationTime(`${TOKEN_TTL_SECONDS}s`)
        .sign(key),
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        return typeof payload.sub === 'string' ? payload.sub : null;
      } catch {
        return null;
      }
    },
  };
}
