import { sql, type Kysely } from 'kysely';
import { engineOf } from '../engine';

/**
 * Invoices, credit notes and payments (docs/product/finance.md).
 *
 * `finance_settings`: the workspace's tax profile as its invoices print it (legal name, address, GST state
 * code or country, GSTIN or VAT number, default rate and SAC), its series (prefixes, the month its financial
 * year starts), payment terms, UPI id and bank details. One row a workspace, made on first save.
 *
 * `invoices`: invoices and credit notes (`kind`). A draft has no `number`; finalising takes the next number
 * of its series (`series` names the sequence in `number_sequences`, per kind and financial year) in the
 * transaction that makes it final, so numbers run without a gap or a repeat
 * (docs/decisions/0022-money-rounding-and-numbering.md). `seller` and `buyer` are the parties as printed
 * (JSON), frozen at finalising. Money is integer minor units of `currency` (`bigint`): the totals are the
 * one totals function's answer, stored for lists and the books; `paid_amount` is what payments allocated
 * to it and `credited_amount` what its credit notes took off. `status`: draft, open, paid, credited (what
 * the screen calls Sent, Partly paid and Overdue are open ones).
 *
 * `invoice_lines`: a document's lines in order, each with its net as the totals function rounded it
 * (`inclusive` 1: its price includes the tax).
 * `invoice_taxes`: its tax groups as the totals function gave them (taxable value and each component per
 * category and rate), so the month's GST summary sums rows instead of recomputing every invoice.
 *
 * `payments`: money received from a client (`kind` receipt) or a refund of it (`refund`, naming the receipt
 * in `refund_of`); what a receipt has not allocated or refunded is the client's credit. `payment_allocations`: how much of which payment settles
 * which invoice.
 *
 * `invoice_reminders`: each reminder step of an invoice (days from its due date) claimed once, in the
 * transaction that queues its mail, so several instances never send one twice.
 *
 * `mail_attachments`: files a queued message carries (an invoice's PDF), kept until it is delivered or
 * given up.
 *
 * `time_entries.invoice_id`: the invoice that bills the entry, so nothing is billed twice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = engineOf(db) === 'postgres';
  await db.schema
    .createTable('finance_settings')
    .addColumn('workspace_id', 'text', (c) => c.primaryKey().references('workspaces.id').onDelete('cascade'))
    .addColumn('legal_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('address_line1', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('address_line2', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('city', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('postal_code', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('state_code', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('tax_id', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('email', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('default_rate_bp', 'integer', (c) => c.notNull())
    .addColumn('default_sac', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('invoice_prefix', 'text', (c) => c.notNull())
    .addColumn('credit_note_prefix', 'text', (c) => c.notNull())
    .addColumn('fy_start_month', 'integer', (c) => c.notNull())
    .addColumn('payment_terms_days', 'integer', (c) => c.notNull())
    .addColumn('upi_id', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('bank_details', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('notes', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('terms', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('invoices')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('client_id', 'text', (c) => c.notNull().references('clients.id'))
    .addColumn('project_id', 'text', (c) => c.references('projects.id').onDelete('set null'))
    .addColumn('corrects_id', 'text', (c) => c.references('invoices.id'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('number', 'text')
    .addColumn('series', 'text')
    .addColumn('issue_date', 'text', (c) => c.notNull())
    .addColumn('due_date', 'text')
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('scheme', 'text', (c) => c.notNull())
    .addColumn('place_of_supply', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('seller', 'text', (c) => c.notNull())
    .addColumn('buyer', 'text', (c) => c.notNull())
    .addColumn('subtotal', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('tax_total', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('total', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('paid_amount', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('credited_amount', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('notes', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('terms', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('reminders_paused', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('finalised_at', 'text')
    .addColumn('finalised_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('sent_at', 'text')
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // A number is the workspace's once: the second holder of one is refused whatever raced.
  await db.schema
    .createIndex('invoices_workspace_number_idx')
    .on('invoices')
    .columns(['workspace_id', 'number'])
    .unique()
    .where(sql.ref('number'), 'is not', null)
    .execute();
  // The list (newest first, by status), the overdue and ageing reads, a client's statement.
  // The list's order (newest first within a kind) read straight from the index, never sorted.
  await db.schema
    .createIndex('invoices_workspace_issue_idx')
    .on('invoices')
    .columns(['workspace_id', 'kind', 'issue_date', 'created_at', 'id'])
    .execute();
  // A state's list (overdue, partly paid) in the list's order, its filter and count answered from the index.
  await db.schema
    .createIndex('invoices_workspace_status_idx')
    .on('invoices')
    .columns(['workspace_id', 'kind', 'status', 'issue_date', 'created_at', 'id', 'due_date', 'paid_amount'])
    .execute();
  // The reminder sweep: open invoices by due date, across workspaces.
  await db.schema
    .createIndex('invoices_status_due_idx')
    .on('invoices')
    .columns(['status', 'due_date'])
    .execute();
  await db.schema
    .createIndex('invoices_client_issue_idx')
    .on('invoices')
    .columns(['client_id', 'issue_date'])
    .execute();
  await db.schema.createIndex('invoices_project_idx').on('invoices').column('project_id').execute();
  await db.schema.createIndex('invoices_corrects_idx').on('invoices').column('corrects_id').execute();
  await db.schema.createIndex('invoices_finalised_by_idx').on('invoices').column('finalised_by').execute();
  await db.schema.createIndex('invoices_created_by_idx').on('invoices').column('created_by').execute();

  await db.schema
    .createTable('invoice_lines')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('invoice_id', 'text', (c) => c.notNull().references('invoices.id').onDelete('cascade'))
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
    .createIndex('invoice_lines_invoice_idx')
    .on('invoice_lines')
    .columns(['invoice_id', 'position'])
    .execute();

  await db.schema
    .createTable('invoice_taxes')
    .addColumn('invoice_id', 'text', (c) => c.notNull().references('invoices.id').onDelete('cascade'))
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('rate_bp', 'integer', (c) => c.notNull())
    .addColumn('base', 'bigint', (c) => c.notNull())
    .addColumn('cgst', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('sgst', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('igst', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('vat', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('invoice_taxes_pk', ['invoice_id', 'category', 'rate_bp'])
    .execute();

  await db.schema
    .createTable('payments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('client_id', 'text', (c) => c.notNull().references('clients.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('refund_of', 'text', (c) => c.references('payments.id'))
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('reference', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('allocated_amount', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('refunded_amount', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('payments_workspace_date_idx')
    .on('payments')
    .columns(['workspace_id', 'date', 'id'])
    .execute();
  await db.schema
    .createIndex('payments_client_date_idx')
    .on('payments')
    .columns(['client_id', 'date'])
    .execute();
  await db.schema.createIndex('payments_refund_of_idx').on('payments').column('refund_of').execute();
  await db.schema.createIndex('payments_created_by_idx').on('payments').column('created_by').execute();

  await db.schema
    .createTable('payment_allocations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('payment_id', 'text', (c) => c.notNull().references('payments.id').onDelete('cascade'))
    .addColumn('invoice_id', 'text', (c) => c.notNull().references('invoices.id'))
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('payment_allocations_payment_idx')
    .on('payment_allocations')
    .column('payment_id')
    .execute();
  await db.schema
    .createIndex('payment_allocations_invoice_idx')
    .on('payment_allocations')
    .column('invoice_id')
    .execute();

  await db.schema
    .createTable('invoice_reminders')
    .addColumn('invoice_id', 'text', (c) => c.notNull().references('invoices.id').onDelete('cascade'))
    .addColumn('step', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('invoice_reminders_pk', ['invoice_id', 'step'])
    .execute();

  await db.schema
    .createTable('mail_attachments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('outbox_id', 'text', (c) => c.notNull().references('mail_outbox.id').onDelete('cascade'))
    .addColumn('filename', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('bytes', postgres ? 'bytea' : 'blob', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('mail_attachments_outbox_idx')
    .on('mail_attachments')
    .column('outbox_id')
    .execute();

  await db.schema
    .alterTable('time_entries')
    .addColumn('invoice_id', 'text', (c) => c.references('invoices.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('time_entries_invoice_idx').on('time_entries').column('invoice_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('time_entries_invoice_idx').execute();
  await db.schema.alterTable('time_entries').dropColumn('invoice_id').execute();
  await db.schema.dropTable('mail_attachments').execute();
  await db.schema.dropTable('invoice_reminders').execute();
  await db.schema.dropTable('payment_allocations').execute();
  await db.schema.dropTable('payments').execute();
  await db.schema.dropTable('invoice_taxes').execute();
  await db.schema.dropTable('invoice_lines').execute();
  await db.schema.dropTable('invoices').execute();
  await db.schema.dropTable('finance_settings').execute();
}
