import type { Kysely } from 'kysely';

/**
 * API keys and connecting the Botgit extension with one (docs/product/integrations.md,
 * docs/decisions/0017-api-keys.md).
 *
 * `api_keys`: a workspace's keys. The key itself is never stored: `secret_hash` is its SHA-256 (unique, the
 * one lookup a request makes) and `prefix` its first characters, shown in the list. `scopes` is JSON text.
 * A key acts as its creator, so it goes with them (`created_by` cascades) and with its workspace.
 * `revoked_at` ends it at once; revoked rows stay for the audit log's names. `last_used_at` and
 * `last_used_ip` are written at most once a minute, and at once from a new address.
 *
 * `api_key_addresses`: the client addresses (an IPv6 client by its /64) each key was used from, so the
 * first use from a new one is recorded in the audit log once.
 *
 * `botgit_connections`: one request of the extension to be connected, for ten minutes: the SHA-256 of
 * its one-time `code` (sent in the page's address), the PKCE challenge (the SHA-256 of a verifier only
 * the extension holds), who approved it, and when the key was claimed (once).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('created_by', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('scopes', 'text', (c) => c.notNull())
    .addColumn('prefix', 'text', (c) => c.notNull())
    .addColumn('secret_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text')
    .addColumn('last_used_ip', 'text')
    .addColumn('revoked_at', 'text')
    .addColumn('revoked_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema
    .createIndex('api_keys_secret_hash_idx')
    .unique()
    .on('api_keys')
    .column('secret_hash')
    .execute();
  // The list, newest first, and the count of a workspace's live keys.
  await db.schema
    .createIndex('api_keys_workspace_idx')
    .on('api_keys')
    .columns(['workspace_id', 'revoked_at', 'created_at'])
    .execute();
  // The sides of the user foreign keys (erasing an account).
  await db.schema.createIndex('api_keys_created_by_idx').on('api_keys').column('created_by').execute();
  await db.schema.createIndex('api_keys_revoked_by_idx').on('api_keys').column('revoked_by').execute();

  await db.schema
    .createTable('api_key_addresses')
    .addColumn('key_id', 'text', (c) => c.notNull().references('api_keys.id').onDelete('cascade'))
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('first_seen_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('api_key_addresses_pk', ['key_id', 'address'])
    .execute();

  await db.schema
    .createTable('botgit_connections')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('challenge', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('approved_by', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('approved_at', 'text')
    .addColumn('claimed_at', 'text')
    .addColumn('key_id', 'text', (c) => c.references('api_keys.id').onDelete('set null'))
    .execute();
  await db.schema
    .createIndex('botgit_connections_code_idx')
    .unique()
    .on('botgit_connections')
    .column('code_hash')
    .execute();
  await db.schema
    .createIndex('botgit_connections_expires_idx')
    .on('botgit_connections')
    .column('expires_at')
    .execute();
  await db.schema
    .createIndex('botgit_connections_approved_by_idx')
    .on('botgit_connections')
    .column('approved_by')
    .execute();
  await db.schema
    .createIndex('botgit_connections_key_idx')
    .on('botgit_connections')
    .column('key_id')
    .execute();
}
