import { SignJWT, jwtVerify } from 'jose';
import { TOKEN_TTL_SECONDS } from '../../shared/constants';

/**
 * HS256 bearer tokens carrying the user id and the user's session version; role and status are re-read
 * from the database. A password reset raises the stored version, so every earlier token stops working.
 */
export interface TokenClaims {
  userId: string;
  /** Tokens from before migration 007 carry none: they count as version 0. */
  sessionVersion: number;
  /** The session row this sign-in created (docs/decisions/0003-bearer-tokens-and-server-side-sessions.md); tokens from before migration 016 name none. */
  sessionId?: string;
  /** When the token expires, ms since the epoch (set by verify). */
  expiresAt?: number;
}

export interface TokenService {
  issue(claims: TokenClaims): Promise<string>;
  /** The claims, or null when the token is malformed, forged or expired. */
  verify(token: string): Promise<TokenClaims | null>;
}

export function createTokenService(secret: string): TokenService {
  const key = new TextEncoder().encode(secret);
  return {
    issue: ({ userId, sessionVersion, sessionId }) =>
      new SignJWT({ sv: sessionVersion, ...(sessionId ? { sid: sessionId } : {}) })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(userId)
        .setIssuedAt()
        .setExpirationTime(`${TOKEN_TTL_SECONDS}s`)
        .sign(key),
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        if (typeof payload.sub !== 'string') return null;
        const sessionVersion = typeof payload.sv === 'number' ? payload.sv : 0;
        const sessionId = typeof payload.sid === 'string' ? payload.sid : undefined;
        const expiresAt = typeof payload.exp === 'number' ? payload.exp * 1000 : undefined;
        return { userId: payload.sub, sessionVersion, sessionId, expiresAt };
      } catch {
        return null;
      }
    },
  };
}
