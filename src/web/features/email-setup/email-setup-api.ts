import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import type { DeliveryLogEntry, EmailSetupAnswer, EmailSetupInput } from '../../../shared/schemas/mail';

const setupKey = ['email', 'setup'] as const;
const logKey = ['email', 'messages'] as const;

/** A test send may take the SMTP server's full 10 s: leave room for the answer to travel back. */
const TEST_SEND_TIMEOUT_MS = 15_000;
/** While messages wait in the queue the log refreshes itself. */
const LOG_REFRESH_MS = 5_000;

/** GET /api/email/setup → the stored set-up (never its password) and whether mail goes out. */
export function useEmailSetup() {
  return useQuery({
    queryKey: setupKey,
    queryFn: async () => (await api.get<EmailSetupAnswer>('email/setup')).data,
  });
}

/** docs/product/api.md#calls: POST /api/email/setup with `{host, port, secure, auth:{user, pass}, from}`. */
export function useSaveEmailSetup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: EmailSetupInput) =>
      (await api.post<EmailSetupAnswer & { message: string }>('email/setup', body)).data,
    onSuccess: (answer) => {
      queryClient.setQueryData<EmailSetupAnswer>(setupKey, {
        config: answer.config,
        delivery: answer.delivery,
        editable: answer.editable,
        readOnlyReason: answer.readOnlyReason,
      });
      void queryClient.invalidateQueries({ queryKey: logKey });
    },
  });
}

/** POST /api/email/test → `{ message }`, or 422 with the reason it failed. */
export function useSendTestEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (to: string) =>
      (
        await api.post<{ message: string }>('email/test', to ? { to } : {}, {
          timeout: TEST_SEND_TIMEOUT_MS,
        })
      ).data,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: setupKey });
      void queryClient.invalidateQueries({ queryKey: logKey });
    },
  });
}

/** GET /api/email/messages → the workspace's newest messages, refreshed while some are still queued. */
export function useDeliveryLog() {
  return useQuery({
    queryKey: logKey,
    queryFn: async () => (await api.get<{ messages: DeliveryLogEntry[] }>('email/messages')).data.messages,
    refetchInterval: (query) =>
      query.state.data?.some((m) => m.status === 'queued' || m.status === 'sending') ? LOG_REFRESH_MS : false,
  });
}
