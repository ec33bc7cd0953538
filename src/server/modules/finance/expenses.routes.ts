import { z } from 'zod';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EXPENSE_MESSAGES as M } from '../../../shared/messages';
import { successMessageSchema } from '../../../shared/schemas/answers';
import {
  EXPENSE_LIMITS,
  expenseAnswerSchema,
  expenseDecisionSchema,
  expenseInputSchema,
  expenseListQuerySchema,
  expenseListSchema,
  expenseSchema,
} from '../../../shared/schemas/expenses';
import type { Guards } from '../../auth/guards';
import { answers } from '../../http/answers';
import { withUploadedFile } from '../../http/multipart-file';
import type { ExpensesService } from './expenses.service';

const idParams = z.object({ id: z.string().min(1).max(100) });
const tags = ['finance'];
const LIMITS = { fileSize: EXPENSE_LIMITS.receiptMaxBytes, files: 1, fields: 2, parts: 3 };

/**
 * Expenses (docs/product/finance.md#expenses): the Expense Management section's rule on every route
 * (Finance, and not for SOLOHQ); another workspace's expense answers 404.
 */
export function expensesRoutes(expenses: ExpensesService, guards: Guards): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(multipart, { limits: LIMITS });
    const preValidation = guards.requireSection('expense-management');

    app.get(
      '/expenses',
      {
        preValidation,
        schema: {
          tags,
          querystring: expenseListQuerySchema,
          response: answers({ 200: expenseListSchema }),
          description:
            '`status`, `project`, `category`, `mine=true`, dates `from`/`to`; newest first, with the month’s approved and the waiting totals.',
        },
      },
      (request) => expenses.list(request.currentUser!, request.query),
    );

    app.post(
      '/expenses',
      {
        preValidation,
        schema: { tags, body: expenseInputSchema, response: answers({ 201: expenseAnswerSchema }) },
      },
      async (request, reply) =>
        reply.code(201).send(await expenses.create(request.currentUser!, request.body)),
    );

    app.get(
      '/expenses/:id',
      { preValidation, schema: { tags, params: idParams, response: answers({ 200: expenseSchema }) } },
      (request) => expenses.get(request.currentUser!, request.params.id),
    );

    app.put(
      '/expenses/:id',
      {
        preValidation,
        schema: {
          tags,
          params: idParams,
          body: expenseInputSchema,
          response: answers({ 200: expenseAnswerSchema }),
          description: 'While it waits for approval: who submitted it, or a workspace admin.',
        },
      },
      (request) => expenses.update(request.currentUser!, request.params.id, request.body),
    );

    app.delete(
      '/expenses/:id',
      {
        preValidation,
        schema: {
          tags,
          params: idParams,
          response: answers({ 200: successMessageSchema }),
          description: 'Who submitted it while it waits, or a workspace admin; never one on an invoice.',
        },
      },
      (request) => expenses.remove(request.currentUser!, request.params.id),
    );

    app.post(
      '/expenses/:id/decision',
      {
        preValidation,
        schema: {
          tags,
          params: idParams,
          body: expenseDecisionSchema,
          response: answers({ 200: expenseAnswerSchema }),
          description:
            "Approves or rejects a waiting expense (a workspace admin); an approved one counts against its project's money budget.",
        },
      },
      (request) =>
        expenses.decide(request.currentUser!, request.params.id, request.body.action, request.body.note),
    );

    app.put(
      '/expenses/:id/receipt',
      {
        preValidation,
        schema: {
          tags,
          params: idParams,
          response: answers({ 200: expenseAnswerSchema }),
          description:
            'Multipart `file`: an image (PNG, JPEG, WebP, HEIC) or a PDF of at most 10 MB, checked by its content and counted in the plan’s storage; replaces the one before.',
        },
      },
      (request) =>
        withUploadedFile(
          request,
          { missing: M.receiptMissing, tooLarge: M.receiptTooLarge },
          (upload, name) => expenses.attachReceipt(request.currentUser!, request.params.id, upload, name),
        ),
    );

    app.get(
      '/expenses/:id/receipt',
      { preValidation, schema: { tags, params: idParams } },
      async (request, reply) => {
        const file = await expenses.receipt(request.currentUser!, request.params.id);
        return reply
          .header('Content-Type', file.content_type)
          .header('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.name)}`)
          .header('X-Content-Type-Options', 'nosniff')
          .header('Cache-Control', 'private, no-store')
          .send(Buffer.from(file.data));
      },
    );
  };
}
