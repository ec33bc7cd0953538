import { sql, type Kysely } from 'kysely';
import { engineOf } from '../engine';

/**
 * Files attached to a task (docs/product/projects.md#tasks), stored in the database as uploaded images are
 * (decision 0011) and counted in the workspace's storage by triggers like migration 010's: an insert adds
 * its size, a delete (its own, or its task's, project's or workspace's cascade) takes it off. `content_type`
 * is what the bytes are, read from them, never what the browser said.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = engineOf(db) === 'postgres';
  await db.schema
    .createTable('task_attachments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('task_id', 'text', (c) => c.notNull().references('tasks.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('data', postgres ? 'bytea' : 'blob', (c) => c.notNull())
    .addColumn('uploaded_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('uploaded_by_name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('task_attachments_task_idx')
    .on('task_attachments')
    .columns(['task_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('task_attachments_uploaded_by_idx')
    .on('task_attachments')
    .column('uploaded_by')
    .execute();

  const add = (bytes: string, workspace: string) =>
    `update workspace_storage set bytes = bytes + (${bytes}) where workspace_id = ${workspace};`;
  const triggers: [string, string, string][] = [
    ['attachment_insert', 'after insert on task_attachments', add('new.size', 'new.workspace_id')],
    ['attachment_delete', 'after delete on task_attachments', add('-old.size', 'old.workspace_id')],
  ];
  for (const [name, event, body] of triggers) {
    if (postgres) {
      await sql
        .raw(
          `create function workspace_storage_${name}() returns trigger language plpgsql as $$ begin ${body} return null; end $$`,
        )
        .execute(db);
      await sql
        .raw(
          `create trigger workspace_storage_${name} ${event} for each row execute function workspace_storage_${name}()`,
        )
        .execute(db);
    } else await sql.raw(`create trigger workspace_storage_${name} ${event} begin ${body} end`).execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('task_attachments').execute();
  if (engineOf(db) === 'postgres')
    for (const name of ['attachment_insert', 'attachment_delete'])
      await sql.raw(`drop function if exists workspace_storage_${name}()`).execute(db);
}
