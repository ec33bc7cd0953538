import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { successMessageSchema } from '../../../shared/schemas/answers';
import {
  emailTemplateAnswerSchema,
  emailTemplateInputSchema,
  emailTemplateListSchema,
  emailTemplatePreviewInputSchema,
  emailTemplatePreviewSchema,
  emailTemplateSchema,
  emailTemplateTestAnswerSchema,
} from '../../../shared/schemas/email-templates';
import type { Guards } from '../../auth/guards';
import { answers } from '../../http/answers';
import type { EmailTemplatesService } from './email-templates.service';

const idParams = z.object({ id: z.string().min(1).max(100) });
const tags = ['marketing'];

/**
 * E-mail templates (docs/product/marketing.md#templates): the Email Template section's rule on every route
 * (the Marketing module); another workspace's template answers 404.
 */
export function emailTemplatesRoutes(
  templates: EmailTemplatesService,
  guards: Guards,
): FastifyPluginAsyncZod {
  return async (app) => {
    const preValidation = guards.requireSection('email-template');

    app.get(
      '/email-templates',
      { preValidation, schema: { tags, response: answers({ 200: emailTemplateListSchema }) } },
      (request) => templates.list(request.currentUser!),
    );

    app.post(
      '/email-templates',
      {
        preValidation,
        schema: {
          tags,
          body: emailTemplateInputSchema,
          response: answers({ 201: emailTemplateAnswerSchema }),
          description:
            'Checked and rendered before it is stored: malformed MJML, unknown merge fields, script, event handlers, other URL schemes than https/http/mailto/tel, frames, forms and <meta http-equiv> answer 400 naming each problem; so does a missing postal address in Web Settings.',
        },
      },
      async (request, reply) =>
        reply.code(201).send(await templates.create(request.currentUser!, request.body)),
    );

    app.post(
      '/email-templates/preview',
      {
        preValidation,
        schema: {
          tags,
          body: emailTemplatePreviewInputSchema,
          response: answers({ 200: emailTemplatePreviewSchema }),
          description:
            'Renders an unsaved source for a sample person (`sample`: name, company, owner, email): `{ subject, html, text, errors }`; with problems, `errors` lists them and the rest is empty.',
        },
      },
      (request) => templates.preview(request.body),
    );

    app.get(
      '/email-templates/:id',
      { preValidation, schema: { tags, params: idParams, response: answers({ 200: emailTemplateSchema }) } },
      (request) => templates.get(request.currentUser!, request.params.id),
    );

    app.put(
      '/email-templates/:id',
      {
        preValidation,
        schema: {
          tags,
          params: idParams,
          body: emailTemplateInputSchema,
          response: answers({ 200: emailTemplateAnswerSchema }),
        },
      },
      (request) => templates.update(request.currentUser!, request.params.id, request.body),
    );

    app.delete(
      '/email-templates/:id',
      { preValidation, schema: { tags, params: idParams, response: answers({ 200: successMessageSchema }) } },
      (request) => templates.remove(request.currentUser!, request.params.id),
    );

    app.post(
      '/email-templates/:id/test-send',
      {
        preValidation,
        schema: {
          tags,
          params: idParams,
          response: answers({ 200: emailTemplateTestAnswerSchema }),
          description:
            "Queues the saved template to the caller's own address (never another): through the workspace's own mail set-up, counted in the plan's e-mails a day, at most 10 an hour per person.",
        },
      },
      (request) => templates.testSend(request.currentUser!, request.params.id),
    );
  };
}
