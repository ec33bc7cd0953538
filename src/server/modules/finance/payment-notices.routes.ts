import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { invoiceAnswerSchema } from '../../../shared/schemas/finance';
import type { Guards } from '../../auth/guards';
import { answers } from '../../http/answers';
import type { PaymentNotices } from './payment-notices';

const params = z.object({ id: z.string().min(1).max(100), noticeId: z.string().min(1).max(100) });

/** Dismissing a client's "I have paid" (docs/product/finance.md#payment-notices): module Finance Management. */
export function paymentNoticesRoutes(notices: PaymentNotices, guards: Guards): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/invoices/:id/payment-notices/:noticeId/dismiss',
      {
        preValidation: guards.requireModule('financeManagement'),
        schema: {
          tags: ['finance'],
          params,
          response: answers({ 200: invoiceAnswerSchema }),
          description:
            "Sets a client's payment notice aside without recording a payment; recording a payment on the invoice handles its notices by itself.",
        },
      },
      (request) => notices.dismiss(request.currentUser!, request.params.id, request.params.noticeId),
    );
  };
}
