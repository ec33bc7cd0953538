import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LeadViewQueryInput, SavedLeadView } from '../../../shared/schemas/lead-views';
import { api } from '../../lib/api-client';

/** Apart from the leads' own key: editing a lead does not read the views again. */
export const LEAD_VIEWS = ['lead-views'] as const;

/** GET /api/leads/views: the workspace's shared views, then the user's own (docs/product/leads.md#saved-views). */
export function useLeadViews() {
  return useQuery({
    queryKey: LEAD_VIEWS,
    queryFn: async () => (await api.get<{ views: SavedLeadView[] }>('leads/views')).data.views,
    staleTime: 30_000,
  });
}

type Written = { success: true; view: SavedLeadView };

export interface LeadViewChanges {
  name?: string;
  query?: LeadViewQueryInput;
  shared?: boolean;
}

export function useCreateLeadView() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { name: string; query: LeadViewQueryInput; shared: boolean }) =>
      (await api.post<Written>('leads/views', input)).data.view,
    // In the list at once, so the URL may name it before the list is read again.
    onSuccess: (view) =>
      queryClient.setQueryData<SavedLeadView[]>(LEAD_VIEWS, (views) => views && [...views, view]),
    onSettled: () => queryClient.invalidateQueries({ queryKey: LEAD_VIEWS }),
  });
}

export function useUpdateLeadView() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, changes }: { id: string; changes: LeadViewChanges }) =>
      (await api.put<Written>(`leads/views/${id}`, changes)).data.view,
    onSuccess: (view) =>
      queryClient.setQueryData<SavedLeadView[]>(
        LEAD_VIEWS,
        (views) => views && views.map((one) => (one.id === view.id ? view : one)),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: LEAD_VIEWS }),
  });
}

export function useDeleteLeadView() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await api.delete(`leads/views/${id}`);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: LEAD_VIEWS }),
  });
}
