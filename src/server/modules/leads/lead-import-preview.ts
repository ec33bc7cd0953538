import { mapImportHeader } from '../../../shared/lead-import-formats';
import {
  LEAD_IMPORT_PREVIEW_ROWS,
  type LeadImportPreview,
} from '../../../shared/schemas/lead-import-preview';
import type { DatabaseHandle } from '../../db/database';
import { createWorkGate } from '../../lib/work-gate';
import { parseLeadCsv } from './lead-csv-parse';
import type { CsvUpload } from './csv-upload';
import { keyedInBatches, knownLeadsFor, sortWouldBeLeads } from './lead-duplicates';

/**
 * Previews parse whole files as imports do: one at a time per process, a bounded wait, apart from imports.
 * One per workspace is the route's (WORKSPACE_WORK.importPreviews), taken before the upload is read.
 */
const previewWork = createWorkGate({ concurrency: 1, maxWaitMs: 30_000, initialEstimateMs: 1_000 });

/**
 * POST /api/leads/import/preview (docs/product/leads.md#import): the import's parse of the same file and mapping,
 * and the import's sorting of its rows against the caller's workspace (e-mails already leads, possible
 * duplicates: docs/product/leads.md#duplicates), with nothing written — no lead, no activity, no storage.
 * The counts are the import's at this moment: a lead added meanwhile can still turn a row into a skipped
 * one.
 */
export async function previewLeadsCsv(
  offLoop: DatabaseHandle['offLoop'],
  workspaceId: string,
  upload: CsvUpload,
  now: Date,
): Promise<LeadImportPreview> {
  const { mapping } = upload;
  return previewWork.run(async () => {
    const csv = await upload.read();
    const parsed = await parseLeadCsv(csv, now, mapping, {
      sampleRows: LEAD_IMPORT_PREVIEW_ROWS,
      keepRefusedCells: true,
    });
    const leads = await keyedInBatches(parsed.leads);
    const known = await offLoop((db) => knownLeadsFor(db, workspaceId, leads));
    const sorted = sortWouldBeLeads(leads, known, (index) => parsed.leadRows[index]!);
    const automatic = mapImportHeader(parsed.header).fields;
    const chosen = mapImportHeader(parsed.header, mapping).fields;
    return {
      columns: parsed.header.map((header, column) => ({
        header,
        field: chosen[column] ?? null,
        automatic: automatic[column] ?? null,
      })),
      rows: parsed.sample,
      counts: {
        rows: parsed.rows,
        toImport: sorted.fresh.length,
        duplicatesInFile: parsed.duplicates,
        alreadyLeads: sorted.alreadyLeads,
        possibleDuplicates: sorted.possibleDuplicates,
        refused: parsed.refused,
      },
      refused: parsed.errors.map((error, i) => ({ ...error, cells: parsed.refusedCells[i] ?? [] })),
      possibleDuplicates: sorted.duplicateRows,
    };
  });
}
