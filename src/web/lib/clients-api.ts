import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  clientListSchema,
  ClientInput,
  ClientView,
  LeadConversionDraft,
  leadConversionSchema,
} from '../../shared/schemas/clients';
import type { RecordTimeline } from '../../shared/schemas/answers';
import { api } from './api-client';
import { saveBlob } from './download';

export const CLIENTS = ['clients'] as const;

/** What the list asks for (docs/product/projects.md#clients). */
export interface ClientListParams {
  search: string;
  country: string;
  page: number;
}

const params = (filters: ClientListParams) => ({
  page: filters.page,
  limit: 25,
  ...(filters.search ? { search: filters.search } : {}),
  ...(filters.country ? { country: filters.country } : {}),
});

/** GET /api/clients; the previous page stays on screen while the next loads. */
export function useClients(filters: ClientListParams) {
  return useQuery({
    queryKey: [...CLIENTS, 'list', params(filters)],
    queryFn: async () =>
      (await api.get<z.infer<typeof clientListSchema>>('clients', { params: params(filters) })).data,
    placeholderData: keepPreviousData,
  });
}

/** POST /api/clients, or PUT /api/clients/:id when editing one. */
export function useSaveClient(id: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: ClientInput) =>
      (
        await (id
          ? api.put<{ client: ClientView }>(`clients/${id}`, input)
          : api.post<{ client: ClientView }>('clients', input))
      ).data.client,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CLIENTS }),
  });
}

export function useDeleteClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await api.delete(`clients/${id}`);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CLIENTS }),
  });
}

/** GET /api/clients/export.csv for the list's filters. */
export async function downloadClientsCsv(filters: ClientListParams): Promise<void> {
  const { page: _page, limit: _limit, ...query } = params(filters);
  const response = await api.get<Blob>('clients/export.csv', { params: query, responseType: 'blob' });
  saveBlob(response, 'clients.csv');
}

/** GET /api/leads/:id/convert: the clients the lead may be, a drafted new client, a past conversion. */
export function useLeadConversion(leadId: string) {
  return useQuery({
    queryKey: [...CLIENTS, 'conversion', leadId],
    queryFn: async () => (await api.get<LeadConversionDraft>(`leads/${leadId}/convert`)).data,
  });
}

/** POST /api/leads/:id/convert: link to a client, or make a new one; the lead and client lists refresh. */
export function useConvertLead(leadId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: z.input<typeof leadConversionSchema>) =>
      (await api.post<{ message: string; client: ClientView }>(`leads/${leadId}/convert`, input)).data,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: CLIENTS }),
        queryClient.invalidateQueries({ queryKey: ['leads'] }),
        queryClient.invalidateQueries({ queryKey: ['projects'] }),
      ]),
  });
}

/** The clients a project may be for, by name (the first 100; the search narrows them). */
export function useClientOptions(search = '') {
  return useQuery({
    queryKey: [...CLIENTS, 'options', search],
    queryFn: async () =>
      (
        await api.get<z.infer<typeof clientListSchema>>('clients', {
          params: { limit: 100, sort: 'name', ...(search ? { search } : {}) },
        })
      ).data.clients,
    staleTime: 30_000,
  });
}

/** GET /api/clients/:id/timeline: added, edited, converted from a lead, newest first. */
export function useClientTimeline(id: string) {
  return useQuery({
    queryKey: [...CLIENTS, 'timeline', id],
    queryFn: async () => (await api.get<RecordTimeline>(`clients/${id}/timeline`)).data.events,
  });
}
