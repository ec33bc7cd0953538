import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BOUNCE_MESSAGES as M } from '../../../shared/messages';
import {
  bounceCheckAnswerSchema,
  bounceMailboxInputSchema,
  bounceQuerySchema,
  bounceSettingsAnswerSchema,
  bounceWebhookSecretAnswerSchema,
  bouncesAnswerSchema,
} from '../../../shared/schemas/bounces';
import { successMessageSchema } from '../../../shared/schemas/answers';
import { answers } from '../../http/answers';
import type { Guards } from '../../auth/guards';
import type { BouncesService } from './bounces.service';

const tags = ['marketing'];

/**
 * Bounces and complaints (docs/product/marketing.md#bounces-and-complaints), module Marketing, the
 * caller's workspace only. The mailbox password and the webhook secret are never answered (the secret
 * once, when made); changing where they go needs a recently proved session, as the SMTP set-up does.
 */
export function bouncesRoutes(bounces: BouncesService, guards: Guards): FastifyPluginAsyncZod {
  return async (app) => {
    const preValidation = guards.requireModule('marketing');

    app.get(
      '/bounces/settings',
      { preValidation, schema: { tags, response: answers({ 200: bounceSettingsAnswerSchema }) } },
      (request) => bounces.settings(request.currentUser!),
    );

    app.put(
      '/bounces/mailbox',
      {
        preValidation,
        schema: {
          body: bounceMailboxInputSchema,
          tags,
          response: answers({ 200: bounceSettingsAnswerSchema.extend(successMessageSchema.shape) }),
          description:
            'Saves the IMAP mailbox delivery and complaint reports arrive in; never connects. An empty pass keeps the stored password only while host, port and user are unchanged (else 400 on pass). The password is encrypted at rest and never returned. 403 for a session that has not signed in or confirmed its password in the last 15 minutes.',
        },
      },
      async (request) => {
        guards.assertRecentProof(request);
        await bounces.saveMailbox(request.currentUser!, request.body);
        return {
          success: true as const,
          message: M.mailboxSaved,
          ...(await bounces.settings(request.currentUser!)),
        };
      },
    );

    app.delete(
      '/bounces/mailbox',
      { preValidation, schema: { tags, response: answers({ 200: successMessageSchema }) } },
      async (request) => {
        await bounces.removeMailbox(request.currentUser!);
        return { success: true as const, message: M.mailboxRemoved };
      },
    );

    app.post(
      '/bounces/mailbox/check',
      {
        preValidation,
        schema: {
          tags,
          response: answers({ 200: bounceCheckAnswerSchema }),
          description:
            'Reads the mailbox now: new reports are recorded and marked seen. 409 while another check runs, 422 with the reason when the mailbox cannot be read.',
        },
      },
      (request) => bounces.checkNow(request.currentUser!),
    );

    app.get(
      '/bounces',
      {
        preValidation,
        schema: { querystring: bounceQuerySchema, tags, response: answers({ 200: bouncesAnswerSchema }) },
      },
      (request) => bounces.bounces(request.currentUser!, request.query),
    );

    app.post(
      '/bounces/webhook-secret',
      {
        preValidation,
        schema: {
          tags,
          response: answers({ 200: bounceWebhookSecretAnswerSchema }),
          description:
            "Makes a new signing secret for the provider webhook (the old one stops working at once) and answers it with the webhook's address; the secret is shown this once. 403 for a session that has not signed in or confirmed its password in the last 15 minutes.",
        },
      },
      async (request) => {
        guards.assertRecentProof(request);
        return { message: M.secretRotated, ...(await bounces.rotateWebhookSecret(request.currentUser!)) };
      },
    );
  };
}
