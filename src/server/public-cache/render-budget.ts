/**
 * How many public answers this instance may render per second, in all and per client address. A render
 * holds the event loop for milliseconds while a cached answer costs microseconds, so a loop of ever-new
 * addresses (`/nope-1`, `/nope-2`… or `/blog?page=N`) would otherwise take the CPU from every visitor of
 * cached pages. Past the budget a page is served as it last was, or refused with 503 and Retry-After when
 * this instance never had it (see page-cache.ts). One client may spend only its share, so another's new
 * page still renders while one address loops.
 */
export interface RenderBudget {
  /** True, and one render spent, when `client` may render now. */
  take(client: string): boolean;
}

export interface RenderBudgetOptions {
  /** Renders per second in all (also the burst a quiet second saves up); 0 for no bound. */
  perSecond: number;
  /** Renders per second for one client address; 0 for no bound of its own. */
  perClientPerSecond: number;
  now?: () => number;
}

/**
 * A client may save up this many seconds of its share: a visitor opening a handful of new pages at once (tabs,
 * a reload) renders them all, while a loop is held to the rate after its first burst.
 */
const CLIENT_BURST_SECONDS = 6;

/** Clients whose buckets are remembered at most. */
const MAX_TRACKED_CLIENTS = 10_000;

interface Bucket {
  tokens: number;
  at: number;
}

/** A token bucket: `rate` tokens a second, holding at most `capacity`. */
function refill(bucket: Bucket, rate: number, capacity: number, now: number) {
  bucket.tokens = Math.min(capacity, bucket.tokens + ((now - bucket.at) / 1000) * rate);
  bucket.at = now;
}

export function createRenderBudget(options: RenderBudgetOptions): RenderBudget {
  const now = options.now ?? (() => performance.now());
  const { perSecond, perClientPerSecond } = options;
  const clientCapacity = perClientPerSecond * CLIENT_BURST_SECONDS;
  const all: Bucket = { tokens: perSecond, at: now() };
  const clients = new Map<string, Bucket>();

  function clientBucket(client: string, at: number): Bucket {
    let bucket = clients.get(client);
    if (bucket) {
      refill(bucket, perClientPerSecond, clientCapacity, at);
      return bucket;
    }
    // The longest-known client is forgotten (a fresh bucket is no gain past the budget in all).
    if (clients.size >= MAX_TRACKED_CLIENTS) clients.delete(clients.keys().next().value!);
    bucket = { tokens: clientCapacity, at };
    clients.set(client, bucket);
    return bucket;
  }

  return {
    take(client) {
      const at = now();
      const own = perClientPerSecond > 0 ? clientBucket(client, at) : null;
      if (perSecond > 0) refill(all, perSecond, perSecond, at);
      if (own && own.tokens < 1) return false;
      if (perSecond > 0 && all.tokens < 1) return false;
      if (own) own.tokens -= 1;
      if (perSecond > 0) all.tokens -= 1;
      return true;
    },
  };
}
