import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BOTGIT_MESSAGES as M } from '../../../shared/messages';
import type { BotgitSettings, ScrapedPage } from '../../../shared/schemas/botgit';
import { api } from '../../lib/api-client';
import { storage } from '../../lib/storage';
import { saveBlob } from '../../lib/download';

export interface ScrapedQuery {
  search: string;
  /** Whole local days, YYYY-MM-DD, both inclusive (docs/product/botgit.md#scraped-data). */
  from?: string;
  to?: string;
  page: number;
}

const SCRAPED = ['botgit', 'scraped'] as const;
const SETTINGS = ['botgit', 'settings'] as const;
const PAGE_SIZE = 50;

function params(query: Omit<ScrapedQuery, 'page'> & { page?: number }): Record<string, string> {
  return {
    ...(query.search.trim() ? { search: query.search.trim() } : {}),
    ...(query.from ? { from: query.from } : {}),
    ...(query.to ? { to: query.to } : {}),
    tzOffset: String(new Date().getTimezoneOffset()),
    ...(query.page ? { page: String(query.page), limit: String(PAGE_SIZE) } : {}),
  };
}

/**
 * docs/product/api.md#calls: GET /api/scraped-data is a plain fetch (no API base), read as text and parsed as JSON, so the
 * section can show the spec's two red alerts word for word. Ours carries the bearer token.
 */
export async function fetchScraped(query: ScrapedQuery): Promise<ScrapedPage> {
  const token = storage.getToken();
  const response = await fetch(`/api/scraped-data?${new URLSearchParams(params(query))}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  const text = await response.text();
  if (!response.ok) throw new Error(M.fetchFailed(response.status, text));
  try {
    return JSON.parse(text) as ScrapedPage;
  } catch {
    throw new Error(M.parseFailed(text));
  }
}

export function useScrapedData(query: ScrapedQuery) {
  return useQuery({
    queryKey: [...SCRAPED, query],
    queryFn: () => fetchScraped(query),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

function useScrapedMutation<T, R>(mutationFn: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: SCRAPED }) });
}

/** DELETE /api/scraped-data → `{ deleted, message }`. */
export const useDeleteProfiles = () =>
  useScrapedMutation(
    async (ids: string[]) => (await api.delete<{ message: string }>('scraped-data', { data: { ids } })).data,
  );

/** POST /api/scraped-data/leads → `{ added, skipped, possibleDuplicates, message }`. */
export const useAddToLeads = () =>
  useScrapedMutation(
    async (ids: string[]) =>
      (await api.post<{ message: string; possibleDuplicates: number }>('scraped-data/leads', { ids })).data,
  );

/** 'Export and share': the selected profiles, or every profile the filters match; downloaded as CSV. */
export async function exportProfiles(ids: string[], filters: Omit<ScrapedQuery, 'page'>): Promise<void> {
  const response = await api.post<Blob>(
    'scraped-data/export',
    ids.length > 0
      ? { ids, tzOffset: new Date().getTimezoneOffset() }
      : { ...params(filters), tzOffset: new Date().getTimezoneOffset() },
    { responseType: 'blob', timeout: 120_000 },
  );
  saveBlob(response, `botgit_export_${new Date().toISOString().slice(0, 10)}.csv`);
}

export function useBotgitSettings() {
  return useQuery({
    queryKey: SETTINGS,
    queryFn: async () => (await api.get<{ settings: BotgitSettings }>('botgit/settings')).data.settings,
  });
}

export function useSaveBotgitSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (settings: BotgitSettings) =>
      (await api.put<{ settings: BotgitSettings; message: string }>('botgit/settings', settings)).data,
    onSuccess: (answer) => queryClient.setQueryData(SETTINGS, answer.settings),
  });
}
