import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardAnswerSchema } from '../../../shared/schemas/users';
import type { Guards } from '../../auth/guards';
import { answers } from '../../http/answers';
import type { DashboardService } from './dashboard.service';

/** GET /api/dashboard (docs/product/api.md#calls): `{ success, data: { totalUsers, recentActivity } }` for the overview (Dashboard module). */
export function dashboardRoutes(dashboard: DashboardService, guards: Guards): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/dashboard',
      {
        preValidation: guards.requireModule('dashboard'),
        schema: { tags: ['dashboard'], response: answers({ 200: dashboardAnswerSchema }) },
      },
      async (request) => ({
        success: true as const,
        data: await dashboard.overview(request.currentUser!),
      }),
    );
  };
}
