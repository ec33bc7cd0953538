import { sql, type Kysely } from 'kysely';

/**
 * Saved views of Client Leads (docs/product/leads.md#saved-views): a name and the list's query (filters,
 * sort, order, layout) kept per user; one saved by a workspace's admin may be shared with its workspace.
 *
 * `lead_views.user_id` is who saved it; erasing that account erases its views, shared ones included.
 * `shared` is a flag (0/1). `query` is JSON text, read back through the view schema: what does not pass is
 * never shown as it was stored.
 *
 * Indexes: a user's views (unique by name, ignoring case), and a workspace's shared views (unique by name
 * among them, ignoring case); both halves of "my views and the workspace's shared ones", and the two
 * foreign keys' sides.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('lead_views')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('shared', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('query', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createIndex('lead_views_user_name_idx')
    .on('lead_views')
    .unique()
    .expression(sql`user_id, lower(name)`)
    .execute();
  await db.schema
    .createIndex('lead_views_workspace_shared_idx')
    .on('lead_views')
    .columns(['workspace_id', 'shared'])
    .execute();
  await db.schema
    .createIndex('lead_views_shared_name_idx')
    .on('lead_views')
    .unique()
    .expression(sql`workspace_id, lower(name)`)
    .where(sql.ref('shared'), '=', 1)
    .execute();
}
