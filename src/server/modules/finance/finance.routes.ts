import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { successMessageSchema } from '../../../shared/schemas/answers';
import {
  creditNoteInputSchema,
  financeSettingsInputSchema,
  financeSettingsSchema,
  invoiceAnswerSchema,
  invoiceInputSchema,
  invoiceListQuerySchema,
  invoiceListSchema,
  invoiceSchema,
  sendInvoiceSchema,
} from '../../../shared/schemas/finance';
import { isIsoDate } from '../../../shared/projects';
import type { Guards } from '../../auth/guards';
import { answers } from '../../http/answers';
import type { FinanceSettingsService } from './finance-settings';
import type { InvoicesService } from './invoices.service';
import type { InvoiceDelivery } from './invoice-delivery';
import { workspaceName } from './invoices.repository';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';

const idParams = z.object({ id: z.string().min(1).max(100) });
const tags = ['finance'];

const projectInvoiceSchema = z
  .object({
    groupBy: z.enum(['task', 'person']).default('task'),
    /** Bill time up to this day (today when empty). */
    through: z
      .string()
      .trim()
      .refine((value) => value === '' || isIsoDate(value), 'Enter the date as YYYY-MM-DD')
      .nullish()
      .transform((value) => value || null),
  })
  .nullish()
  .transform((value) => value ?? { groupBy: 'task' as const, through: null });

/**
 * The tax profile and invoices (docs/product/finance.md): module Finance Management for every route;
 * another workspace's invoice answers 404 as one that does not exist.
 */
export function financeRoutes(
  db: Kysely<Database>,
  settings: FinanceSettingsService,
  invoices: InvoicesService,
  delivery: InvoiceDelivery,
  guards: Guards,
): FastifyPluginAsyncZod {
  return async (app) => {
    const preValidation = guards.requireModule('financeManagement');

    app.get(
      '/finance/settings',
      { preValidation, schema: { tags, response: answers({ 200: financeSettingsSchema }) } },
      async (request) =>
        settings.get(request.currentUser!, await workspaceName(db, request.currentUser!.workspace_id)),
    );

    app.put(
      '/finance/settings',
      {
        preValidation,
        schema: {
          tags,
          body: financeSettingsInputSchema,
          response: answers({ 200: z.object({ message: z.string(), settings: financeSettingsSchema }) }),
          description:
            'The tax profile invoices print (legal name, address, GST state or country, GSTIN or VAT number, default rate and SAC) and the series: prefixes and the month the financial year starts.',
        },
      },
      (request) => settings.save(request.currentUser!, request.body),
    );

    app.get(
      '/invoices',
      {
        preValidation,
        schema: {
          tags,
          querystring: invoiceListQuerySchema,
          response: answers({ 200: invoiceListSchema }),
          description:
            '`kind` invoice (default) or credit_note; `state` a comma list of draft, sent, partly_paid, overdue, paid, credited; `client`, `project`, `search`, issue dates `from`/`to`. Newest first.',
        },
      },
      (request) => invoices.list(request.currentUser!, request.query),
    );

    app.post(
      '/invoices',
      {
        preValidation,
        schema: { tags, body: invoiceInputSchema, response: answers({ 201: invoiceAnswerSchema }) },
      },
      async (request, reply) =>
        reply.code(201).send(await invoices.create(request.currentUser!, request.body)),
    );

    app.get(
      '/invoices/:id',
      { preValidation, schema: { tags, params: idParams, response: answers({ 200: invoiceSchema }) } },
      (request) => invoices.get(request.currentUser!, request.params.id),
    );

    app.put(
      '/invoices/:id',
      {
        preValidation,
        schema: {
          tags,
          params: idParams,
          body: invoiceInputSchema,
          response: answers({ 200: invoiceAnswerSchema }),
          description: 'A draft, whole. A final invoice answers 409: a credit note corrects it.',
        },
      },
      (request) => invoices.update(request.currentUser!, request.params.id, request.body),
    );

    app.delete(
      '/invoices/:id',
      {
        preValidation,
        schema: {
          tags,
          params: idParams,
          response: answers({ 200: successMessageSchema }),
          description: 'A draft only (409 for a final one); time it billed is free to bill again.',
        },
      },
      (request) => invoices.remove(request.currentUser!, request.params.id),
    );

    app.post(
      '/invoices/:id/finalise',
      {
        preValidation,
        schema: {
          tags,
          params: idParams,
          response: answers({ 200: invoiceAnswerSchema }),
          description:
            "Numbers the draft from the workspace's series (consecutive, without gaps, per financial year), dates it today and makes it read-only.",
        },
      },
      (request) => invoices.finalise(request.currentUser!, request.params.id),
    );

    app.get(
      '/invoices/:id/pdf',
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

    app.get(
      '/invoices/:id/e-invoice',
      {
        preValidation,
        schema: {
          tags,
          params: idParams,
          description:
            'The final invoice or credit note as the Indian e-invoice JSON (IRP schema INV-01 1.1), to upload to the Invoice Registration Portal. 409 for a draft, a VAT invoice, or parties without what the schema needs.',
        },
      },
      async (request, reply) => {
        const { json, fileName } = await delivery.eInvoice(request.currentUser!, request.params.id);
        return reply
          .header('Content-Disposition', `attachment; filename="${fileName}"`)
          .header('Cache-Control', 'no-store')
          .send(json);
      },
    );

    app.post(
      '/invoices/:id/send',
      {
        preValidation,
        schema: {
          tags,
          params: idParams,
          body: sendInvoiceSchema,
          response: answers({ 200: invoiceAnswerSchema }),
          description:
            "E-mails the final invoice or credit note with its PDF attached, through the outbox, to the client's first contact with an address or to `to`; counted in the plan's e-mails a day.",
        },
      },
      (request) => delivery.send(request.currentUser!, request.params.id, request.body),
    );

    app.put(
      '/invoices/:id/reminders',
      {
        preValidation,
        schema: {
          tags,
          params: idParams,
          body: z.object({ paused: z.boolean() }),
          response: answers({ 200: invoiceAnswerSchema }),
          description:
            'Stops (`paused: true`) or resumes the payment reminders of an invoice: 3 days before its due date, on it, 7 and 21 days after.',
        },
      },
      (request) => invoices.setReminders(request.currentUser!, request.params.id, request.body.paused),
    );

    app.post(
      '/invoices/:id/credit-notes',
      {
        preValidation,
        schema: {
          tags,
          params: idParams,
          body: creditNoteInputSchema,
          response: answers({ 201: invoiceAnswerSchema }),
          description:
            'A credit note against a final invoice: the whole of it, or the `lines` given, at most what is left to credit. Final at once, with its own series.',
        },
      },
      async (request, reply) =>
        reply.code(201).send(await invoices.credit(request.currentUser!, request.params.id, request.body)),
    );

    app.post(
      '/projects/:id/invoice',
      {
        preValidation: guards.requireModules(['financeManagement', 'projects']),
        schema: {
          tags,
          params: idParams,
          body: projectInvoiceSchema,
          response: answers({ 201: invoiceAnswerSchema }),
          description:
            "A draft billing the project's approved, billable hours not yet invoiced (up to `through`), a line per task or per person; those hours are never billed twice. Finance and Projects.",
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send(
            await invoices.fromProject(
              request.currentUser!,
              request.params.id,
              request.body.groupBy,
              request.body.through,
            ),
          ),
    );
  };
}
