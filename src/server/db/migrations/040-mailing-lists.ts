import { sql, type Kysely } from 'kysely';

/**
 * Mailing lists with proven consent (docs/product/marketing.md#lists-and-consent).
 *
 * `mailing_lists`: a workspace's lists. `name` is unique in its workspace whatever its case; `opt_in` is
 * 'single' (a sign-up is subscribed at once) or 'double' (subscribed only once the mailed link is
 * confirmed); `consent_text` is the sentence people agree to, shown on the public form; `form_key` is the
 * random public id of the form's address (/subscribe/<form_key>), unique across workspaces.
 *
 * `subscribers`: the people of a workspace's lists, one row per address (stored lower-cased, unique in the
 * workspace), with the lead they came from (`lead_id`, set null when the lead is deleted).
 *
 * `list_members`: one person on one list (primary key list and subscriber), with `status` 'unconfirmed',
 * 'subscribed' or 'unsubscribed', and the proof of consent: where (`consent_source`: 'form', 'import',
 * 'manual' or 'lead'), the words agreed to as they were then (`consent_text`), when (`consent_at`), from
 * which address (`consent_ip`, the form's only), and for imports and hand-added people the basis stated by
 * whoever added them (`consent_basis`). A double opt-in's pending confirmation keeps only the SHA-256 of its
 * mailed token (`confirm_token_hash`, cleared once used) and when it was last mailed (`confirm_sent_at`).
 * An unsubscribed member is kept, with `unsubscribed_at`, as the record of what they agreed to and when they
 * stopped. Indexed by (workspace, status) for the counts.
 *
 * `suppressions`: addresses no mail of the workspace ever goes to (primary key workspace and lower-cased
 * address), with the reason ('unsubscribed', 'hard-bounce', 'complaint', 'manual'), a detail, and who added
 * it by hand (`created_by`, null for the product's own).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('mailing_lists')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('opt_in', 'text', (c) => c.notNull())
    .addColumn('consent_text', 'text', (c) => c.notNull())
    .addColumn('form_key', 'text', (c) => c.notNull().unique())
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('mailing_lists_workspace_name_uq')
    .on('mailing_lists')
    .unique()
    .expression(sql`workspace_id, lower(name)`)
    .execute();

  await db.schema
    .createTable('subscribers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('company', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('lead_id', 'text', (c) => c.references('leads.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('subscribers_workspace_email_uq')
    .on('subscribers')
    .unique()
    .columns(['workspace_id', 'email'])
    .execute();
  await db.schema.createIndex('subscribers_lead_idx').on('subscribers').column('lead_id').execute();

  await db.schema
    .createTable('list_members')
    .addColumn('list_id', 'text', (c) => c.notNull().references('mailing_lists.id').onDelete('cascade'))
    .addColumn('subscriber_id', 'text', (c) => c.notNull().references('subscribers.id').onDelete('cascade'))
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('consent_source', 'text', (c) => c.notNull())
    .addColumn('consent_text', 'text', (c) => c.notNull())
    .addColumn('consent_at', 'text', (c) => c.notNull())
    .addColumn('consent_ip', 'text')
    .addColumn('consent_basis', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('confirm_token_hash', 'text')
    .addColumn('confirm_sent_at', 'text')
    .addColumn('confirmed_at', 'text')
    .addColumn('unsubscribed_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('list_members_pk', ['list_id', 'subscriber_id'])
    .execute();
  await db.schema
    .createIndex('list_members_workspace_status_idx')
    .on('list_members')
    .columns(['workspace_id', 'status'])
    .execute();
  await db.schema
    .createIndex('list_members_list_status_idx')
    .on('list_members')
    .columns(['list_id', 'status', 'subscriber_id'])
    .execute();
  await db.schema
    .createIndex('list_members_subscriber_idx')
    .on('list_members')
    .column('subscriber_id')
    .execute();
  await db.schema
    .createIndex('list_members_token_uq')
    .on('list_members')
    .unique()
    .column('confirm_token_hash')
    .execute();
  // The hourly purge of unconfirmed sign-ups past their 7 days.
  await db.schema
    .createIndex('list_members_status_created_idx')
    .on('list_members')
    .columns(['status', 'created_at'])
    .execute();

  await db.schema
    .createTable('suppressions')
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('detail', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('suppressions_pk', ['workspace_id', 'email'])
    .execute();
}
