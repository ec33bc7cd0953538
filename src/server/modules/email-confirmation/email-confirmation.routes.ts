import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { confirmEmailAnswerSchema, confirmEmailSchema } from '../../../shared/schemas/email-confirmation';
import { successMessageSchema } from '../../../shared/schemas/answers';
import { answers } from '../../http/answers';
import { PUBLIC_ROUTE, type Guards } from '../../auth/guards';
import type { EmailConfirmationService } from './email-confirmation.service';

const tags = ['auth'];

/** The confirmation link's page calls confirm; the dashboard banner and the access-restricted page resend. */
export function emailConfirmationRoutes(
  confirmation: EmailConfirmationService,
  guards: Guards,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/email-confirmation',
      {
        preValidation: guards.requireAccount,
        schema: {
          tags,
          response: answers({ 200: successMessageSchema }),
          description:
            'Mails the signed-in account a new confirmation link (earlier links stop working); 3 an hour, then 429 with Retry-After; 409 when already confirmed.',
        },
      },
      async (request) => ({
        success: true as const,
        message: await confirmation.resend(request.currentUser!),
      }),
    );

    app.post(
      '/email-confirmation/confirm',
      {
        config: PUBLIC_ROUTE,
        schema: {
          body: confirmEmailSchema,
          tags,
          response: answers({ 200: confirmEmailAnswerSchema }),
          description:
            "Confirms the address of the link's account, once, within 24 hours: a claimed domain becomes the workspace's (first confirmed claim wins), a Team Member who signed up by domain joins its workspace.",
        },
      },
      (request) => confirmation.confirm(request.body.token),
    );
  };
}
