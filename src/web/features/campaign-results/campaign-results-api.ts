import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import type { CampaignReport, CampaignReports } from '../../../shared/schemas/campaign-results';

/** While a campaign sends, its figures move: the section reads them again this often while it is open. */
const LIVE_MS = 15_000;

/** GET /api/campaigns/reports → a page of the workspace's campaigns with their figures, newest first. */
export function useCampaignReports(page: number) {
  return useQuery({
    queryKey: ['campaign-reports', page],
    queryFn: async () => (await api.get<CampaignReports>('campaigns/reports', { params: { page } })).data,
    placeholderData: keepPreviousData,
    refetchInterval: LIVE_MS,
  });
}

/** GET /api/campaigns/:id/report → one campaign's figures, links and funnel. */
export function useCampaignReport(id: string) {
  return useQuery({
    queryKey: ['campaign-report', id],
    queryFn: async () => (await api.get<CampaignReport>(`campaigns/${id}/report`)).data,
    refetchInterval: LIVE_MS,
  });
}
