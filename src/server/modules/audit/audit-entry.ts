import { AUDIT_KINDS, type AuditKind } from '../../../shared/audit';
import type { AuditEntry } from '../../../shared/schemas/audit';
import type { AuditRow } from './audit.repository';

const KNOWN = new Set<string>(AUDIT_KINDS);

/** A stored kind as the API names it: entries without one (or of a kind since retired) are 'other'. */
export function auditKindOf(kind: string | null): AuditKind | 'other' {
  return kind !== null && KNOWN.has(kind) ? (kind as AuditKind) : 'other';
}

export function toAuditEntry(row: AuditRow): AuditEntry {
  return {
    _id: row.id,
    kind: auditKindOf(row.kind),
    action: row.action,
    user: row.username !== null && row.email !== null ? { username: row.username, email: row.email } : null,
    ip: row.ip,
    createdAt: row.created_at,
  };
}
