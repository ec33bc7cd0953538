import type { Kysely } from 'kysely';

/**
 * What a client sees of its projects in the portal, and what it does there (docs/product/portal.md#what-a-client-sees).
 *
 * `projects.portal_visibility`: a JSON array of the parts of the project the client's portal shows (the keys
 * of `PORTAL_PROJECT_PARTS` in src/shared/portal-projects.ts); '[]', nothing but its name, code, status and
 * dates, for every project made before.
 *
 * `tasks.milestone`: a task the project marks as a milestone (0/1); the portal lists them when the project
 * shows its milestones, even when it hides its tasks.
 *
 * `task_comments.visibility` and `task_attachments.visibility`: 'internal' (the default, and every existing
 * row) or 'client'. Only 'client' rows ever reach the portal. `portal_access_id` is the client's contact who
 * wrote or uploaded it (null for staff, and once the access is removed: the kept name still says who);
 * `author_kind` and `uploader_kind` tell a client's comment or file from a member's.
 *
 * `task_events`: a task's timeline of what clients did on it (approved, asked for changes, commented,
 * uploaded), with who and when; the actor's name is kept, as the project timeline keeps it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('projects')
    .addColumn('portal_visibility', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await db.schema
    .alterTable('tasks')
    .addColumn('milestone', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .alterTable('task_comments')
    .addColumn('visibility', 'text', (c) => c.notNull().defaultTo('internal'))
    .execute();
  await db.schema
    .alterTable('task_comments')
    .addColumn('author_kind', 'text', (c) => c.notNull().defaultTo('staff'))
    .execute();
  await db.schema
    .alterTable('task_comments')
    .addColumn('portal_access_id', 'text', (c) => c.references('portal_access.id').onDelete('set null'))
    .execute();
  await db.schema
    .createIndex('task_comments_portal_access_idx')
    .on('task_comments')
    .column('portal_access_id')
    .execute();

  await db.schema
    .alterTable('task_attachments')
    .addColumn('visibility', 'text', (c) => c.notNull().defaultTo('internal'))
    .execute();
  await db.schema
    .alterTable('task_attachments')
    .addColumn('uploader_kind', 'text', (c) => c.notNull().defaultTo('staff'))
    .execute();
  await db.schema
    .alterTable('task_attachments')
    .addColumn('portal_access_id', 'text', (c) => c.references('portal_access.id').onDelete('set null'))
    .execute();
  await db.schema
    .createIndex('task_attachments_portal_access_idx')
    .on('task_attachments')
    .column('portal_access_id')
    .execute();

  await db.schema
    .createTable('task_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('task_id', 'text', (c) => c.notNull().references('tasks.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('actor_kind', 'text', (c) => c.notNull())
    .addColumn('actor_user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('actor_access_id', 'text', (c) => c.references('portal_access.id').onDelete('set null'))
    .addColumn('actor_name', 'text', (c) => c.notNull())
    .addColumn('detail', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('task_events_task_idx')
    .on('task_events')
    .columns(['task_id', 'created_at'])
    .execute();
  // Deleting a workspace, a member or an access reaches its rows through these.
  await db.schema.createIndex('task_events_workspace_idx').on('task_events').column('workspace_id').execute();
  await db.schema.createIndex('task_events_user_idx').on('task_events').column('actor_user_id').execute();
  await db.schema.createIndex('task_events_access_idx').on('task_events').column('actor_access_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('task_events').execute();
  await db.schema.dropIndex('task_attachments_portal_access_idx').execute();
  await db.schema.alterTable('task_attachments').dropColumn('portal_access_id').execute();
  await db.schema.alterTable('task_attachments').dropColumn('uploader_kind').execute();
  await db.schema.alterTable('task_attachments').dropColumn('visibility').execute();
  await db.schema.dropIndex('task_comments_portal_access_idx').execute();
  await db.schema.alterTable('task_comments').dropColumn('portal_access_id').execute();
  await db.schema.alterTable('task_comments').dropColumn('author_kind').execute();
  await db.schema.alterTable('task_comments').dropColumn('visibility').execute();
  await db.schema.alterTable('tasks').dropColumn('milestone').execute();
  await db.schema.alterTable('projects').dropColumn('portal_visibility').execute();
}
