import { useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  TaskAttachmentView,
  TaskInput,
  TaskMoveInput,
  TaskTimeline,
  TaskView,
  myTasksSchema,
  taskCommentsSchema,
  taskListSchema,
} from '../../shared/schemas/tasks';
import type { ContentVisibility } from '../../shared/portal-projects';
import { MULTIPART_HEADERS, api } from './api-client';
import { saveBlob } from './download';
import { PROJECTS, useRefreshProjects } from './projects-api';

const TASKS = [...PROJECTS, 'tasks'] as const;

/** A project's tasks, all of them (a board reads its columns at once). */
export function useTasks(projectId: string) {
  return useQuery({
    queryKey: [...TASKS, projectId],
    queryFn: async () =>
      (
        await api.get<z.infer<typeof taskListSchema>>(`projects/${projectId}/tasks`, {
          params: { limit: 500 },
        })
      ).data.tasks,
  });
}

export function useMyTasks() {
  return useQuery({
    queryKey: [...TASKS, 'mine'],
    queryFn: async () => (await api.get<z.infer<typeof myTasksSchema>>('tasks/mine')).data.tasks,
  });
}

export function useSaveTask(projectId: string, id: string | null) {
  const refresh = useRefreshProjects();
  return useMutation({
    mutationFn: async (input: TaskInput) =>
      (
        await (id
          ? api.put<{ task: TaskView; message: string }>(`tasks/${id}`, input)
          : api.post<{ task: TaskView; message: string }>(`projects/${projectId}/tasks`, input))
      ).data,
    onSuccess: refresh,
  });
}

export function useMoveTask() {
  const refresh = useRefreshProjects();
  return useMutation({
    mutationFn: async ({ id, ...move }: TaskMoveInput & { id: string }) =>
      (await api.post<{ task: TaskView; message: string }>(`tasks/${id}/move`, move)).data,
    onSettled: refresh,
  });
}

export function useDeleteTask() {
  const refresh = useRefreshProjects();
  return useMutation({
    mutationFn: async (id: string) => {
      await api.delete(`tasks/${id}`);
    },
    onSuccess: refresh,
  });
}

export function useTaskComments(taskId: string) {
  return useQuery({
    queryKey: [...TASKS, 'comments', taskId],
    queryFn: async () =>
      (await api.get<z.infer<typeof taskCommentsSchema>>(`tasks/${taskId}/comments`)).data.comments,
  });
}

export function useAddComment(taskId: string) {
  const refresh = useRefreshProjects();
  return useMutation({
    mutationFn: async (input: { body: string; visibility: ContentVisibility }) =>
      (await api.post(`tasks/${taskId}/comments`, input)).data,
    onSuccess: refresh,
  });
}

/** Its author shows a comment to the client or keeps it internal. */
export function useCommentVisibility(taskId: string) {
  const refresh = useRefreshProjects();
  return useMutation({
    mutationFn: async (input: { id: string; body: string; visibility: ContentVisibility }) =>
      (
        await api.put(`tasks/${taskId}/comments/${input.id}`, {
          body: input.body,
          visibility: input.visibility,
        })
      ).data,
    onSuccess: refresh,
  });
}

/** GET /api/tasks/:id/timeline: what the client did on the task. */
export function useTaskTimeline(taskId: string) {
  return useQuery({
    queryKey: [...TASKS, 'timeline', taskId],
    queryFn: async () => (await api.get<TaskTimeline>(`tasks/${taskId}/timeline`)).data.events,
  });
}

/** A task as its form edits it: the whole input the API takes, from what it shows. */
export const taskInputOf = (task: TaskView, changes: Partial<TaskInput> = {}): TaskInput => ({
  title: task.title,
  description: task.description,
  status: task.status,
  blocked: task.blocked,
  priority: task.priority,
  dueDate: task.dueDate,
  estimateMinutes: task.estimateMinutes,
  assigneeIds: task.assignees.map((a) => a._id),
  parentId: task.parentId,
  blockedByIds: task.blockedBy.map((b) => b._id),
  recurrence: task.recurrence,
  milestone: task.milestone,
  ...changes,
});

const FEED = [...PROJECTS, 'calendar-feed'] as const;

export function useCalendarFeed() {
  return useQuery({
    queryKey: FEED,
    queryFn: async () =>
      (
        await api.get<{ active: boolean; createdAt: string | null; lastReadAt: string | null }>(
          'calendar-feed',
        )
      ).data,
  });
}

/** A new secret feed URL (shown once), or the feed turned off. */
export function useCalendarFeedChange() {
  const refresh = useRefreshProjects();
  return {
    create: useMutation({
      mutationFn: async () => (await api.post<{ url: string; createdAt: string }>('calendar-feed')).data,
      onSuccess: refresh,
    }),
    revoke: useMutation({
      mutationFn: async () => (await api.delete<{ message: string }>('calendar-feed')).data,
      onSuccess: refresh,
    }),
  };
}

const FILES = [...PROJECTS, 'attachments'] as const;

export function useTaskAttachments(taskId: string) {
  return useQuery({
    queryKey: [...FILES, taskId],
    queryFn: async () =>
      (await api.get<{ attachments: TaskAttachmentView[] }>(`tasks/${taskId}/attachments`)).data.attachments,
  });
}

export function useAttach(taskId: string) {
  const refresh = useRefreshProjects();
  return useMutation({
    mutationFn: async ({ file, visibility }: { file: File; visibility: ContentVisibility }) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return (
        await api.post<{ message: string; attachment: TaskAttachmentView }>(
          `tasks/${taskId}/attachments?visibility=${visibility}`,
          form,
          { headers: MULTIPART_HEADERS },
        )
      ).data;
    },
    onSuccess: refresh,
  });
}

export function useAttachmentVisibility(taskId: string) {
  const refresh = useRefreshProjects();
  return useMutation({
    mutationFn: async (input: { id: string; visibility: ContentVisibility }) =>
      (
        await api.put<{ message: string }>(`tasks/${taskId}/attachments/${input.id}/visibility`, {
          visibility: input.visibility,
        })
      ).data,
    onSuccess: refresh,
  });
}

export function useDeleteAttachment(taskId: string) {
  const refresh = useRefreshProjects();
  return useMutation({
    mutationFn: async (id: string) =>
      (await api.delete<{ message: string }>(`tasks/${taskId}/attachments/${id}`)).data,
    onSuccess: refresh,
  });
}

export async function downloadAttachment(taskId: string, file: TaskAttachmentView): Promise<void> {
  const response = await api.get<Blob>(`tasks/${taskId}/attachments/${file._id}`, { responseType: 'blob' });
  saveBlob(response, file.name);
}
