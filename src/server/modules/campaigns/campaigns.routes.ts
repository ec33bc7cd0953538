import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CAMPAIGN_MESSAGES as M } from '../../../shared/messages';
import {
  campaignAnswerSchema,
  campaignIdParamsSchema,
  campaignInputSchema,
  campaignListQuerySchema,
  campaignPageSchema,
  campaignSavedSchema,
  campaignScheduleSchema,
  throttleAnswerSchema,
  throttleSchema,
} from '../../../shared/schemas/campaigns';
import { successMessageSchema } from '../../../shared/schemas/answers';
import type { Guards } from '../../auth/guards';
import { answers } from '../../http/answers';
import type { CampaignsService } from './campaigns.service';

const tags = ['marketing'];
const params = campaignIdParamsSchema;

/**
 * Campaigns (docs/product/marketing.md#campaigns), module Marketing, the caller's workspace only: another
 * workspace's campaign is 404. Each action answers the campaign as it now is.
 */
export function campaignsRoutes(campaigns: CampaignsService, guards: Guards): FastifyPluginAsyncZod {
  return async (app) => {
    const preValidation = guards.requireModule('marketing');

    app.get(
      '/campaigns',
      {
        preValidation,
        schema: {
          querystring: campaignListQuerySchema,
          tags,
          response: answers({ 200: campaignPageSchema }),
        },
      },
      (request) => campaigns.list(request.currentUser!, request.query),
    );

    app.post(
      '/campaigns',
      {
        preValidation,
        schema: { body: campaignInputSchema, tags, response: answers({ 201: campaignSavedSchema }) },
      },
      async (request, reply) =>
        reply.code(201).send({
          success: true as const,
          message: M.created,
          campaign: await campaigns.create(request.currentUser!, request.body),
        }),
    );

    app.get(
      '/campaigns/settings',
      { preValidation, schema: { tags, response: answers({ 200: throttleAnswerSchema }) } },
      async (request) => ({ throttle: await campaigns.throttle(request.currentUser!) }),
    );

    app.put(
      '/campaigns/settings',
      {
        preValidation,
        schema: { body: throttleSchema, tags, response: answers({ 200: throttleAnswerSchema }) },
      },
      async (request) => ({ throttle: await campaigns.saveThrottle(request.currentUser!, request.body) }),
    );

    app.get(
      '/campaigns/:id',
      { preValidation, schema: { params, tags, response: answers({ 200: campaignAnswerSchema }) } },
      async (request) => ({ campaign: await campaigns.get(request.currentUser!, request.params.id) }),
    );

    app.put(
      '/campaigns/:id',
      {
        preValidation,
        schema: { params, body: campaignInputSchema, tags, response: answers({ 200: campaignSavedSchema }) },
      },
      async (request) => ({
        success: true as const,
        message: M.saved,
        campaign: await campaigns.update(request.currentUser!, request.params.id, request.body),
      }),
    );

    app.delete(
      '/campaigns/:id',
      { preValidation, schema: { params, tags, response: answers({ 200: successMessageSchema }) } },
      async (request) => {
        await campaigns.remove(request.currentUser!, request.params.id);
        return { success: true as const, message: M.deleted };
      },
    );

    app.post(
      '/campaigns/:id/schedule',
      {
        preValidation,
        schema: {
          params,
          body: campaignScheduleSchema,
          tags,
          response: answers({ 200: campaignSavedSchema }),
        },
      },
      async (request) => {
        const campaign = await campaigns.schedule(request.currentUser!, request.params.id, request.body.at);
        return { success: true as const, message: M.scheduled(campaign.scheduledAt!), campaign };
      },
    );

    const actions = [
      ['send', M.sendingNow, campaigns.sendNow],
      ['pause', M.paused, campaigns.pause],
      ['resume', M.resumed, campaigns.resume],
      ['cancel', M.cancelled, campaigns.cancel],
    ] as const;
    for (const [action, message, run] of actions)
      app.post(
        `/campaigns/:id/${action}`,
        { preValidation, schema: { params, tags, response: answers({ 200: campaignSavedSchema }) } },
        async (request) => ({
          success: true as const,
          message,
          campaign: await run(request.currentUser!, request.params.id),
        }),
      );
  };
}
