import type { Insertable, Kysely, Transaction } from 'kysely';
import type { Database, UserNotificationsTable } from '../../db/types';

type Db = Kysely<Database> | Transaction<Database>;

/** Adds a notification; with a dedupe key it exists once per user, however many writers race. */
export async function insertNotification(db: Db, row: Insertable<UserNotificationsTable>): Promise<boolean> {
  const result = await db
    .insertInto('user_notifications')
    .values(row)
    .onConflict((oc) => oc.columns(['user_id', 'dedupe_key']).doNothing())
    .returning('user_id')
    .executeTakeFirst();
  return result !== undefined;
}

/**
 * Takes the user's undelivered notifications, oldest first, marking them delivered in the same statement:
 * of two browsers asking at once each notification goes to one (the outer condition is checked again on
 * the locked row).
 */
export function claimNotifications(db: Kysely<Database>, userId: string, at: string, limit: number) {
  return db
    .updateTable('user_notifications')
    .set({ delivered_at: at })
    .where('user_id', '=', userId)
    .where('delivered_at', 'is', null)
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('user_notifications')
        .select('id')
        .where('user_id', '=', userId)
        .where('delivered_at', 'is', null)
        .orderBy('created_at')
        .limit(limit),
    )
    .returning(['id', 'kind', 'title', 'message', 'created_at'])
    .execute();
}
