import { Readable } from 'node:stream';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  financeSummarySchema,
  gstSummaryQuerySchema,
  gstSummarySchema,
  statementQuerySchema,
  statementSchema,
} from '../../../shared/schemas/finance';
import type { Guards } from '../../auth/guards';
import { answers } from '../../http/answers';
import type { Books } from './books';

const idParams = z.object({ id: z.string().min(1).max(100) });
const tags = ['finance'];

/** The books (docs/product/finance.md#the-books): module Finance Management for every route. */
export function booksRoutes(books: Books, guards: Guards): FastifyPluginAsyncZod {
  return async (app) => {
    const preValidation = guards.requireModule('financeManagement');
    const csv = (name: string) => ({
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${name}"`,
      'Cache-Control': 'no-store',
    });

    app.get(
      '/finance/summary',
      {
        preValidation,
        schema: {
          tags,
          response: answers({ 200: financeSummarySchema }),
          description:
            "Outstanding and overdue with ageing (days past due), received this month, drafts, and the last 12 months invoiced and received, in the workspace's currency.",
        },
      },
      (request) => books.summary(request.currentUser!),
    );

    app.get(
      '/finance/gst-summary',
      {
        preValidation,
        schema: {
          tags,
          querystring: gstSummaryQuerySchema,
          response: answers({ 200: gstSummarySchema }),
          description:
            "The month's final invoices less credit notes by tax category and rate: taxable value, CGST, SGST, IGST, VAT.",
        },
      },
      (request) => books.gstSummary(request.currentUser!, request.query.month),
    );

    app.get(
      '/clients/:id/statement',
      {
        preValidation,
        schema: {
          tags,
          params: idParams,
          querystring: statementQuerySchema,
          response: answers({ 200: statementSchema }),
          description:
            "The client's invoices, credit notes, payments and refunds from `from` to `to` with a running balance (what it owes); the opening balance is everything before `from`. Finance.",
        },
      },
      (request) =>
        books.statement(request.currentUser!, request.params.id, request.query.from, request.query.to),
    );

    app.get('/invoices/export.csv', { preValidation, schema: { tags } }, async (request, reply) =>
      reply.headers(csv('invoices.csv')).send(Readable.from(books.invoicesCsv(request.currentUser!))),
    );

    app.get('/payments/export.csv', { preValidation, schema: { tags } }, async (request, reply) =>
      reply.headers(csv('payments.csv')).send(Readable.from(books.paymentsCsv(request.currentUser!))),
    );
  };
}
