import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database, SiteSettingsHistoryTable, SiteSettingsTable } from '../../db/types';
import { engineOf } from '../../db/engine';
import { parseJson } from '../../db/rows';
import type { SiteSettings } from '../../../shared/site-settings';

type Db = Kysely<Database> | Transaction<Database>;
export type Stage = SiteSettingsTable['stage'];
export type HistoryAction = SiteSettingsHistoryTable['action'];

/** A stored stage: its document as written (merged over the defaults by the caller), and its version. */
export interface StoredStage {
  data: unknown;
  version: number;
}

export async function readStage(db: Db, stage: Stage): Promise<StoredStage | undefined> {
  const row = await db
    .selectFrom('site_settings')
    .select(['data', 'version'])
    .where('stage', '=', stage)
    .executeTakeFirst();
  return row && { data: parseJson<unknown>(row.data, {}), version: Number(row.version) };
}

/**
 * Reads the live settings inside a publish or an undo and, on PostgreSQL, locks their row until the
 * transaction ends, so two Admins publishing at once take turns (each sees the other's version). Without a
 * live row yet, an empty one (all defaults) is written first, so there is a row to lock; the publish then
 * overwrites it. SQLite has one writer at a time anyway.
 */
export async function lockLive(trx: Transaction<Database>, at: string): Promise<StoredStage | undefined> {
  if (engineOf(trx) !== 'postgres') return readStage(trx, 'live');
  await trx
    .insertInto('site_settings')
    .values({ stage: 'live', data: '{}', version: 0, updated_by: null, updated_at: at })
    .onConflict((oc) => oc.column('stage').doNothing())
    .execute();
  const row = await trx
    .selectFrom('site_settings')
    .select(['data', 'version'])
    .where('stage', '=', 'live')
    .forUpdate()
    .executeTakeFirstOrThrow();
  return { data: parseJson<unknown>(row.data, {}), version: Number(row.version) };
}

export async function writeStage(
  db: Db,
  stage: Stage,
  values: { data: SiteSettings; version: number; userId: string | null; at: string },
): Promise<void> {
  const row = {
    data: JSON.stringify(values.data),
    version: values.version,
    updated_by: values.userId,
    updated_at: values.at,
  };
  await db
    .insertInto('site_settings')
    .values({ stage, ...row })
    .onConflict((oc) => oc.column('stage').doUpdateSet(row))
    .execute();
}

/** Without a draft row the editor shows the live settings: after a publish or an undo they are the same. */
export async function deleteDraft(db: Db): Promise<void> {
  await db.deleteFrom('site_settings').where('stage', '=', 'draft').execute();
}

export async function latestHistoryVersion(db: Db): Promise<number> {
  const row = await db
    .selectFrom('site_settings_history')
    .select((eb) => eb.fn.max('version').as('version'))
    .executeTakeFirst();
  return Number(row?.version ?? 0);
}

export interface HistoryEntry {
  action: HistoryAction;
  data: SiteSettings;
  changed: string[];
  userId: string;
  at: string;
  version: number;
}

export async function insertHistory(db: Db, entry: HistoryEntry): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('site_settings_history')
    .values({
      id,
      version: entry.version,
      action: entry.action,
      data: JSON.stringify(entry.data),
      changed: JSON.stringify(entry.changed),
      published_by: entry.userId,
      published_at: entry.at,
    })
    .execute();
  return id;
}

/** Every history row's id, version and action, newest first (what undo walks; no documents read). */
export async function historyMarks(db: Db) {
  const rows = await db
    .selectFrom('site_settings_history')
    .select(['id', 'version', 'action'])
    .orderBy('version', 'desc')
    .execute();
  return rows.map((row) => ({ ...row, version: Number(row.version) }));
}

export async function historyData(db: Db, id: string): Promise<unknown> {
  const row = await db
    .selectFrom('site_settings_history')
    .select('data')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return parseJson<unknown>(row.data, {});
}

/** The latest `limit` entries, newest first, with who made them (null once that account is erased). */
export async function listHistory(db: Db, limit: number) {
  const rows = await db
    .selectFrom('site_settings_history')
    .leftJoin('users', 'users.id', 'site_settings_history.published_by')
    .select([
      'site_settings_history.id',
      'site_settings_history.version',
      'site_settings_history.action',
      'site_settings_history.changed',
      'site_settings_history.published_at',
      'users.username',
    ])
    .orderBy('site_settings_history.version', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    version: Number(row.version),
    action: row.action,
    changed: parseJson<string[]>(row.changed, []),
    publishedAt: row.published_at,
    username: row.username,
  }));
}

/**
 * The workspace's media among `ids`, with their size and whether they carry the icon's 192 px square (an
 * icon made by the Web Settings upload); other workspaces' media are not found.
 */
export async function agencyMedia(db: Db, workspaceId: string, ids: string[]) {
  const rows = await db
    .selectFrom('media')
    .select(['id', 'width', 'height'])
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('media_variants')
            .select('media_variants.media_id')
            .whereRef('media_variants.media_id', '=', 'media.id')
            .where('media_variants.width', '=', 192)
            .where('media_variants.content_type', '=', 'image/png'),
        )
        .as('icon'),
    )
    .where('workspace_id', '=', workspaceId)
    .where('id', 'in', ids)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    width: Number(row.width),
    height: Number(row.height),
    icon: Boolean(row.icon),
  }));
}
