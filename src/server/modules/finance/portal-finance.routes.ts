import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { statementQuerySchema, statementSchema } from '../../../shared/schemas/finance';
import {
  paymentNoticeInputSchema,
  portalAcceptSchema,
  portalDeclineSchema,
  portalEstimateAnswerSchema,
  portalEstimateListSchema,
  portalEstimateSchema,
  portalInvoiceListSchema,
  portalInvoiceSchema,
  portalNoticeAnswerSchema,
} from '../../../shared/schemas/portal-finance';
import type { Guard } from '../../auth/guards';
import { portalScope } from '../../auth/portal-guard';
import { answers } from '../../http/answers';
import { jsonOnly } from '../../http/json-only';
import type { PortalActor, PortalEstimates } from './portal-estimates';
import type { PortalInvoices } from './portal-invoices';

const idParams = z.object({ id: z.string().min(1).max(100) });
const tags = ['portal'];

/** The signed-in contact and the address the request came from (the real client's behind TRUST_PROXY). */
function actorOf(request: FastifyRequest): PortalActor {
  const scope = portalScope(request);
  const portal = request.portal!;
  return { ...scope, accessId: portal.accessId, name: portal.name, email: portal.email, ip: request.ip };
}

const sendPdf = (reply: FastifyReply, file: { bytes: Buffer; fileName: string }) =>
  reply
    .header('Content-Type', 'application/pdf')
    .header('Content-Disposition', `attachment; filename="${file.fileName}"`)
    .header('Cache-Control', 'private, no-store')
    .send(file.bytes);

/**
 * Estimates and invoices in the client portal (docs/product/portal.md#estimates,
 * docs/product/portal.md#invoices-and-paying): behind `requirePortal` (the portal cookie only), every query
 * scoped by the contact's workspace and client, another client's document answering 404; writes JSON only.
 */
export function portalFinanceRoutes(
  estimates: PortalEstimates,
  invoices: PortalInvoices,
  requirePortal: Guard,
): FastifyPluginAsyncZod {
  return async (app) => {
    const write = [requirePortal, jsonOnly];

    app.get(
      '/portal/estimates',
      {
        preValidation: requirePortal,
        schema: {
          tags,
          response: answers({ 200: portalEstimateListSchema }),
          description: "The client's estimates that were sent (never a draft), newest first.",
        },
      },
      (request) => estimates.list(portalScope(request)),
    );

    app.get(
      '/portal/estimates/:id',
      {
        preValidation: requirePortal,
        schema: { tags, params: idParams, response: answers({ 200: portalEstimateSchema }) },
      },
      (request) => estimates.get(portalScope(request), request.params.id),
    );

    app.get(
      '/portal/estimates/:id/pdf',
      { preValidation: requirePortal, schema: { tags, params: idParams } },
      async (request, reply) => sendPdf(reply, await estimates.pdf(portalScope(request), request.params.id)),
    );

    app.post(
      '/portal/estimates/:id/accept',
      {
        preValidation: write,
        schema: {
          tags,
          params: idParams,
          body: portalAcceptSchema,
          response: answers({ 200: portalEstimateAnswerSchema }),
          description:
            'Accepts a sent, still valid estimate with the name typed and `agreed: true`; stores the name, time, address and the SHA-256 of the PDF as sent, and locks it. Answered already or expired: 409.',
        },
      },
      (request) => estimates.accept(actorOf(request), request.params.id, request.body),
    );

    app.post(
      '/portal/estimates/:id/decline',
      {
        preValidation: write,
        schema: {
          tags,
          params: idParams,
          body: portalDeclineSchema,
          response: answers({ 200: portalEstimateAnswerSchema }),
          description: 'Declines a sent, still valid estimate with a reason; it is then locked.',
        },
      },
      (request) => estimates.decline(actorOf(request), request.params.id, request.body.reason),
    );

    app.get(
      '/portal/invoices',
      {
        preValidation: requirePortal,
        schema: {
          tags,
          response: answers({ 200: portalInvoiceListSchema }),
          description:
            "The client's final invoices: those with something to pay first (oldest due first, past-due flagged), then the settled ones.",
        },
      },
      (request) => invoices.list(portalScope(request)),
    );

    app.get(
      '/portal/invoices/:id',
      {
        preValidation: requirePortal,
        schema: {
          tags,
          params: idParams,
          response: answers({ 200: portalInvoiceSchema }),
          description:
            "Lines, totals, balance, payments received and how to pay: the agency's bank details, its UPI id and the UPI QR code for the balance (an SVG data URL).",
        },
      },
      (request) => invoices.get(actorOf(request), request.params.id),
    );

    app.get(
      '/portal/invoices/:id/pdf',
      { preValidation: requirePortal, schema: { tags, params: idParams } },
      async (request, reply) => sendPdf(reply, await invoices.pdf(portalScope(request), request.params.id)),
    );

    app.post(
      '/portal/invoices/:id/payment-notice',
      {
        preValidation: write,
        schema: {
          tags,
          params: idParams,
          body: paymentNoticeInputSchema,
          response: answers({ 201: portalNoticeAnswerSchema }),
          description:
            '"I have paid": tells the agency (its bell and audit log), who records the payment. Nothing left to pay: 409; 10 an hour per contact (429).',
        },
      },
      async (request, reply) =>
        reply.code(201).send(await invoices.notice(actorOf(request), request.params.id, request.body)),
    );

    app.get(
      '/portal/statement',
      {
        preValidation: requirePortal,
        schema: {
          tags,
          querystring: statementQuerySchema,
          response: answers({ 200: statementSchema }),
          description:
            "The client's statement: invoices and refunds, credit notes and payments with a running balance, as the agency's.",
        },
      },
      (request) => invoices.statement(portalScope(request), request.query.from, request.query.to),
    );
  };
}
