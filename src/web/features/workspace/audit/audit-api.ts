import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AuditPage, AuditQuery } from '../../../../shared/schemas/audit';
import { api } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/download';

/** What the Security tab filters by: a kind (or every kind) and whole UTC days, both ends optional. */
export type AuditFilters = Pick<AuditQuery, 'kind' | 'from' | 'to'>;

const AUDIT = ['security', 'audit'] as const;
/** A big export outlasts the shared client's 10 s time-out. */
const EXPORT_TIMEOUT_MS = 5 * 60_000;

/** Only the filters that are set, so the URL and the cache key stay short. */
function params(filters: AuditFilters): Partial<AuditFilters> {
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => value)) as Partial<AuditFilters>;
}

/** GET /api/security/audit: one page, newest first; the previous page stays on screen while the next loads. */
export function useAuditLog(filters: AuditFilters, page: number) {
  const query = { ...params(filters), page };
  return useQuery({
    queryKey: [...AUDIT, query],
    queryFn: async () => (await api.get<AuditPage>('security/audit', { params: query })).data,
    placeholderData: keepPreviousData,
  });
}

/**
 * GET /api/security/audit/export for the current filters. A plain link would carry no bearer token, so the
 * file is read as a blob and handed to the browser through an object URL (as the leads export).
 */
export async function downloadAuditExport(filters: AuditFilters): Promise<void> {
  const response = await api.get<Blob>('security/audit/export', {
    params: params(filters),
    responseType: 'blob',
    timeout: EXPORT_TIMEOUT_MS,
  });
  saveBlob(response, `audit_log_${new Date().toISOString().slice(0, 10)}.csv`);
}
