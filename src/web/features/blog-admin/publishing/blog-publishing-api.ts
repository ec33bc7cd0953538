import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { blogConflictAnswerSchema, type Blog } from '../../../../shared/schemas/blog';
import type {
  BlogAutosave,
  BlogDraftFields,
  BlogPreviewLink,
  BlogRevision,
} from '../../../../shared/schemas/blog-publishing';
import { api, isHttpError } from '../../../lib/api-client';
import { BLOGS } from '../blog-admin-api';

/* docs/product/blog.md#publishing: revisions, the autosaved copy and preview links of one post. */

// Under BLOGS, so every write of a post (which adds a revision) reads these again.
const revisionsKey = (id: string) => [...BLOGS, id, 'revisions'] as const;
const previewsKey = (id: string) => [...BLOGS, id, 'previews'] as const;
// Not under BLOGS: the copy is read once when the editor opens, not again after each save.
const autosaveKey = (id: string) => ['blog-admin', 'autosave', id] as const;

/** The post a 409 answer carries (a stale save or restore), or null for any other failure. */
export function conflictBlog(error: unknown): Blog | null {
  if (!isHttpError(error) || error.response?.status !== 409) return null;
  const parsed = blogConflictAnswerSchema.safeParse(error.response.data);
  return parsed.success ? parsed.data.blog : null;
}

export function useRevisions(postId: string) {
  return useQuery({
    queryKey: revisionsKey(postId),
    queryFn: async () =>
      (await api.get<{ revisions: BlogRevision[] }>(`blogs/${postId}/revisions`)).data.revisions,
    staleTime: 0,
  });
}

/** Restoring is itself a new revision; a stale `version` answers 409 with the current post. */
export function useRestoreRevision(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ revisionId, version }: { revisionId: string; version?: number }) => {
      const { data } = await api.post<{ success: true; blog: Blog }>(
        `blogs/${postId}/revisions/${revisionId}/restore`,
        { version },
      );
      return data.blog;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...BLOGS] }),
  });
}

/** The caller's own unsaved copy on the server, read once when the editor opens. */
export function useServerAutosave(postId: string | null) {
  return useQuery({
    queryKey: autosaveKey(postId ?? ''),
    queryFn: async () =>
      (await api.get<{ autosave: BlogAutosave | null }>(`blogs/${postId}/autosave`)).data.autosave,
    enabled: postId !== null,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
}

export function useSaveAutosave(postId: string | null) {
  return useMutation({
    mutationFn: async (body: { fields: BlogDraftFields; baseVersion: number }) =>
      (await api.put<{ savedAt: string }>(`blogs/${postId}/autosave`, body)).data.savedAt,
  });
}

export function useDiscardAutosave(postId: string | null) {
  return useMutation({
    mutationFn: async () => {
      await api.delete(`blogs/${postId}/autosave`);
    },
  });
}

export function usePreviewLinks(postId: string) {
  return useQuery({
    queryKey: previewsKey(postId),
    queryFn: async () =>
      (await api.get<{ previews: BlogPreviewLink[] }>(`blogs/${postId}/previews`)).data.previews,
    staleTime: 0,
  });
}

export function useCreatePreviewLink(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (await api.post<{ success: true; preview: BlogPreviewLink }>(`blogs/${postId}/previews`)).data.preview,
    onSettled: () => queryClient.invalidateQueries({ queryKey: previewsKey(postId) }),
  });
}

export function useRevokePreviewLink(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (previewId: string) => {
      await api.delete(`blogs/${postId}/previews/${previewId}`);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: previewsKey(postId) }),
  });
}
