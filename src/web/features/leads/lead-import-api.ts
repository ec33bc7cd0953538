import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LeadImportMapping } from '../../../shared/lead-import-formats';
import type { LeadImportPreview } from '../../../shared/schemas/lead-import-preview';
import type { LeadImportResult } from '../../../shared/schemas/leads';
import { MULTIPART_HEADERS, api } from '../../lib/api-client';
import { LEADS, LONG_TIMEOUT_MS } from './leads-api';

export interface LeadImportRequest {
  file: File;
  /** The columns whose field the user changed; the others keep the server's automatic match. */
  mapping: LeadImportMapping;
}

/** The import's form (docs/product/leads.md#import): the optional `mapping` field, then the file. */
function importForm({ file, mapping }: LeadImportRequest): FormData {
  const form = new FormData();
  if (Object.keys(mapping).length > 0) form.append('mapping', JSON.stringify(mapping));
  form.append('file', file);
  return form;
}

/** POST /api/leads/import/preview: what the import would do with this file and mapping; nothing is written. */
export function usePreviewImport() {
  return useMutation({
    mutationFn: async (request: LeadImportRequest) =>
      (
        await api.post<LeadImportPreview>('leads/import/preview', importForm(request), {
          headers: MULTIPART_HEADERS,
          timeout: LONG_TIMEOUT_MS,
        })
      ).data,
  });
}

/** POST /api/leads/import with the mapping; reports upload progress as 0–100. */
export function useImportLeads(onProgress: (percent: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (request: LeadImportRequest) =>
      (
        await api.post<LeadImportResult>('leads/import', importForm(request), {
          headers: MULTIPART_HEADERS,
          timeout: LONG_TIMEOUT_MS,
          onUploadProgress: (event) =>
            onProgress(event.total ? Math.round((event.loaded / event.total) * 100) : 0),
        })
      ).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: LEADS }),
  });
}
