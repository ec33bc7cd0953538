import { Readable } from 'node:stream';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CLIENT_MESSAGES as M } from '../../../shared/messages';
import { successMessageSchema } from '../../../shared/schemas/answers';
import {
  clientAnswerSchema,
  clientInputSchema,
  clientListQuerySchema,
  clientListSchema,
  clientSchema,
  clientTimelineSchema,
  leadConversionAnswerSchema,
  leadConversionDraftSchema,
  leadConversionSchema,
} from '../../../shared/schemas/clients';
import type { Guards } from '../../auth/guards';
import { answers } from '../../http/answers';
import type { ClientsService } from './clients.service';
import type { LeadConversion } from './lead-conversion';

const idParams = z.object({ id: z.string().min(1).max(100) });
const tags = ['clients'];

/**
 * Clients (docs/product/projects.md#clients): module Projects for every route; another workspace's client
 * answers 404 as one that does not exist.
 */
export function clientsRoutes(
  clients: ClientsService,
  conversion: LeadConversion,
  guards: Guards,
): FastifyPluginAsyncZod {
  return async (app) => {
    const preValidation = guards.requireModule('projects');
    // A lead is Data Center's, a client Projects': converting one into the other needs both.
    const bothModules = guards.requireModules(['dataCenter', 'projects']);

    app.get(
      '/leads/:id/convert',
      {
        preValidation: bothModules,
        schema: {
          tags,
          params: idParams,
          response: answers({ 200: leadConversionDraftSchema }),
          description:
            'The clients the lead may already be (by e-mail, phone, or name and company), a new client drafted from it, and the client it was converted into, if it was. Data Center and Projects.',
        },
      },
      (request) => conversion.draft(request.currentUser!, request.params.id),
    );

    app.post(
      '/leads/:id/convert',
      {
        preValidation: bothModules,
        schema: {
          tags,
          params: idParams,
          body: leadConversionSchema,
          response: answers({ 200: leadConversionAnswerSchema }),
          description:
            "`{ clientId }` links the lead to a client of the workspace, `{ client }` makes a new one; either way the lead is set Converted and the client keeps the lead's source and campaign. A lead converts once (409). Data Center and Projects.",
        },
      },
      (request) => conversion.convert(request.currentUser!, request.params.id, request.body),
    );

    app.get(
      '/clients',
      {
        preValidation,
        schema: {
          tags,
          querystring: clientListQuerySchema,
          response: answers({ 200: clientListSchema }),
          description:
            "A page of the workspace's clients: `search` (names, tax id, city, contacts), `owner` (a member's id or `me`), `country`, `currency`; sorted by name, creation or last change.",
        },
      },
      (request) => clients.list(request.currentUser!, request.query),
    );

    app.get(
      '/clients/export.csv',
      { preValidation, schema: { tags, querystring: clientListQuerySchema } },
      async (request, reply) =>
        reply
          .header('Content-Type', 'text/csv; charset=utf-8')
          .header('Content-Disposition', 'attachment; filename="clients.csv"')
          .header('Cache-Control', 'no-store')
          .send(Readable.from(clients.exportCsv(request.currentUser!, request.query))),
    );

    app.get(
      '/clients/:id',
      { preValidation, schema: { tags, params: idParams, response: answers({ 200: clientSchema }) } },
      (request) => clients.get(request.currentUser!, request.params.id),
    );

    app.get(
      '/clients/:id/timeline',
      {
        preValidation,
        schema: { tags, params: idParams, response: answers({ 200: clientTimelineSchema }) },
      },
      async (request) => ({ events: await clients.timeline(request.currentUser!, request.params.id) }),
    );

    app.post(
      '/clients',
      {
        preValidation,
        schema: { tags, body: clientInputSchema, response: answers({ 201: clientAnswerSchema }) },
      },
      async (request, reply) =>
        reply.code(201).send({
          success: true as const,
          message: M.created,
          client: await clients.create(request.currentUser!, request.body),
        }),
    );

    app.put(
      '/clients/:id',
      {
        preValidation,
        schema: {
          tags,
          params: idParams,
          body: clientInputSchema,
          response: answers({ 200: clientAnswerSchema }),
          description: 'The whole client; its contacts become those sent, in their order.',
        },
      },
      async (request) => ({
        success: true as const,
        message: M.updated,
        client: await clients.update(request.currentUser!, request.params.id, request.body),
      }),
    );

    app.delete(
      '/clients/:id',
      {
        preValidation,
        schema: {
          tags,
          params: idParams,
          response: answers({ 200: successMessageSchema }),
          description: 'Deletes the client with its contacts and timeline.',
        },
      },
      async (request) => {
        await clients.remove(request.currentUser!, request.params.id);
        return { success: true as const, message: M.deleted };
      },
    );
  };
}
