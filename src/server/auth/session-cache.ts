import type { SessionUser } from '../db/types';
import type { TokenClaims } from './tokens';
import type { InvalidationChannel } from './invalidation-channel';

/** What a signed-in request reads of its session: the user, and the session's last sight and proof. */
export type SessionRead = SessionUser & { session_last_seen_at: string; session_proved_at: string };

export interface CachedSession {
  claims: TokenClaims;
  row: SessionRead;
  /** ms since the epoch: the cache's own bound or the token's expiry, whichever is first. */
  until: number;
}

/**
 * Verified sessions, held for a few seconds by their bearer token (docs/decisions/0025-session-cache.md):
 * a signed-in read then neither verifies the token's signature nor reads the session again. Every
 * committed write to a user or a session (db/committed-writes.ts) empties it, here and, through `channel`, on
 * every other instance, before the answer to that write is sent; the next request reads the database.
 */
export interface SessionCache {
  get(token: string): CachedSession | undefined;
  /** Taken before the reads behind `put`: a put whose reads may predate a write is dropped. */
  generation(): number;
  put(token: string, claims: TokenClaims, row: SessionRead, generation: number): void;
  /** After a committed auth write of this instance: empties this cache, then every other instance's. */
  invalidate(): Promise<void>;
  close(): Promise<void>;
}

/** How long a verified session is served without a read: short, in case an announcement is ever lost. */
export const SESSION_CACHE_MS = 10_000;
/** Live entries at most (each one a session seen in the last few seconds). */
export const SESSION_CACHE_ENTRIES = 10_000;

export function createSessionCache(channel: InvalidationChannel, now: () => number = Date.now): SessionCache {
  const entries = new Map<string, CachedSession>();
  let generation = 0;
  const forget = () => {
    generation++;
    entries.clear();
  };
  // Another instance's write, or this instance's channel lost (announcements it missed): read afresh.
  channel.onInvalidate(forget);

  return {
    get(token) {
      if (!channel.listening) return undefined;
      const entry = entries.get(token);
      if (!entry) return undefined;
      if (entry.until <= now()) {
        entries.delete(token);
        return undefined;
      }
      return entry;
    },
    generation: () => generation,
    put(token, claims, row, readGeneration) {
      if (readGeneration !== generation || !channel.listening) return;
      const until = Math.min(now() + SESSION_CACHE_MS, claims.expiresAt ?? Number.POSITIVE_INFINITY);
      if (entries.size >= SESSION_CACHE_ENTRIES) entries.delete(entries.keys().next().value!);
      entries.set(token, { claims, row, until });
    },
    async invalidate() {
      forget();
      await channel.publish();
    },
    close: () => channel.close(),
  };
}
