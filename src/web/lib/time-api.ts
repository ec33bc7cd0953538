import { useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  TimeApprovalInput,
  TimeEntryInput,
  TimeEntryView,
  TimeReport,
  TimeReportQuery,
  TimerStartInput,
  pendingApprovalsSchema,
  timeEntryListSchema,
} from '../../shared/schemas/time';
import { api } from './api-client';
import { saveBlob } from './download';
import { PROJECTS, useRefreshProjects } from './projects-api';

const TIME = [...PROJECTS, 'time'] as const;

/** The caller's entries (or a project's, or everyone's they may see) in a range of days. */
export function useTimeEntries(range: { from: string; to: string; user?: string; project?: string }) {
  return useQuery({
    queryKey: [...TIME, 'entries', range],
    queryFn: async () =>
      (await api.get<z.infer<typeof timeEntryListSchema>>('time-entries', { params: range })).data.entries,
  });
}

/** The running timer: read on every mount and when the tab comes back, so a reload or a second tab shows it. */
export function useTimer(enabled: boolean) {
  return useQuery({
    queryKey: [...TIME, 'timer'],
    queryFn: async () => (await api.get<{ timer: TimeEntryView | null }>('timer')).data.timer,
    enabled,
    refetchInterval: 60_000,
    refetchOnWindowFocus: true,
  });
}

export function useStartTimer() {
  const refresh = useRefreshProjects();
  return useMutation({
    mutationFn: async (input: TimerStartInput) =>
      (await api.post<{ entry: TimeEntryView; message: string }>('timer/start', input)).data,
    onSettled: refresh,
  });
}

export function useStopTimer() {
  const refresh = useRefreshProjects();
  return useMutation({
    mutationFn: async () => (await api.post<{ entry: TimeEntryView; message: string }>('timer/stop')).data,
    onSettled: refresh,
  });
}

export function useSaveTime() {
  const refresh = useRefreshProjects();
  return useMutation({
    mutationFn: async ({ id, input }: { id: string | null; input: TimeEntryInput }) =>
      (id ? await api.put(`time-entries/${id}`, input) : await api.post('time-entries', input)).data,
    onSuccess: refresh,
  });
}

export function useDeleteTime() {
  const refresh = useRefreshProjects();
  return useMutation({
    mutationFn: async (id: string) => {
      await api.delete(`time-entries/${id}`);
    },
    onSuccess: refresh,
  });
}

export function useSubmitWeek() {
  const refresh = useRefreshProjects();
  return useMutation({
    mutationFn: async (weekStart: string) =>
      (await api.post<{ message: string; count: number }>('time-entries/submit', { weekStart })).data,
    onSuccess: refresh,
  });
}

export function usePendingApprovals() {
  return useQuery({
    queryKey: [...TIME, 'approvals'],
    queryFn: async () =>
      (await api.get<z.infer<typeof pendingApprovalsSchema>>('time-approvals')).data.pending,
  });
}

export function useDecideTime() {
  const refresh = useRefreshProjects();
  return useMutation({
    mutationFn: async (input: TimeApprovalInput) =>
      (await api.post<{ message: string; count: number }>('time-approvals', input)).data,
    onSuccess: refresh,
  });
}

export function useTimeReport(query: TimeReportQuery) {
  return useQuery({
    queryKey: [...TIME, 'report', query],
    queryFn: async () => (await api.get<TimeReport>('time-reports', { params: query })).data,
  });
}

export async function downloadTimeCsv(query: TimeReportQuery): Promise<void> {
  const response = await api.get<Blob>('time-entries/export.csv', { params: query, responseType: 'blob' });
  saveBlob(response, 'time.csv');
}
