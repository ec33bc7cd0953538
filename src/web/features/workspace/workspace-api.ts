import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import type { WorkspaceInfo, WorkspaceMember, WorkspaceUpdateInput } from '../../../shared/schemas/workspace';

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
