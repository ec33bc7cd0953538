import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import type {
  CreateLeadInput,
  Lead,
  LeadOwnerOption,
  LeadPage,
  UpdateLeadInput,
} from '../../../shared/schemas/leads';
import { api } from '../../lib/api-client';
import { saveBlob } from '../../lib/download';
import { listParams, type LeadFilters } from './lead-filters';

export type LeadPagination = LeadPage['pagination'];
export type LeadListAnswer = LeadPage;

export const LEADS = ['leads'] as const;
/** Imports and exports of big files outlast the shared client's 10 s time-out. */
export const LONG_TIMEOUT_MS = 5 * 60_000;

/** GET /api/leads for the filters in the URL; the previous page stays on screen while the next loads. */
export function useLeads(filters: LeadFilters, limit: number) {
  const params = listParams(filters, limit);
  return useQuery({
    queryKey: [...LEADS, 'list', params],
    queryFn: async () => (await api.get<LeadListAnswer>('leads', { params })).data,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** GET /api/leads/{id}; answers either the lead or `{ lead }`. Starts from the copy the list showed. */
export function useLead(id: string, initial: Lead) {
  return useQuery({
    queryKey: [...LEADS, 'one', id],
    queryFn: async () => {
      const { data } = await api.get<Lead | { lead: Lead }>(`leads/${id}`);
      return 'lead' in data ? data.lead : data;
    },
    placeholderData: initial,
    staleTime: 0,
  });
}

/** GET /api/leads/owners: the members the panel offers as owner. */
export function useLeadOwners() {
  return useQuery({
    queryKey: [...LEADS, 'owners'],
    queryFn: async () => (await api.get<{ owners: LeadOwnerOption[] }>('leads/owners')).data.owners,
    staleTime: 60_000,
  });
}

/** POST /api/leads/{id}/follow-up/done: the follow-up and its note are cleared. */
export function useFollowUpDone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      (await api.post<{ success: boolean; lead: Lead }>(`leads/${id}/follow-up/done`)).data.lead,
    onSuccess: (lead) => patchCachedLead(queryClient, lead._id, lead),
    onSettled: () => queryClient.invalidateQueries({ queryKey: LEADS }),
  });
}

export function useCreateLead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateLeadInput) =>
      (await api.post<{ success: boolean; lead: Lead }>('leads', input)).data.lead,
    onSettled: () => queryClient.invalidateQueries({ queryKey: LEADS }),
  });
}

type Snapshot = Array<[QueryKey, unknown]>;

/** Replaces a lead wherever the cache holds it (list pages, board, the panel's copy). */
function patchCachedLead(queryClient: ReturnType<typeof useQueryClient>, id: string, changes: Partial<Lead>) {
  queryClient.setQueriesData<LeadListAnswer>(
    { queryKey: [...LEADS, 'list'] },
    (answer) =>
      answer && {
        ...answer,
        leads: answer.leads.map((lead) => (lead._id === id ? { ...lead, ...changes } : lead)),
      },
  );
  queryClient.setQueryData<Lead>([...LEADS, 'one', id], (lead) => lead && { ...lead, ...changes });
}

/** PUT /api/leads/{id}: optimistic, rolled back when the server refuses, then read again either way. */
export function useUpdateLead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, changes }: { id: string; changes: UpdateLeadInput }) =>
      (await api.put<{ success: boolean; lead: Lead }>(`leads/${id}`, changes)).data.lead,
    onMutate: async ({ id, changes }): Promise<Snapshot> => {
      await queryClient.cancelQueries({ queryKey: LEADS });
      const snapshot = queryClient.getQueriesData({ queryKey: LEADS });
      patchCachedLead(queryClient, id, changes as Partial<Lead>);
      return snapshot;
    },
    onError: (_error, _vars, snapshot) => {
      for (const [key, data] of snapshot ?? []) queryClient.setQueryData(key, data);
    },
    onSuccess: (lead) => {
      if (lead) patchCachedLead(queryClient, lead._id, lead);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: LEADS }),
  });
}

export function useDeleteLead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await api.delete(`leads/${id}`);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...LEADS, 'list'] }),
  });
}

/**
 * GET /api/leads/export for the current filters. A plain link would carry no bearer token, so the file is
 * read as a blob and handed to the browser through an object URL.
 */
export async function downloadLeadsExport(filters: LeadFilters): Promise<void> {
  const { page: _page, limit: _limit, ...params } = listParams(filters, 1);
  const response = await api.get<Blob>('leads/export', {
    params,
    responseType: 'blob',
    timeout: LONG_TIMEOUT_MS,
  });
  saveBlob(response, `leads_export_${new Date().toISOString().slice(0, 10)}.csv`);
}
