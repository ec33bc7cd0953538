import { api } from '../../lib/api-client';
import type { InvitationAccepted } from '../../../shared/schemas/invitation-accept';

/**
 * POST /api/invitations/:token/accept with the current session → the account joined the inviting workspace
 * as a Team Member (docs/product/workspace.md#invitations). `signInAgain`: its sessions ended (the workspace requires two-factor sign-in).
 */
export async function acceptInvitation(token: string): Promise<InvitationAccepted> {
  return (await api.post<InvitationAccepted>(`invitations/${encodeURIComponent(token)}/accept`, {})).data;
}
