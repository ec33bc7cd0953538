import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import type { Limiter, LimitSpec } from './limiter';
import { memoryLimiter } from './sliding-window';
import { redisLimiter } from './redis-limiter';

/** Where the limits live: Redis when REDIS_URL is set (every instance counts together), else this process. */
export interface LimitStore {
  limiter(spec: LimitSpec): Limiter;
  /** True while limits are counted in Redis. */
  readonly shared: boolean;
  close(): Promise<void>;
}

/** A Redis command that takes longer than this counts as Redis being away: requests must not wait on it. */
const REDIS_COMMAND_TIMEOUT_MS = 500;

export function createLimitStore(options: { redisUrl?: string; log: FastifyBaseLogger }): LimitStore {
  const { log } = options;
  if (!options.redisUrl)
    return { limiter: (spec) => memoryLimiter(spec), shared: false, close: async () => undefined };

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

  return {
    get shared() {
      return redis.status === 'ready';
    },
    limiter(spec) {
      const local = memoryLimiter(spec);
      const remote = redisLimiter(redis, spec);
      // Each operation goes to Redis when it is there, else to this instance's own window.
      const either =
        <A extends unknown[], R>(op: (limiter: Limiter) => (...args: A) => Promise<R>) =>
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
        retryAfterSeconds: either((l) => l.retryAfterSeconds),
        record: either((l) => l.record),
        take: either((l) => l.take),
        release: either((l) => l.release),
        clear: either((l) => l.clear),
      };
    },
    async close() {
      redis.disconnect();
    },
  };
}
