import type { Kysely } from 'kysely';

/**
 * Plan limits (issue 26): the e-mails each workspace caused on each UTC day (invitations, contact messages
 * through its set-up, test e-mails; src/shared/plans.ts). A table rather than the shared limit store:
 * Workspace Settings shows today's count, every instance reads the same figure, and the count is taken in
 * the transaction that queues the mail, so a mail refused or rolled back is never counted. Storage needs
 * nothing new: workspace_storage (migration 010) already holds every stored byte.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('workspace_mail_days')
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('workspace_mail_days_pk', ['workspace_id', 'day'])
    .execute();
}
