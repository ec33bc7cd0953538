import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { publicQueryKeys } from '../../../shared/query-keys';
import type { SiteImageKind, SiteSettings } from '../../../shared/site-settings';
import type {
  SiteImageUploadAnswer,
  SitePublish,
  SiteSettingsChangeAnswer,
  SiteSettingsEditor,
} from '../../../shared/schemas/site-settings';
import type { MailingList } from '../../../shared/schemas/mailing-lists';
import { api } from '../../lib/api-client';

const editorKey = ['site-settings', 'editor'] as const;
const historyKey = ['site-settings', 'history'] as const;

/** GET /api/site-settings/draft (Admin): the draft, the live settings, whether they differ. */
export function useSiteSettingsEditor() {
  return useQuery({
    queryKey: editorKey,
    queryFn: async () => (await api.get<SiteSettingsEditor>('site-settings/draft')).data,
    refetchOnWindowFocus: false,
  });
}

/** GET /api/site-settings/history (Admin): publishes and undos, newest first. */
export function useSiteSettingsHistory(enabled = true) {
  return useQuery({
    queryKey: historyKey,
    queryFn: async () =>
      (await api.get<{ publishes: SitePublish[] }>('site-settings/history')).data.publishes,
    enabled,
  });
}

/**
 * Every change answers with the editor's new state: it replaces the cached one, the history is read again,
 * and the live settings this tab shows (header, footer, brand colour) become the new ones at once.
 */
function useSettingsChange<TVariables>(
  request: (variables: TVariables) => Promise<{ data: SiteSettingsChangeAnswer }>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (variables: TVariables) => (await request(variables)).data,
    onSuccess: (answer) => {
      const { draft, live, unpublished, version } = answer;
      queryClient.setQueryData<SiteSettingsEditor>(editorKey, { draft, live, unpublished, version });
      queryClient.setQueryData<SiteSettings>(publicQueryKeys.siteSettings(), live);
      void queryClient.invalidateQueries({ queryKey: historyKey });
    },
  });
}

/** PUT /api/site-settings/draft with the whole document (400 with field errors). */
export const useSaveSiteDraft = () =>
  useSettingsChange((settings: SiteSettings) =>
    api.put<SiteSettingsChangeAnswer>('site-settings/draft', settings),
  );

/** POST /api/site-settings/publish: the draft goes live everywhere. */
export const usePublishSite = () =>
  useSettingsChange(() => api.post<SiteSettingsChangeAnswer>('site-settings/publish'));

/** POST /api/site-settings/reset: the draft becomes the spec's texts. */
export const useResetSiteDraft = () =>
  useSettingsChange(() => api.post<SiteSettingsChangeAnswer>('site-settings/reset'));

/** POST /api/site-settings/undo: the site goes back to before its latest publish; the draft follows. */
export const useUndoSitePublish = () =>
  useSettingsChange(() => api.post<SiteSettingsChangeAnswer>('site-settings/undo'));

/** The shared client defaults to JSON, which would make axios serialise FormData as JSON. */
const MULTIPART = { headers: { 'Content-Type': 'multipart/form-data' } };

/**
 * POST /api/site-settings/images/:kind (Admin): stores the logo, icon or share image and answers its media
 * id, which the editor puts in the draft (the site shows it once published). 400 for a refused SVG, 413
 * past 5 MB, 415 for a file that is not an image.
 */
export function useUploadSiteImage(kind: SiteImageKind) {
  return useMutation({
    mutationFn: async (file: File) => {
      const form = new FormData();
      form.append('image', file);
      return (await api.post<SiteImageUploadAnswer>(`site-settings/images/${kind}`, form, MULTIPART)).data;
    },
  });
}

/**
 * GET /api/mailing-lists: the Admin's workspace's lists (the agency's), which the newsletter block may sign
 * up to. Same key as the Audience section's, so both share one copy.
 */
export function useNewsletterLists() {
  return useQuery({
    queryKey: ['mailing-lists'],
    queryFn: async () => (await api.get<{ lists: MailingList[] }>('mailing-lists')).data.lists,
  });
}
