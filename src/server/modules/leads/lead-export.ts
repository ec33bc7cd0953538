import { Readable } from 'node:stream';
import { csvLine, EXPORT_BATCH } from '../../lib/csv';
import { localDay } from '../../lib/date-range';
import type { LeadFilter } from './lead-filter';
import type { LeadListRow } from './lead-rows';
import { leadsAfter, type Db, type LeadOrder } from './leads.repository';

/** Export columns (docs/product/leads.md#export), in order. */
export const EXPORT_COLUMNS = [
  'Name',
  'Email',
  'Phone',
  'Company',
  'Status',
  'Source',
  'Date',
  'Priority',
  'Notes',
];

function leadLine(row: LeadListRow, tzOffset: number): string {
  return csvLine([
    row.name,
    row.email,
    row.phone,
    row.company,
    row.status,
    row.source,
    // The user's calendar day, in the form the import reads back.
    localDay(row.created_at, tzOffset),
    row.priority,
    row.notes,
  ]);
}

/**
 * The filtered list as CSV, in list order, streamed in keyset batches: a million leads never become one
 * string, and no query holds the database for the whole download.
 */
export function leadsCsv(db: Db, filter: LeadFilter, order: LeadOrder, tzOffset: number): Readable {
  async function* lines(): AsyncGenerator<string> {
    yield csvLine(EXPORT_COLUMNS);
    let after: { key: unknown; id: string } | undefined;
    for (;;) {
      const rows = await leadsAfter(db, filter, order, after, EXPORT_BATCH);
      if (rows.length > 0) yield rows.map((row) => leadLine(row, tzOffset)).join('');
      if (rows.length < EXPORT_BATCH) return;
      const last = rows[rows.length - 1]!;
      after = { key: last.sort_key, id: last.id };
    }
  }
  return Readable.from(lines());
}
