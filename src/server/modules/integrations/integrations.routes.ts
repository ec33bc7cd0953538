import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { integrationsOverviewSchema } from '../../../shared/schemas/webhooks';
import type { Guards } from '../../auth/guards';
import { answers } from '../../http/answers';
import type { IntegrationsService } from './integrations.service';

/** GET /api/integrations: the live cards of Manage Integrations (docs/product/integrations.md#live-cards). */
export function integrationsRoutes(integrations: IntegrationsService, guards: Guards): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/integrations',
      {
        preValidation: guards.requireUser,
        schema: {
          tags: ['webhooks'],
          summary: "The real state of the workspace's integrations: e-mail, Botgit, webhooks, API keys",
          description: "The workspace's Admin or Business Admin only (403 for anyone else).",
          response: answers({ 200: integrationsOverviewSchema }),
        },
      },
      (request) => integrations.overview(request.currentUser!),
    );
  };
}
