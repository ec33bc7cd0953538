import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/types';

/** Throws unless the database answers and the migrated schema is there (the users table). */
export async function checkDatabase(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db);
  await db.selectFrom('users').select('id').limit(1).execute();
}
