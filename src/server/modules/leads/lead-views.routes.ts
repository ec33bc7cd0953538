import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { successSchema } from '../../../shared/schemas/answers';
import {
  createLeadViewSchema,
  leadViewListSchema,
  leadViewWriteAnswerSchema,
  savedLeadViewSchema,
  updateLeadViewSchema,
} from '../../../shared/schemas/lead-views';
import { answers } from '../../http/answers';
import type { Guards } from '../../auth/guards';
import type { LeadViewsService } from './lead-views.service';

const idParams = z.object({ id: z.string().min(1).max(100) });
const tags = ['leads'];

/**
 * Saved views of Client Leads (docs/product/leads.md#saved-views): the caller's own and the workspace's
 * shared ones. Module Data Center, like every lead route; the guard runs before validation.
 */
export function leadViewsRoutes(views: LeadViewsService, guards: Guards): FastifyPluginAsyncZod {
  return async (app) => {
    const preValidation = guards.requireModule('dataCenter');

    app.get(
      '/leads/views',
      {
        preValidation,
        schema: {
          tags,
          response: answers({ 200: leadViewListSchema }),
          description: "The workspace's shared views first, then the caller's own, each by name.",
        },
      },
      async (request) => ({ views: await views.list(request.currentUser!) }),
    );

    app.get(
      '/leads/views/:id',
      {
        preValidation,
        schema: { params: idParams, tags, response: answers({ 200: savedLeadViewSchema }) },
      },
      (request) => views.get(request.currentUser!, request.params.id),
    );

    app.post(
      '/leads/views',
      {
        preValidation,
        schema: {
          body: createLeadViewSchema,
          tags,
          response: answers({ 201: leadViewWriteAnswerSchema }),
          description: "Saves a view; `shared: true` only for the workspace's Admin or Business Admin.",
        },
      },
      async (request, reply) => {
        const view = await views.create(request.currentUser!, request.body);
        return reply.code(201).send({ success: true, view });
      },
    );

    app.put(
      '/leads/views/:id',
      {
        preValidation,
        schema: {
          params: idParams,
          body: updateLeadViewSchema,
          tags,
          response: answers({ 200: leadViewWriteAnswerSchema }),
          description: 'Renames a view, replaces its query, or shares it or stops sharing it.',
        },
      },
      async (request) => ({
        success: true as const,
        view: await views.update(request.currentUser!, request.params.id, request.body),
      }),
    );

    app.delete(
      '/leads/views/:id',
      { preValidation, schema: { params: idParams, tags, response: answers({ 200: successSchema }) } },
      async (request) => {
        await views.remove(request.currentUser!, request.params.id);
        return { success: true as const };
      },
    );
  };
}
