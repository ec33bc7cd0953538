import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { claimedNotificationsSchema } from '../../../shared/schemas/notifications';
import { answers } from '../../http/answers';
import type { Guards } from '../../auth/guards';
import type { NotificationsService } from './notifications.service';

const tags = ['notifications'];

/**
 * The bell's server side (docs/product/leads.md#owners-and-follow-ups): any dashboard user takes their own
 * notifications; nobody reads another's.
 */
export function notificationsRoutes(
  notifications: NotificationsService,
  guards: Guards,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/notifications/claim',
      {
        preValidation: guards.requireUser,
        schema: {
          tags,
          response: answers({ 200: claimedNotificationsSchema }),
          description:
            "The caller's notifications no browser of theirs has taken yet (a lead assigned to them, a follow-up due today), oldest first; each is answered once.",
        },
      },
      async (request) => ({ notifications: await notifications.claim(request.currentUser!) }),
    );
  };
}
