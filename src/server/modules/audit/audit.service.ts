import type { Kysely } from 'kysely';
import { pageInfo } from '../../http/page-info';
import type { Readable } from 'node:stream';
import type { Database, SessionUser } from '../../db/types';
import { AUDIT_MESSAGES } from '../../../shared/messages';
import { canReadAuditLog } from '../../../shared/audit';
import type { AuditPage, AuditQuery } from '../../../shared/schemas/audit';
import { forbidden } from '../../http/errors';
import { WORKSPACE_WORK } from '../../lib/workspace-work';
import { auditCsv } from './audit-csv';
import { toAuditEntry } from './audit-entry';
import { countAuditEntries, listAuditPage, type AuditFilter } from './audit.repository';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The start of a whole UTC day (YYYY-MM-DD), `days` later, as stored timestamps are written. */
const dayStart = (day: string, days = 0) =>
  new Date(Date.parse(`${day}T00:00:00.000Z`) + days * DAY_MS).toISOString();

/**
 * The caller's own workspace, and only for its Admin or Business Admin: the log names people, their
 * addresses and what they did. Anyone else gets 403 whatever the filters.
 */
function filterFor(caller: SessionUser, query: Pick<AuditQuery, 'kind' | 'from' | 'to'>): AuditFilter {
  if (!canReadAuditLog(caller.role)) throw forbidden(AUDIT_MESSAGES.adminsOnly);
  return {
    workspaceId: caller.workspace_id,
    kind: query.kind,
    from: query.from ? dayStart(query.from) : undefined,
    // `to` is inclusive: everything before the next day begins.
    to: query.to ? dayStart(query.to, 1) : undefined,
  };
}

/** The audit log (docs/product/workspace.md#audit-log): read-only; entries are written by recordActivity and never changed. */
export function createAuditService(db: Kysely<Database>, clock: () => Date = () => new Date()) {
  return {
    async page(caller: SessionUser, query: AuditQuery): Promise<AuditPage> {
      const filter = filterFor(caller, query);
      const { page, limit } = query;
      const total = await countAuditEntries(db, filter);
      const rows = await listAuditPage(db, filter, limit, (page - 1) * limit);
      return { entries: rows.map(toAuditEntry), pagination: pageInfo(page, limit, total) };
    },

    /** The filtered entries as CSV, newest first, named for today (UTC). */
    exportCsv(caller: SessionUser, query: AuditQuery): { filename: string; body: Readable } {
      const filter = filterFor(caller, query);
      // As the other CSV downloads: a workspace has a bounded number under way, held until the stream closes.
      const release = WORKSPACE_WORK.exports.hold(caller.workspace_id);
      const body = auditCsv(db, filter);
      body.once('close', release);
      return { filename: `audit_log_${clock().toISOString().slice(0, 10)}.csv`, body };
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
