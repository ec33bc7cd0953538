import type { Insertable, Kysely, Transaction } from 'kysely';
import type { ActivityTable, Database } from '../../db/types';

export async function insertActivity(
  db: Kysely<Database> | Transaction<Database>,
  row: Insertable<ActivityTable>,
): Promise<void> {
  await db.insertInto('activity').values(row).execute();
}
