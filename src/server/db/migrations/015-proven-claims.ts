import { sql, type Kysely } from 'kysely';
import { WAITING_ROOM_WORKSPACE_ID } from '../../../shared/email-confirmation';

/**
 * Claims need proof (issue 25): an address is confirmed by a link before it joins a workspace, owns a
 * domain, invites or configures mail. Everyone who could sign in before this release counts as confirmed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('email_confirmed_at', 'text').execute();
  // The upgrade confirms every existing account: nobody who could sign in before loses anything.
  await sql`update users set email_confirmed_at = created_at`.execute(db);
  // A Team Member who signed up by domain waits here for the workspace they will join once confirmed.
  await db.schema.alterTable('users').addColumn('pending_workspace_id', 'text').execute();
  // Unconfirmed sign-ups expire after 7 days: the sweep reads them by creation time.
  await sql`create index users_unconfirmed_idx on users (created_at) where email_confirmed_at is null`.execute(
    db,
  );

  // A Business Owner's domain, claimed at sign-up and owned (moved to `domain`) only once confirmed.
  await db.schema.alterTable('workspaces').addColumn('pending_domain', 'text').execute();

  await db.schema
    .createTable('email_confirmations')
    // sha256 of the link's token: the database never holds a usable link.
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema
    .createIndex('email_confirmations_user_idx')
    .on('email_confirmations')
    .column('user_id')
    .execute();

  // The host, port and user a stored SMTP password was typed for: it is never sent anywhere else. Rows
  // saved before this release were saved with the host, port and user they hold.
  await db.schema.alterTable('email_settings').addColumn('pass_scope', 'text').execute();
  await sql`update email_settings set pass_scope = lower(host) || ':' || cast(port as text) || ':' || auth_user`.execute(
    db,
  );

  // Where unconfirmed Team Members belong meanwhile: no workspace's data, no domain, never deletable.
  const now = new Date().toISOString();
  await sql`insert into workspaces (id, name, domain, kind, description, type, plan, created_at, updated_at)
    values (${WAITING_ROOM_WORKSPACE_ID}, 'Awaiting e-mail confirmation', null, 'personal', '', 'Personal', 'Free', ${now}, ${now})`.execute(
    db,
  );
}
