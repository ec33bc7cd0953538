import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import type { WorkspaceInfo, WorkspaceMember, WorkspaceUpdateInput } from '../../../shared/schemas/workspace';
import type { InvitationView } from '../../../shared/schemas/mail';

export interface WorkspaceAnswer {
  workspace: WorkspaceInfo;
  members: WorkspaceMember[];
}

export const WORKSPACE_SAVED = 'Workspace settings saved successfully';
export const WORKSPACE_SAVE_FAILED = 'Failed to save workspace settings. Please try again.';
export const WORKSPACE_LOAD_FAILED = 'Failed to load workspace settings.';

const workspaceKey = (userId: string) => ['workspace', userId] as const;

/** GET /api/workspace → the signed-in user's workspace and its members. */
export function useWorkspace(userId: string) {
  return useQuery({
    queryKey: workspaceKey(userId),
    queryFn: async () => (await api.get<WorkspaceAnswer>('workspace')).data,
  });
}

/** PUT /api/workspace (Business Admin of the workspace, or Admin) → `{ workspace }`. */
export function useUpdateWorkspace(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: WorkspaceUpdateInput) =>
      (await api.put<{ workspace: WorkspaceInfo }>('workspace', body)).data.workspace,
    onSuccess: (workspace) =>
      queryClient.setQueryData<WorkspaceAnswer>(
        workspaceKey(userId),
        (current) => current && { ...current, workspace },
      ),
  });
}

const invitationsKey = (userId: string) => ['workspace', userId, 'invitations'] as const;

/** GET /api/workspace/invitations → pending invitations (Business Admin or Admin). */
export function useInvitations(userId: string, enabled: boolean) {
  return useQuery({
    queryKey: invitationsKey(userId),
    queryFn: async () =>
      (await api.get<{ invitations: InvitationView[] }>('workspace/invitations')).data.invitations,
    enabled,
  });
}

/** POST /api/workspace/invitations → the invitation and its link (also e-mailed). */
export function useInvite(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (email: string) =>
      (await api.post<{ invitation: InvitationView }>('workspace/invitations', { email })).data,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: invitationsKey(userId) }),
  });
}

export function useRevokeInvitation(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => api.delete(`workspace/invitations/${id}`),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: invitationsKey(userId) }),
  });
}
