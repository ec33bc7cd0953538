import type { Kysely } from 'kysely';

/**
 * Signed webhooks (docs/product/integrations.md#webhooks, docs/decisions/0016-webhooks.md).
 *
 * `webhooks`: a workspace's receivers: the URL, the events it takes (a JSON array), its signing secret
 * sealed with SECRET_KEY (the server signs with it, so it is kept, never shown again), whether it is
 * active, why it paused itself, and since when its deliveries have failed without one success.
 *
 * `webhook_deliveries`: the outbox of events, one row per event and webhook, written in the transaction
 * of its cause. `payload` is the exact body sent on every attempt (its `id` is `event_id`); a worker
 * claims due rows with a lease (`locked_until`), as the mail outbox does, and the same rows are the
 * webhook's delivery log.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('webhooks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('events', 'text', (c) => c.notNull())
    .addColumn('secret_sealed', 'text', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('paused_reason', 'text')
    .addColumn('failing_since', 'text')
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // Every event's one read: the workspace's active webhooks (nothing more when it has none).
  await db.schema
    .createIndex('webhooks_workspace_idx')
    .on('webhooks')
    .columns(['workspace_id', 'active'])
    .execute();

  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('webhook_id', 'text', (c) => c.notNull().references('webhooks.id').onDelete('cascade'))
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('locked_until', 'text')
    .addColumn('response_code', 'integer')
    .addColumn('last_error', 'text')
    .addColumn('response_excerpt', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_attempt_at', 'text')
    .addColumn('delivered_at', 'text')
    .execute();
  // The worker's claim: due rows in order. The log: a webhook's newest first (and the cascade's side).
  await db.schema
    .createIndex('webhook_deliveries_due_idx')
    .on('webhook_deliveries')
    .columns(['status', 'next_attempt_at'])
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_webhook_idx')
    .on('webhook_deliveries')
    .columns(['webhook_id', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_workspace_idx')
    .on('webhook_deliveries')
    .column('workspace_id')
    .execute();
}
