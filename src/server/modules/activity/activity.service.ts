import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/types';
import type { AuditKind } from '../../../shared/audit';
import { nowIso } from '../../db/rows';
import { currentClientIp } from '../../http/request-context';
import { insertActivity } from './activity.repository';

export interface ActivityEntry {
  workspaceId: string;
  userId: string | null;
  action: string;
  /** Set for the events the audit log lists (docs/product/workspace.md#audit-log); the overview shows every entry. */
  kind?: AuditKind;
  /**
   * The client address; by default that of the request being served. Background work passes null: a timer
   * set during a request would otherwise carry that request's address.
   */
  ip?: string | null;
}

/** Records what happened in a workspace: the overview's recent activity and the Security tab's audit log. */
export async function recordActivity(
  db: Kysely<Database> | Transaction<Database>,
  entry: ActivityEntry,
): Promise<void> {
  await insertActivity(db, {
    id: randomUUID(),
    workspace_id: entry.workspaceId,
    user_id: entry.userId,
    action: entry.action,
    kind: entry.kind ?? null,
    ip: entry.ip === undefined ? currentClientIp() : entry.ip,
    created_at: nowIso(),
  });
}
