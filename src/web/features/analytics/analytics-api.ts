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

/**
 * GET /api/analytics for the range and a page of its lists (docs/product/analytics.md#figures); the last figures
 * stay while the next load.
 */
export function useAnalyticsReport(range: DayRange, page: number) {
  return useQuery({
    queryKey: [...analyticsKey, range.from, range.to, page],
    queryFn: async () => (await api.get<AnalyticsReport>('analytics', { params: { ...range, page } })).data,
    placeholderData: keepPreviousData,
    retry: (failures, error) =>
      !(isHttpError(error) && (error.response?.status ?? 500) < 500) && failures < 2,
  });
}

/** True when the server refused the caller the figures (no SEO Management: 403). */
export const isRefused = (error: unknown) => isHttpError(error) && error.response?.status === 403;
/** True for a member of another workspace than the agency's: its site is the agency's (404). */
export const isOtherWorkspace = (error: unknown) => isHttpError(error) && error.response?.status === 404;

/**
 * GET /api/analytics/export.csv: the range's figures as a file; a range with more rows than one file holds
 * comes in parts (`part` of `parts`).
 */
export async function downloadAnalyticsCsv(range: DayRange, part: number, parts: number): Promise<void> {
  const response = await api.get<Blob>('analytics/export.csv', {
    params: { ...range, page: part },
    responseType: 'blob',
  });
  const suffix = parts > 1 ? `_part-${part}-of-${parts}` : '';
  saveBlob(response, `analytics_${range.from}_${range.to}${suffix}.csv`);
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
