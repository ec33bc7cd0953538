import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { Database } from '../../db/types';
import type { AuditKind } from '../../../shared/audit';

/** Which entries a page or an export covers: always one workspace. */
export interface AuditFilter {
  workspaceId: string;
  /** A kind, or 'other' for entries without one (recorded before the audit log, or not audited). */
  kind?: AuditKind | 'other';
  /** ISO-8601 UTC bounds of created_at: `from` inclusive, `to` exclusive. */
  from?: string;
  to?: string;
}

export interface AuditRow {
  id: string;
  kind: string | null;
  action: string;
  ip: string | null;
  created_at: string;
  username: string | null;
  email: string | null;
}

type Db = Kysely<Database>;

function matching(filter: AuditFilter) {
  return (eb: ExpressionBuilder<Database, 'activity'>) => {
    const conditions = [eb('activity.workspace_id', '=', filter.workspaceId)];
    if (filter.kind === 'other') conditions.push(eb('activity.kind', 'is', null));
    else if (filter.kind) conditions.push(eb('activity.kind', '=', filter.kind));
    // Timestamps are ISO-8601 UTC text on both engines: they compare as strings.
    if (filter.from) conditions.push(eb('activity.created_at', '>=', filter.from));
    if (filter.to) conditions.push(eb('activity.created_at', '<', filter.to));
    return eb.and(conditions);
  };
}

/** Entries with their author; the author may since have been erased (null name and e-mail). */
function entries(db: Db, filter: AuditFilter) {
  return db
    .selectFrom('activity')
    .leftJoin('users', 'users.id', 'activity.user_id')
    .select([
      'activity.id',
      'activity.kind',
      'activity.action',
      'activity.ip',
      'activity.created_at',
      'users.username',
      'users.email',
    ])
    .where(matching(filter));
}

export async function countAuditEntries(db: Db, filter: AuditFilter): Promise<number> {
  const row = await db
    .selectFrom('activity')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where(matching(filter))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One page, newest first; the id keeps entries of the same millisecond in the same order on every read. */
export function listAuditPage(
  db: Db,
  filter: AuditFilter,
  limit: number,
  offset: number,
): Promise<AuditRow[]> {
  return entries(db, filter)
    .orderBy('activity.created_at', 'desc')
    .orderBy('activity.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

/** The entries older than `after` in the same order (keyset), for the export's batches. */
export function auditEntriesAfter(
  db: Db,
  filter: AuditFilter,
  after: { createdAt: string; id: string } | undefined,
  limit: number,
): Promise<AuditRow[]> {
  return entries(db, filter)
    .$if(after !== undefined, (query) =>
      query.where(
        sql<boolean>`(${sql.ref('activity.created_at')}, ${sql.ref('activity.id')}) < (${after!.createdAt}, ${after!.id})`,
      ),
    )
    .orderBy('activity.created_at', 'desc')
    .orderBy('activity.id', 'desc')
    .limit(limit)
    .execute();
}
