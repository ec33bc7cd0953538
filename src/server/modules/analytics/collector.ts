/**
 * The page views' way in (docs/decisions/0018-first-party-analytics.md): a count per client address that
 * refuses a flood, and a buffer that writes in batches. Both are bounded, whatever arrives.
 */

/**
 * At most `limit` events per key in each window of `windowMs` (a fixed window: a client may send up to
 * twice the limit across a window's edge), for at most `maxKeys` keys at once: past that a key not yet
 * seen is refused until the window turns, so a spray of addresses cannot grow the map.
 */
export function createWindowCounter(
  limit: number,
  windowMs: number,
  maxKeys: number,
  now: () => number = Date.now,
  /**
   * Keys one range (an IPv6 /48, an IPv4 /24) may hold on its own in a window; its later new keys share
   * one count under the range's name. A range sprayed with new addresses then takes at most this many
   * places (and one more), never all of `maxKeys` (docs/security.md#floods).
   */
  perRangeMax: number = Number.MAX_SAFE_INTEGER,
) {
  let windowStart = now();
  let counts = new Map<string, number>();
  let keysOfRange = new Map<string, number>();
  return {
    /** Counts one event of `key` (in `range`); false past the limit or when no place is left. */
    take(key: string, range: string = key): boolean {
      const at = now();
      if (at - windowStart >= windowMs) {
        windowStart = at;
        counts = new Map();
        keysOfRange = new Map();
      }
      let counted = key;
      if (!counts.has(key) && key !== range) {
        const held = keysOfRange.get(range) ?? 0;
        if (held >= perRangeMax) counted = `range:${range}`;
        else if (counts.size < maxKeys) keysOfRange.set(range, held + 1);
      }
      const seen = counts.get(counted) ?? 0;
      if (seen >= limit || (seen === 0 && counts.size >= maxKeys)) return false;
      counts.set(counted, seen + 1);
      return true;
    },
    /** Keys held now (tests read it). */
    get size() {
      return counts.size;
    },
  };
}

/**
 * The user agents each key (an address) showed in the current window: a key may show `maxPerKey`, then a
 * new one is refused (a script rotating its user agent), a known one still passes. At most `maxKeys` keys
 * are held; past that a new key passes unchecked (the per-address count bounds it anyway). Only a 32-bit
 * hash of each user agent is kept.
 */
export function createUserAgentWindow(
  maxPerKey: number,
  windowMs: number,
  maxKeys: number,
  now: () => number = Date.now,
) {
  let windowStart = now();
  let seen = new Map<string, Set<number>>();
  return {
    take(key: string, userAgent: string): boolean {
      const at = now();
      if (at - windowStart >= windowMs) {
        windowStart = at;
        seen = new Map();
      }
      const hash = fnv1a(userAgent);
      const agents = seen.get(key);
      if (!agents) {
        if (seen.size < maxKeys) seen.set(key, new Set([hash]));
        return true;
      }
      if (agents.has(hash)) return true;
      if (agents.size >= maxPerKey) return false;
      agents.add(hash);
      return true;
    },
  };
}

/** FNV-1a, 32 bits: enough to tell a handful of user agents of one address apart. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

export interface Batcher<T> {
  /** False when the buffer is full and `item` was dropped. */
  add(item: T): boolean;
  /** Writes what waits now, after the writes already under way. */
  flush(): Promise<void>;
  /** No timer after this; writes what waits. */
  stop(): Promise<void>;
  /** Items held: waiting, or being written (tests read it). */
  readonly pending: number;
}

/**
 * Items kept in memory and handed to `write` in batches: every `everyMs`, or as soon as `batchSize` wait;
 * at most `maxPending` wait at once (past that new ones are dropped and `onDrop` told). Writes run one
 * after another; a failed batch is reported and dropped (the page views of a second at most).
 */
export function createBatcher<T>(options: {
  write: (batch: T[]) => Promise<void>;
  onError: (error: unknown) => void;
  onDrop: () => void;
  batchSize: number;
  maxPending: number;
  everyMs: number;
}): Batcher<T> {
  let pending: T[] = [];
  // Handed to a write that has not finished: still in memory, so still counted against maxPending.
  let writingCount = 0;
  let writing: Promise<void> = Promise.resolve();
  let soon = false;

  function flush(): Promise<void> {
    soon = false;
    while (pending.length > 0) {
      const batch = pending.slice(0, options.batchSize);
      pending = pending.slice(batch.length);
      writingCount += batch.length;
      writing = writing.then(() =>
        options
          .write(batch)
          .catch(options.onError)
          .finally(() => {
            writingCount -= batch.length;
          }),
      );
    }
    return writing;
  }

  const timer = setInterval(() => void flush(), options.everyMs);
  timer.unref();

  return {
    add(item) {
      if (pending.length + writingCount >= options.maxPending) {
        options.onDrop();
        return false;
      }
      pending.push(item);
      if (pending.length >= options.batchSize && !soon) {
        soon = true;
        setImmediate(() => void flush());
      }
      return true;
    },
    flush,
    async stop() {
      clearInterval(timer);
      await flush();
    },
    get pending() {
      return pending.length + writingCount;
    },
  };
}
