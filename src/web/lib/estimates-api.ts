import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  EstimateInput,
  EstimateState,
  EstimateView,
  estimateAcceptSchema,
  estimateConversionSchema,
  estimateListSchema,
} from '../../shared/schemas/estimates';
import { api } from './api-client';
import { saveBlob } from './download';
import { FINANCE } from './finance-api';
import { PROJECTS } from './projects-api';

/** GET /api/estimates' filters, as the address keeps them (docs/product/finance.md#estimates). */
export interface EstimateListParams {
  state: EstimateState | '';
  client: string;
  search: string;
  page: number;
  limit: number;
}

export type EstimateList = z.infer<typeof estimateListSchema>;
type EstimateAnswer = { message: string; estimate: EstimateView };
/** What the accept and conversion forms send: defaults left to the server. */
export type EstimateAcceptBody = z.input<typeof estimateAcceptSchema>;
export type EstimateConversionBody = z.input<typeof estimateConversionSchema>;

/** Estimates sit under the finance key: a conversion's deposit invoice shows in the invoice lists too. */
const ESTIMATES = [...FINANCE, 'estimates'] as const;

const listParams = (f: EstimateListParams) => ({
  page: f.page,
  limit: f.limit,
  ...(f.state ? { state: f.state } : {}),
  ...(f.client ? { client: f.client } : {}),
  ...(f.search ? { search: f.search } : {}),
});

/** Refreshes every finance query (and, after a conversion, the projects). */
function useRefresh(projectsToo = false) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: FINANCE }),
      projectsToo ? queryClient.invalidateQueries({ queryKey: PROJECTS }) : null,
    ]);
}

export function useEstimates(filters: EstimateListParams) {
  return useQuery({
    queryKey: [...ESTIMATES, 'list', listParams(filters)],
    queryFn: async () => (await api.get<EstimateList>('estimates', { params: listParams(filters) })).data,
    placeholderData: keepPreviousData,
  });
}

export function useEstimate(id: string) {
  return useQuery({
    queryKey: [...ESTIMATES, 'one', id],
    queryFn: async () => (await api.get<EstimateView>(`estimates/${id}`)).data,
  });
}

/** POST /api/estimates (numbered when made), or PUT /api/estimates/:id (the whole estimate, until answered). */
export function useSaveEstimate(id: string | null) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (input: EstimateInput) =>
      (
        await (id
          ? api.put<EstimateAnswer>(`estimates/${id}`, input)
          : api.post<EstimateAnswer>('estimates', input))
      ).data,
    onSuccess: refresh,
  });
}

export function useDeleteEstimate() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (id: string) => (await api.delete<{ message: string }>(`estimates/${id}`)).data,
    onSuccess: refresh,
  });
}

/** POST /api/estimates/:id/send: e-mailed with its PDF and a link; it is then Sent. */
export function useSendEstimate(id: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (input: { to: string; message: string }) =>
      (await api.post<EstimateAnswer>(`estimates/${id}/send`, input)).data,
    onSuccess: refresh,
  });
}

/** POST /api/estimates/:id/accept: the client's yes, as staff record it. */
export function useAcceptEstimate(id: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (input: EstimateAcceptBody) =>
      (await api.post<EstimateAnswer>(`estimates/${id}/accept`, input)).data,
    onSuccess: refresh,
  });
}

export function useDeclineEstimate(id: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (input: { reason: string }) =>
      (await api.post<EstimateAnswer>(`estimates/${id}/decline`, input)).data,
    onSuccess: refresh,
  });
}

/** POST /api/estimates/:id/project: the project it becomes, with an optional draft deposit invoice. */
export function useConvertEstimate(id: string) {
  const refresh = useRefresh(true);
  return useMutation({
    mutationFn: async (input: EstimateConversionBody) =>
      (await api.post<EstimateAnswer>(`estimates/${id}/project`, input)).data,
    onSuccess: refresh,
  });
}

/** GET /api/estimates/:id/pdf, saved under the server's file name. */
export async function downloadEstimatePdf(id: string, number: string): Promise<void> {
  const response = await api.get<Blob>(`estimates/${id}/pdf`, { responseType: 'blob' });
  saveBlob(response, `${number}.pdf`);
}
