import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CONTACT_MESSAGES } from '../../../shared/messages';
import { CONTACT_LIMITS, contactSchema } from '../../../shared/schemas/contact';
import type { ContactService } from './contact.service';
import type { Limiter } from '../../limits/limiter';
import { perAddressLimit } from '../../limits/per-address';
import { PUBLIC_ROUTE } from '../../auth/guards';
import { successSchema } from '../../../shared/schemas/answers';
import { answers } from '../../http/answers';

/**
 * POST /api/contact (docs/product/api.md#answers-and-errors): public, no sign-in. Stores the message as a lead and answers
 * 201 {success:true}. Each client IP may send CONTACT_LIMITS.rateLimit messages per window; beyond that
 * 429 with Retry-After. The limit is checked before validation so a blocked client learns nothing else.
 */
export function contactRoutes(contact: ContactService, limiter: Limiter): FastifyPluginAsyncZod {
  const limit = perAddressLimit(limiter, (wait) => CONTACT_MESSAGES.rateLimited(Math.ceil(wait / 60)));
  return async (app) => {
    app.post(
      '/contact',
      {
        config: PUBLIC_ROUTE,
        preValidation: limit.preValidation,
        preHandler: limit.preHandler,
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
          await limit.release(request);
          throw error;
        }
        return reply.code(201).send({ success: true });
      },
    );
  };
}
