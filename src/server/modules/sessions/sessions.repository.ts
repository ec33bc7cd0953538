import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database, SessionUser } from '../../db/types';
import { nowIso, SESSION_USER_COLUMNS } from '../../db/rows';

type Db = Kysely<Database> | Transaction<Database>;

export async function createSessionRow(
  db: Db,
  userId: string,
  client: { device: string; ip: string | null },
  now: Date,
): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('sessions')
    .values({
      id,
      user_id: userId,
      created_at: now.toISOString(),
      last_seen_at: now.toISOString(),
      device: client.device,
      ip: client.ip,
      ended_at: null,
    })
    .execute();
  return id;
}

/** A signed-in request's one read: the user with the session its token names, while that session lives. */
export function findSignedIn(
  db: Db,
  userId: string,
  sessionId: string,
): Promise<(SessionUser & { session_last_seen_at: string; session_proved_at: string }) | undefined> {
  return (
    db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select(SESSION_USER_COLUMNS.map((column) => `users.${column}` as const))
      .select('sessions.last_seen_at as session_last_seen_at')
      // The session's last proof of the password: a confirmation, else its sign-in.
      .select((eb) => eb.fn.coalesce('sessions.confirmed_at', 'sessions.created_at').as('session_proved_at'))
      .where('sessions.id', '=', sessionId)
      .where('sessions.user_id', '=', userId)
      .where('sessions.ended_at', 'is', null)
      .executeTakeFirst()
  );
}

/** The session proved its password again now (docs/security.md#lasting-credentials). */
export async function confirmSession(db: Db, userId: string, sessionId: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('sessions')
    .set({ confirmed_at: now.toISOString() })
    .where('id', '=', sessionId)
    .where('user_id', '=', userId)
    .where('ended_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function touchSession(db: Db, sessionId: string, now: Date): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ last_seen_at: now.toISOString() })
    .where('id', '=', sessionId)
    .execute();
}

/** Marks the user active now (sign-in, and the guard's coarse "last active"); `user` sees the new time too. */
export async function markActive(db: Db, user: { id: string; last_active_at: string | null }): Promise<void> {
  user.last_active_at = nowIso();
  await db
    .updateTable('users')
    .set({ last_active_at: user.last_active_at })
    .where('id', '=', user.id)
    .execute();
}

/**
 * Ends the account's live sessions (all, or all but `except`): a password change or reset, two-factor
 * turned on, off or reset, deactivation, a workspace deleted or left. Ended rows never come back.
 */
export async function endSessions(
  db: Db,
  userId: string,
  now: Date,
  options: { except?: string } = {},
): Promise<number> {
  const result = await db
    .updateTable('sessions')
    .set({ ended_at: now.toISOString() })
    .where('user_id', '=', userId)
    .where('ended_at', 'is', null)
    .$if(options.except !== undefined, (q) => q.where('id', '!=', options.except!))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Ends every live session of a workspace's members (the workspace deleted). */
export async function endWorkspaceSessions(db: Db, workspaceId: string, now: Date): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ ended_at: now.toISOString() })
    .where('ended_at', 'is', null)
    .where('user_id', 'in', (eb) =>
      eb.selectFrom('users').select('id').where('workspace_id', '=', workspaceId),
    )
    .execute();
}

export async function endOneSession(db: Db, userId: string, sessionId: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('sessions')
    .set({ ended_at: now.toISOString() })
    .where('id', '=', sessionId)
    .where('user_id', '=', userId)
    .where('ended_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function liveSessions(db: Db, userId: string) {
  return db
    .selectFrom('sessions')
    .select(['id', 'device', 'ip', 'created_at', 'last_seen_at'])
    .where('user_id', '=', userId)
    .where('ended_at', 'is', null)
    .orderBy('last_seen_at', 'desc')
    .limit(100)
    .execute();
}

/**
 * Revokes the live API keys `userId` made (a connected Botgit's among them), those made since `since` when
 * given; answers their names.
 */
export async function revokeKeysMadeBy(
  db: Db,
  userId: string,
  at: string,
  since?: string,
): Promise<string[]> {
  let query = db
    .updateTable('api_keys')
    .set({ revoked_at: at, revoked_by: userId })
    .where('created_by', '=', userId)
    .where('revoked_at', 'is', null);
  if (since !== undefined) query = query.where('created_at', '>=', since);
  const rows = await query.returning('name').execute();
  return rows.map(({ name }) => name);
}

/** Removes the webhooks `user` added to its workspace, those since `since` when given; answers their hosts. */
export async function removeWebhooksMadeBy(
  db: Db,
  user: { id: string; workspace_id: string },
  since?: string,
): Promise<string[]> {
  let query = db
    .deleteFrom('webhooks')
    .where('workspace_id', '=', user.workspace_id)
    .where('created_by', '=', user.id);
  if (since !== undefined) query = query.where('created_at', '>=', since);
  const rows = await query.returning('url').execute();
  return rows.map(({ url }) => new URL(url).host);
}
