import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import type {
  EmailTemplateInput,
  EmailTemplatePreview,
  EmailTemplatePreviewInput,
  EmailTemplateSummary,
  EmailTemplateView,
} from '../../../shared/schemas/email-templates';

const listKey = ['email-templates'] as const;
const oneKey = (id: string) => ['email-templates', id] as const;

/** GET /api/email-templates → the workspace's templates, the last changed first. */
export function useTemplates() {
  return useQuery({
    queryKey: listKey,
    queryFn: async () =>
      (await api.get<{ templates: EmailTemplateSummary[] }>('email-templates')).data.templates,
  });
}

/** GET /api/email-templates/:id → one template with its MJML. */
export function useTemplate(id: string | null) {
  return useQuery({
    queryKey: oneKey(id ?? ''),
    enabled: Boolean(id),
    queryFn: async () => (await api.get<EmailTemplateView>(`email-templates/${id}`)).data,
  });
}

/** POST /api/email-templates (no id) or PUT /api/email-templates/:id. */
export function useSaveTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string | null; body: EmailTemplateInput }) =>
      (
        await (id
          ? api.put<{ message: string; template: EmailTemplateView }>(`email-templates/${id}`, body)
          : api.post<{ message: string; template: EmailTemplateView }>('email-templates', body))
      ).data,
    onSuccess: (answer) => {
      queryClient.setQueryData(oneKey(answer.template._id), answer.template);
      void queryClient.invalidateQueries({ queryKey: listKey, exact: true });
    },
  });
}

export function useDeleteTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => (await api.delete<{ message: string }>(`email-templates/${id}`)).data,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: listKey, exact: true }),
  });
}

/** POST /api/email-templates/preview: the unsaved source rendered on the server. */
export async function fetchPreview(body: EmailTemplatePreviewInput): Promise<EmailTemplatePreview> {
  return (await api.post<EmailTemplatePreview>('email-templates/preview', body)).data;
}

/** POST /api/email-templates/:id/test-send → queued to the caller's own address. */
export function useTestSend() {
  return useMutation({
    mutationFn: async (id: string) =>
      (await api.post<{ message: string; to: string }>(`email-templates/${id}/test-send`, {})).data,
  });
}
