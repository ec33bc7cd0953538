import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from './types';

/**
 * The JWT secret when JWT_SECRET is not set: generated once and kept in the database (inside DATA_DIR
 * for SQLite; shared by every instance on PostgreSQL). Insert-if-absent makes concurrent first starts agree.
 */
export async function ensureJwtSecret(db: Kysely<Database>): Promise<string> {
  await db
    .insertInto('settings')
    .values({ key: 'jwt_secret', value: randomBytes(48).toString('base64url') })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db
    .selectFrom('settings')
    .select('value')
    .where('key', '=', 'jwt_secret')
    .executeTakeFirstOrThrow();
  return row.value;
}
