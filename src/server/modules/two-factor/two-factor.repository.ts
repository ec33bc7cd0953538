import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/types';
import type { DerivedKey } from '../../secrets/secret-box';
import { hashRecoveryCode, recoveryCodeMatches } from './recovery-codes';

type Db = Kysely<Database> | Transaction<Database>;

export function findTwoFactor(db: Db, userId: string) {
  return db.selectFrom('user_two_factor').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** True when the account signs in with a second factor. */
export async function hasTwoFactor(db: Db, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('user_two_factor')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('enabled_at', 'is not', null)
    .executeTakeFirst();
  return Boolean(row);
}

/** Keeps a new, unconfirmed secret (replacing an earlier one), leaving an enabled factor as it is. */
export async function savePendingSecret(db: Db, userId: string, sealed: string, at: string): Promise<void> {
  await db
    .insertInto('user_two_factor')
    .values({ user_id: userId, pending_sealed: sealed, pending_at: at })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ pending_sealed: sealed, pending_at: at }))
    .execute();
}

/**
 * Turns the pending secret on, once: answers false when the factor is already on or another set-up replaced
 * the secret meanwhile.
 */
export async function enableTwoFactor(
  db: Db,
  userId: string,
  values: { pendingSealed: string; step: number; at: string },
): Promise<boolean> {
  const enabled = await db
    .updateTable('user_two_factor')
    .set({
      secret_sealed: values.pendingSealed,
      enabled_at: values.at,
      last_step: values.step,
      pending_sealed: null,
      pending_at: null,
    })
    .where('user_id', '=', userId)
    .where('enabled_at', 'is', null)
    .where('pending_sealed', '=', values.pendingSealed)
    .executeTakeFirst();
  return enabled.numUpdatedRows !== 0n;
}

/**
 * Marks a code's step used: succeeds once per step, so a code seen by someone else cannot be replayed,
 * also when two requests carry it at the same moment.
 */
export async function claimStep(db: Db, userId: string, step: number): Promise<boolean> {
  const result = await db
    .updateTable('user_two_factor')
    .set({ last_step: step })
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Uses a recovery code: true once per code. Every unused code of the account is compared (in constant
 * time, without stopping at a match), in its stored form: an HMAC, or the sha256 of earlier releases.
 */
export async function consumeRecoveryCode(
  db: Db,
  userId: string,
  code: string,
  at: string,
  keys: DerivedKey[],
): Promise<boolean> {
  const rows = await db
    .selectFrom('user_recovery_codes')
    .select('code_hash')
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
  let matched: string | undefined;
  for (const row of rows) if (recoveryCodeMatches(row.code_hash, code, keys)) matched ??= row.code_hash;
  if (matched === undefined) return false;
  // Of two requests racing with the same code, only one updates the row.
  const result = await db
    .updateTable('user_recovery_codes')
    .set({ used_at: at })
    .where('user_id', '=', userId)
    .where('code_hash', '=', matched)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function replaceRecoveryCodes(
  db: Db,
  userId: string,
  codes: string[],
  at: string,
  keys: DerivedKey[],
): Promise<void> {
  await db.deleteFrom('user_recovery_codes').where('user_id', '=', userId).execute();
  await db
    .insertInto('user_recovery_codes')
    .values(
      codes.map((code) => ({
        user_id: userId,
        code_hash: hashRecoveryCode(code, keys),
        created_at: at,
        used_at: null,
      })),
    )
    .execute();
}

export async function unusedRecoveryCodes(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('user_recovery_codes')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Turns the factor off: the secret and every recovery code are gone. */
export async function removeTwoFactor(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('user_recovery_codes').where('user_id', '=', userId).execute();
  await db.deleteFrom('user_two_factor').where('user_id', '=', userId).execute();
}

export async function workspaceRequiresTwoFactor(db: Db, workspaceId: string): Promise<boolean> {
  const row = await db
    .selectFrom('workspaces')
    .select('require_two_factor')
    .where('id', '=', workspaceId)
    .executeTakeFirst();
  return Number(row?.require_two_factor ?? 0) === 1;
}

export async function setWorkspaceRequirement(db: Db, workspaceId: string, required: boolean): Promise<void> {
  await db
    .updateTable('workspaces')
    .set({ require_two_factor: required ? 1 : 0 })
    .where('id', '=', workspaceId)
    .execute();
}

/** Ends the sessions (by their version) of the workspace's members without a factor, but `exceptUserId`. */
export async function signOutMembersWithoutFactor(
  db: Db,
  workspaceId: string,
  exceptUserId: string,
): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({ session_version: eb('session_version', '+', 1) }))
    .where('workspace_id', '=', workspaceId)
    .where('id', '!=', exceptUserId)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('user_two_factor')
            .select(sql`1`.as('one'))
            .whereRef('user_two_factor.user_id', '=', 'users.id')
            .where('user_two_factor.enabled_at', 'is not', null),
        ),
      ),
    )
    .execute();
}
