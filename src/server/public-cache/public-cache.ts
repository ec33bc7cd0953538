import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { DatabaseHandle } from '../db/database';
import { createViewCounter, type ViewCounter } from './view-counter';
import { addressKey } from '../limits/address-key';
import { createContentVersion } from './content-version';
import { createPageCache, type PageCache, type RenderedAnswer } from './page-cache';
import { createRenderBudget, type RenderBudget, type RenderBudgetOptions } from './render-budget';
import { sendCached } from './send-cached';

/** The render cache and the view counter that lets cached post pages still count their visits. */
export interface PublicCache {
  pages: PageCache;
  views: ViewCounter;
  /** The renders-per-second budget the cache spends; answers rendered outside it (previews) spend it too. */
  budget?: RenderBudget;
}

export const DEFAULT_RENDER_CACHE_BYTES = 64 * 1024 * 1024;

export interface PublicCacheLimits {
  /** Bytes of answers held (RENDER_CACHE_MB); 64 MB when not given. */
  maxBytes?: number;
  /** Renders per second, in all and per client address (RENDER_BUDGET, RENDER_BUDGET_PER_CLIENT). */
  renders?: Omit<RenderBudgetOptions, 'now'>;
}

/** The cache on the database's content version, and a view counter writing to it. */
export function createPublicCache(
  database: DatabaseHandle,
  log: FastifyBaseLogger,
  limits: PublicCacheLimits = { maxBytes: DEFAULT_RENDER_CACHE_BYTES },
): PublicCache {
  const budget = limits.renders && createRenderBudget(limits.renders);
  return {
    budget,
    pages: createPageCache({
      versions: createContentVersion(database),
      maxBytes: limits.maxBytes ?? DEFAULT_RENDER_CACHE_BYTES,
      budget,
      onVersionError: (error) => log.warn({ err: error }, 'content version unreadable: served a cached copy'),
    }),
    views: createViewCounter(database.db, (error) => log.error({ err: error }, 'page views not saved')),
  };
}

/** The key a client's renders are counted under: its address, an IPv6 address by its /64. */
export const renderClient = (request: FastifyRequest): string => addressKey(request.ip);

/**
 * A page shows view counts, so its cached copy is re-rendered after this long even when nothing was
 * written: with the view counter's one-second flush, a shown count lags the true one by under a minute.
 */
export const VIEW_SHOWING_MAX_AGE_MS = 55_000;

/**
 * Answers a public GET from the render cache under `key` — what the answer's bytes depend on, never the
 * raw address, whose unread parameters would make every campaign click a new render (page-address.ts) —
 * rendering it when stale or absent and the render budget allows the client.
 */
export async function answerFromCache(
  request: FastifyRequest,
  reply: FastifyReply,
  cache: PublicCache,
  key: string,
  maxAgeMs: number,
  render: () => Promise<RenderedAnswer>,
): Promise<FastifyReply> {
  // The client is named only for a render: a cached answer, most of them, has no use for its address.
  const client = () => renderClient(request);
  const { entry, rendered } = await cache.pages.get(key, maxAgeMs, render, client);
  // The render itself counted its visitor's view (the page shows it); later visitors are counted here.
  if (entry.answer.viewOf && !rendered && request.method === 'GET') cache.views.add(entry.answer.viewOf);
  return sendCached(request, reply, entry);
}

/**
 * A route's path and its validated query, sorted: its schema dropped unknown parameters, and a route
 * without a query schema reads none.
 */
export function queryKey(request: FastifyRequest): string {
  const path = request.url.split('?')[0]!;
  const validated = request.routeOptions.schema?.querystring !== undefined;
  const query = (validated ? (request.query ?? {}) : {}) as Record<string, unknown>;
  const params = new URLSearchParams();
  for (const name of Object.keys(query).sort())
    if (query[name] !== undefined) params.set(name, String(query[name]));
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

/**
 * A public API read (the agency's published posts or categories, the same for every anonymous reader)
 * through the render cache, keyed by what it read. Signed-in readers get other answers from the same URL,
 * hence Vary.
 */
export function answerJsonFromCache(
  request: FastifyRequest,
  reply: FastifyReply,
  cache: PublicCache,
  build: () => Promise<unknown>,
): Promise<FastifyReply> {
  return answerFromCache(request, reply, cache, queryKey(request), VIEW_SHOWING_MAX_AGE_MS, async () => ({
    status: 200,
    contentType: 'application/json; charset=utf-8',
    body: JSON.stringify(await build()),
    varyOn: 'Authorization',
  }));
}
