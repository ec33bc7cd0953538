import { LRUCache } from 'lru-cache';
import type { ContentVersion } from './content-version';
import { encodeBody, type EncodedBody } from './encoded-body';

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
  answer: RenderedAnswer;
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
}

export interface PageCache {
  /**
   * The answer for `key`: the stored one while it is of the current content version and younger than
   * `maxAgeMs`, otherwise rendered now (once, however many requests ask at the same moment).
   */
  get(key: string, maxAgeMs: number, render: () => Promise<RenderedAnswer>): Promise<CacheLookup>;
  /** What is held (tests check that no draft ever is). */
  entries(): IterableIterator<[string, CachedAnswer]>;
  readonly bytes: number;
}

/** Server errors are never kept: the next request tries again. */
const isKept = (answer: RenderedAnswer) => answer.status < 500;

/**
 * The render cache of the public site (docs/decisions/0005-render-cache-and-content-version.md): rendered bytes per URL, compressed once, invalidated
 * exactly by the database's content version rather than by time (the age bound only lets view counts lag).
 */
export function createPageCache(options: PageCacheOptions): PageCache {
  const now = options.now ?? Date.now;
  const store = new LRUCache<string, CachedAnswer>({
    maxSize: Math.max(1, options.maxBytes),
    sizeCalculation: (entry, key) => Math.max(1, entry.body.size + key.length),
  });
  const inFlight = new Map<string, Promise<CachedAnswer>>();

  async function renderOnce(key: string, version: number, render: () => Promise<RenderedAnswer>) {
    const flightKey = `${version} ${key}`;
    const pending = inFlight.get(flightKey);
    if (pending) return { entry: await pending, rendered: false };
    const rendering = (async () => {
      const answer = await render();
      const entry: CachedAnswer = { answer, body: await encodeBody(answer.body), version, renderedAt: now() };
      if (isKept(answer) && entry.body.size + key.length <= options.maxBytes) store.set(key, entry);
      return entry;
    })().finally(() => inFlight.delete(flightKey));
    inFlight.set(flightKey, rendering);
    return { entry: await rendering, rendered: true };
  }

  return {
    async get(key, maxAgeMs, render) {
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
      const held = store.get(key);
      // Versions only grow: an entry of a newer one than this request read is newer content still.
      if (held && held.version >= version && now() - held.renderedAt < maxAgeMs)
        return { entry: held, rendered: false };
      return renderOnce(key, version, render);
    },
    entries: () => store.entries(),
    get bytes() {
      return store.calculatedSize;
    },
  };
}
