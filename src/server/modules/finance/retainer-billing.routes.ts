import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { invoiceAnswerSchema } from '../../../shared/schemas/finance';
import type { Guards } from '../../auth/guards';
import { answers } from '../../http/answers';
import type { RetainerBilling } from './retainer-billing';

/** A retainer's month invoiced by a person (docs/product/finance.md#retainer-invoices): Finance and Projects. */
export function retainerBillingRoutes(retainers: RetainerBilling, guards: Guards): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/projects/:id/retainer-invoice',
      {
        preValidation: guards.requireModules(['financeManagement', 'projects']),
        schema: {
          tags: ['finance'],
          params: z.object({ id: z.string().min(1).max(100) }),
          body: z.object({ month: z.string().trim().max(7) }),
          response: answers({ 201: invoiceAnswerSchema }),
          description:
            "A draft invoicing a retainer's `month` (YYYY-MM, this month or earlier): its fee, and the hours past its month's hours and rollover at the project's rate. Each month once, whether made here or by the monthly run.",
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send(await retainers.billMonth(request.currentUser!, request.params.id, request.body.month)),
    );
  };
}
