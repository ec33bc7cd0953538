import type { LeadImportPreview } from '../../../shared/schemas/lead-import-preview';
import { saveFile } from '../../lib/download';

/**
 * The refused rows as a CSV the user can fix and import again (docs/product/leads.md#import): the row number, the
 * reason, then the row's own cells under the file's header. Written by papaparse, loaded only when asked;
 * cells a spreadsheet would run as a formula get a leading apostrophe, which the import reads back off.
 */
export async function refusedRowsCsv(preview: Pick<LeadImportPreview, 'columns' | 'refused'>) {
  const { default: Papa } = await import('papaparse');
  return Papa.unparse(
    {
      fields: ['Row', 'Reason', ...preview.columns.map((column) => column.header)],
      data: preview.refused.map(({ row, message, cells }) => [String(row), message, ...cells]),
    },
    { escapeFormulae: true, newline: '\r\n' },
  );
}

/** `leads.csv` → `leads_refused_rows.csv`, saved with a BOM so spreadsheets read it as UTF-8. */
export async function downloadRefusedRows(
  preview: Pick<LeadImportPreview, 'columns' | 'refused'>,
  fileName: string,
): Promise<void> {
  const csv = await refusedRowsCsv(preview);
  const base = fileName.replace(/\.csv$/i, '') || 'leads';
  saveFile(new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' }), `${base}_refused_rows.csv`);
}
