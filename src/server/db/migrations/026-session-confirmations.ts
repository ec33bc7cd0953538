import type { Kysely } from 'kysely';

/**
 * When a session last proved its password again (docs/security.md#lasting-credentials): ISO-8601 UTC, null
 * until it does. Signing in is a proof too, so a session's last proof is this or its creation. Sessions of
 * the last release carry none: their sign-in time stands.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('confirmed_at', 'text').execute();
}
