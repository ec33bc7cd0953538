import type { Kysely } from 'kysely';

/**
 * Estimates (docs/product/finance.md#estimates).
 *
 * `estimates`: a quote to a client, numbered EST-0001 from the workspace's `estimate` sequence when made (an
 * estimate is no tax document: a deleted one leaves a gap on purpose). Its figures are the one totals
 * function's, as on an invoice (`subtotal`, `tax_total`, `total` in minor units of `currency`); `seller`
 * and `buyer` are the parties as printed (JSON), taken again at each save and at sending, then kept. `status`: draft, sent, accepted, declined (Expired is a sent one past `valid_until`).
 * `share_token_hash`: the hash of the secret in the link its latest e-mail carried (the PDF, without
 * signing in). An acceptance records who said yes (`accepted_by`, as staff typed it), on which day
 * (`accepted_on`), and which member recorded it when (`accepted_recorded_by`, `accepted_at`); from then on
 * the estimate is locked. `project_id` and `deposit_invoice_id`: what it became.
 *
 * `estimate_lines`: its lines, the same columns as an invoice's.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('estimates')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('client_id', 'text', (c) => c.notNull().references('clients.id'))
    .addColumn('number', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('issue_date', 'text', (c) => c.notNull())
    .addColumn('valid_until', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('scheme', 'text', (c) => c.notNull())
    .addColumn('place_of_supply', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('seller', 'text', (c) => c.notNull())
    .addColumn('buyer', 'text', (c) => c.notNull())
    .addColumn('subtotal', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('tax_total', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('total', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('notes', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('terms', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('share_token_hash', 'text')
    .addColumn('sent_at', 'text')
    .addColumn('accepted_by', 'text')
    .addColumn('accepted_on', 'text')
    .addColumn('accepted_note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('accepted_recorded_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('accepted_recorded_by_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('accepted_at', 'text')
    .addColumn('declined_at', 'text')
    .addColumn('decline_reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('project_id', 'text', (c) => c.references('projects.id').onDelete('set null'))
    .addColumn('deposit_invoice_id', 'text', (c) => c.references('invoices.id').onDelete('set null'))
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('estimates_workspace_number_idx')
    .on('estimates')
    .columns(['workspace_id', 'number'])
    .unique()
    .execute();
  // The list, newest first, and a state's list in the same order.
  await db.schema
    .createIndex('estimates_workspace_issue_idx')
    .on('estimates')
    .columns(['workspace_id', 'issue_date', 'created_at', 'number'])
    .execute();
  await db.schema
    .createIndex('estimates_workspace_status_idx')
    .on('estimates')
    .columns(['workspace_id', 'status', 'issue_date', 'created_at', 'number'])
    .execute();
  await db.schema
    .createIndex('estimates_share_token_idx')
    .on('estimates')
    .column('share_token_hash')
    .unique()
    .execute();
  await db.schema.createIndex('estimates_client_idx').on('estimates').column('client_id').execute();
  await db.schema.createIndex('estimates_project_idx').on('estimates').column('project_id').execute();
  await db.schema
    .createIndex('estimates_deposit_invoice_idx')
    .on('estimates')
    .column('deposit_invoice_id')
    .execute();
  await db.schema.createIndex('estimates_created_by_idx').on('estimates').column('created_by').execute();
  await db.schema
    .createIndex('estimates_recorded_by_idx')
    .on('estimates')
    .column('accepted_recorded_by')
    .execute();

  await db.schema
    .createTable('estimate_lines')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('estimate_id', 'text', (c) => c.notNull().references('estimates.id').onDelete('cascade'))
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('sac', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('quantity_milli', 'integer', (c) => c.notNull())
    .addColumn('unit', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('unit_price', 'bigint', (c) => c.notNull())
    .addColumn('discount', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('rate_bp', 'integer', (c) => c.notNull())
    .addColumn('exempt_reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('inclusive', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('net', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('estimate_lines_estimate_idx')
    .on('estimate_lines')
    .columns(['estimate_id', 'position'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('estimate_lines').execute();
  await db.schema.dropTable('estimates').execute();
}
