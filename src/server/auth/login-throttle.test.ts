import { describe, expect, it } from 'vitest';
import { LoginThrottle } from './login-throttle';

describe('LoginThrottle', () => {
  it('blocks after the limit inside the window and says for how long', () => {
    let now = 1_000_000;
    const throttle = new LoginThrottle(3, 60_000, () => now);
    for (let i = 0; i < 3; i++) {
      expect(throttle.retryAfterSeconds('k')).toBe(0);
      throttle.recordFailure('k');
      now += 1000;
    }
    expect(throttle.retryAfterSeconds('k')).toBe(57);
    expect(throttle.retryAfterSeconds('other')).toBe(0);
    now += 57_000;
    expect(throttle.retryAfterSeconds('k')).toBe(0);
  });
  it('forgets a key once cleared', () => {
    const throttle = new LoginThrottle(1, 60_000);
    throttle.recordFailure('k');
    expect(throttle.retryAfterSeconds('k')).toBeGreaterThan(0);
    throttle.clear('k');
    expect(throttle.retryAfterSeconds('k')).toBe(0);
  });
});
