import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MAILING_LIST_MESSAGES as M } from '../../../shared/messages';
import {
  addMemberSchema,
  addSuppressionSchema,
  addedCountsSchema,
  fromClientsSchema,
  fromLeadsSchema,
  listIdParamsSchema,
  mailingListAnswerSchema,
  mailingListInputSchema,
  mailingListsAnswerSchema,
  memberAnswerSchema,
  memberParamsSchema,
  memberQuerySchema,
  membersAnswerSchema,
  suppressionParamsSchema,
  suppressionQuerySchema,
  suppressionSchema,
  suppressionsAnswerSchema,
} from '../../../shared/schemas/mailing-lists';
import { successMessageSchema } from '../../../shared/schemas/answers';
import { answers } from '../../http/answers';
import type { Guards } from '../../auth/guards';
import { WORKSPACE_WORK } from '../../lib/workspace-work';
import { CSV_UPLOAD_LIMITS, withCsvUpload } from '../leads/leads.service';
import { MAILING_LISTS } from '../../../shared/mailing-lists';
import type { MailingListsService } from './mailing-lists.service';

const tags = ['marketing'];

/**
 * Mailing lists, their members and the suppression list (docs/product/marketing.md#lists-and-consent), module
 * Marketing, the caller's workspace only: another workspace's list or member is 404. Adding the leads of a
 * filter reads leads, so it needs Data Center too.
 */
export function mailingListsRoutes(lists: MailingListsService, guards: Guards): FastifyPluginAsyncZod {
  return async (app) => {
    const preValidation = guards.requireModule('marketing');
    // Multipart only here, for the import; a subscriber file is bounded well below a lead file.
    await app.register(multipart, {
      limits: { ...CSV_UPLOAD_LIMITS, fileSize: MAILING_LISTS.importMaxBytes },
    });
    const params = listIdParamsSchema;

    app.get(
      '/mailing-lists',
      { preValidation, schema: { tags, response: answers({ 200: mailingListsAnswerSchema }) } },
      async (request) => ({
        lists: await lists.list(request.currentUser!),
      }),
    );

    app.post(
      '/mailing-lists',
      {
        preValidation,
        schema: { body: mailingListInputSchema, tags, response: answers({ 201: mailingListAnswerSchema }) },
      },
      async (request, reply) =>
        reply.code(201).send({ list: await lists.create(request.currentUser!, request.body) }),
    );

    app.get(
      '/mailing-lists/:id',
      { preValidation, schema: { params, tags, response: answers({ 200: mailingListAnswerSchema }) } },
      async (request) => ({ list: await lists.get(request.currentUser!, request.params.id) }),
    );

    app.put(
      '/mailing-lists/:id',
      {
        preValidation,
        schema: {
          params,
          body: mailingListInputSchema,
          tags,
          response: answers({ 200: mailingListAnswerSchema }),
        },
      },
      async (request) => ({
        list: await lists.update(request.currentUser!, request.params.id, request.body),
      }),
    );

    app.delete(
      '/mailing-lists/:id',
      { preValidation, schema: { params, tags, response: answers({ 200: successMessageSchema }) } },
      async (request) => {
        await lists.remove(request.currentUser!, request.params.id);
        return { success: true as const, message: M.deleted };
      },
    );

    app.get(
      '/mailing-lists/:id/members',
      {
        preValidation,
        schema: {
          params,
          querystring: memberQuerySchema,
          tags,
          response: answers({ 200: membersAnswerSchema }),
        },
      },
      (request) => lists.members(request.currentUser!, request.params.id, request.query),
    );

    app.post(
      '/mailing-lists/:id/members',
      {
        preValidation,
        schema: {
          params,
          body: addMemberSchema,
          tags,
          response: answers({ 201: memberAnswerSchema }),
          description:
            'Adds one person by hand with the stated basis of their consent: on a double opt-in list as unconfirmed, mailed the confirmation link; on a single opt-in list subscribed. 409 for a suppressed address, a member, or someone who unsubscribed from the list.',
        },
      },
      async (request, reply) => {
        const added = await lists.addMember(request.currentUser!, request.params.id, request.body);
        return reply.code(201).send({ success: true as const, ...added });
      },
    );

    app.post(
      '/mailing-lists/:id/members/from-leads',
      {
        preValidation: guards.requireModules(['marketing', 'dataCenter']),
        schema: {
          params,
          body: fromLeadsSchema,
          tags,
          response: answers({ 200: addedCountsSchema }),
          description:
            'Adds the leads the lead list filters match (those with an e-mail) with the stated basis of consent; answers how many were added, skipped (on the list already, or without an e-mail) and suppressed.',
        },
      },
      (request) => lists.addFromLeads(request.currentUser!, request.params.id, request.body),
    );

    app.post(
      '/mailing-lists/:id/members/from-clients',
      {
        preValidation: guards.requireModules(['marketing', 'projects']),
        schema: {
          params,
          body: fromClientsSchema,
          tags,
          response: answers({ 200: addedCountsSchema }),
          description:
            "Adds the contacts (with an e-mail) of the chosen clients, or of every client, with the stated basis of consent; another workspace's client adds nothing.",
        },
      },
      (request) => lists.addFromClients(request.currentUser!, request.params.id, request.body),
    );

    app.post(
      '/mailing-lists/:id/import',
      { preValidation, schema: { params, tags, response: answers({ 200: addedCountsSchema }) } },
      // The list is looked up before a byte of the file is read, and the workspace's one import slot taken.
      async (request) => {
        const caller = request.currentUser!;
        await lists.get(caller, request.params.id);
        return WORKSPACE_WORK.imports.run(caller.workspace_id, () =>
          withCsvUpload(request, (upload) => lists.importCsv(caller, request.params.id, upload)),
        );
      },
    );

    app.delete(
      '/mailing-lists/:id/members/:subscriberId',
      {
        preValidation,
        schema: { params: memberParamsSchema, tags, response: answers({ 200: successMessageSchema }) },
      },
      async (request) => {
        await lists.unsubscribe(request.currentUser!, request.params.id, request.params.subscriberId);
        return { success: true as const, message: M.unsubscribed };
      },
    );

    app.get(
      '/suppressions',
      {
        preValidation,
        schema: {
          querystring: suppressionQuerySchema,
          tags,
          response: answers({ 200: suppressionsAnswerSchema }),
        },
      },
      (request) => lists.suppressions(request.currentUser!, request.query),
    );

    app.post(
      '/suppressions',
      {
        preValidation,
        schema: { body: addSuppressionSchema, tags, response: answers({ 201: suppressionSchema }) },
      },
      async (request, reply) =>
        reply.code(201).send(await lists.suppress(request.currentUser!, request.body)),
    );

    app.delete(
      '/suppressions/:email',
      {
        preValidation,
        schema: {
          params: suppressionParamsSchema,
          tags,
          response: answers({ 200: successMessageSchema }),
          description:
            'Lifts a suppression added by hand; one caused by an unsubscribe, a hard bounce or a complaint stays (409).',
        },
      },
      async (request) => {
        await lists.unsuppress(request.currentUser!, request.params.email);
        return { success: true as const, message: M.suppressionRemoved };
      },
    );
  };
}
