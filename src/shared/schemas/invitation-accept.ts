import { z } from 'zod';
import { publicUserSchema } from './public-user';

/**
 * POST /api/invitations/{token}/accept (docs/product/workspace.md#invitations): a signed-in account joined the inviting workspace as a
 * Team Member. `signInAgain` when that workspace requires two-factor sign-in and the account has no second
 * factor: its sessions ended, and the next sign-in sets one up.
 */
export const invitationAcceptedSchema = z.object({
  success: z.literal(true),
  workspaceName: z.string(),
  signInAgain: z.boolean(),
  user: publicUserSchema,
});
export type InvitationAccepted = z.infer<typeof invitationAcceptedSchema>;
