import type { Kysely } from 'kysely';

/**
 * Sessions live on the server (issue 26): every sign-in is a row the token names; logout, password and
 * two-factor changes, deactivation and deletion end rows, and the guard reads the row with the user.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    // The client as it signed in: the product's own reading of the user agent, and the client address.
    .addColumn('device', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('ip', 'text')
    .addColumn('ended_at', 'text')
    .execute();
  // The account's sessions (the list, "sign out everywhere else", ending them all on a password change).
  await db.schema.createIndex('sessions_user_idx').on('sessions').columns(['user_id', 'ended_at']).execute();
}
