import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CONTACT_MESSAGES } from '../../../shared/messages';
import { CONTACT_LIMITS, contactSchema } from '../../../shared/schemas/contact';
import { HttpError } from '../../http/errors';
import type { ContactService } from './contact.service';
import type { Limiter } from '../../limits/limiter';
import { PUBLIC_ROUTE } from '../../auth/guards';
import { successSchema } from '../../../shared/schemas/answers';
import { answers } from '../../http/answers';

/**
 * POST /api/contact (DESIGN §6): public, no sign-in. Stores the message as a lead and answers
 * 201 {success:true}. Each client IP may send CONTACT_LIMITS.rateLimit messages per window; beyond that
 * 429 with Retry-After. The limit is checked before validation so a blocked client learns nothing else.
 */
function refuseAfter(waitSeconds: number): void {
  if (waitSeconds > 0)
    throw new HttpError(429, CONTACT_MESSAGES.rateLimited(Math.ceil(waitSeconds / 60)), undefined, {
      'Retry-After': String(waitSeconds),
    });
}

export function contactRoutes(contact: ContactService, limiter: Limiter): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/contact',
      {
        config: PUBLIC_ROUTE,
        // Refused before the body is even read; a valid message then takes its slot (preHandler).
        preValidation: async (request) => refuseAfter(await limiter.retryAfterSeconds(request.ip)),
        preHandler: async (request) => refuseAfter(await limiter.take(request.ip)),
        schema: {
          body: contactSchema,
          tags: ['contact'],
          description: `Public. Creates a lead (source Website) in the agency workspace. Each client IP may send ${CONTACT_LIMITS.rateLimit} messages per ${CONTACT_LIMITS.rateWindowMs / 60_000} minutes, then 429 with Retry-After.`,
          response: answers({ 201: successSchema }),
        },
      },
      async (request, reply) => {
        // Only accepted messages count: a typo is refused by validation before a slot is taken, and a
        // message that could not be stored gives its slot back.
        try {
          await contact.send(request.body);
        } catch (error) {
          await limiter.release(request.ip);
          throw error;
        }
        return reply.code(201).send({ success: true });
      },
    );
  };
}
