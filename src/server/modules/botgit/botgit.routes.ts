import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BOTGIT_MESSAGES } from '../../../shared/messages';
import {
  botgitSettingsAnswerSchema,
  botgitSettingsSavedSchema,
  botgitSettingsSchema,
  ingestResultSchema,
  scrapedDeleteAnswerSchema,
  scrapedPageSchema,
  scrapedToLeadsAnswerSchema,
  scrapedExportSchema,
  scrapedIdsSchema,
  ingestItems,
  scrapedListQuerySchema,
} from '../../../shared/schemas/botgit';
import type { Guards } from '../../auth/guards';
import { answers } from '../../http/answers';
import { HttpError, badRequest } from '../../http/errors';
import type { BotgitService } from './botgit.service';

const tags = ['botgit'];

/**
 * Botgit (docs/product/botgit.md#scraped-data, docs/product/api.md): the extension's ingest, the Scraped Data section and Botgit
 * Settings, for users who see Botgit (docs/product/roles-and-access.md#sidebar-visibility) and only within their own workspace. Scraped profiles are
 * personal data: every route needs a sign-in, including the spec's plain `GET /api/scraped-data`.
 */
export function botgitRoutes(botgit: BotgitService, guards: Guards): FastifyPluginAsyncZod {
  return async (app) => {
    const preValidation = guards.requireGroup('botgit');

    app.post(
      '/scraped-data',
      {
        preValidation,
        schema: {
          tags,
          response: answers({ 200: ingestResultSchema, 201: ingestResultSchema }),
          description:
            'The extension sends one profile `{profileUrl, name, email, phone, role, location}` or a list (at most 100). Each item is answered on its own (created, updated, invalid with its errors, or limited by the workspace cap); 429 with Retry-After when every profile hit the cap.',
        },
      },
      async (request, reply) => {
        const body = ingestItems(request.body);
        if ('message' in body) throw badRequest(body.message);
        const answer = await botgit.ingest(request.currentUser!, body.items);
        const { retryAfterSeconds, ...result } = answer;
        if (retryAfterSeconds !== undefined) {
          const limited = result.results.find((r) => r.status === 'limited');
          throw new HttpError(429, limited && 'message' in limited ? limited.message : '', undefined, {
            'Retry-After': String(retryAfterSeconds),
          });
        }
        return reply.code(result.created > 0 ? 201 : 200).send(result);
      },
    );

    app.get(
      '/scraped-data',
      {
        preValidation,
        schema: { querystring: scrapedListQuerySchema, tags, response: answers({ 200: scrapedPageSchema }) },
      },
      (request) => botgit.list(request.currentUser!, request.query),
    );

    app.delete(
      '/scraped-data',
      {
        preValidation,
        schema: { body: scrapedIdsSchema, tags, response: answers({ 200: scrapedDeleteAnswerSchema }) },
      },
      async (request) => {
        const deleted = await botgit.remove(request.currentUser!, request.body.ids);
        return { success: true as const, deleted, message: BOTGIT_MESSAGES.deleted(deleted) };
      },
    );

    app.post(
      '/scraped-data/export',
      {
        preValidation,
        schema: {
          body: scrapedExportSchema,
          tags,
          description:
            'CSV of the given profiles, or of every profile the filters match when no ids are given.',
        },
      },
      (request, reply) => {
        const { filename, body } = botgit.exportCsv(request.currentUser!, request.body);
        return reply
          .header('Content-Type', 'text/csv; charset=utf-8')
          .header('Content-Disposition', `attachment; filename="${filename}"`)
          .header('Cache-Control', 'no-store')
          .send(body);
      },
    );

    app.post(
      '/scraped-data/leads',
      {
        preValidation,
        schema: {
          body: scrapedIdsSchema,
          tags,
          response: answers({ 200: scrapedToLeadsAnswerSchema }),
          description:
            'Turns the given profiles into leads (needs Client Leads too); profiles without an e-mail, whose e-mail is already a lead, or with the phone of a lead (a possible duplicate) are skipped.',
        },
      },
      async (request) => {
        const { added, skipped, possibleDuplicates } = await botgit.addToLeads(
          request.currentUser!,
          request.body.ids,
        );
        return {
          success: true as const,
          added,
          skipped,
          possibleDuplicates,
          message: BOTGIT_MESSAGES.addedToLeads(added, skipped, possibleDuplicates),
        };
      },
    );

    app.get(
      '/botgit/settings',
      { preValidation, schema: { tags, response: answers({ 200: botgitSettingsAnswerSchema }) } },
      async (request) => ({
        settings: await botgit.settings(request.currentUser!),
      }),
    );

    app.put(
      '/botgit/settings',
      {
        preValidation,
        schema: { body: botgitSettingsSchema, tags, response: answers({ 200: botgitSettingsSavedSchema }) },
      },
      async (request) => ({
        success: true as const,
        message: BOTGIT_MESSAGES.settingsSaved,
        settings: await botgit.saveSettings(request.currentUser!, request.body),
      }),
    );
  };
}
