import type { Kysely } from 'kysely';

/**
 * The client portal (docs/product/portal.md): a client's contacts sign in with a link e-mailed to them and
 * get a portal session of their own, never a staff session.
 *
 * `portal_access`: who may use a client's portal, keyed on the client and the contact's e-mail address
 * (lower-cased), not on a contact row: an edit of the client replaces its `client_contacts` rows wholesale,
 * so their ids do not last. `name` is the contact's name when access was given; `granted_by` the member who
 * gave it; `last_sign_in_at` when a link of it was last redeemed. `notifications_off` is a JSON array of the
 * kinds of portal notification the person turned off ('[]': none). When an edit of the client drops the
 * address from its contacts, the row is deleted in the edit's transaction, and its sessions and links go
 * with it (cascade).
 *
 * `portal_sign_in_links`: the single-use links (15 minutes), only the SHA-256 of their token stored. A link
 * is redeemed by one conditional UPDATE (unused and unexpired), so two redemptions racing give one session.
 *
 * `portal_sessions`: a signed-in portal visitor: the cookie holds 32 random bytes, the row only their
 * SHA-256. The workspace and client are copied from the access so the guard's one read scopes every portal
 * query; a session lasts 30 days from its sign-in (`expires_at`), `last_seen_at` moves at most once a minute.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('portal_access')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('client_id', 'text', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('granted_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_sign_in_at', 'text')
    .addColumn('notifications_off', 'text', (c) => c.notNull().defaultTo('[]'))
    .addUniqueConstraint('portal_access_client_email_key', ['client_id', 'email'])
    .execute();
  // The sign-in form's look-up: every access of an address, whatever its client or workspace.
  await db.schema.createIndex('portal_access_email_idx').on('portal_access').column('email').execute();
  // Deleting a workspace, and who gave access (a member's erasure sets it null).
  await db.schema
    .createIndex('portal_access_workspace_idx')
    .on('portal_access')
    .column('workspace_id')
    .execute();
  await db.schema
    .createIndex('portal_access_granted_by_idx')
    .on('portal_access')
    .column('granted_by')
    .execute();

  await db.schema
    .createTable('portal_sign_in_links')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('access_id', 'text', (c) => c.notNull().references('portal_access.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  // The access's links (the cascade when access is removed).
  await db.schema
    .createIndex('portal_sign_in_links_access_idx')
    .on('portal_sign_in_links')
    .column('access_id')
    .execute();

  await db.schema
    .createTable('portal_sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('access_id', 'text', (c) => c.notNull().references('portal_access.id').onDelete('cascade'))
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('client_id', 'text', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  // An access's sessions: the staff's count, "End sessions" and the cascade (the token's unique index
  // serves the guard's read).
  await db.schema
    .createIndex('portal_sessions_access_idx')
    .on('portal_sessions')
    .columns(['access_id', 'expires_at'])
    .execute();
  await db.schema
    .createIndex('portal_sessions_workspace_idx')
    .on('portal_sessions')
    .column('workspace_id')
    .execute();
  await db.schema
    .createIndex('portal_sessions_client_idx')
    .on('portal_sessions')
    .column('client_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('portal_sessions').execute();
  await db.schema.dropTable('portal_sign_in_links').execute();
  await db.schema.dropTable('portal_access').execute();
}
