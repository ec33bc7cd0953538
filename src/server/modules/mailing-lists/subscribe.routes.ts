import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MAILING_LIST_MESSAGES as M } from '../../../shared/messages';
import { MAILING_LISTS as L } from '../../../shared/mailing-lists';
import {
  confirmSubscriptionSchema,
  formKeyParamsSchema,
  subscribeFormSchema,
  subscribeSchema,
} from '../../../shared/schemas/mailing-lists';
import { successMessageSchema } from '../../../shared/schemas/answers';
import { PUBLIC_ROUTE } from '../../auth/guards';
import { answers } from '../../http/answers';
import type { Limiter } from '../../limits/limiter';
import { perAddressLimit } from '../../limits/per-address';
import type { SubscribeService } from './subscribe.service';

const tags = ['marketing'];

/**
 * The public subscribe form (docs/product/marketing.md#the-subscribe-form): public, no sign-in. The sign-up
 * answers 202 with the same body for every address; each client address may sign up
 * MAILING_LISTS.signUpsPerIpLimit times per window, then 429 with Retry-After.
 */
export function subscribeRoutes(subscribe: SubscribeService, perIp: Limiter): FastifyPluginAsyncZod {
  const limit = perAddressLimit(perIp, (wait) => M.tooMany(Math.ceil(wait / 60)));
  return async (app) => {
    app.get(
      '/subscribe/:formKey',
      {
        config: PUBLIC_ROUTE,
        schema: { params: formKeyParamsSchema, tags, response: answers({ 200: subscribeFormSchema }) },
      },
      (request) => subscribe.form(request.params.formKey),
    );

    app.post(
      '/subscribe/:formKey',
      {
        config: PUBLIC_ROUTE,
        preValidation: limit.preValidation,
        preHandler: limit.preHandler,
        schema: {
          params: formKeyParamsSchema,
          body: subscribeSchema,
          tags,
          response: answers({ 202: successMessageSchema }),
          description: `Public. 202 with the list's one message whatever the address (new, unconfirmed, subscribed or suppressed); the work is done after the answer. A double opt-in list mails a confirmation link (at most once per 10 minutes and ${L.confirmationsPerEmailLimit} times a day per address). Each client IP may sign up ${L.signUpsPerIpLimit} times per ${L.signUpsPerIpWindowMs / 60_000} minutes, then 429 with Retry-After.`,
        },
      },
      async (request, reply) =>
        reply.code(202).send({
          success: true as const,
          message: await subscribe.subscribe(request.params.formKey, request.body, request.ip),
        }),
    );

    app.post(
      '/subscribe/confirm',
      {
        config: PUBLIC_ROUTE,
        preValidation: limit.preValidation,
        schema: {
          body: confirmSubscriptionSchema,
          tags,
          response: answers({ 200: successMessageSchema }),
          description:
            'Public. Confirms a double opt-in with the mailed token, once; 400 for an unknown or used one.',
        },
      },
      async (request) => {
        await subscribe.confirm(request.body.token);
        return { success: true as const, message: M.confirmed };
      },
    );
  };
}
