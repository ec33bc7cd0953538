import { useInfiniteQuery, useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { LeadTimelineEntry, LeadTimelinePage } from '../../../shared/schemas/lead-timeline';
import { api } from '../../lib/api-client';
import { LEADS } from './leads-api';

/**
 * Under the leads' key, so whatever refreshes the lead after an edit in the panel (PUT, follow-up done)
 * refreshes its timeline too.
 */
export const timelineKey = (leadId: string) => [...LEADS, 'timeline', leadId] as const;

/** GET /api/leads/{id}/timeline, newest first; each further page is the next older one ("Load older"). */
export function useLeadTimeline(leadId: string) {
  return useInfiniteQuery({
    queryKey: timelineKey(leadId),
    queryFn: async ({ pageParam }) =>
      (
        await api.get<LeadTimelinePage>(`leads/${leadId}/timeline`, {
          params: pageParam ? { before: pageParam } : {},
        })
      ).data,
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 0,
  });
}

type Timeline = InfiniteData<LeadTimelinePage, string | null>;

/** POST /api/leads/{id}/notes: the new note goes on top at once, then the timeline is read again. */
export function useAddLeadNote(leadId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (text: string) =>
      (await api.post<{ success: boolean; entry: LeadTimelineEntry }>(`leads/${leadId}/notes`, { text })).data
        .entry,
    onSuccess: (entry) =>
      queryClient.setQueryData<Timeline>(
        timelineKey(leadId),
        (timeline) =>
          timeline && {
            ...timeline,
            pages: timeline.pages.map((page, i) =>
              i === 0 ? { ...page, entries: [entry, ...page.entries] } : page,
            ),
          },
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: timelineKey(leadId) }),
  });
}

/** DELETE /api/leads/{id}/notes/{noteId}: one's own note. */
export function useDeleteLeadNote(leadId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (noteId: string) => {
      await api.delete(`leads/${leadId}/notes/${noteId}`);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: timelineKey(leadId) }),
  });
}
