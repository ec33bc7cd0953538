import { createHash } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { TWO_FACTOR } from '../../shared/two-factor';

/** What the password step proved: who, at which session version, and which second step follows. */
export interface Challenge {
  userId: string;
  sessionVersion: number;
  /** 'code': enter a code; 'setup': the workspace requires 2FA and the account must set it up first. */
  purpose: 'code' | 'setup';
}

export interface ChallengeTokens {
  issue(challenge: Challenge): Promise<string>;
  /** The challenge, or null when the token is forged, expired or of another kind. */
  verify(token: string): Promise<Challenge | null>;
}

/**
 * The short-lived token between the password and the second factor. Signed with a key derived from the
 * session secret for this one use, so it can never pass as a session token, nor a session token as it.
 */
export function createChallengeTokens(secret: string, clock: () => Date): ChallengeTokens {
  const key = createHash('sha256').update(`agencyhq second sign-in step\0${secret}`).digest();
  return {
    issue: ({ userId, sessionVersion, purpose }) => {
      const now = clock();
      return new SignJWT({ sv: sessionVersion, pur: purpose })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(userId)
        .setIssuedAt(now)
        .setExpirationTime(new Date(now.getTime() + TWO_FACTOR.challengeTtlSeconds * 1000))
        .sign(key);
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], currentDate: clock() });
        if (typeof payload.sub !== 'string' || typeof payload.sv !== 'number') return null;
        if (payload.pur !== 'code' && payload.pur !== 'setup') return null;
        return { userId: payload.sub, sessionVersion: payload.sv, purpose: payload.pur };
      } catch {
        return null;
      }
    },
  };
}
