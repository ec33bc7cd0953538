import type { Kysely } from 'kysely';

/**
 * E-mail templates (docs/product/marketing.md#templates).
 *
 * `email_templates`: a workspace's templates, written in MJML (`mjml`, the source; the server renders it on
 * every preview and send, so a change of the brand or the address reaches every template), with the
 * subject and preheader, and the plain-text part when the author wrote it (`text_override`; null: generated
 * from the HTML). `name_key` is the name lower-cased and trimmed, unique per workspace: names are unique
 * whatever their case, on both engines alike.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('email_templates')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_key', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('preheader', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('mjml', 'text', (c) => c.notNull())
    .addColumn('text_override', 'text')
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('updated_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('email_templates_workspace_name_key')
    .on('email_templates')
    .columns(['workspace_id', 'name_key'])
    .unique()
    .execute();
  await db.schema
    .createIndex('email_templates_created_by_idx')
    .on('email_templates')
    .column('created_by')
    .execute();
  await db.schema
    .createIndex('email_templates_updated_by_idx')
    .on('email_templates')
    .column('updated_by')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('email_templates').execute();
}
