import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { memoryBackoff, type BackoffLimiter, type BackoffSpec } from '../../src/server/limits/backoff';
import { redisBackoff } from '../../src/server/limits/redis-backoff';
import { redisAvailable, redisForTest } from '../support/redis';

/**
 * The budget with a growing wait (docs/security.md#password-guessing), the same rules in this process's memory and in Redis: each
 * implementation is run through the same cases on a clock the test moves.
 */
const SPEC: BackoffSpec = {
  name: 'backoff-test',
  limit: 3,
  windowMs: 60_000,
  firstWaitMs: 10_000,
  maxWaitMs: 50_000,
  forgetAfterMs: 120_000,
};

function contract(make: (now: () => number) => BackoffLimiter) {
  let now = 1_800_000_000_000;
  let limiter: BackoffLimiter;
  let key: string;
  beforeAll(() => {
    limiter = make(() => now);
  });
  const fresh = () => {
    key = `k-${randomUUID()}`;
  };

  it('lets the limit through, spends the budget with the last, then refuses with the wait', async () => {
    fresh();
    expect(await limiter.take(key)).toEqual({ wait: 0, attempts: 1, spent: false });
    expect(await limiter.take(key)).toEqual({ wait: 0, attempts: 2, spent: false });
    expect(await limiter.take(key)).toEqual({ wait: 0, attempts: 3, spent: true });
    expect(await limiter.take(key)).toEqual({ wait: 10, attempts: 0, spent: false });
    expect(await limiter.take(`${key}-other`)).toEqual({ wait: 0, attempts: 1, spent: false });
  });

  it('does not lengthen a wait for refused attempts, and doubles it after each one let through', async () => {
    fresh();
    for (let i = 0; i < SPEC.limit; i++) await limiter.take(key);
    const waits: number[] = [];
    for (let round = 0; round < 4; round++) {
      const { wait } = await limiter.take(key);
      now += 1000;
      expect((await limiter.take(key)).wait).toBe(wait - 1);
      now += (wait - 1) * 1000;
      waits.push(wait);
      // One attempt after the wait: let through, and the next wait begins with it.
      expect(await limiter.take(key)).toMatchObject({ wait: 0, spent: false });
    }
    expect(waits).toEqual([10, 20, 40, 50]);
    expect((await limiter.take(key)).wait).toBe(50);
  });

  it('forgets a key when cleared, and an episode after a quiet spell', async () => {
    fresh();
    for (let i = 0; i < SPEC.limit; i++) await limiter.take(key);
    await limiter.clear(key);
    expect(await limiter.take(key)).toEqual({ wait: 0, attempts: 1, spent: false });

    fresh();
    for (let i = 0; i < SPEC.limit; i++) await limiter.take(key);
    now += SPEC.firstWaitMs;
    await limiter.take(key); // after the first wait: the second (20 s) begins
    now += 20_000 + SPEC.forgetAfterMs;
    expect(await limiter.take(key)).toEqual({ wait: 0, attempts: 1, spent: false });
  });

  it('gives back the newest attempt and the wait it began', async () => {
    fresh();
    for (let i = 0; i < SPEC.limit; i++) await limiter.take(key);
    await limiter.release(key);
    expect(await limiter.take(key)).toEqual({ wait: 0, attempts: 3, spent: true });
    expect((await limiter.take(key)).wait).toBe(10);

    // An attempt that did not begin a wait gives back only its count.
    fresh();
    await limiter.take(key);
    await limiter.release(key);
    await limiter.release(key);
    expect(await limiter.take(key)).toEqual({ wait: 0, attempts: 1, spent: false });
  });

  it('lets exactly the limit through when attempts arrive together', async () => {
    fresh();
    const takes = await Promise.all(Array.from({ length: 20 }, () => limiter.take(key)));
    expect(takes.filter((t) => t.wait === 0)).toHaveLength(SPEC.limit);
    expect(takes.filter((t) => t.spent)).toHaveLength(1);
  });
}

describe('backoff budget in memory', () => {
  contract((now) => memoryBackoff(SPEC, now));
});

describe.runIf(redisAvailable)('backoff budget in Redis', () => {
  let redis: Redis;
  let stop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const server = await redisForTest();
    stop = server.stop;
    redis = new Redis(server.url);
  });
  afterAll(async () => {
    redis?.disconnect();
    await stop?.();
  });
  contract((now) => redisBackoff(redis, SPEC, now));
});
