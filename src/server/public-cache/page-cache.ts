import { LRUCache } from 'lru-cache';
import { SERVER_MESSAGES } from '../../shared/messages';
import { HttpError } from '../http/errors';
import type { ContentVersion } from './content-version';
import { encodeBody, type EncodedBody } from './encoded-body';
import type { RenderBudget } from './render-budget';

/** What a public route renders: the same bytes for every visitor. */
export interface RenderedAnswer {
  status: number;
  contentType: string;
  body: string;
  /** For a redirect. */
  location?: string;
  /** The post whose page this is: every answer of it counts one view, cached or not. */
  viewOf?: string;
  /** A request header the answer also depends on, for shared caches (Vary). */
  varyOn?: string;
}

export interface CachedAnswer {
  /** The answer but its body, which is kept once, as bytes, in `body`. */
  answer: Omit<RenderedAnswer, 'body'>;
  body: EncodedBody;
  /** The content version it was rendered at. */
  version: number;
  renderedAt: number;
}

export interface CacheLookup {
  entry: CachedAnswer;
  /** True for the one request that rendered it (its work already counted the post's view). */
  rendered: boolean;
}

export interface PageCacheOptions {
  versions: ContentVersion;
  /** Bytes of rendered and compressed bodies held at most; the least recently used go first. */
  maxBytes: number;
  now?: () => number;
  /** Told when the version cannot be read and a stored answer is served regardless. */
  onVersionError?: (error: unknown) => void;
  /** Renders allowed per second; without one, every miss renders. */
  budget?: RenderBudget;
}

export interface PageCache {
  /**
   * The answer for `key`: the stored one while it is of the current content version and younger than
   * `maxAgeMs`, otherwise rendered now (once, however many requests ask at the same moment) when the render
   * budget allows `client` one (named by a function only when a render asks); past it, the stored answer
   * however old, or a 503 when there is none.
   */
  get(
    key: string,
    maxAgeMs: number,
    render: () => Promise<RenderedAnswer>,
    client?: string | (() => string),
  ): Promise<CacheLookup>;
  /** What is held (tests check that no draft ever is). */
  entries(): IterableIterator<[string, CachedAnswer]>;
  readonly bytes: number;
}

/** Server errors are never kept: the next request tries again. */
const isKept = (answer: { status: number }) => answer.status < 500;

/**
 * What an entry costs besides its bodies: the entry and answer objects, three Buffer objects, the LRU's
 * slots and the key (two bytes a character at worst). Measured with many small entries (404s, redirects),
 * where it is most of the cost; counted so that `maxBytes` bounds what the cache really holds.
 */
const ENTRY_OVERHEAD_BYTES = 640;
const entrySize = (entry: CachedAnswer, key: string) =>
  entry.body.size + key.length * 2 + ENTRY_OVERHEAD_BYTES;

/**
 * Past the render budget, a copy of an older content version is still served this long after this instance
 * first saw the new one (a publish makes every page stale at once); later it is refused, so a flood cannot
 * keep a taken-down post on show.
 */
const STALE_AFTER_CHANGE_MS = 10_000;

/**
 * Too many new pages at once: the client may ask again in a second. One instance for every refusal: a loop
 * is answered thousands of times a second, and a fresh error would capture a stack trace each time.
 */
export const RENDERING_BUSY = new HttpError(503, SERVER_MESSAGES.busy, undefined, { 'Retry-After': '1' });

/**
 * The render cache of the public site (docs/decisions/0005-render-cache-and-content-version.md): rendered bytes per URL, compressed once, invalidated
 * exactly by the database's content version rather than by time (the age bound only lets view counts lag).
 */
export function createPageCache(options: PageCacheOptions): PageCache {
  const now = options.now ?? Date.now;
  const store = createSplitStore(options.maxBytes);
  const inFlight = new Map<string, Promise<CachedAnswer>>();
  const newest = { version: -Infinity, seenAt: 0 };

  /** A copy that may stand in for a render the budget refuses: of this version, or of one just replaced. */
  const mayStandIn = (held: CachedAnswer | undefined, version: number) =>
    held !== undefined &&
    (held.version >= version ||
      (version === newest.version && now() - newest.seenAt < STALE_AFTER_CHANGE_MS));

  async function renderOnce(
    key: string,
    version: number,
    render: () => Promise<RenderedAnswer>,
    client: string | (() => string),
    stale: CachedAnswer | undefined,
  ): Promise<CacheLookup> {
    const flightKey = `${version} ${key}`;
    const pending = inFlight.get(flightKey);
    if (pending) return { entry: await pending, rendered: false };
    if (options.budget && !options.budget.take(typeof client === 'function' ? client() : client)) {
      if (stale && mayStandIn(stale, version)) return { entry: stale, rendered: false };
      throw RENDERING_BUSY;
    }
    const rendering = (async () => {
      const { body, ...answer } = await render();
      const entry: CachedAnswer = { answer, body: await encodeBody(body), version, renderedAt: now() };
      if (isKept(answer)) store.set(key, entry);
      return entry;
    })().finally(() => inFlight.delete(flightKey));
    inFlight.set(flightKey, rendering);
    return { entry: await rendering, rendered: true };
  }

  return {
    async get(key, maxAgeMs, render, client = '') {
      let version: number;
      try {
        version = await options.versions.current();
      } catch (error) {
        // The database is unreachable: a page as it last was beats an error page.
        const stale = store.get(key);
        if (!stale) throw error;
        options.onVersionError?.(error);
        return { entry: stale, rendered: false };
      }
      if (version > newest.version) Object.assign(newest, { version, seenAt: now() });
      const held = store.get(key);
      // Versions only grow: an entry of a newer one than this request read is newer content still.
      if (held && held.version >= version && now() - held.renderedAt < maxAgeMs)
        return { entry: held, rendered: false };
      return renderOnce(key, version, render, client, held);
    },
    entries: () => store.entries(),
    get bytes() {
      return store.bytes;
    },
  };
}

/** Of the cache's bytes, what answers of missing pages (4xx) may hold: a loop of them never evicts pages. */
const MISSES_SHARE = 1 / 8;

/**
 * Two least-recently-used stores within one byte bound: pages that exist, and answers saying a page does not
 * (404s, which anyone can ask for endlessly under new addresses), so the second can only evict its own kind.
 */
function createSplitStore(maxBytes: number) {
  const missesBytes = Math.floor(maxBytes * MISSES_SHARE);
  const lru = (bytes: number) =>
    new LRUCache<string, CachedAnswer>({ maxSize: Math.max(1, bytes), sizeCalculation: entrySize });
  const pages = lru(maxBytes - missesBytes);
  const misses = lru(missesBytes);
  const storeOf = (entry: CachedAnswer) => (entry.answer.status >= 400 ? misses : pages);
  return {
    get: (key: string) => pages.get(key) ?? misses.get(key),
    set(key: string, entry: CachedAnswer) {
      const into = storeOf(entry);
      (into === pages ? misses : pages).delete(key);
      // Larger than its store holds: not kept (the LRU would refuse it anyway).
      if (entrySize(entry, key) <= into.maxSize) into.set(key, entry);
    },
    *entries(): IterableIterator<[string, CachedAnswer]> {
      yield* pages.entries();
      yield* misses.entries();
    },
    get bytes() {
      return pages.calculatedSize + misses.calculatedSize;
    },
  };
}
