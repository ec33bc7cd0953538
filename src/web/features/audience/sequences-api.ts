import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import type { EmailTemplateSummary } from '../../../shared/schemas/email-templates';
import type {
  EnrolInput,
  Enrollment,
  EnrollmentStatus,
  Sequence,
  SequenceInput,
} from '../../../shared/schemas/sequences';
import type { PageInfo } from '../../../shared/schemas/answers';

const sequencesKey = ['sequences'] as const;
const peopleKey = (id: string) => ['sequences', id, 'enrollments'] as const;

export function useSequences() {
  return useQuery({
    queryKey: sequencesKey,
    queryFn: async () => (await api.get<{ sequences: Sequence[] }>('sequences')).data.sequences,
  });
}

/** The workspace's templates, for each step's choice (the same cache as the Email Templates section). */
export function useTemplateChoices() {
  return useQuery({
    queryKey: ['email-templates'],
    queryFn: async () =>
      (await api.get<{ templates: EmailTemplateSummary[] }>('email-templates')).data.templates,
  });
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: sequencesKey });
}

export function useSaveSequence() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ id, body }: { id?: string; body: SequenceInput }) =>
      id
        ? (await api.put<{ sequence: Sequence }>(`sequences/${id}`, body)).data.sequence
        : (await api.post<{ sequence: Sequence }>('sequences', body)).data.sequence,
    onSuccess: refresh,
  });
}

export function useDeleteSequence() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (id: string) => (await api.delete<{ message: string }>(`sequences/${id}`)).data,
    onSuccess: refresh,
  });
}

export function useSequenceStatus() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ id, action }: { id: string; action: 'pause' | 'resume' }) =>
      (await api.post<{ message: string; sequence: Sequence }>(`sequences/${id}/${action}`)).data,
    onSuccess: refresh,
  });
}

export function useEnrollments(id: string, query: { page: number; status?: EnrollmentStatus }) {
  return useQuery({
    queryKey: [...peopleKey(id), query],
    queryFn: async () =>
      (
        await api.get<{ enrollments: Enrollment[]; pageInfo: PageInfo }>(`sequences/${id}/enrollments`, {
          params: { page: query.page, ...(query.status ? { status: query.status } : {}) },
        })
      ).data,
    placeholderData: keepPreviousData,
  });
}

function usePeopleChange<A, T>(id: string, run: (arg: A) => Promise<T>) {
  const queryClient = useQueryClient();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: run,
    onSuccess: () => {
      refresh();
      void queryClient.invalidateQueries({ queryKey: peopleKey(id) });
    },
  });
}

export const useEnrol = (id: string) =>
  usePeopleChange(
    id,
    async (body: Partial<EnrolInput>) =>
      (
        await api.post<{ message: string; added: number; skipped: number }>(
          `sequences/${id}/enrollments`,
          body,
        )
      ).data,
  );

export const useLeave = (id: string) =>
  usePeopleChange(
    id,
    async ({ enrollmentId, action }: { enrollmentId: string; action: 'replied' | 'remove' }) =>
      (
        await api.post<{ message: string; enrollment: Enrollment }>(
          `sequences/${id}/enrollments/${enrollmentId}/${action}`,
        )
      ).data,
  );
