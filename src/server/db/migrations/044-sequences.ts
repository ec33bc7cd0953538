import { sql, type Kysely } from 'kysely';

/**
 * Sequences (docs/product/marketing.md#sequences).
 *
 * `sequences`: a workspace's welcome and drip sequences: a name, the list whose members they mail
 * (`list_id`), the `trigger` ('subscription': everyone who becomes subscribed to the list after
 * `enrolled_through` is enrolled by the dispatcher's scan; 'manual': staff enrol people) and `status`
 * ('active' or 'paused'). `enrolled_through` is the scan's cursor: members subscribed since (less a margin,
 * so a write committed late is not missed) are looked at, never the whole list again.
 *
 * `sequence_steps`: the steps in their order (`position` from 1, unique in the sequence), each a template
 * and `delay_days` after the step before (step 1: after enrolment; 0: at once).
 *
 * `sequence_enrollments`: one person in one sequence, at most once (unique sequence and subscriber: a
 * re-subscription does not start it again); `status` 'active', 'completed' or 'left' with `left_reason`
 * ('unsubscribed', 'converted', 'replied', 'removed'); `next_step` (position) due at `next_at`. A step is
 * queued in the same transaction as the UPDATE that moves `next_step` on from the value read, so it is sent
 * once however many instances or ticks race. Indexed by (status, next_at) for the due scan.
 *
 * `list_members` gains an index on (list, status, the time they became subscribed) for the enrolment scan.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sequences')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('list_id', 'text', (c) => c.notNull().references('mailing_lists.id').onDelete('cascade'))
    .addColumn('trigger', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('enrolled_through', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('sequences_workspace_created_idx')
    .on('sequences')
    .columns(['workspace_id', 'created_at', 'id'])
    .execute();
  await db.schema.createIndex('sequences_list_idx').on('sequences').column('list_id').execute();
  await db.schema.createIndex('sequences_trigger_idx').on('sequences').column('trigger').execute();
  await db.schema.createIndex('sequences_created_by_idx').on('sequences').column('created_by').execute();

  await db.schema
    .createTable('sequence_steps')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('sequence_id', 'text', (c) => c.notNull().references('sequences.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('template_id', 'text', (c) => c.references('email_templates.id').onDelete('set null'))
    .addColumn('delay_days', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('sequence_steps_position_uq')
    .on('sequence_steps')
    .unique()
    .columns(['sequence_id', 'position'])
    .execute();
  await db.schema
    .createIndex('sequence_steps_template_idx')
    .on('sequence_steps')
    .column('template_id')
    .execute();

  await db.schema
    .createTable('sequence_enrollments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('sequence_id', 'text', (c) => c.notNull().references('sequences.id').onDelete('cascade'))
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('subscriber_id', 'text', (c) => c.notNull().references('subscribers.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('left_reason', 'text')
    .addColumn('next_step', 'integer', (c) => c.notNull())
    .addColumn('next_at', 'text')
    .addColumn('steps_sent', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enrolled_at', 'text', (c) => c.notNull())
    .addColumn('last_sent_at', 'text')
    .addColumn('left_at', 'text')
    .execute();
  await db.schema
    .createIndex('sequence_enrollments_once_uq')
    .on('sequence_enrollments')
    .unique()
    .columns(['sequence_id', 'subscriber_id'])
    .execute();
  await db.schema
    .createIndex('sequence_enrollments_due_idx')
    .on('sequence_enrollments')
    .columns(['status', 'next_at'])
    .execute();
  await db.schema
    .createIndex('sequence_enrollments_workspace_due_idx')
    .on('sequence_enrollments')
    .columns(['workspace_id', 'status', 'next_at'])
    .execute();
  await db.schema
    .createIndex('sequence_enrollments_sequence_status_idx')
    .on('sequence_enrollments')
    .columns(['sequence_id', 'status', 'left_reason'])
    .execute();
  await db.schema
    .createIndex('sequence_enrollments_subscriber_idx')
    .on('sequence_enrollments')
    .column('subscriber_id')
    .execute();

  await db.schema
    .createIndex('list_members_list_subscribed_at_idx')
    .on('list_members')
    .expression(sql`list_id, status, coalesce(confirmed_at, consent_at)`)
    .execute();
}
