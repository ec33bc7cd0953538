import type { Kysely } from 'kysely';

/**
 * Estimates and invoices in the client portal (docs/product/portal.md#estimates,
 * docs/product/portal.md#invoices-and-paying).
 *
 * `estimates` gains:
 * - `sent_pdf_sha256`: the SHA-256 (hex) of the PDF bytes the latest e-mail of the estimate carried, set
 *   when it is sent. A PDF carries the moment it was drawn, so drawing it again later gives other bytes:
 *   the hash of what the client received can only be taken then.
 * - the portal's acceptance record. The acceptance keeps the columns of migration 035 for what they already
 *   mean: `accepted_by` who said yes (for the portal, the name the client typed), `accepted_on` the day,
 *   `accepted_at` the moment; a portal acceptance has no member who recorded it (`accepted_recorded_by`
 *   null, `accepted_recorded_by_name` ''). New beside them: `accepted_via` ('staff', the default and what
 *   every earlier acceptance was, or 'portal'), the client's address `accepted_ip`, `accepted_pdf_sha256`
 *   (the PDF as sent, which the client accepted) and `accepted_access_id` (the portal access that accepted;
 *   null once that access is removed, the name and hash staying).
 * - for a decline: `declined_at` and `decline_reason` of migration 035 stay the moment and the reason; new
 *   are `declined_via` ('staff' or 'portal') and `declined_name` (the contact who declined in the portal).
 *
 * `invoice_payment_notices`: a client's "I have paid" from the portal, until staff record the payment
 * (a payment allocated to the invoice marks its notices handled) or dismiss it (`handled_at`,
 * `handled_by`). `amount` is optional, in minor units of the invoice's currency; `paid_on` a day.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // One column a statement: SQLite adds one at a time.
  const estimates = () => db.schema.alterTable('estimates');
  await estimates().addColumn('sent_pdf_sha256', 'text').execute();
  await estimates()
    .addColumn('accepted_via', 'text', (c) => c.notNull().defaultTo('staff'))
    .execute();
  await estimates().addColumn('accepted_ip', 'text').execute();
  await estimates().addColumn('accepted_pdf_sha256', 'text').execute();
  await estimates()
    .addColumn('accepted_access_id', 'text', (c) => c.references('portal_access.id').onDelete('set null'))
    .execute();
  await estimates()
    .addColumn('declined_via', 'text', (c) => c.notNull().defaultTo('staff'))
    .execute();
  await estimates()
    .addColumn('declined_name', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createIndex('estimates_accepted_access_idx')
    .on('estimates')
    .column('accepted_access_id')
    .execute();

  await db.schema
    .createTable('invoice_payment_notices')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('invoice_id', 'text', (c) => c.notNull().references('invoices.id').onDelete('cascade'))
    .addColumn('access_id', 'text', (c) => c.references('portal_access.id').onDelete('set null'))
    .addColumn('contact_name', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint')
    .addColumn('paid_on', 'text', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('reference', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('handled_at', 'text')
    .addColumn('handled_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  // The invoice's notices, waiting ones first read by the staff's invoice page.
  await db.schema
    .createIndex('invoice_payment_notices_invoice_idx')
    .on('invoice_payment_notices')
    .columns(['invoice_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('invoice_payment_notices_workspace_idx')
    .on('invoice_payment_notices')
    .column('workspace_id')
    .execute();
  await db.schema
    .createIndex('invoice_payment_notices_access_idx')
    .on('invoice_payment_notices')
    .column('access_id')
    .execute();
  await db.schema
    .createIndex('invoice_payment_notices_handled_by_idx')
    .on('invoice_payment_notices')
    .column('handled_by')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('invoice_payment_notices').execute();
  await db.schema.dropIndex('estimates_accepted_access_idx').execute();
  for (const name of [
    'declined_name',
    'declined_via',
    'accepted_access_id',
    'accepted_pdf_sha256',
    'accepted_ip',
    'accepted_via',
    'sent_pdf_sha256',
  ])
    await db.schema.alterTable('estimates').dropColumn(name).execute();
}
