import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import { AUDIT_KIND_LABELS, AUDIT_LIMITS } from '../../../shared/audit';
import { csvLine, EXPORT_BATCH } from '../../lib/csv';
import { auditEntriesAfter, type AuditFilter, type AuditRow } from './audit.repository';
import { auditKindOf } from './audit-entry';

/** The export's columns, in order; times are UTC as stored. */
export const AUDIT_CSV_COLUMNS = ['When (UTC)', 'Who', 'Email', 'Kind', 'What', 'IP'];

function entryLine(row: AuditRow): string {
  return csvLine([
    row.created_at,
    row.username ?? '',
    row.email ?? '',
    AUDIT_KIND_LABELS[auditKindOf(row.kind)],
    row.action,
    row.ip ?? '',
  ]);
}

/**
 * The filtered entries as RFC 4180 CSV with formulas neutralised (the leads export's writer), newest
 * first, at most AUDIT_LIMITS.exportMax of them, read in keyset batches so no query holds the database long.
 */
export function auditCsv(db: Kysely<Database>, filter: AuditFilter): Readable {
  async function* lines(): AsyncGenerator<string> {
    yield csvLine(AUDIT_CSV_COLUMNS);
    let after: { createdAt: string; id: string } | undefined;
    let left: number = AUDIT_LIMITS.exportMax;
    while (left > 0) {
      const batch = Math.min(EXPORT_BATCH, left);
      const rows = await auditEntriesAfter(db, filter, after, batch);
      if (rows.length > 0) yield rows.map(entryLine).join('');
      if (rows.length < batch) return;
      left -= rows.length;
      const last = rows[rows.length - 1]!;
      after = { createdAt: last.created_at, id: last.id };
    }
  }
  return Readable.from(lines());
}
