import { engineOf } from './engine';
import { sql, type Kysely, type Transaction } from 'kysely';
import { OPEN_PROJECT_STATUSES } from '../../shared/projects';
import type { Database } from './types';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * What a workspace has used of its plan, as the database counts it: the bytes the triggers of migration 010
 * add to its one counter row, its members, and the e-mails of each UTC day. The rules on these figures
 * are src/server/lib/plan-limits.ts.
 */

/** The workspace's plan name, or undefined when there is no such workspace. */
export async function workspacePlan(db: Db, workspaceId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('workspaces')
    .select('plan')
    .where('id', '=', workspaceId)
    .executeTakeFirst();
  return row?.plan;
}

export async function storedBytes(db: Db, workspaceId: string): Promise<number> {
  const row = await db
    .selectFrom('workspace_storage')
    .select('bytes')
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirst();
  return Number(row?.bytes ?? 0);
}

/** Adds bytes that no trigger counts (a lead import's file) to the workspace's counter, in the caller's transaction. */
export async function addStoredBytes(trx: Db, workspaceId: string, bytes: number): Promise<void> {
  await trx
    .updateTable('workspace_storage')
    .set((eb) => ({ bytes: eb('bytes', '+', bytes) }))
    .where('workspace_id', '=', workspaceId)
    .execute();
}

/** Locks the workspace's counter row until the transaction ends (a no-op update). */
export async function lockStorageRow(trx: Db, workspaceId: string): Promise<void> {
  await trx
    .updateTable('workspace_storage')
    .set((eb) => ({ bytes: eb.ref('bytes') }))
    .where('workspace_id', '=', workspaceId)
    .execute();
}

export async function memberCount(db: Db, workspaceId: string): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Counts one mail on the workspace's `day`: always when `limit` is null, else only while the day's count is
 * under it (one conditional upsert, so two mails racing for the last place cannot both be counted).
 * Answers whether it was counted.
 */
export async function countMailOnDay(
  db: Db,
  workspaceId: string,
  day: string,
  limit: number | null,
): Promise<boolean> {
  if (limit === null) {
    await db
      .insertInto('workspace_mail_days')
      .values({ workspace_id: workspaceId, day, count: 1 })
      .onConflict((oc) =>
        oc.columns(['workspace_id', 'day']).doUpdateSet({ count: sql`workspace_mail_days.count + 1` }),
      )
      .execute();
    return true;
  }
  const counted = await db
    .insertInto('workspace_mail_days')
    .values({ workspace_id: workspaceId, day, count: 1 })
    .onConflict((oc) =>
      oc
        .columns(['workspace_id', 'day'])
        .doUpdateSet({ count: sql`workspace_mail_days.count + 1` })
        .where('workspace_mail_days.count', '<', limit),
    )
    .returning('count')
    .executeTakeFirst();
  return Boolean(counted);
}

/**
 * Counts up to `wanted` mails on the workspace's `day` within `limit` (null: no limit) and answers how many
 * it counted: a campaign's batch takes what is left of the day in one go. Run inside the batch's
 * transaction; the counter row is locked on PostgreSQL (SQLite writes one transaction at a time).
 */
export async function countMailsOnDay(
  db: Db,
  workspaceId: string,
  day: string,
  wanted: number,
  limit: number | null,
): Promise<number> {
  if (wanted <= 0) return 0;
  await db
    .insertInto('workspace_mail_days')
    .values({ workspace_id: workspaceId, day, count: 0 })
    .onConflict((oc) => oc.columns(['workspace_id', 'day']).doNothing())
    .execute();
  const row = await db
    .selectFrom('workspace_mail_days')
    .select('count')
    .where('workspace_id', '=', workspaceId)
    .where('day', '=', day)
    .$if(engineOf(db) === 'postgres', (q) => q.forUpdate())
    .executeTakeFirstOrThrow();
  const granted = limit === null ? wanted : Math.max(0, Math.min(wanted, limit - Number(row.count)));
  if (granted > 0)
    await db
      .updateTable('workspace_mail_days')
      .set({ count: sql`count + ${granted}` })
      .where('workspace_id', '=', workspaceId)
      .where('day', '=', day)
      .execute();
  return granted;
}

/** The e-mails counted on the workspace's `day`. */
export async function mailCountOnDay(db: Db, workspaceId: string, day: string): Promise<number> {
  const mail = await db
    .selectFrom('workspace_mail_days')
    .select('count')
    .where('workspace_id', '=', workspaceId)
    .where('day', '=', day)
    .executeTakeFirst();
  return Number(mail?.count ?? 0);
}

/** The workspace's projects still being worked in (planned, active, on hold): what its project limit counts. */
export async function openProjectCount(db: Db, workspaceId: string): Promise<number> {
  const row = await db
    .selectFrom('projects')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('workspace_id', '=', workspaceId)
    .where('status', 'in', [...OPEN_PROJECT_STATUSES])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
