import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AnalyticsReport, CampaignSpendInput } from '../../../shared/schemas/analytics';
import { api, isHttpError } from '../../lib/api-client';
import { saveBlob } from '../../lib/download';

/** A range of whole UTC days, both included (YYYY-MM-DD), as GET /api/analytics takes it. */
export interface DayRange {
  from: string;
  to: string;
}

const analyticsKey = ['analytics'] as const;

/** GET /api/analytics for the range (docs/product/analytics.md#figures); the last figures stay while the next load. */
export function useAnalyticsReport(range: DayRange) {
  return useQuery({
    queryKey: [...analyticsKey, range.from, range.to],
    queryFn: async () => (await api.get<AnalyticsReport>('analytics', { params: range })).data,
    placeholderData: keepPreviousData,
    retry: (failures, error) =>
      !(isHttpError(error) && (error.response?.status ?? 500) < 500) && failures < 2,
  });
}

/** True when the server refused the caller the figures (no SEO Management: 403). */
export const isRefused = (error: unknown) => isHttpError(error) && error.response?.status === 403;
/** True for a member of another workspace than the agency's: its site is the agency's (404). */
export const isOtherWorkspace = (error: unknown) => isHttpError(error) && error.response?.status === 404;

/** GET /api/analytics/export.csv: every row of every list, as a file. */
export async function downloadAnalyticsCsv(range: DayRange): Promise<void> {
  const response = await api.get<Blob>('analytics/export.csv', { params: range, responseType: 'blob' });
  saveBlob(response, `analytics_${range.from}_${range.to}.csv`);
}

/** PUT /api/analytics/campaigns/spend: a campaign's spend, or null to clear it. */
export function useSaveSpend() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CampaignSpendInput) => {
      await api.put('analytics/campaigns/spend', input);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: analyticsKey }),
  });
}
