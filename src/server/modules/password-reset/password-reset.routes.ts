import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PASSWORD_RESET_MESSAGES, SESSION_MESSAGES } from '../../../shared/messages';
import { forgotPasswordSchema, resetPasswordSchema } from '../../../shared/schemas/mail';
import type { PasswordResetService } from './password-reset.service';
import { successMessageSchema } from '../../../shared/schemas/answers';
import { answers } from '../../http/answers';
import { PUBLIC_ROUTE } from '../../auth/guards';
import type { Limiter } from '../../limits/limiter';
import { perAddressLimit } from '../../limits/per-address';

const tags = ['auth'];

/** Public: POST /api/password/forgot (always 202, the same answer for any address) and /api/password/reset. */
export function passwordResetRoutes(
  resets: PasswordResetService,
  perAddress: Limiter,
): FastifyPluginAsyncZod {
  // Setting a password hashes it, and tries tokens: limited per client address.
  const resetLimit = perAddressLimit(perAddress, (wait) =>
    PASSWORD_RESET_MESSAGES.tooMany(Math.ceil(wait / 60)),
  );
  return async (app) => {
    app.post(
      '/password/forgot',
      {
        config: PUBLIC_ROUTE,
        schema: {
          body: forgotPasswordSchema,
          tags,
          response: answers({ 202: successMessageSchema }),
          description:
            'Sends a single-use reset link (1 hour) when the address has an account; the answer is the same either way. 429 with Retry-After past the per-address limit.',
        },
      },
      async (request, reply) => {
        await resets.request(request.body.email, request.ip);
        return reply.code(202).send({ success: true, message: PASSWORD_RESET_MESSAGES.requested });
      },
    );

    app.post(
      '/password/reset',
      {
        config: PUBLIC_ROUTE,
        preValidation: resetLimit.preValidation,
        preHandler: resetLimit.preHandler,
        schema: {
          body: resetPasswordSchema,
          tags,
          response: answers({ 200: successMessageSchema }),
          description:
            'Sets a new password with the token from the link; ends every earlier session. With `revokeCredentialsSince`, also revokes the API keys and removes the webhooks the account made since then.',
        },
      },
      async (request) => {
        const { token, password, revokeCredentialsSince } = request.body;
        const revoked = await resets.reset(token, password, revokeCredentialsSince);
        return {
          success: true as const,
          message: revoked
            ? `${PASSWORD_RESET_MESSAGES.done} ${SESSION_MESSAGES.revoked(revoked.apiKeys.length, revoked.webhooks.length)}`
            : PASSWORD_RESET_MESSAGES.done,
        };
      },
    );
  };
}
