import { sql, type Kysely } from 'kysely';

/**
 * Tasks of a project (docs/product/projects.md#tasks).
 *
 * `tasks`: `number` is the project's next (#1, #2…) from `number_sequences` under the name `task:<project>`,
 * unique in the project. `position` orders a board column (its status); `parent_id` makes a sub-task (one
 * level). `description` is sanitised HTML. A recurring task that is done makes its next one once:
 * `next_task_id` remembers it. `logged_minutes` is the time entries' roll-up, kept by their writes.
 *
 * `task_assignees`, `task_blockers` (this task is blocked by that one, both of one project), and
 * `task_comments` (plain text, the author's name kept as a timeline keeps it).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('tasks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('blocked', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('priority', 'text', (c) => c.notNull())
    .addColumn('due_date', 'text')
    .addColumn('estimate_minutes', 'integer')
    .addColumn('parent_id', 'text', (c) => c.references('tasks.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('recurrence', 'text', (c) => c.notNull().defaultTo('none'))
    .addColumn('next_task_id', 'text')
    .addColumn('logged_minutes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('completed_at', 'text')
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('tasks_project_number_idx')
    .on('tasks')
    .columns(['project_id', 'number'])
    .unique()
    .execute();
  // The board: a project's columns in order.
  await db.schema
    .createIndex('tasks_project_status_idx')
    .on('tasks')
    .columns(['project_id', 'status', 'position'])
    .execute();
  // Overdue tasks of a workspace (the Overview), open ones only.
  await db.schema
    .createIndex('tasks_workspace_due_idx')
    .on('tasks')
    .columns(['workspace_id', 'due_date'])
    .where(sql.ref('status'), '<>', 'done')
    .execute();
  await db.schema.createIndex('tasks_parent_idx').on('tasks').column('parent_id').execute();
  await db.schema.createIndex('tasks_created_by_idx').on('tasks').column('created_by').execute();

  await db.schema
    .createTable('task_assignees')
    .addColumn('task_id', 'text', (c) => c.notNull().references('tasks.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('task_assignees_pk', ['task_id', 'user_id'])
    .execute();
  await db.schema.createIndex('task_assignees_user_idx').on('task_assignees').column('user_id').execute();

  await db.schema
    .createTable('task_blockers')
    .addColumn('task_id', 'text', (c) => c.notNull().references('tasks.id').onDelete('cascade'))
    .addColumn('blocker_id', 'text', (c) => c.notNull().references('tasks.id').onDelete('cascade'))
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('task_blockers_pk', ['task_id', 'blocker_id'])
    .execute();
  await db.schema.createIndex('task_blockers_blocker_idx').on('task_blockers').column('blocker_id').execute();

  await db.schema
    .createTable('task_comments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('task_id', 'text', (c) => c.notNull().references('tasks.id').onDelete('cascade'))
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('author_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('author_name', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('edited_at', 'text')
    .execute();
  await db.schema
    .createIndex('task_comments_task_idx')
    .on('task_comments')
    .columns(['task_id', 'created_at'])
    .execute();
  await db.schema.createIndex('task_comments_author_idx').on('task_comments').column('author_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('task_comments').execute();
  await db.schema.dropTable('task_blockers').execute();
  await db.schema.dropTable('task_assignees').execute();
  await db.schema.dropTable('tasks').execute();
}
