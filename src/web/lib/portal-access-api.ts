import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PortalContact } from '../../shared/schemas/portal';
import { api } from './api-client';
import { CLIENTS } from './clients-api';

/** Under the clients' key: saving a client (its contacts) refreshes its portal access too. */
const portalKey = (clientId: string) => [...CLIENTS, 'portal-access', clientId] as const;

/** GET /api/clients/:id/portal-access (docs/product/portal.md#staff-controls). */
export function usePortalAccess(clientId: string) {
  return useQuery({
    queryKey: portalKey(clientId),
    queryFn: async () =>
      (await api.get<{ contacts: PortalContact[] }>(`clients/${clientId}/portal-access`)).data.contacts,
  });
}

/** Give access, remove it, or end its sessions; each answers the server's message. */
export function usePortalAccessChange(clientId: string) {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: portalKey(clientId) });
  const base = `clients/${clientId}/portal-access`;
  return {
    grant: useMutation({
      mutationFn: async (email: string) =>
        (await api.post<{ message: string }>(base, { email })).data.message,
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: async (accessId: string) =>
        (await api.delete<{ message: string }>(`${base}/${accessId}`)).data.message,
      onSuccess,
    }),
    endSessions: useMutation({
      mutationFn: async (accessId: string) =>
        (await api.post<{ message: string }>(`${base}/${accessId}/end-sessions`, {})).data.message,
      onSuccess,
    }),
  };
}
