/**
 * Counts events per key (the client IP) in a sliding window. In-process, like the login throttle: with
 * several instances each keeps its own count (a shared store arrives with REDIS_URL).
 */
export class RateLimiter {
  private readonly hits = new Map<string, number[]>();
  private lastPrune = 0;

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** Seconds until the key may act again, or 0 when it may act now. */
  retryAfterSeconds(key: string): number {
    const recent = this.recent(key);
    if (recent.length < this.limit) return 0;
    const oldestCounted = recent[recent.length - this.limit]!;
    return Math.max(1, Math.ceil((oldestCounted + this.windowMs - this.now()) / 1000));
  }

  record(key: string): void {
    const recent = this.recent(key);
    recent.push(this.now());
    this.hits.set(key, recent);
    // Under a spray of keys, sweeping the whole map on every request would itself be the bottleneck.
    if (this.hits.size > 50_000 && this.now() - this.lastPrune > this.windowMs) this.prune();
  }

  /**
   * Check and count in one step, so requests arriving together cannot all pass the check before any of
   * them is counted: 0 when the event is allowed (and now counted), else the seconds to wait.
   */
  take(key: string): number {
    const wait = this.retryAfterSeconds(key);
    if (wait === 0) this.record(key);
    return wait;
  }

  /** Gives back the newest counted event (one that ended up not happening). */
  release(key: string): void {
    this.hits.get(key)?.pop();
  }

  private recent(key: string): number[] {
    const cutoff = this.now() - this.windowMs;
    return (this.hits.get(key) ?? []).filter((t) => t > cutoff);
  }

  private prune(): void {
    this.lastPrune = this.now();
    for (const key of this.hits.keys()) {
      if (this.recent(key).length === 0) this.hits.delete(key);
    }
  }
}
