import type { LimitSpec } from './limiter';

/**
 * A budget of attempts per key with a growing wait (docs/product/auth.md#failed-sign-ins: sign-ins per account). `limit` attempts in
 * `windowMs` spend the budget and begin a wait of `firstWaitMs`. After a wait one attempt goes through and at
 * once begins the next wait, twice as long (at most `maxWaitMs`); a success clears the key, so that wait
 * never holds back the one who got it right. Attempts refused during a wait change nothing: a wait ends when
 * it said it would, however many were refused meanwhile. `forgetAfterMs` without an attempt after a wait
 * starts afresh.
 */
export interface BackoffSpec extends LimitSpec {
  firstWaitMs: number;
  maxWaitMs: number;
  forgetAfterMs: number;
}

export interface BackoffTake {
  /** Seconds until the key may try again; 0 when this attempt may go ahead (and is counted). */
  wait: number;
  /** Attempts counted in the window, this one included (0 when refused). */
  attempts: number;
  /** True for the attempt that spent a fresh budget: the first wait begins with it. */
  spent: boolean;
}

export interface BackoffLimiter {
  /** Checks and counts in one step, so attempts arriving together cannot all pass before any is counted. */
  take(key: string): Promise<BackoffTake>;
  /** Gives back the newest attempt (one that was never checked), and the wait it began. */
  release(key: string): Promise<void>;
  /** Forgets the key (the right password). */
  clear(key: string): Promise<void>;
}

/** The wait begun after `strikes` earlier waits of the same episode. */
export function backoffWaitMs(spec: BackoffSpec, strikes: number): number {
  return Math.min(spec.firstWaitMs * 2 ** strikes, spec.maxWaitMs);
}

interface BackoffState {
  attempts: number[];
  /** When the current (or last) wait ends; 0 when none began. */
  until: number;
  /** Waits begun in this episode. */
  strikes: number;
  /** What the newest attempt changed when it began a wait, to give back on release. */
  undo?: { until: number; strikes: number };
}

/** The budget in this process's memory: one instance, and every instance's fallback while Redis is away. */
export class BackoffWindow {
  private readonly states = new Map<string, BackoffState>();
  private lastPrune = 0;

  constructor(
    private readonly spec: BackoffSpec,
    private readonly now: () => number = () => Date.now(),
  ) {}

  take(key: string): BackoffTake {
    const now = this.now();
    const state = this.states.get(key) ?? { attempts: [], until: 0, strikes: 0 };
    if (state.until > now) return { wait: secondsUntil(state.until, now), attempts: 0, spent: false };
    if (state.strikes > 0 && now >= state.until + this.spec.forgetAfterMs) state.strikes = 0;
    state.attempts = state.attempts.filter((t) => t > now - this.spec.windowMs);
    state.attempts.push(now);
    let spent = false;
    if (state.strikes > 0 || state.attempts.length >= this.spec.limit) {
      state.undo = { until: state.until, strikes: state.strikes };
      spent = state.strikes === 0;
      state.until = now + backoffWaitMs(this.spec, state.strikes);
      state.strikes += 1;
    } else state.undo = undefined;
    this.states.set(key, state);
    if (this.states.size > 50_000 && now - this.lastPrune > this.spec.windowMs) this.prune(now);
    return { wait: 0, attempts: state.attempts.length, spent };
  }

  release(key: string): void {
    const state = this.states.get(key);
    if (!state) return;
    state.attempts.pop();
    if (!state.undo) return;
    state.until = state.undo.until;
    state.strikes = state.undo.strikes;
    state.undo = undefined;
  }

  clear(key: string): void {
    this.states.delete(key);
  }

  private prune(now: number): void {
    this.lastPrune = now;
    for (const [key, state] of this.states) {
      const quiet = state.attempts.every((t) => t <= now - this.spec.windowMs);
      if (quiet && now >= state.until + this.spec.forgetAfterMs) this.states.delete(key);
    }
  }
}

const secondsUntil = (until: number, now: number) => Math.max(1, Math.ceil((until - now) / 1000));

/** A budget kept in this process only (one instance; tests on a clock they move). */
export function memoryBackoff(spec: BackoffSpec, now?: () => number): BackoffLimiter {
  const window = new BackoffWindow(spec, now);
  return {
    take: async (key) => window.take(key),
    release: async (key) => window.release(key),
    clear: async (key) => window.clear(key),
  };
}
