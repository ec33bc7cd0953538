import { describe, expect, it } from 'vitest';
import { SlidingWindow, memoryLimiter } from './sliding-window';

describe('sliding window', () => {
  it('blocks after the limit inside the window and says for how long', () => {
    let now = 1_000_000;
    const window = new SlidingWindow(3, 60_000, () => now);
    for (let i = 0; i < 3; i++) {
      expect(window.take('k')).toBe(0);
      now += 1000;
    }
    expect(window.retryAfterSeconds('k')).toBe(57);
    expect(window.take('k')).toBe(57);
    expect(window.retryAfterSeconds('other')).toBe(0);
    now += 57_000;
    expect(window.retryAfterSeconds('k')).toBe(0);
  });

  it('gives back the newest event and forgets a cleared key', async () => {
    const limiter = memoryLimiter({ limit: 1, windowMs: 60_000 });
    expect(await limiter.take('k')).toBe(0);
    expect(await limiter.take('k')).toBeGreaterThan(0);
    await limiter.release('k');
    expect(await limiter.retryAfterSeconds('k')).toBe(0);
    await limiter.record('k');
    await limiter.clear('k');
    expect(await limiter.retryAfterSeconds('k')).toBe(0);
  });
});
