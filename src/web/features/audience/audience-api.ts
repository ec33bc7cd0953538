import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, MULTIPART_HEADERS } from '../../lib/api-client';
import { CONSENT_BASIS_FIELD, type MemberStatus } from '../../../shared/mailing-lists';
import type {
  AddMemberInput,
  AddedCounts,
  ListMember,
  MailingList,
  MailingListInput,
  Suppression,
} from '../../../shared/schemas/mailing-lists';
import type { PageInfo } from '../../../shared/schemas/answers';

const listsKey = ['mailing-lists'] as const;
const membersKey = (id: string) => ['mailing-lists', id, 'members'] as const;
const suppressionsKey = ['suppressions'] as const;

export function useMailingLists() {
  return useQuery({
    queryKey: listsKey,
    queryFn: async () => (await api.get<{ lists: MailingList[] }>('mailing-lists')).data.lists,
  });
}

/** Every change to a list's people changes the lists' counts too. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: listsKey });
    void queryClient.invalidateQueries({ queryKey: suppressionsKey });
  };
}

export function useSaveList() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ id, body }: { id?: string; body: MailingListInput }) =>
      id
        ? (await api.put<{ list: MailingList }>(`mailing-lists/${id}`, body)).data.list
        : (await api.post<{ list: MailingList }>('mailing-lists', body)).data.list,
    onSuccess: refresh,
  });
}

export function useDeleteList() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (id: string) => (await api.delete<{ message: string }>(`mailing-lists/${id}`)).data,
    onSuccess: refresh,
  });
}

export interface MemberQuery {
  status?: MemberStatus;
  search: string;
  page: number;
}

export function useMembers(listId: string, query: MemberQuery) {
  return useQuery({
    queryKey: [...membersKey(listId), query],
    queryFn: async () =>
      (
        await api.get<{ members: ListMember[]; pagination: PageInfo }>(`mailing-lists/${listId}/members`, {
          params: {
            page: query.page,
            ...(query.status ? { status: query.status } : {}),
            ...(query.search ? { search: query.search } : {}),
          },
        })
      ).data,
    placeholderData: keepPreviousData,
  });
}

function useMemberChange<T, A>(listId: string, run: (arg: A) => Promise<T>) {
  const queryClient = useQueryClient();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: run,
    onSuccess: () => {
      refresh();
      void queryClient.invalidateQueries({ queryKey: membersKey(listId) });
    },
  });
}

export const useAddMember = (listId: string) =>
  useMemberChange(
    listId,
    async (body: AddMemberInput) =>
      (await api.post<{ message: string; member: ListMember }>(`mailing-lists/${listId}/members`, body)).data,
  );

export const useAddFromLeads = (listId: string) =>
  useMemberChange(
    listId,
    async (body: Record<string, string>) =>
      (await api.post<AddedCounts>(`mailing-lists/${listId}/members/from-leads`, body)).data,
  );

export const useAddFromClients = (listId: string) =>
  useMemberChange(
    listId,
    async (body: { consentBasis: string; clientIds?: string[] }) =>
      (await api.post<AddedCounts>(`mailing-lists/${listId}/members/from-clients`, body)).data,
  );

export const useImportSubscribers = (listId: string) =>
  useMemberChange(listId, async ({ file, basis }: { file: File; basis: string }) => {
    const form = new FormData();
    form.append(CONSENT_BASIS_FIELD, basis);
    form.append('file', file);
    return (
      await api.post<AddedCounts>(`mailing-lists/${listId}/import`, form, { headers: MULTIPART_HEADERS })
    ).data;
  });

export const useUnsubscribeMember = (listId: string) =>
  useMemberChange(
    listId,
    async (subscriberId: string) =>
      (await api.delete<{ message: string }>(`mailing-lists/${listId}/members/${subscriberId}`)).data,
  );

export function useSuppressions(query: { search: string; page: number }) {
  return useQuery({
    queryKey: [...suppressionsKey, query],
    queryFn: async () =>
      (
        await api.get<{ suppressions: Suppression[]; pagination: PageInfo }>('suppressions', {
          params: { page: query.page, ...(query.search ? { search: query.search } : {}) },
        })
      ).data,
    placeholderData: keepPreviousData,
  });
}

export function useAddSuppression() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (body: { email: string; detail: string }) =>
      (await api.post<Suppression>('suppressions', { ...body, reason: 'manual' })).data,
    onSuccess: refresh,
  });
}

export function useRemoveSuppression() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (email: string) =>
      (await api.delete<{ message: string }>(`suppressions/${encodeURIComponent(email)}`)).data,
    onSuccess: refresh,
  });
}
