import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EMAIL_SETUP_MESSAGES } from '../../../shared/messages';
import {
  deliveryLogAnswerSchema,
  emailSetupAnswerSchema,
  emailSetupSavedSchema,
  emailSetupSchema,
  emailTestSchema,
} from '../../../shared/schemas/mail';
import { successMessageSchema } from '../../../shared/schemas/answers';
import { answers } from '../../http/answers';
import type { Guards } from '../../auth/guards';
import type { EmailSetupService } from './email-setup.service';

const tags = ['email'];

/**
 * Business Email Setup (docs/product/email.md#business-email-setup, docs/product/api.md#calls `POST /api/email/setup`; docs/product/api.md#beyond-the-first-calls `GET /api/email/setup`,
 * `POST /api/email/test`), module Marketing, the caller's workspace only. The password is never answered.
 */
export function emailSetupRoutes(emailSetup: EmailSetupService, guards: Guards): FastifyPluginAsyncZod {
  return async (app) => {
    const preValidation = guards.requireModule('marketing');

    app.get(
      '/email/setup',
      { preValidation, schema: { tags, response: answers({ 200: emailSetupAnswerSchema }) } },
      (request) => emailSetup.get(request.currentUser!),
    );

    app.post(
      '/email/setup',
      {
        preValidation,
        schema: {
          body: emailSetupSchema,
          tags,
          response: answers({ 200: emailSetupSavedSchema }),
          description:
            'Saves the workspace SMTP set-up. An empty auth.pass keeps the stored password only while host, port and user are unchanged (else 400 on auth.pass). The password is encrypted at rest, never returned, and only ever sent to the host, port and user it was typed for. 403 for an unconfirmed account, and, while SMTP_URL is unset, for anyone but an Admin in the agency workspace (its set-up sends the platform mail), and for a session that has not signed in or confirmed its password (POST /session/confirm) in the last 15 minutes.',
        },
      },
      async (request) => {
        // Where the workspace's mail goes: only from a session that proved the password lately (docs/security.md#lasting-credentials).
        guards.assertRecentProof(request);
        await emailSetup.save(request.currentUser!, request.body);
        return {
          success: true as const,
          message: EMAIL_SETUP_MESSAGES.saved,
          ...(await emailSetup.get(request.currentUser!)),
        };
      },
    );

    app.post(
      '/email/test',
      {
        preValidation,
        schema: {
          body: emailTestSchema.optional(),
          tags,
          response: answers({ 200: successMessageSchema }),
          description:
            'Sends a test e-mail now through the stored set-up (to the signed-in user unless `to` is given); 422 with the reason when it fails.',
        },
      },
      async (request) => ({
        success: true as const,
        message: await emailSetup.sendTest(request.currentUser!, request.body?.to),
      }),
    );

    app.get(
      '/email/messages',
      { preValidation, schema: { tags, response: answers({ 200: deliveryLogAnswerSchema }) } },
      async (request) => ({
        messages: await emailSetup.deliveryLog(request.currentUser!),
      }),
    );
  };
}
