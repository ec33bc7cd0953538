import { z } from 'zod';
import { WORKSPACE_DELETION_MESSAGES } from '../messages';

/** DELETE /api/workspace and DELETE /api/workspaces/:id: the name, typed to confirm. */
export const workspaceDeleteSchema = z.object({
  confirmName: z
    .string({ error: WORKSPACE_DELETION_MESSAGES.confirmNameMismatch })
    .max(200, WORKSPACE_DELETION_MESSAGES.confirmNameMismatch),
});
export type WorkspaceDeleteInput = z.infer<typeof workspaceDeleteSchema>;

export const workspaceDeletedAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  /** When the workspace will be erased for good unless recovered. */
  purgeAfter: z.string(),
});

/** POST /api/workspace-recovery: the token of the recovery e-mail. */
export const workspaceRecoverySchema = z.object({
  token: z
    .string({ error: WORKSPACE_DELETION_MESSAGES.recoveryLinkInvalid })
    .min(1, WORKSPACE_DELETION_MESSAGES.recoveryLinkInvalid)
    .max(200, WORKSPACE_DELETION_MESSAGES.recoveryLinkInvalid),
});

/** GET /api/workspaces/deleted (Admin): workspaces that can still be recovered. */
export const deletedWorkspaceSchema = z.object({
  _id: z.string(),
  name: z.string(),
  deletedAt: z.string(),
  purgeAfter: z.string(),
  memberCount: z.number(),
});
export type DeletedWorkspace = z.infer<typeof deletedWorkspaceSchema>;
export const deletedWorkspacesAnswerSchema = z.object({ workspaces: z.array(deletedWorkspaceSchema) });
