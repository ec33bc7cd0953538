import type { Kysely, Transaction } from 'kysely';
import type { Database, UserRow } from '../../db/types';

type Db = Kysely<Database> | Transaction<Database>;

export async function insertReset(
  db: Db,
  values: { tokenHash: string; userId: string; createdAt: string; expiresAt: string },
): Promise<void> {
  await db
    .insertInto('password_resets')
    .values({
      token_hash: values.tokenHash,
      user_id: values.userId,
      created_at: values.createdAt,
      expires_at: values.expiresAt,
      used_at: null,
    })
    .execute();
}

/** The account of a link that is neither used nor expired at `now`, or undefined. */
export async function findLiveReset(db: Db, tokenHash: string, now: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('password_resets')
    .select(['user_id'])
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row?.user_id;
}

/** Uses the link: of two requests racing with it, only one updates the row. Answers whether this one did. */
export async function useReset(trx: Transaction<Database>, tokenHash: string, now: string): Promise<boolean> {
  const used = await trx
    .updateTable('password_resets')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(used.numUpdatedRows) === 1;
}

/** Spends every other unused link of the account. */
export async function spendResets(trx: Transaction<Database>, userId: string, now: string): Promise<void> {
  await trx
    .updateTable('password_resets')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}

/** The new password, with the session version raised (tokens from before stop working); answers the user. */
export function setPassword(
  trx: Transaction<Database>,
  userId: string,
  passwordHash: string,
  now: string,
): Promise<UserRow> {
  return trx
    .updateTable('users')
    .set((eb) => ({
      password_hash: passwordHash,
      session_version: eb('session_version', '+', 1),
      updated_at: now,
    }))
    .where('id', '=', userId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Whether a user has a second factor, enrolled or being set up. */
export async function hasAnyTwoFactor(db: Db, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('user_two_factor')
    .select('user_id')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}
