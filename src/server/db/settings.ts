import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from './types';

/**
 * A secret generated once and kept in the database (inside DATA_DIR for SQLite; shared by every instance
 * on PostgreSQL), for when its environment setting is absent. Insert-if-absent makes concurrent first
 * starts agree.
 */
async function ensureGeneratedSecret(db: Kysely<Database>, key: string): Promise<string> {
  await db
    .insertInto('settings')
    .values({ key, value: randomBytes(48).toString('base64url') })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db
    .selectFrom('settings')
    .select('value')
    .where('key', '=', key)
    .executeTakeFirstOrThrow();
  return row.value;
}

/** Signs sign-in tokens when JWT_SECRET is not set. */
export const ensureJwtSecret = (db: Kysely<Database>) => ensureGeneratedSecret(db, 'jwt_secret');

/** Encrypts stored secrets (SMTP passwords) when SECRET_KEY is not set. */
export const ensureSecretKey = (db: Kysely<Database>) => ensureGeneratedSecret(db, 'secret_key');
