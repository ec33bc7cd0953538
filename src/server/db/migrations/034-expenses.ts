import { sql, type Kysely } from 'kysely';
import { engineOf } from '../engine';

/**
 * Expenses (docs/product/finance.md#expenses).
 *
 * `expenses`: what the agency spent: vendor, day, amount and its tax in integer minor units of `currency`,
 * category, the project it was for, whether it is billed on to the client, and its approval (`status`
 * pending, approved, rejected) by a workspace admin. `invoice_id` is the invoice that re-bills it, so it is
 * billed once.
 *
 * `expense_receipts`: the receipt's bytes (an image or a PDF, read from the bytes), one an expense, stored
 * in the database and counted in the workspace's storage by triggers like migration 032's.
 *
 * `projects.expense_amount`: approved expenses of the project's currency, kept by the expenses' writes in
 * the same transaction, so they count against its money budget beside its time.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = engineOf(db) === 'postgres';
  await db.schema
    .createTable('expenses')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('vendor', 'text', (c) => c.notNull())
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('tax_amount', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('project_id', 'text', (c) => c.references('projects.id').onDelete('set null'))
    .addColumn('billable', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('decision_note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('submitted_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('submitted_by_name', 'text', (c) => c.notNull())
    .addColumn('decided_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('decided_at', 'text')
    .addColumn('invoice_id', 'text', (c) => c.references('invoices.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('expenses_workspace_date_idx')
    .on('expenses')
    .columns(['workspace_id', 'date', 'id'])
    .execute();
  await db.schema
    .createIndex('expenses_workspace_status_idx')
    .on('expenses')
    .columns(['workspace_id', 'status'])
    .execute();
  await db.schema.createIndex('expenses_project_idx').on('expenses').column('project_id').execute();
  await db.schema.createIndex('expenses_submitted_by_idx').on('expenses').column('submitted_by').execute();
  await db.schema.createIndex('expenses_decided_by_idx').on('expenses').column('decided_by').execute();
  await db.schema.createIndex('expenses_invoice_idx').on('expenses').column('invoice_id').execute();

  await db.schema
    .createTable('expense_receipts')
    .addColumn('expense_id', 'text', (c) => c.primaryKey().references('expenses.id').onDelete('cascade'))
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('data', postgres ? 'bytea' : 'blob', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .alterTable('projects')
    .addColumn('expense_amount', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();

  const add = (bytes: string, workspace: string) =>
    `update workspace_storage set bytes = bytes + (${bytes}) where workspace_id = ${workspace};`;
  const triggers: [string, string, string][] = [
    ['receipt_insert', 'after insert on expense_receipts', add('new.size', 'new.workspace_id')],
    ['receipt_delete', 'after delete on expense_receipts', add('-old.size', 'old.workspace_id')],
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
  await db.schema.alterTable('projects').dropColumn('expense_amount').execute();
  await db.schema.dropTable('expense_receipts').execute();
  await db.schema.dropTable('expenses').execute();
  if (engineOf(db) === 'postgres')
    for (const name of ['receipt_insert', 'receipt_delete'])
      await sql.raw(`drop function if exists workspace_storage_${name}()`).execute(db);
}
