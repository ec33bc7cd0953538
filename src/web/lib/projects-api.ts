import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  ProjectDeliveryInput,
  ProjectInput,
  ProjectStatus,
  ProjectSummary,
  ProjectView,
  projectListSchema,
  projectMembersSchema,
  projectTimelineSchema,
} from '../../shared/schemas/projects';
import { api } from './api-client';

/** Every projects, tasks and time query starts with this, so a change anywhere refreshes the figures. */
export const PROJECTS = ['projects'] as const;

/** The list's filters, as the address keeps them (docs/product/projects.md#projects). */
export interface ProjectListParams {
  search: string;
  client: string;
  manager: string;
  status: ProjectStatus[];
  due: '' | 'overdue' | 'this-week' | 'this-month' | 'none';
  overBudget: boolean;
  sort: 'created' | 'name' | 'due' | 'delivered' | 'code';
  page: number;
  limit: number;
}

const params = (f: ProjectListParams) => ({
  page: f.page,
  limit: f.limit,
  sort: f.sort,
  order: f.sort === 'name' || f.sort === 'due' || f.sort === 'code' ? 'asc' : 'desc',
  ...(f.search ? { search: f.search } : {}),
  ...(f.client ? { client: f.client } : {}),
  ...(f.manager ? { manager: f.manager } : {}),
  ...(f.status.length ? { status: f.status.join(',') } : {}),
  ...(f.due ? { due: f.due } : {}),
  ...(f.overBudget ? { overBudget: 'true' } : {}),
});

export function useProjects(filters: ProjectListParams, enabled = true) {
  return useQuery({
    queryKey: [...PROJECTS, 'list', params(filters)],
    queryFn: async () =>
      (await api.get<z.infer<typeof projectListSchema>>('projects', { params: params(filters) })).data,
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useProject(id: string) {
  return useQuery({
    queryKey: [...PROJECTS, 'one', id],
    queryFn: async () => (await api.get<ProjectView>(`projects/${id}`)).data,
  });
}

export function useProjectTimeline(id: string) {
  return useQuery({
    queryKey: [...PROJECTS, 'timeline', id],
    queryFn: async () =>
      (await api.get<z.infer<typeof projectTimelineSchema>>(`projects/${id}/timeline`)).data,
  });
}

export function useProjectSummary(enabled = true) {
  return useQuery({
    queryKey: [...PROJECTS, 'summary'],
    queryFn: async () => (await api.get<ProjectSummary>('projects/summary')).data,
    enabled,
  });
}

export function useProjectMembers() {
  return useQuery({
    queryKey: [...PROJECTS, 'members'],
    queryFn: async () =>
      (await api.get<z.infer<typeof projectMembersSchema>>('projects/members')).data.members,
    staleTime: 60_000,
  });
}

/** Refreshes every projects, tasks and time query: a change to one moves the others' figures. */
export function useRefreshProjects() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: PROJECTS });
}

export function useSaveProject(id: string | null) {
  const refresh = useRefreshProjects();
  return useMutation({
    mutationFn: async (input: ProjectInput) =>
      (
        await (id
          ? api.put<{ project: ProjectView; message: string }>(`projects/${id}`, input)
          : api.post<{ project: ProjectView; message: string }>('projects', input))
      ).data,
    onSuccess: refresh,
  });
}

export function useDeliverProject(id: string) {
  const refresh = useRefreshProjects();
  return useMutation({
    mutationFn: async (input: ProjectDeliveryInput) =>
      (await api.post<{ project: ProjectView; message: string }>(`projects/${id}/deliver`, input)).data,
    onSuccess: refresh,
  });
}

export function useDeleteProject() {
  const refresh = useRefreshProjects();
  return useMutation({
    mutationFn: async (id: string) => {
      await api.delete(`projects/${id}`);
    },
    onSuccess: refresh,
  });
}

/** A project as its form edits it: the whole input the API takes, from what it shows. */
export const projectInputOf = (project: ProjectView, changes: Partial<ProjectInput> = {}): ProjectInput => ({
  clientId: project.client._id,
  name: project.name,
  code: project.code,
  description: project.description,
  status: project.status,
  billingType: project.billingType,
  budgetMinutes: project.budgetMinutes,
  budgetAmount: project.budgetAmount,
  hourlyRate: project.hourlyRate,
  retainerMinutes: project.retainerMinutes,
  retainerRollover: project.retainerRollover,
  retainerFee: project.retainerFee,
  retainerInvoicing: project.retainerInvoicing,
  startDate: project.startDate,
  dueDate: project.dueDate,
  managerId: project.manager?._id ?? '',
  team: project.team.map((m) => ({ userId: m._id, hourlyRate: m.hourlyRate })),
  portalVisibility: project.portalVisibility,
  ...changes,
});
