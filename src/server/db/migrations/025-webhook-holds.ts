import type { Kysely } from 'kysely';

/**
 * A receiver that keeps failing is held (docs/decisions/0016-webhooks.md#fairness): `failures_in_a_row`
 * counts failed attempts since the last success, and `held_until` is when its deliveries may be tried
 * again (ISO-8601 UTC; null: not held). Existing webhooks start with no failures and no hold.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('webhooks')
    .addColumn('failures_in_a_row', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('webhooks').addColumn('held_until', 'text').execute();
}
