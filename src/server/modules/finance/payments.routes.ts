import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { successMessageSchema } from '../../../shared/schemas/answers';
import {
  allocationInputSchema,
  paymentAnswerSchema,
  paymentInputSchema,
  paymentListQuerySchema,
  paymentListSchema,
  paymentSchema,
  refundInputSchema,
} from '../../../shared/schemas/finance';
import type { Guards } from '../../auth/guards';
import { answers } from '../../http/answers';
import type { PaymentsService } from './payments.service';

const idParams = z.object({ id: z.string().min(1).max(100) });
const tags = ['finance'];

/** Payments (docs/product/finance.md#payments): module Finance Management; another workspace's is 404. */
export function paymentsRoutes(payments: PaymentsService, guards: Guards): FastifyPluginAsyncZod {
  return async (app) => {
    const preValidation = guards.requireModule('financeManagement');

    app.get(
      '/payments',
      {
        preValidation,
        schema: {
          tags,
          querystring: paymentListQuerySchema,
          response: answers({ 200: paymentListSchema }),
          description:
            '`client`, dates `from`/`to`, `unallocated=true` for those holding credit. Newest first.',
        },
      },
      (request) => payments.list(request.currentUser!, request.query),
    );

    app.post(
      '/payments',
      {
        preValidation,
        schema: {
          tags,
          body: paymentInputSchema,
          response: answers({ 201: paymentAnswerSchema }),
          description:
            "Money a client paid, in the client's currency, split across its final invoices by `allocations`; what is not allocated is the client's credit.",
        },
      },
      async (request, reply) =>
        reply.code(201).send(await payments.record(request.currentUser!, request.body)),
    );

    app.get(
      '/payments/:id',
      { preValidation, schema: { tags, params: idParams, response: answers({ 200: paymentSchema }) } },
      (request) => payments.get(request.currentUser!, request.params.id),
    );

    app.post(
      '/payments/:id/allocations',
      {
        preValidation,
        schema: {
          tags,
          params: idParams,
          body: allocationInputSchema,
          response: answers({ 200: paymentAnswerSchema }),
          description:
            "More of the payment's unallocated money (the client's credit) settles these invoices.",
        },
      },
      (request) => payments.allocate(request.currentUser!, request.params.id, request.body.allocations),
    );

    app.post(
      '/payments/:id/refunds',
      {
        preValidation,
        schema: {
          tags,
          params: idParams,
          body: refundInputSchema,
          response: answers({ 201: paymentAnswerSchema }),
          description: 'Money given back from what the payment has not settled.',
        },
      },
      async (request, reply) =>
        reply.code(201).send(await payments.refund(request.currentUser!, request.params.id, request.body)),
    );

    app.delete(
      '/payments/:id',
      {
        preValidation,
        schema: {
          tags,
          params: idParams,
          response: answers({ 200: successMessageSchema }),
          description: 'A mistaken payment (its invoices are owed again) or refund; not one with refunds.',
        },
      },
      (request) => payments.remove(request.currentUser!, request.params.id),
    );
  };
}
