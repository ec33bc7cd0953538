/**
 * A sliding-window limit on events per key (a client address, an e-mail, an address and e-mail pair).
 * Asynchronous because the count may live in Redis, shared by every instance (docs/decisions/0009-redis-optional-for-shared-limits.md).
 */
export interface Limiter {
  /** Seconds until the key may act again, or 0 when it may act now. */
  retryAfterSeconds(key: string): Promise<number>;
  /** Counts one event. */
  record(key: string): Promise<void>;
  /**
   * Checks and counts in one step, so requests arriving together cannot all pass the check before any
   * of them is counted: 0 when the event is allowed (and now counted), else the seconds to wait.
   */
  take(key: string): Promise<number>;
  /** Gives back the newest counted event (one that ended up not happening). */
  release(key: string): Promise<void>;
  /** Forgets the key's events (a successful sign-in). */
  clear(key: string): Promise<void>;
}

/** What a limit is: its name (the shared store's key prefix), how many events, in how long. */
export interface LimitSpec {
  name: string;
  limit: number;
  windowMs: number;
}
