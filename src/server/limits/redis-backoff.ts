import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { BackoffLimiter, BackoffSpec } from './backoff';

/**
 * The budget of backoff.ts in Redis, so every instance counts the same attempts and waits (docs/product/auth.md#failed-sign-ins): the
 * attempts in a sorted set (KEYS[1]), the wait and its undo in a hash (KEYS[2]), both read and written by
 * one script, so attempts racing on two instances are counted one after the other. The undo is kept only
 * while the newest attempt is the one that began the wait (a later attempt let through removes it).
 * ARGV: now, window, limit, first wait, longest wait, forget after (ms), a unique member.
 */
const TAKE = `
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local limit = tonumber(ARGV[3])
local first = tonumber(ARGV[4])
local longest = tonumber(ARGV[5])
local forget = tonumber(ARGV[6])
local untilAt = tonumber(redis.call('HGET', KEYS[2], 'until') or '0')
local strikes = tonumber(redis.call('HGET', KEYS[2], 'strikes') or '0')
if untilAt > now then
  return {math.max(1, math.ceil((untilAt - now) / 1000)), 0, 0}
end
if strikes > 0 and now >= untilAt + forget then strikes = 0 end
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
redis.call('ZADD', KEYS[1], now, ARGV[7])
local attempts = redis.call('ZCARD', KEYS[1])
local spent = 0
if strikes > 0 or attempts >= limit then
  redis.call('HSET', KEYS[2], 'undoMember', ARGV[7], 'undoUntil', string.format('%.0f', untilAt),
    'undoStrikes', strikes)
  if strikes == 0 then spent = 1 end
  untilAt = now + math.min(first * 2 ^ strikes, longest)
  strikes = strikes + 1
else
  redis.call('HDEL', KEYS[2], 'undoMember')
end
redis.call('HSET', KEYS[2], 'until', string.format('%.0f', untilAt), 'strikes', strikes)
redis.call('PEXPIRE', KEYS[1], window)
redis.call('PEXPIRE', KEYS[2], math.max(window, untilAt - now + forget))
return {0, attempts, spent}`;

const RELEASE = `
local undo = redis.call('HGET', KEYS[2], 'undoMember')
if undo then
  redis.call('ZREM', KEYS[1], undo)
  local untilAt = redis.call('HGET', KEYS[2], 'undoUntil')
  local strikes = redis.call('HGET', KEYS[2], 'undoStrikes')
  redis.call('HSET', KEYS[2], 'until', untilAt, 'strikes', strikes)
  redis.call('HDEL', KEYS[2], 'undoMember')
else
  redis.call('ZPOPMAX', KEYS[1])
end
return 0`;

export function redisBackoff(redis: Redis, spec: BackoffSpec, now: () => number = Date.now): BackoffLimiter {
  // One hash slot for both keys (Redis Cluster runs a script only on keys of one slot).
  const keysOf = (key: string) => {
    const base = `agencyhq:backoff:${spec.name}:{${key}}`;
    return [`${base}:attempts`, `${base}:wait`] as const;
  };
  return {
    async take(key) {
      const time = now();
      const [wait, attempts, spent] = (await redis.eval(
        TAKE,
        2,
        ...keysOf(key),
        time,
        spec.windowMs,
        spec.limit,
        spec.firstWaitMs,
        spec.maxWaitMs,
        spec.forgetAfterMs,
        `${time}:${randomUUID()}`,
      )) as [number, number, number];
      return { wait: Number(wait), attempts: Number(attempts), spent: Number(spent) === 1 };
    },
    async release(key) {
      await redis.eval(RELEASE, 2, ...keysOf(key));
    },
    async clear(key) {
      await redis.del(...keysOf(key));
    },
  };
}
