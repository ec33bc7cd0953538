import { z } from 'zod';
import type { Kysely } from 'kysely';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/types';
import { notFound } from '../../http/errors';
import { findMediaBytes } from './media.repository';
import { PUBLIC_ROUTE } from '../../auth/guards';

const mediaParams = z.object({ id: z.string().min(1).max(100) });
const variantParams = mediaParams.extend({ width: z.coerce.number().int().min(1).max(10_000) });

/**
 * GET /api/media/:id and /api/media/:id/w/:width (docs/product/api.md#beyond-the-first-calls). Public, because <img> sends no bearer token;
 * ids are random UUIDs. A media id never changes its bytes, so answers are cacheable forever.
 */
export function mediaRoutes(db: Kysely<Database>): FastifyPluginAsyncZod {
  return async (app) => {
    async function serve(reply: FastifyReply, ifNoneMatch: string | undefined, id: string, width?: number) {
      const media = await findMediaBytes(db, id, width);
      if (!media) throw notFound();
      const etag = `"${id}${width === undefined ? '' : `-w${width}`}"`;
      reply
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .header('X-Content-Type-Options', 'nosniff')
        .header('ETag', etag);
      if (ifNoneMatch?.split(',').some((tag) => tag.trim() === etag)) return reply.code(304).send();
      return reply.type(media.contentType).send(media.bytes);
    }

    app.get(
      '/media/:id',
      { config: PUBLIC_ROUTE, schema: { params: mediaParams, tags: ['media'] } },
      (request, reply) => serve(reply, request.headers['if-none-match'], request.params.id),
    );

    app.get(
      '/media/:id/w/:width',
      { config: PUBLIC_ROUTE, schema: { params: variantParams, tags: ['media'] } },
      (request, reply) =>
        serve(reply, request.headers['if-none-match'], request.params.id, request.params.width),
    );
  };
}
