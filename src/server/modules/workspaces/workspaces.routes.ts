import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  workspaceAnswerSchema,
  workspaceUpdateSchema,
  workspaceWriteAnswerSchema,
} from '../../../shared/schemas/workspace';
import { answers } from '../../http/answers';

import type { Guards } from '../../auth/guards';
import type { WorkspacesService } from './workspaces.service';

/** GET/PUT /api/workspace (docs/product/api.md#beyond-the-first-calls, docs/product/workspace.md#workspace-settings: workspace settings are stored, not local only). */
export function workspacesRoutes(workspaces: WorkspacesService, guards: Guards): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/workspace',
      {
        preValidation: guards.requireUser,
        schema: { tags: ['workspace'], response: answers({ 200: workspaceAnswerSchema }) },
      },
      async (request) => workspaces.get(request.currentUser!),
    );

    app.put(
      '/workspace',
      {
        preValidation: guards.requireUser,
        schema: {
          body: workspaceUpdateSchema,
          tags: ['workspace'],
          response: answers({ 200: workspaceWriteAnswerSchema }),
        },
      },
      async (request) => ({ workspace: await workspaces.update(request.currentUser!, request.body) }),
    );
  };
}
