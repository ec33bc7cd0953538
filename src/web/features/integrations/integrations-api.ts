import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import type {
  IntegrationsOverview,
  Webhook,
  WebhookCreated,
  WebhookDelivery,
  WebhookInput,
  WebhookList,
  WebhookUpdate,
} from '../../../shared/schemas/webhooks';

const overviewKey = ['integrations'] as const;
const webhooksKey = ['webhooks'] as const;
const deliveriesKey = (id: string) => ['webhooks', id, 'deliveries'] as const;
/** An open log refreshes itself: often while deliveries wait or are being sent, else now and then. */
const LOG_REFRESH_MS = 2_000;
const LOG_IDLE_REFRESH_MS = 5_000;

/** GET /api/integrations: the live cards. */
export function useIntegrations() {
  return useQuery({
    queryKey: overviewKey,
    queryFn: async () => (await api.get<IntegrationsOverview>('integrations')).data,
    retry: false,
  });
}

export function useWebhooks(enabled: boolean) {
  return useQuery({
    queryKey: webhooksKey,
    queryFn: async () => (await api.get<WebhookList>('webhooks')).data,
    enabled,
  });
}

/** After any change: the list, and the overview's counts. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: webhooksKey });
    void queryClient.invalidateQueries({ queryKey: overviewKey });
  };
}

export function useCreateWebhook() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (body: WebhookInput) => (await api.post<WebhookCreated>('webhooks', body)).data,
    onSuccess: refresh,
  });
}

export function useUpdateWebhook() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ id, ...body }: WebhookUpdate & { id: string }) =>
      (await api.patch<{ webhook: Webhook }>(`webhooks/${id}`, body)).data.webhook,
    onSuccess: refresh,
  });
}

export function useDeleteWebhook() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (id: string) => (await api.delete<{ message: string }>(`webhooks/${id}`)).data,
    onSuccess: refresh,
  });
}

export function useRollSecret() {
  return useMutation({
    mutationFn: async (id: string) => (await api.post<WebhookCreated>(`webhooks/${id}/secret`)).data,
  });
}

/** A webhook's log while it is open: new events show up by themselves. */
export function useDeliveries(id: string) {
  return useQuery({
    queryKey: deliveriesKey(id),
    queryFn: async () =>
      (await api.get<{ deliveries: WebhookDelivery[] }>(`webhooks/${id}/deliveries`)).data.deliveries,
    refetchInterval: (query) =>
      query.state.data?.some((d) => d.status === 'queued' || d.status === 'sending')
        ? LOG_REFRESH_MS
        : LOG_IDLE_REFRESH_MS,
  });
}

/** 'Send a test event' and 'Send again': the log shows the new or re-queued delivery at once. */
export function useQueueDelivery(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (deliveryId: string | null) =>
      (
        await api.post<{ message: string; delivery: WebhookDelivery }>(
          deliveryId ? `webhooks/${id}/deliveries/${deliveryId}/retry` : `webhooks/${id}/test`,
        )
      ).data,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: deliveriesKey(id) }),
  });
}
