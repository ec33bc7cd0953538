import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BOUNCE_MESSAGES as M } from '../../../shared/messages';
import { BOUNCES, BOUNCE_WEBHOOK_SIGNATURE_HEADER } from '../../../shared/bounces';
import { bounceWebhookAnswerSchema, bounceWebhookParamsSchema } from '../../../shared/schemas/bounces';
import { PUBLIC_ROUTE } from '../../auth/guards';
import { answers } from '../../http/answers';
import type { BouncesService } from './bounces.service';

/**
 * The provider webhook (docs/product/marketing.md#provider-webhooks): public, but nothing is believed
 * without the workspace's HMAC over the exact bytes received, so the body is kept raw (at most 256 KB)
 * and parsed only once the signature holds.
 */
export function bounceWebhookRoutes(bounces: BouncesService): FastifyPluginAsyncZod {
  return async (app) => {
    // Only in this plugin: JSON arrives as bytes, for the signature.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: BOUNCES.webhookBodyMax },
      (_r, body, done) => done(null, body),
    );

    app.post(
      '/bounces/webhook/:key',
      {
        config: PUBLIC_ROUTE,
        bodyLimit: BOUNCES.webhookBodyMax,
        schema: {
          params: bounceWebhookParamsSchema,
          tags: ['marketing'],
          response: answers({ 202: bounceWebhookAnswerSchema }),
          description:
            'A provider reports bounces and complaints: JSON `{events:[{id, type: bounce|complaint, email, status?, bounceType?, diagnostic?, timestamp?}]}` signed with `X-AgencyHQ-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. 401 for a missing, wrong or stale (over 5 minutes) signature, 409 for a signature already used, 413 past 256 KB. Events about addresses the workspace sent no bulk mail to are ignored.',
        },
      },
      async (request, reply) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const header = request.headers[BOUNCE_WEBHOOK_SIGNATURE_HEADER];
        const recorded = await bounces.receiveWebhook(
          request.params.key,
          raw,
          Array.isArray(header) ? header[0] : header,
        );
        return reply.code(202).send({ message: M.webhookAccepted(recorded), recorded });
      },
    );
  };
}
