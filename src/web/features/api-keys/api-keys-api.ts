import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import type {
  ApiKeyListAnswer,
  CreateApiKeyInput,
  CreatedApiKeyAnswer,
} from '../../../shared/schemas/api-keys';

const keysKey = (userId: string) => ['api-keys', userId] as const;

/** GET /api/api-keys → the workspace's live keys (its Admin or Business Admin). */
export function useApiKeys(userId: string) {
  return useQuery({
    queryKey: keysKey(userId),
    queryFn: async () => (await api.get<ApiKeyListAnswer>('api-keys')).data,
  });
}

/** POST /api/api-keys → the key's listing and the key itself, this once. */
export function useCreateApiKey(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateApiKeyInput) =>
      (await api.post<CreatedApiKeyAnswer>('api-keys', input)).data,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: keysKey(userId) }),
  });
}

/** DELETE /api/api-keys/:id: revoked at once. */
export function useRevokeApiKey(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      (await api.delete<{ success: true; message: string }>(`api-keys/${id}`)).data,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: keysKey(userId) }),
  });
}
