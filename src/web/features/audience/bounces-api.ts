import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import type { BounceKind } from '../../../shared/bounces';
import type { Bounce, BounceMailboxInput, BounceSettingsAnswer } from '../../../shared/schemas/bounces';
import type { PageInfo } from '../../../shared/schemas/answers';

const settingsKey = ['bounces', 'settings'] as const;
const logKey = ['bounces', 'log'] as const;

export function useBounceSettings() {
  return useQuery({
    queryKey: settingsKey,
    queryFn: async () => (await api.get<BounceSettingsAnswer>('bounces/settings')).data,
  });
}

/** A mailbox change or a check changes the settings' status line, the log and the suppression list. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: ['bounces'] });
    void queryClient.invalidateQueries({ queryKey: ['suppressions'] });
  };
}

export function useSaveBounceMailbox() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (body: BounceMailboxInput) =>
      (await api.put<{ message: string }>('bounces/mailbox', body)).data,
    onSuccess: refresh,
  });
}

export function useRemoveBounceMailbox() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async () => (await api.delete<{ message: string }>('bounces/mailbox')).data,
    onSuccess: refresh,
  });
}

export function useCheckBounceMailbox() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async () => (await api.post<{ message: string; read: number }>('bounces/mailbox/check')).data,
    onSettled: refresh,
  });
}

export function useRotateWebhookSecret() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async () =>
      (await api.post<{ message: string; url: string; secret: string }>('bounces/webhook-secret')).data,
    onSuccess: refresh,
  });
}

export function useBounceLog(query: { kind?: BounceKind; page: number }) {
  return useQuery({
    queryKey: [...logKey, query],
    queryFn: async () =>
      (
        await api.get<{ bounces: Bounce[]; pagination: PageInfo }>('bounces', {
          params: { page: query.page, ...(query.kind ? { kind: query.kind } : {}) },
        })
      ).data,
    placeholderData: keepPreviousData,
  });
}
