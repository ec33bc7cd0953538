import { sql, type Kysely } from 'kysely';

/**
 * Time entries (docs/product/projects.md#time): one row per entry, never a JSON blob, so every report reads
 * it with SQL.
 *
 * `user_id` is who spent the time (their name kept beside it, as timelines keep an actor's, so billed time
 * keeps its person if the account goes). `hourly_rate` is the rate in force when it was logged (the
 * member's on the project, else the project's), `amount` what the minutes are worth at it, both in minor
 * units of `currency`; non-billable time is worth 0. `status`: open, submitted, approved (approved is locked).
 * `started_at` is set while the entry is a running timer: the partial unique index lets each person have one.
 * `invoiced_at` is for the invoices to come: time billed once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('time_entries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('task_id', 'text', (c) => c.references('tasks.id').onDelete('set null'))
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('user_name', 'text', (c) => c.notNull())
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('minutes', 'integer', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('billable', 'integer', (c) => c.notNull())
    .addColumn('hourly_rate', 'bigint')
    .addColumn('amount', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text')
    .addColumn('approved_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('approved_at', 'text')
    .addColumn('invoiced_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // A person's week (the grid, a submission); a project's time by day (its report, approvals).
  await db.schema
    .createIndex('time_entries_user_date_idx')
    .on('time_entries')
    .columns(['user_id', 'date'])
    .execute();
  await db.schema
    .createIndex('time_entries_project_date_idx')
    .on('time_entries')
    .columns(['project_id', 'date'])
    .execute();
  await db.schema
    .createIndex('time_entries_workspace_date_idx')
    .on('time_entries')
    .columns(['workspace_id', 'date'])
    .execute();
  await db.schema.createIndex('time_entries_task_idx').on('time_entries').column('task_id').execute();
  await db.schema
    .createIndex('time_entries_approved_by_idx')
    .on('time_entries')
    .column('approved_by')
    .execute();
  await db.schema
    .createIndex('time_entries_one_timer_idx')
    .on('time_entries')
    .column('user_id')
    .unique()
    .where(sql.ref('started_at'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('time_entries').execute();
}
