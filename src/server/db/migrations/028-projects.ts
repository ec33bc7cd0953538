import { sql, type Kysely } from 'kysely';

/**
 * Projects of a workspace (docs/product/projects.md#projects).
 *
 * `number_sequences`: numbers a workspace hands out in order without gaps (its projects now, its invoices
 * later). A number is taken by raising `last_value` inside the transaction that uses it: PostgreSQL keeps the
 * row locked until commit and SQLite writes one transaction at a time, so two takers never share a number,
 * and a rolled-back one gives its number back (docs/decisions/0021-numbering-and-time.md).
 *
 * `projects`: a client's project. `number` is the workspace's next project number and `code` what people
 * call it (P-001 unless they chose one), both unique in the workspace. Money is integer minor units of the
 * project's `currency` (the client's when it was created): `budget_amount`, `hourly_rate`. Budgets and a
 * retainer's month are minutes. `*_minutes` and `*_amount` roll-ups are kept by the time entries' writes
 * in the same transaction, so the list can filter "over budget" and show the burn without summing entries;
 * `budget_alerted` is the highest warning share (80, 100) the manager was already told of.
 *
 * `project_members`: the team, each with an hourly rate of their own on the project or null (the project's).
 *
 * `project_events`: the project's timeline, as a client's.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('number_sequences')
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('last_value', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('number_sequences_pk', ['workspace_id', 'name'])
    .execute();

  await db.schema
    .createTable('projects')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('client_id', 'text', (c) => c.notNull().references('clients.id'))
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('billing_type', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('budget_minutes', 'integer')
    .addColumn('budget_amount', 'bigint')
    .addColumn('hourly_rate', 'bigint')
    .addColumn('retainer_minutes', 'integer')
    .addColumn('retainer_rollover', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('start_date', 'text')
    .addColumn('due_date', 'text')
    .addColumn('manager_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('delivered_on', 'text')
    .addColumn('delivery_note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('approved_minutes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('unapproved_minutes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('approved_amount', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('unapproved_amount', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('budget_alerted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('projects_workspace_number_idx')
    .on('projects')
    .columns(['workspace_id', 'number'])
    .unique()
    .execute();
  await db.schema
    .createIndex('projects_workspace_code_idx')
    .on('projects')
    .columns(['workspace_id', 'code'])
    .unique()
    .execute();
  // The list newest first by status (the board), a client's projects, a manager's, the delivered list.
  await db.schema
    .createIndex('projects_workspace_status_idx')
    .on('projects')
    .columns(['workspace_id', 'status', 'created_at'])
    .execute();
  await db.schema.createIndex('projects_client_idx').on('projects').column('client_id').execute();
  await db.schema.createIndex('projects_manager_idx').on('projects').column('manager_id').execute();
  await db.schema.createIndex('projects_created_by_idx').on('projects').column('created_by').execute();
  await db.schema
    .createIndex('projects_workspace_delivered_idx')
    .on('projects')
    .columns(['workspace_id', 'delivered_on'])
    .where(sql.ref('delivered_on'), 'is not', null)
    .execute();

  await db.schema
    .createTable('project_members')
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('hourly_rate', 'bigint')
    .addPrimaryKeyConstraint('project_members_pk', ['project_id', 'user_id'])
    .execute();
  await db.schema.createIndex('project_members_user_idx').on('project_members').column('user_id').execute();

  await db.schema
    .createTable('project_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('actor_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('data', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('project_events_project_idx')
    .on('project_events')
    .columns(['project_id', 'at'])
    .execute();
  await db.schema.createIndex('project_events_actor_idx').on('project_events').column('actor_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('project_events').execute();
  await db.schema.dropTable('project_members').execute();
  await db.schema.dropTable('projects').execute();
  await db.schema.dropTable('number_sequences').execute();
}
