import { sql, type Kysely } from 'kysely';

/**
 * Account and workspace safety (issue 17): two-factor sign-in, an audit trail on the activity the product
 * already records, and workspace deletion with 30 days to recover.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Apart from users, so the row every request reads (SessionUser) never carries a secret.
  await db.schema
    .createTable('user_two_factor')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    // The TOTP secret sealed with SECRET_KEY (AES-256-GCM), once confirmed with a first code.
    .addColumn('secret_sealed', 'text')
    .addColumn('enabled_at', 'text')
    // The last 30-second step a code was accepted for: the same code cannot be played twice.
    .addColumn('last_step', 'integer')
    // A secret being set up and not yet confirmed; replaced by every new set-up.
    .addColumn('pending_sealed', 'text')
    .addColumn('pending_at', 'text')
    .execute();

  await db.schema
    .createTable('user_recovery_codes')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // sha256 of the code: the codes are shown once and are random, not passwords.
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addPrimaryKeyConstraint('user_recovery_codes_pk', ['user_id', 'code_hash'])
    .execute();

  await db.schema
    .alterTable('workspaces')
    .addColumn('require_two_factor', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('workspaces').addColumn('deleted_at', 'text').execute();
  await db.schema.alterTable('workspaces').addColumn('deleted_by', 'text').execute();
  // When the purge job may erase the workspace for good: deleted_at + 30 days.
  await db.schema.alterTable('workspaces').addColumn('purge_after', 'text').execute();
  // sha256 of the recovery link's token, e-mailed to the owners.
  await db.schema.alterTable('workspaces').addColumn('recovery_token_hash', 'text').execute();
  await sql`create index workspaces_purge_idx on workspaces (purge_after) where purge_after is not null`.execute(
    db,
  );
  await sql`create unique index workspaces_recovery_token_idx on workspaces (recovery_token_hash) where recovery_token_hash is not null`.execute(
    db,
  );

  // The audit log reads the activity trail by kind and time; rows from before this migration have neither
  // kind nor address and show as 'Other'.
  await db.schema.alterTable('activity').addColumn('kind', 'text').execute();
  await db.schema.alterTable('activity').addColumn('ip', 'text').execute();
  await db.schema
    .createIndex('activity_audit_idx')
    .on('activity')
    .columns(['workspace_id', 'kind', 'created_at'])
    .execute();
}
