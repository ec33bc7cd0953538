import type { Insertable, Kysely, Transaction } from 'kysely';
import type {
  Database,
  PortalAccessRow,
  PortalAccessTable,
  PortalSessionsTable,
  PortalSignInLinksTable,
} from '../../db/types';
import type { PortalSessionHolder } from '../../auth/portal-guard';

type Db = Kysely<Database> | Transaction<Database>;

/** An access with its client's and workspace's names (the sign-in mail, the session's start). */
export interface AccessWithClient {
  id: string;
  workspace_id: string;
  client_id: string;
  email: string;
  name: string;
  client_name: string;
  workspace_name: string;
}

const accessWithClient = (db: Db) =>
  db
    .selectFrom('portal_access')
    .innerJoin('clients', 'clients.id', 'portal_access.client_id')
    .innerJoin('workspaces', 'workspaces.id', 'portal_access.workspace_id')
    .select([
      'portal_access.id',
      'portal_access.workspace_id',
      'portal_access.client_id',
      'portal_access.email',
      'portal_access.name',
      'clients.name as client_name',
      'workspaces.name as workspace_name',
    ])
    // A deleted workspace's clients are shut out until it is recovered.
    .where('workspaces.deleted_at', 'is', null);

/** Every access of an address (lower-cased), at any client of any workspace not deleted. */
export function accessesByEmail(db: Db, email: string): Promise<AccessWithClient[]> {
  return accessWithClient(db)
    .where('portal_access.email', '=', email)
    .orderBy('workspaces.name')
    .orderBy('clients.name')
    .orderBy('portal_access.id')
    .execute();
}

/** One access with its client's and workspace's names, unless its workspace is deleted. */
export function accessWithClientById(db: Db, accessId: string): Promise<AccessWithClient | undefined> {
  return accessWithClient(db).where('portal_access.id', '=', accessId).executeTakeFirst();
}

export async function insertLinks(db: Db, rows: Insertable<PortalSignInLinksTable>[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('portal_sign_in_links').values(rows).execute();
}

/**
 * Uses a link: the one statement that redeems it, only while unused and unexpired, so of two requests
 * racing with the same link only one gets its access id back.
 */
export async function redeemLink(
  trx: Transaction<Database>,
  tokenHash: string,
  now: string,
): Promise<string | undefined> {
  const row = await trx
    .updateTable('portal_sign_in_links')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('access_id')
    .executeTakeFirst();
  return row?.access_id;
}

export async function insertSession(db: Db, row: Insertable<PortalSessionsTable>): Promise<void> {
  await db.insertInto('portal_sessions').values(row).execute();
}

export async function markSignIn(db: Db, accessId: string, now: string): Promise<void> {
  await db.updateTable('portal_access').set({ last_sign_in_at: now }).where('id', '=', accessId).execute();
}

/** The guard's one indexed read: the session by its token's hash, with its access and workspace. */
export function findPortalSession(db: Db, tokenHash: string): Promise<PortalSessionHolder | undefined> {
  return (
    db
      .selectFrom('portal_sessions')
      .innerJoin('portal_access', 'portal_access.id', 'portal_sessions.access_id')
      .innerJoin('workspaces', 'workspaces.id', 'portal_sessions.workspace_id')
      .select([
        'portal_sessions.id as session_id',
        'portal_sessions.access_id',
        'portal_sessions.workspace_id',
        'portal_sessions.client_id',
        'portal_access.email',
        'portal_access.name',
        'portal_sessions.expires_at',
        'portal_sessions.last_seen_at',
        'workspaces.deleted_at as workspace_deleted_at',
      ])
      .where('portal_sessions.token_hash', '=', tokenHash)
      // The access is the session's: a session copied onto another client's row would not match.
      .whereRef('portal_access.client_id', '=', 'portal_sessions.client_id')
      .whereRef('portal_access.workspace_id', '=', 'portal_sessions.workspace_id')
      .executeTakeFirst()
  );
}

export async function touchPortalSession(db: Db, sessionId: string, now: Date): Promise<void> {
  await db
    .updateTable('portal_sessions')
    .set({ last_seen_at: now.toISOString() })
    .where('id', '=', sessionId)
    .execute();
}

export async function deletePortalSession(db: Db, sessionId: string): Promise<void> {
  await db.deleteFrom('portal_sessions').where('id', '=', sessionId).execute();
}

/** Ends every session of an access; answers how many there were. */
export async function deleteSessionsOfAccess(db: Db, accessId: string): Promise<number> {
  const result = await db.deleteFrom('portal_sessions').where('access_id', '=', accessId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The accesses of a client, each with its sessions still live at `now`. */
export async function accessesOfClient(
  db: Db,
  workspaceId: string,
  clientId: string,
  now: string,
): Promise<(PortalAccessRow & { active_sessions: number })[]> {
  const rows = await db
    .selectFrom('portal_access')
    .selectAll('portal_access')
    .select((eb) =>
      eb
        .selectFrom('portal_sessions')
        .select((s) => s.fn.countAll<string | number>().as('n'))
        .whereRef('portal_sessions.access_id', '=', 'portal_access.id')
        .where('portal_sessions.expires_at', '>', now)
        .as('active_sessions'),
    )
    .where('portal_access.workspace_id', '=', workspaceId)
    .where('portal_access.client_id', '=', clientId)
    .execute();
  return rows.map((row) => ({ ...row, active_sessions: Number(row.active_sessions ?? 0) }));
}

/** One access of the workspace's client, or undefined (another workspace's or client's is never found). */
export function findAccess(
  db: Db,
  workspaceId: string,
  clientId: string,
  accessId: string,
): Promise<PortalAccessRow | undefined> {
  return db
    .selectFrom('portal_access')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('client_id', '=', clientId)
    .where('id', '=', accessId)
    .executeTakeFirst();
}

/** The client's access for this address, if given. */
export function findAccessByEmail(
  db: Db,
  workspaceId: string,
  clientId: string,
  email: string,
): Promise<PortalAccessRow | undefined> {
  return db
    .selectFrom('portal_access')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('client_id', '=', clientId)
    .where('email', '=', email)
    .executeTakeFirst();
}

/** Gives access unless the address already has it (the unique client-and-address key decides a race). */
export async function insertAccess(db: Db, row: Insertable<PortalAccessTable>): Promise<void> {
  await db
    .insertInto('portal_access')
    .values(row)
    .onConflict((oc) => oc.columns(['client_id', 'email']).doNothing())
    .execute();
}

/** Removes an access: its sessions and links go with it (cascade). */
export async function deleteAccess(db: Db, accessId: string): Promise<void> {
  await db.deleteFrom('portal_access').where('id', '=', accessId).execute();
}
