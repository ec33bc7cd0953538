import type { Kysely } from 'kysely';

/**
 * Monthly retainer invoices (docs/product/finance.md#retainer-invoices).
 *
 * `projects.retainer_fee`: a retainer's fee a month, in minor units of the project's currency (null: none
 * set). `projects.retainer_invoicing`: what happens when a month ends: `off`, `draft` (a draft invoice
 * waits for review) or `send` (finalised and e-mailed).
 *
 * `retainer_invoices`: each project's month (YYYY-MM) invoiced once, claimed in the transaction that makes
 * its invoice, so two instances of the server, or a person and the monthly run, never bill a month twice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('projects').addColumn('retainer_fee', 'bigint').execute();
  await db.schema
    .alterTable('projects')
    .addColumn('retainer_invoicing', 'text', (c) => c.notNull().defaultTo('off'))
    .execute();
  await db.schema
    .createTable('retainer_invoices')
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('invoice_id', 'text', (c) => c.references('invoices.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('retainer_invoices_pk', ['project_id', 'month'])
    .execute();
  await db.schema
    .createIndex('retainer_invoices_invoice_idx')
    .on('retainer_invoices')
    .column('invoice_id')
    .execute();
  await db.schema
    .createIndex('retainer_invoices_workspace_idx')
    .on('retainer_invoices')
    .column('workspace_id')
    .execute();
  // The monthly run's question: which retainers bill themselves.
  await db.schema
    .createIndex('projects_retainer_invoicing_idx')
    .on('projects')
    .columns(['retainer_invoicing', 'status'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('retainer_invoices').execute();
  await db.schema.dropIndex('projects_retainer_invoicing_idx').execute();
  await db.schema.alterTable('projects').dropColumn('retainer_invoicing').execute();
  await db.schema.alterTable('projects').dropColumn('retainer_fee').execute();
}
