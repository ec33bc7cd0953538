import type { Limiter, LimitSpec } from './limiter';

/**
 * Counts events per key in a sliding window, in this process's memory: the limits of a single instance,
 * and every instance's fallback while Redis is unreachable.
 */
export class SlidingWindow {
  private readonly hits = new Map<string, number[]>();
  private lastPrune = 0;

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = () => Date.now(),
  ) {}

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

  take(key: string): number {
    const wait = this.retryAfterSeconds(key);
    if (wait === 0) this.record(key);
    return wait;
  }

  release(key: string): void {
    this.hits.get(key)?.pop();
  }

  clear(key: string): void {
    this.hits.delete(key);
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

/** A limit kept in this process only (one instance; tests on a clock they move). */
export function memoryLimiter(spec: Omit<LimitSpec, 'name'>, now?: () => number): Limiter {
  const window = new SlidingWindow(spec.limit, spec.windowMs, now);
  return {
    retryAfterSeconds: async (key) => window.retryAfterSeconds(key),
    record: async (key) => window.record(key),
    take: async (key) => window.take(key),
    release: async (key) => window.release(key),
    clear: async (key) => window.clear(key),
  };
}
