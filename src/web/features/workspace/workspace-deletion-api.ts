import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import type { DeletedWorkspace } from '../../../shared/schemas/workspace-deletion';

interface DeletedAnswer {
  success: true;
  message: string;
  purgeAfter: string;
}

/** DELETE /api/workspace with the name typed to confirm → the server's message (the caller is shut out). */
export function useDeleteWorkspace() {
  return useMutation({
    mutationFn: async (confirmName: string) =>
      (await api.delete<DeletedAnswer>('workspace', { data: { confirmName } })).data,
  });
}

const deletedKey = ['workspaces', 'deleted'] as const;

/** GET /api/workspaces/deleted (Admin) → workspaces that can still be recovered. */
export function useDeletedWorkspaces(enabled: boolean) {
  return useQuery({
    queryKey: deletedKey,
    queryFn: async () =>
      (await api.get<{ workspaces: DeletedWorkspace[] }>('workspaces/deleted')).data.workspaces,
    enabled,
  });
}

/** POST /api/workspaces/:id/recover (Admin) → the server's message. */
export function useRecoverDeletedWorkspace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      (await api.post<{ message: string }>(`workspaces/${encodeURIComponent(id)}/recover`)).data.message,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: deletedKey }),
  });
}
