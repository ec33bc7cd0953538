import type { Insertable, Kysely, Transaction } from 'kysely';
import type { ApiKeyRow, ApiKeysTable, BotgitConnectionsTable, Database } from '../../db/types';
import { SESSION_USER_COLUMNS } from '../../db/rows';
import type { ApiKeyHolder } from '../../auth/api-keys';

type Db = Kysely<Database> | Transaction<Database>;

export type ApiKeyListRow = ApiKeyRow & { creator_name: string | null; creator_email: string | null };

export async function insertApiKey(db: Db, row: Insertable<ApiKeysTable>): Promise<void> {
  await db.insertInto('api_keys').values(row).execute();
}

/** The workspace's live keys, newest first, with who made each. */
export function listLiveKeys(db: Db, workspaceId: string, limit: number): Promise<ApiKeyListRow[]> {
  return db
    .selectFrom('api_keys')
    .leftJoin('users', 'users.id', 'api_keys.created_by')
    .selectAll('api_keys')
    .select(['users.name as creator_name', 'users.email as creator_email'])
    .where('api_keys.workspace_id', '=', workspaceId)
    .where('api_keys.revoked_at', 'is', null)
    .orderBy('api_keys.created_at', 'desc')
    .orderBy('api_keys.id', 'desc')
    .limit(limit)
    .execute();
}

/** The scopes and last use of the workspace's live keys (at most `limit`: the cap keeps them few). */
export function liveKeyUses(
  db: Db,
  workspaceId: string,
  limit: number,
): Promise<{ scopes: string; last_used_at: string | null }[]> {
  return db
    .selectFrom('api_keys')
    .select(['scopes', 'last_used_at'])
    .where('workspace_id', '=', workspaceId)
    .where('revoked_at', 'is', null)
    .limit(limit)
    .execute();
}

export async function countLiveKeys(db: Db, workspaceId: string): Promise<number> {
  const row = await db
    .selectFrom('api_keys')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('workspace_id', '=', workspaceId)
    .where('revoked_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function findLiveKey(db: Db, workspaceId: string, id: string): Promise<ApiKeyListRow | undefined> {
  return db
    .selectFrom('api_keys')
    .leftJoin('users', 'users.id', 'api_keys.created_by')
    .selectAll('api_keys')
    .select(['users.name as creator_name', 'users.email as creator_email'])
    .where('api_keys.workspace_id', '=', workspaceId)
    .where('api_keys.id', '=', id)
    .where('api_keys.revoked_at', 'is', null)
    .executeTakeFirst();
}

/** Revokes a live key of the workspace, once: true when this call revoked it. */
export async function revokeKey(
  db: Db,
  workspaceId: string,
  id: string,
  by: string,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('api_keys')
    .set({ revoked_at: now, revoked_by: by })
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A request's one read: the live key with this hash, its creator and the creator's workspace's state. */
export function findKeyHolder(db: Db, secretHash: string): Promise<ApiKeyHolder | undefined> {
  return db
    .selectFrom('api_keys')
    .innerJoin('users', 'users.id', 'api_keys.created_by')
    .innerJoin('workspaces', 'workspaces.id', 'api_keys.workspace_id')
    .select(SESSION_USER_COLUMNS.map((column) => `users.${column}` as const))
    .select([
      'api_keys.id as key_id',
      'api_keys.name as key_name',
      'api_keys.workspace_id as key_workspace_id',
      'api_keys.scopes as key_scopes',
      'api_keys.last_used_at as key_last_used_at',
      'api_keys.last_used_ip as key_last_used_ip',
      'workspaces.deleted_at as workspace_deleted_at',
    ])
    .where('api_keys.secret_hash', '=', secretHash)
    .where('api_keys.revoked_at', 'is', null)
    .executeTakeFirst();
}

export async function markKeyUsed(db: Db, keyId: string, ip: string, now: string): Promise<void> {
  await db
    .updateTable('api_keys')
    .set({ last_used_at: now, last_used_ip: ip })
    .where('id', '=', keyId)
    .execute();
}

/** Records an address a key was used from: true when it is new for this key. */
export async function addKeyAddress(db: Db, keyId: string, address: string, now: string): Promise<boolean> {
  const result = await db
    .insertInto('api_key_addresses')
    .values({ key_id: keyId, address, first_seen_at: now })
    .onConflict((oc) => oc.columns(['key_id', 'address']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function insertConnection(db: Db, row: Insertable<BotgitConnectionsTable>): Promise<void> {
  await db.insertInto('botgit_connections').values(row).execute();
}

/** Requests past their time are of no use to anyone: dropped as new ones arrive. */
export async function deleteExpiredConnections(db: Db, before: string): Promise<void> {
  await db.deleteFrom('botgit_connections').where('expires_at', '<', before).execute();
}

export function findConnection(db: Db, codeHash: string) {
  return db.selectFrom('botgit_connections').selectAll().where('code_hash', '=', codeHash).executeTakeFirst();
}

/** Approves an unanswered, unexpired request, once: true when this call approved it. */
export async function approveConnection(db: Db, id: string, userId: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('botgit_connections')
    .set({ approved_by: userId, approved_at: now })
    .where('id', '=', id)
    .where('approved_by', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Claims an approved, unexpired request, once: true when this call claimed it. */
export async function claimConnection(db: Db, id: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('botgit_connections')
    .set({ claimed_at: now })
    .where('id', '=', id)
    .where('approved_by', 'is not', null)
    .where('claimed_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function setConnectionKey(db: Db, id: string, keyId: string): Promise<void> {
  await db.updateTable('botgit_connections').set({ key_id: keyId }).where('id', '=', id).execute();
}

export function workspaceName(db: Db, workspaceId: string) {
  return db.selectFrom('workspaces').select('name').where('id', '=', workspaceId).executeTakeFirst();
}
