import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LeadDuplicates, LeadMergeBody } from '../../../shared/schemas/lead-duplicates';
import type { Lead } from '../../../shared/schemas/leads';
import { api } from '../../lib/api-client';
import { LEADS } from './leads-api';

/** GET /api/leads/{id}/duplicates: asked only for a lead the list says has some. */
export function useLeadDuplicates(id: string, enabled: boolean) {
  return useQuery({
    queryKey: [...LEADS, 'duplicates', id],
    queryFn: async () => (await api.get<LeadDuplicates>(`leads/${id}/duplicates`)).data,
    enabled,
    staleTime: 0,
  });
}

/** POST /api/leads/{id}/merge: the other lead is gone afterwards, so every lead query is read again. */
export function useMergeLeads() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string; body: LeadMergeBody }) =>
      (await api.post<{ success: boolean; lead: Lead }>(`leads/${id}/merge`, body)).data.lead,
    onSuccess: (lead) => {
      queryClient.setQueryData<Lead>([...LEADS, 'one', lead._id], lead);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: LEADS }),
  });
}
