import { z } from 'zod';
import { LEAD_IMPORT_FIELDS } from '../lead-import-formats';
import { importDuplicateRowSchema } from './leads';

/** Data rows the preview shows as they were read. */
export const LEAD_IMPORT_PREVIEW_ROWS = 10;

const field = z.enum(LEAD_IMPORT_FIELDS).nullable();

/**
 * POST /api/leads/import/preview (docs/product/leads.md#import): what POST /api/leads/import would do with the same
 * file and mapping, written nowhere. Rows are numbered as the import's errors number them: from 1 for the
 * first data row, blank lines not counted.
 */
export const leadImportPreviewSchema = z.object({
  /** The header's columns in order: the field each feeds with the mapping sent, and the table's own choice. */
  columns: z.array(z.object({ header: z.string(), field, automatic: field })),
  /** The first data rows, cells in the header's order. */
  rows: z.array(z.object({ row: z.number(), cells: z.array(z.string()) })),
  counts: z.object({
    /** Data rows in the file. */
    rows: z.number(),
    /** Rows the import would add. */
    toImport: z.number(),
    /** Rows repeating an e-mail (or an e-mail-less person) of an earlier row of the file. */
    duplicatesInFile: z.number(),
    /** Rows whose e-mail is already a lead of the caller's workspace. */
    alreadyLeads: z.number(),
    /** Rows with the phone, or the name and company, of a lead or of an earlier row: not imported. */
    possibleDuplicates: z.number(),
    /** Rows refused for a missing or invalid value. */
    refused: z.number(),
  }),
  /**
   * The first refused rows (up to the import's own limit of reported errors) with the reason and the
   * row's cells as read; past a budget of characters the cells are left out (an empty list).
   */
  refused: z.array(z.object({ row: z.number(), message: z.string(), cells: z.array(z.string()) })),
  /** The first possible duplicates, each with the lead (or earlier row) it matches. */
  possibleDuplicates: z.array(importDuplicateRowSchema),
});
export type LeadImportPreview = z.infer<typeof leadImportPreviewSchema>;
