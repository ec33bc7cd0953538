import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Limiter, LimitSpec } from './limiter';

/**
 * One sorted set per key (members scored by time), trimmed to the window and checked in one script, so
 * every instance counts the same events and two requests racing on two instances cannot both slip under
 * the limit. ARGV: now, window (ms), limit, whether to count this event, a unique member.
 */
const CHECK = `
local key = KEYS[1]
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local limit = tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
local count = redis.call('ZCARD', key)
if count >= limit then
  local oldest = redis.call('ZRANGE', key, count - limit, count - limit, 'WITHSCORES')
  return math.max(1, math.ceil((tonumber(oldest[2]) + window - now) / 1000))
end
if ARGV[4] == '1' then
  redis.call('ZADD', key, now, ARGV[5])
  redis.call('PEXPIRE', key, window)
end
return 0`;

const RECORD = `
redis.call('ZADD', KEYS[1], ARGV[1], ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 0`;

export function redisLimiter(redis: Redis, spec: LimitSpec, now: () => number = Date.now): Limiter {
  const keyOf = (key: string) => `agencyhq:limit:${spec.name}:${key}`;
  const check = async (key: string, count: boolean) =>
    Number(
      await redis.eval(
        CHECK,
        1,
        keyOf(key),
        now(),
        spec.windowMs,
        spec.limit,
        count ? '1' : '0',
        `${now()}:${randomUUID()}`,
      ),
    );
  return {
    retryAfterSeconds: (key) => check(key, false),
    take: (key) => check(key, true),
    async record(key) {
      await redis.eval(RECORD, 1, keyOf(key), now(), spec.windowMs, `${now()}:${randomUUID()}`);
    },
    async release(key) {
      await redis.zpopmax(keyOf(key));
    },
    async clear(key) {
      await redis.del(keyOf(key));
    },
  };
}
