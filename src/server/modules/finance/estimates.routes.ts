import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ESTIMATE_MESSAGES as M } from '../../../shared/messages';
import { successMessageSchema } from '../../../shared/schemas/answers';
import {
  estimateAcceptSchema,
  estimateAnswerSchema,
  estimateConversionSchema,
  estimateDeclineSchema,
  estimateInputSchema,
  estimateListQuerySchema,
  estimateListSchema,
  estimateSchema,
} from '../../../shared/schemas/estimates';
import { sendInvoiceSchema } from '../../../shared/schemas/finance';
import { PUBLIC_ROUTE, type Guards } from '../../auth/guards';
import { answers } from '../../http/answers';
import { notFound } from '../../http/errors';
import type { EstimateDelivery } from './estimate-delivery';
import type { EstimatesService } from './estimates.service';

const idParams = z.object({ id: z.string().min(1).max(100) });
const tags = ['finance'];

/**
 * Estimates (docs/product/finance.md#estimates): the Invoice Generation section's rule on every route, so
 * Solo HQ quotes too; another workspace's estimate answers 404.
 */
export function estimatesRoutes(
  estimates: EstimatesService,
  delivery: EstimateDelivery,
  guards: Guards,
): FastifyPluginAsyncZod {
  return async (app) => {
    const preValidation = guards.requireSection('invoice-generation');

    app.get(
      '/estimates',
      {
        preValidation,
        schema: {
          tags,
          querystring: estimateListQuerySchema,
          response: answers({ 200: estimateListSchema }),
          description: '`state`, `client`, `search`; newest first.',
        },
      },
      (request) => estimates.list(request.currentUser!, request.query),
    );

    app.post(
      '/estimates',
      {
        preValidation,
        schema: { tags, body: estimateInputSchema, response: answers({ 201: estimateAnswerSchema }) },
      },
      async (request, reply) =>
        reply.code(201).send(await estimates.create(request.currentUser!, request.body)),
    );

    app.get(
      '/estimates/:id',
      { preValidation, schema: { tags, params: idParams, response: answers({ 200: estimateSchema }) } },
      (request) => estimates.get(request.currentUser!, request.params.id),
    );

    app.put(
      '/estimates/:id',
      {
        preValidation,
        schema: {
          tags,
          params: idParams,
          body: estimateInputSchema,
          response: answers({ 200: estimateAnswerSchema }),
          description: 'Whole, until the client answers; an accepted or declined estimate answers 409.',
        },
      },
      (request) => estimates.update(request.currentUser!, request.params.id, request.body),
    );

    app.delete(
      '/estimates/:id',
      {
        preValidation,
        schema: {
          tags,
          params: idParams,
          response: answers({ 200: successMessageSchema }),
          description: 'Until the client answers.',
        },
      },
      (request) => estimates.remove(request.currentUser!, request.params.id),
    );

    app.get(
      '/estimates/:id/pdf',
      { preValidation, schema: { tags, params: idParams } },
      async (request, reply) => {
        const { bytes, fileName } = await delivery.pdf(request.currentUser!, request.params.id);
        return reply
          .header('Content-Type', 'application/pdf')
          .header('Content-Disposition', `attachment; filename="${fileName}"`)
          .header('Cache-Control', 'no-store')
          .send(bytes);
      },
    );

    app.post(
      '/estimates/:id/send',
      {
        preValidation,
        schema: {
          tags,
          params: idParams,
          body: sendInvoiceSchema,
          response: answers({ 200: estimateAnswerSchema }),
          description:
            "E-mails the estimate with its PDF attached and a link to it, through the outbox, to the client's first contact with an address or to `to`; counted in the plan's e-mails a day. It is then Sent.",
        },
      },
      (request) => delivery.send(request.currentUser!, request.params.id, request.body),
    );

    app.post(
      '/estimates/:id/accept',
      {
        preValidation,
        schema: {
          tags,
          params: idParams,
          body: estimateAcceptSchema,
          response: answers({ 200: estimateAnswerSchema }),
          description:
            'Records that the client accepted a sent estimate: who (`acceptedBy`), on which day, and the member who recorded it. It is then locked.',
        },
      },
      (request) => estimates.accept(request.currentUser!, request.params.id, request.body),
    );

    app.post(
      '/estimates/:id/decline',
      {
        preValidation,
        schema: {
          tags,
          params: idParams,
          body: estimateDeclineSchema,
          response: answers({ 200: estimateAnswerSchema }),
        },
      },
      (request) => estimates.decline(request.currentUser!, request.params.id, request.body.reason),
    );

    app.post(
      '/estimates/:id/project',
      {
        preValidation,
        schema: {
          tags,
          params: idParams,
          body: estimateConversionSchema,
          response: answers({ 200: estimateAnswerSchema }),
          description:
            "Makes an accepted estimate a project, once: its budget the estimate's taxable value and hours unless given; `depositBp` > 0 also makes a draft deposit invoice for that share.",
        },
      },
      (request) => estimates.convert(request.currentUser!, request.params.id, request.body),
    );
  };
}

/** The estimate behind the client's e-mail link, outside /api: the secret in the path is the key. */
export function estimateLinkRoutes(delivery: EstimateDelivery): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/estimate/:token',
      { config: PUBLIC_ROUTE, schema: { hide: true, params: z.object({ token: z.string().max(200) }) } },
      async (request, reply) => {
        const file = await delivery.pdfByToken(request.params.token);
        if (!file) throw notFound(M.linkNotFound);
        return reply
          .header('Content-Type', 'application/pdf')
          .header('Content-Disposition', `inline; filename="${file.fileName}"`)
          .header('Cache-Control', 'private, no-store')
          .header('X-Robots-Tag', 'noindex')
          .header('Referrer-Policy', 'no-referrer')
          .send(file.bytes);
      },
    );
  };
}
