import type { Kysely } from 'kysely';

/**
 * Bounces and complaints (docs/product/marketing.md#bounces-and-complaints).
 *
 * `mail_bounces`: the bounce log. One bounce or complaint of one address (lower-cased) in one workspace:
 * `kind` 'hard', 'soft' or 'complaint', where it was learnt (`source`: 'smtp' the reply at send time,
 * 'dsn' a delivery report, 'arf' a complaint report, 'webhook' a provider's call), the RFC 3463 `status`
 * ('5.1.1', '' when none was given), the remote server's words (`diagnostic`, one line, cut short), and
 * the bulk message it answers (`outbox_id`, `campaign_recipient_id`). One row per message and kind
 * (unique workspace, outbox id and kind): the retries of one message, or the same report read twice,
 * count once. Indexed by (workspace, address, kind, time) for "soft bounces of this address in the last
 * 30 days", and by (workspace, time) for the log's pages.
 *
 * `bounce_mailboxes`: a workspace's IMAP mailbox the reports arrive in: host, port, `secure` (TLS from
 * the first byte; otherwise STARTTLS is required), user, the password sealed (`pass_sealed`, with the
 * host, port and user it was typed for in `pass_scope`), the folder, where reading stopped (`uid_validity`
 * and `last_uid`: a new UIDVALIDITY starts over), the last check's time and error, and the lease of the one
 * instance reading it (`locked_until`).
 *
 * `bounce_webhook_keys`: a workspace's provider webhook: the random public key of its address and the
 * signing secret, sealed (an HMAC is checked with the secret itself, so it cannot be hashed).
 *
 * `bounce_webhook_seen`: the signatures and event ids a webhook accepted, kept until `expires_at` (past
 * the signature's tolerance) so none is accepted twice.
 *
 * `mail_outbox` gains an index by (workspace, recipient, time): a report is matched to the bulk mail the
 * workspace sent that address without reading the whole of a large campaign's outbox.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('mail_bounces')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('diagnostic', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('outbox_id', 'text')
    .addColumn('campaign_recipient_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('mail_bounces_address_idx')
    .on('mail_bounces')
    .columns(['workspace_id', 'email', 'kind', 'created_at'])
    .execute();
  await db.schema
    .createIndex('mail_bounces_workspace_created_idx')
    .on('mail_bounces')
    .columns(['workspace_id', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('mail_bounces_message_uq')
    .on('mail_bounces')
    .unique()
    .columns(['workspace_id', 'outbox_id', 'kind'])
    .execute();

  await db.schema
    .createTable('bounce_mailboxes')
    .addColumn('workspace_id', 'text', (c) => c.primaryKey().references('workspaces.id').onDelete('cascade'))
    .addColumn('host', 'text', (c) => c.notNull())
    .addColumn('port', 'integer', (c) => c.notNull())
    .addColumn('secure', 'integer', (c) => c.notNull())
    .addColumn('auth_user', 'text', (c) => c.notNull())
    .addColumn('pass_sealed', 'text', (c) => c.notNull())
    .addColumn('pass_scope', 'text', (c) => c.notNull())
    .addColumn('folder', 'text', (c) => c.notNull())
    .addColumn('uid_validity', 'text')
    .addColumn('last_uid', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('checked_at', 'text')
    .addColumn('last_error', 'text')
    .addColumn('locked_until', 'text')
    .addColumn('updated_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('bounce_mailboxes_checked_idx')
    .on('bounce_mailboxes')
    .column('checked_at')
    .execute();
  await db.schema
    .createIndex('bounce_mailboxes_updated_by_idx')
    .on('bounce_mailboxes')
    .column('updated_by')
    .execute();

  await db.schema
    .createTable('bounce_webhook_keys')
    .addColumn('workspace_id', 'text', (c) => c.primaryKey().references('workspaces.id').onDelete('cascade'))
    .addColumn('public_key', 'text', (c) => c.notNull().unique())
    .addColumn('secret_sealed', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('bounce_webhook_seen')
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('token', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('bounce_webhook_seen_pk', ['workspace_id', 'token'])
    .execute();
  await db.schema
    .createIndex('bounce_webhook_seen_expires_idx')
    .on('bounce_webhook_seen')
    .column('expires_at')
    .execute();

  await db.schema
    .createIndex('mail_outbox_workspace_to_idx')
    .on('mail_outbox')
    .columns(['workspace_id', 'to_address', 'created_at'])
    .execute();
}
