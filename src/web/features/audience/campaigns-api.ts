import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import type { CampaignStatus } from '../../../shared/campaigns';
import type { Campaign, CampaignInput, Throttle } from '../../../shared/schemas/campaigns';
import type { PageInfo } from '../../../shared/schemas/answers';
import type { MailingList } from '../../../shared/schemas/mailing-lists';
import type { EmailTemplateSummary } from '../../../shared/schemas/email-templates';

const campaignsKey = ['campaigns'] as const;
const throttleKey = ['campaigns', 'settings'] as const;

/** While a campaign is sending or waiting for its time, the table reads again this often. */
const LIVE_MS = 3_000;
const isLive = (campaign: Campaign) => campaign.status === 'sending' || campaign.status === 'scheduled';

/** GET /api/campaigns?page&status → a page of campaigns with their progress, newest first. */
export function useCampaigns(query: { page: number; status?: CampaignStatus }) {
  return useQuery({
    queryKey: [...campaignsKey, 'page', query],
    queryFn: async () =>
      (
        await api.get<{ campaigns: Campaign[]; pageInfo: PageInfo }>('campaigns', {
          params: { page: query.page, ...(query.status ? { status: query.status } : {}) },
        })
      ).data,
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.campaigns.some(isLive) ? LIVE_MS : false),
  });
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: campaignsKey });
    void queryClient.invalidateQueries({ queryKey: ['campaign-reports'] });
  };
}

type Saved = { message: string; campaign: Campaign };

/** POST /api/campaigns (no id) or PUT /api/campaigns/:id. */
export function useSaveCampaign() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ id, body }: { id?: string; body: CampaignInput }) =>
      (id ? await api.put<Saved>(`campaigns/${id}`, body) : await api.post<Saved>('campaigns', body)).data,
    onSuccess: refresh,
  });
}

export type CampaignAction = 'send' | 'pause' | 'resume' | 'cancel';

/** POST /api/campaigns/:id/{send,pause,resume,cancel}, /schedule {at}, and DELETE. */
export function useCampaignAction() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (
      command:
        | { id: string; action: CampaignAction }
        | { id: string; action: 'schedule'; at: string }
        | { id: string; action: 'delete' },
    ): Promise<{ message: string; campaign?: Campaign }> => {
      if (command.action === 'delete')
        return (await api.delete<{ message: string }>(`campaigns/${command.id}`)).data;
      if (command.action === 'schedule')
        return (await api.post<Saved>(`campaigns/${command.id}/schedule`, { at: command.at })).data;
      return (await api.post<Saved>(`campaigns/${command.id}/${command.action}`)).data;
    },
    // A 409 means the campaign moved on elsewhere: the table shows where it is now.
    onSettled: refresh,
  });
}

/** GET /api/mailing-lists/:id → the list with its counts (how many are subscribed). */
export function useMailingList(id: string | null) {
  return useQuery({
    queryKey: ['mailing-lists', id, 'one'],
    enabled: Boolean(id),
    queryFn: async () => (await api.get<{ list: MailingList }>(`mailing-lists/${id}`)).data.list,
  });
}

/** GET/PUT /api/campaigns/settings: the workspace's sending speed. */
export function useThrottle() {
  return useQuery({
    queryKey: throttleKey,
    queryFn: async () => (await api.get<{ throttle: Throttle }>('campaigns/settings')).data.throttle,
  });
}

export function useSaveThrottle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: Throttle) =>
      (await api.put<{ throttle: Throttle }>('campaigns/settings', body)).data.throttle,
    onSuccess: (throttle) => queryClient.setQueryData(throttleKey, throttle),
  });
}

/** GET /api/email-templates → the templates a campaign may use (the dialog's choices). */
export function useTemplateChoices() {
  return useQuery({
    queryKey: ['email-templates'],
    queryFn: async () =>
      (await api.get<{ templates: EmailTemplateSummary[] }>('email-templates')).data.templates,
  });
}
