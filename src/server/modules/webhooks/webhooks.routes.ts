import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { WEBHOOK_MESSAGES as M } from '../../../shared/messages';
import { successMessageSchema } from '../../../shared/schemas/answers';
import {
  webhookCreatedSchema,
  webhookDeliveriesSchema,
  webhookDeliveryAnswerSchema,
  webhookInputSchema,
  webhookListSchema,
  webhookSchema,
  webhookUpdateSchema,
} from '../../../shared/schemas/webhooks';
import type { Guards } from '../../auth/guards';
import { answers } from '../../http/answers';
import type { WebhooksService } from './webhooks.service';

const tags = ['webhooks'];
const idParams = z.object({ id: z.string().min(1).max(100) });
const deliveryParams = idParams.extend({ deliveryId: z.string().min(1).max(100) });
const MANAGERS = "The workspace's Admin or Business Admin only (403 for anyone else).";

/**
 * Webhooks (docs/product/integrations.md#webhooks, docs/decisions/0016-webhooks.md): signed-in dashboard
 * members reach the routes; the service admits the workspace's Admin or Business Admin, and only to the
 * workspace's own webhooks (another's answers 404). The secret is answered once, at creation or when rolled.
 */
export function webhooksRoutes(webhooks: WebhooksService, guards: Guards): FastifyPluginAsyncZod {
  return async (app) => {
    const preValidation = guards.requireUser;

    app.get(
      '/webhooks',
      {
        preValidation,
        schema: {
          tags,
          summary: "The workspace's webhooks",
          description: MANAGERS,
          response: answers({ 200: webhookListSchema }),
        },
      },
      (request) => webhooks.list(request.currentUser!),
    );

    app.post(
      '/webhooks',
      {
        preValidation,
        schema: {
          tags,
          summary: 'Create a webhook',
          body: webhookInputSchema,
          response: answers({ 201: webhookCreatedSchema }),
          description: `Answers the webhook and its signing secret, shown this once. The URL must be http(s) without credentials, its host public (loopback, private and link-local addresses are refused unless ALLOW_PRIVATE_WEBHOOKS), https when SITE_URL is https; at most 10 webhooks a workspace (409). Only from a session that signed in or confirmed its password (POST /session/confirm) in the last 15 minutes, else 403. ${MANAGERS}`,
        },
      },
      async (request, reply) => {
        // Where the workspace's events go: only from a session that proved the password lately (docs/security.md#lasting-credentials).
        guards.assertRecentProof(request);
        return reply.code(201).send(await webhooks.create(request.currentUser!, request.body));
      },
    );

    app.patch(
      '/webhooks/:id',
      {
        preValidation,
        schema: {
          tags,
          summary: 'Pause, resume or change a webhook',
          params: idParams,
          body: webhookUpdateSchema,
          response: answers({ 200: z.object({ webhook: webhookSchema }) }),
          description: `A resumed webhook starts afresh (its failures forgotten). A new URL needs a session that signed in or confirmed its password in the last 15 minutes, else 403. ${MANAGERS}`,
        },
      },
      async (request) => {
        if (request.body.url !== undefined) guards.assertRecentProof(request);
        return { webhook: await webhooks.update(request.currentUser!, request.params.id, request.body) };
      },
    );

    app.delete(
      '/webhooks/:id',
      {
        preValidation,
        schema: {
          tags,
          summary: 'Delete a webhook and its log',
          params: idParams,
          response: answers({ 200: successMessageSchema }),
        },
      },
      async (request) => {
        await webhooks.remove(request.currentUser!, request.params.id);
        return { success: true as const, message: M.deleted };
      },
    );

    app.post(
      '/webhooks/:id/secret',
      {
        preValidation,
        schema: {
          tags,
          summary: 'Make a new signing secret (shown once)',
          params: idParams,
          response: answers({ 200: webhookCreatedSchema }),
        },
      },
      (request) => webhooks.rollSecret(request.currentUser!, request.params.id),
    );

    app.get(
      '/webhooks/:id/deliveries',
      {
        preValidation,
        schema: {
          tags,
          summary: "A webhook's delivery log, newest first (50)",
          params: idParams,
          response: answers({ 200: webhookDeliveriesSchema }),
        },
      },
      async (request) => ({ deliveries: await webhooks.deliveries(request.currentUser!, request.params.id) }),
    );

    app.post(
      '/webhooks/:id/test',
      {
        preValidation,
        schema: {
          tags,
          summary: 'Send a test event (webhook.test)',
          params: idParams,
          response: answers({ 202: webhookDeliveryAnswerSchema }),
        },
      },
      async (request, reply) =>
        reply.code(202).send({
          message: M.testQueued,
          delivery: await webhooks.sendTest(request.currentUser!, request.params.id),
        }),
    );

    app.post(
      '/webhooks/:id/deliveries/:deliveryId/retry',
      {
        preValidation,
        schema: {
          tags,
          summary: 'Send a delivery again, with the same event id',
          params: deliveryParams,
          response: answers({ 202: webhookDeliveryAnswerSchema }),
        },
      },
      async (request, reply) =>
        reply.code(202).send({
          message: M.resent,
          delivery: await webhooks.resend(request.currentUser!, request.params.id, request.params.deliveryId),
        }),
    );
  };
}
