import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  deletedWorkspacesAnswerSchema,
  workspaceDeleteSchema,
  workspaceDeletedAnswerSchema,
  workspaceRecoverySchema,
} from '../../../shared/schemas/workspace-deletion';
import { successMessageSchema } from '../../../shared/schemas/answers';
import { SERVER_MESSAGES, WORKSPACE_DELETION_MESSAGES as M } from '../../../shared/messages';
import { answers } from '../../http/answers';
import { PUBLIC_ROUTE, type Guards } from '../../auth/guards';
import type { Limiter } from '../../limits/limiter';
import { perAddressLimit } from '../../limits/per-address';
import type { WorkspaceDeletionService } from './workspace-deletion.service';

const tags = ['workspace'];
const idParams = z.object({ id: z.string().min(1).max(100) });

/** Workspace deletion and recovery (docs/product/workspace.md#danger-zone). */
export function workspaceDeletionRoutes(
  deletion: WorkspaceDeletionService,
  guards: Guards,
  perAddress: Limiter,
): FastifyPluginAsyncZod {
  // Anonymous and trying tokens: limited per client address like the password reset.
  const recoveryLimit = perAddressLimit(perAddress, () => SERVER_MESSAGES.rateLimited);
  return async (app) => {
    app.delete(
      '/workspace',
      {
        preValidation: guards.requireUser,
        schema: {
          summary: "Delete the signed-in user's workspace (its Business Admin, or an Admin)",
          description:
            'The name, typed exactly, confirms. Every member is signed out and shut out at once; the owners are e-mailed a link to recover it within 30 days, after which it is erased for good. The agency workspace cannot be deleted (403).',
          body: workspaceDeleteSchema,
          tags,
          response: answers({ 200: workspaceDeletedAnswerSchema }),
        },
      },
      (request) => deletion.deleteOwn(request.currentUser!, request.body.confirmName),
    );

    app.delete(
      '/workspaces/:id',
      {
        preValidation: guards.requireAdmin,
        schema: {
          summary: 'Delete any workspace but the agency one (Admin)',
          params: idParams,
          body: workspaceDeleteSchema,
          tags,
          response: answers({ 200: workspaceDeletedAnswerSchema }),
        },
      },
      (request) => deletion.deleteById(request.currentUser!, request.params.id, request.body.confirmName),
    );

    app.get(
      '/workspaces/deleted',
      {
        preValidation: guards.requireAdmin,
        schema: {
          summary: 'Deleted workspaces that can still be recovered, the soonest to be erased first (Admin)',
          tags,
          response: answers({ 200: deletedWorkspacesAnswerSchema }),
        },
      },
      async () => ({ workspaces: await deletion.listDeleted() }),
    );

    app.post(
      '/workspaces/:id/recover',
      {
        preValidation: guards.requireAdmin,
        schema: {
          summary: 'Recover a deleted workspace before it is erased (Admin)',
          params: idParams,
          tags,
          response: answers({ 200: successMessageSchema }),
        },
      },
      async (request) => ({
        success: true as const,
        message: M.recoveredByAdmin(await deletion.recoverById(request.currentUser!, request.params.id)),
      }),
    );

    app.post(
      '/workspace-recovery',
      {
        config: PUBLIC_ROUTE,
        preValidation: recoveryLimit.preValidation,
        preHandler: recoveryLimit.preHandler,
        schema: {
          summary: "Recover a deleted workspace with the token of its deletion e-mail's link",
          description:
            'Works once, until the purge date. Members sign in again with their passwords; sessions from before the deletion stay ended. 429 with Retry-After past the per-address limit.',
          body: workspaceRecoverySchema,
          tags,
          response: answers({ 200: successMessageSchema }),
        },
      },
      async (request) => {
        await deletion.recoverWithToken(request.body.token);
        return { success: true as const, message: M.recovered };
      },
    );
  };
}
