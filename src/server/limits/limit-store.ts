import { createRequire } from 'node:module';
import type { Redis as RedisClient } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import type { Limiter, LimitSpec } from './limiter';
import { memoryLimiter } from './sliding-window';
import { redisLimiter } from './redis-limiter';
import { memoryBackoff, type BackoffLimiter, type BackoffSpec } from './backoff';
import { redisBackoff } from './redis-backoff';

/** Where the limits live: Redis when REDIS_URL is set (every instance counts together), else this process. */
export interface LimitStore {
  /** `now` (ms) is the clock the windows follow; tests pass the one they move. */
  limiter(spec: LimitSpec, now?: () => number): Limiter;
  /** A budget with a growing wait (sign-ins per account, docs/product/auth.md#failed-sign-ins). */
  backoff(spec: BackoffSpec, now?: () => number): BackoffLimiter;
  /** True while limits are counted in Redis. */
  readonly shared: boolean;
  close(): Promise<void>;
}

/** A Redis command that takes longer than this counts as Redis being away: requests must not wait on it. */
const REDIS_COMMAND_TIMEOUT_MS = 500;

export function createLimitStore(options: { redisUrl?: string; log: FastifyBaseLogger }): LimitStore {
  const { log } = options;
  if (!options.redisUrl)
    return {
      limiter: (spec, now) => memoryLimiter(spec, now),
      backoff: (spec, now) => memoryBackoff(spec, now),
      shared: false,
      close: async () => undefined,
    };

  // Required only when REDIS_URL is set: an instance without Redis does not load it at start.
  const { Redis } = createRequire(import.meta.url)('ioredis') as { Redis: typeof RedisClient };
  const redis = new Redis(options.redisUrl, {
    // Fail at once while disconnected (the instance's own count takes over), and keep reconnecting.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
    lazyConnect: false,
  });
  let away = false;
  const wentAway = (error: unknown) => {
    if (away) return;
    away = true;
    log.warn({ err: error }, 'Redis unreachable: rate limits fall back to this instance until it returns');
  };
  redis.on('error', wentAway);
  redis.on('ready', () => {
    if (!away) return;
    away = false;
    log.info('Redis is back: rate limits are shared again');
  });

  /** Each operation goes to Redis when it is there, else to this instance's own count. */
  const eitherOf =
    <L, A extends unknown[], R>(local: L, remote: L, op: (limiter: L) => (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      if (redis.status === 'ready') {
        try {
          return await op(remote)(...args);
        } catch (error) {
          wentAway(error);
        }
      }
      return op(local)(...args);
    };

  return {
    get shared() {
      return redis.status === 'ready';
    },
    limiter(spec, now) {
      const local = memoryLimiter(spec, now);
      const remote = redisLimiter(redis, spec, now);
      const either = <A extends unknown[], R>(op: (limiter: Limiter) => (...args: A) => Promise<R>) =>
        eitherOf(local, remote, op);
      return {
        retryAfterSeconds: either((l) => l.retryAfterSeconds),
        record: either((l) => l.record),
        take: either((l) => l.take),
        release: either((l) => l.release),
        clear: either((l) => l.clear),
      };
    },
    backoff(spec, now) {
      const local = memoryBackoff(spec, now);
      const remote = redisBackoff(redis, spec, now);
      return {
        take: eitherOf(local, remote, (l) => l.take),
        release: eitherOf(local, remote, (l) => l.release),
        clear: eitherOf(local, remote, (l) => l.clear),
      };
    },
    async close() {
      redis.disconnect();
    },
  };
}
