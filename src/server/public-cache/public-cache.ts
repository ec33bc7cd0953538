import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { DatabaseHandle } from '../db/database';
import { createViewCounter, type ViewCounter } from './view-counter';
import { createContentVersion } from './content-version';
import { createPageCache, type PageCache, type RenderedAnswer } from './page-cache';
import { sendCached } from './send-cached';

/** The render cache and the view counter that lets cached post pages still count their visits. */
export interface PublicCache {
  pages: PageCache;
  views: ViewCounter;
}

export const DEFAULT_RENDER_CACHE_BYTES = 64 * 1024 * 1024;

/** The cache on the database's content version, and a view counter writing to it. */
export function createPublicCache(
  database: DatabaseHandle,
  log: FastifyBaseLogger,
  maxBytes = DEFAULT_RENDER_CACHE_BYTES,
): PublicCache {
  return {
    pages: createPageCache({
      versions: createContentVersion(database),
      maxBytes,
      onVersionError: (error) => log.warn({ err: error }, 'content version unreadable: served a cached copy'),
    }),
    views: createViewCounter(database.db, (error) => log.error({ err: error }, 'page views not saved')),
  };
}

/**
 * A page shows view counts, so its cached copy is re-rendered after this long even when nothing was
 * written: with the view counter's one-second flush, a shown count lags the true one by under a minute.
 */
export const VIEW_SHOWING_MAX_AGE_MS = 55_000;

/** Answers a public GET from the render cache under its URL (rendering it when stale or absent). */
export async function answerFromCache(
  request: FastifyRequest,
  reply: FastifyReply,
  cache: PublicCache,
  maxAgeMs: number,
  render: () => Promise<RenderedAnswer>,
): Promise<FastifyReply> {
  const { entry, rendered } = await cache.pages.get(request.url, maxAgeMs, render);
  // The render itself counted its visitor's view (the page shows it); later visitors are counted here.
  if (entry.answer.viewOf && !rendered && request.method === 'GET') cache.views.add(entry.answer.viewOf);
  return sendCached(request, reply, entry);
}

/**
 * A public API read (the agency's published posts or categories, the same for every anonymous reader)
 * through the render cache. Signed-in readers get other answers from the same URL, hence Vary.
 */
export function answerJsonFromCache(
  request: FastifyRequest,
  reply: FastifyReply,
  cache: PublicCache,
  build: () => Promise<unknown>,
): Promise<FastifyReply> {
  return answerFromCache(request, reply, cache, VIEW_SHOWING_MAX_AGE_MS, async () => ({
    status: 200,
    contentType: 'application/json; charset=utf-8',
    body: JSON.stringify(await build()),
    varyOn: 'Authorization',
  }));
}
