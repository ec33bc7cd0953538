import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CachedAnswer } from './page-cache';
import { chooseEncoding, etagOf, matchesIfNoneMatch } from './encoded-body';

/**
 * What public pages, sitemaps and the feed tell browsers and CDNs: browsers revalidate every time (a 304
 * against the ETag costs a few hundred bytes), a shared cache keeps a copy for a minute and may serve it
 * for ten more while it fetches a fresh one. A publish therefore reaches a CDN's visitors within a minute,
 * and this server's own answers at once.
 */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=0, s-maxage=60, stale-while-revalidate=600';

/** Sends a cached answer in the encoding the client prefers, or 304 when it already holds these bytes. */
export function sendCached(request: FastifyRequest, reply: FastifyReply, entry: CachedAnswer): FastifyReply {
  const { answer, body } = entry;
  reply
    .header('cache-control', PUBLIC_CACHE_CONTROL)
    .header('vary', answer.varyOn ? `Accept-Encoding, ${answer.varyOn}` : 'Accept-Encoding');
  if (answer.location !== undefined)
    return reply.code(answer.status).header('location', answer.location).send();
  const encoding = chooseEncoding(body, request.headers['accept-encoding']);
  // Validators only for success: a 404 or a redirect is not worth revalidating.
  if (answer.status === 200) {
    reply.header('etag', etagOf(body, encoding));
    if (matchesIfNoneMatch(body, request.headers['if-none-match'])) return reply.code(304).send();
  }
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.code(answer.status).type(answer.contentType).send(body.forms[encoding]);
}
