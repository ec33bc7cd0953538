import type { Kysely } from 'kysely';

/**
 * A member's private calendar feed of their tasks' due dates (docs/product/projects.md#calendar-feed): one per
 * person, its secret kept only as a SHA-256 (the URL is shown once, when it is made). Revoking deletes the
 * row; making a new one replaces it, so an old URL stops working at once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('calendar_feeds')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_read_at', 'text')
    .execute();
  await db.schema
    .createIndex('calendar_feeds_workspace_idx')
    .on('calendar_feeds')
    .column('workspace_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('calendar_feeds').execute();
}
