import { sql, type Kysely } from 'kysely';

/**
 * Lead owners and follow-ups (docs/product/leads.md#owners-and-follow-ups).
 *
 * `leads.owner_id`: the member of the workspace who works the lead. It references users ON DELETE SET
 * NULL: erasing an account leaves its leads in place, unowned ("Unassigned") until someone takes them;
 * deactivating one changes nothing (its leads stay its own until reassigned). Leads written before this
 * migration get their workspace's owner: the Business Admin, else the Freelancer or SOLOHQ of a personal
 * workspace, else an Admin (the agency's workspace), active accounts first, the oldest first.
 *
 * `leads.next_follow_up_at` (YYYY-MM-DD, null for none) and `leads.follow_up_note`.
 *
 * `user_notifications`: what the bell shows a user that happened elsewhere (a lead assigned to them, a
 * follow-up due today); the browser takes each once. A `dedupe_key` makes a notification exist once
 * however many instances sweep at the same time.
 *
 * `follow_up_digests`: one row per owner and UTC day, the claim on that day's e-mail digest: only the
 * instance whose insert made the row queues it; a digest past the plan's e-mails a day is recorded as
 * refused, so it is not tried again that day.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('leads')
    .addColumn('owner_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema.alterTable('leads').addColumn('next_follow_up_at', 'text').execute();
  await db.schema
    .alterTable('leads')
    .addColumn('follow_up_note', 'text', (c) => c.notNull().defaultTo(''))
    .execute();

  await sql`
    update leads set owner_id = (
      select u.id from users u
      where u.workspace_id = leads.workspace_id
        and u.role in ('Business Admin', 'Freelancer', 'SOLOHQ', 'Admin')
      order by
        case when u.status in ('Inactive', 'Terminated') then 1 else 0 end,
        case u.role when 'Business Admin' then 1 when 'Freelancer' then 2 when 'SOLOHQ' then 3 else 4 end,
        u.created_at, u.id
      limit 1
    )`.execute(db);

  // "My leads" in the default order, and the owner's side of the foreign key.
  await db.schema
    .createIndex('leads_workspace_owner_created_idx')
    .on('leads')
    .columns(['workspace_id', 'owner_id', 'created_at', 'id'])
    .execute();
  // "Due today / Overdue" and its stat; the day's sweep (only leads with a follow-up are indexed).
  await db.schema
    .createIndex('leads_workspace_follow_up_idx')
    .on('leads')
    .columns(['workspace_id', 'next_follow_up_at'])
    .where(sql.ref('next_follow_up_at'), 'is not', null)
    .execute();
  await db.schema
    .createIndex('leads_follow_up_day_idx')
    .on('leads')
    .columns(['next_follow_up_at', 'owner_id'])
    .where(sql.ref('next_follow_up_at'), 'is not', null)
    .execute();

  await db.schema
    .createTable('user_notifications')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('dedupe_key', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('delivered_at', 'text')
    .execute();
  await db.schema
    .createIndex('user_notifications_dedupe_idx')
    .on('user_notifications')
    .columns(['user_id', 'dedupe_key'])
    .unique()
    .execute();
  await db.schema
    .createIndex('user_notifications_pending_idx')
    .on('user_notifications')
    .columns(['user_id', 'delivered_at', 'created_at'])
    .execute();

  await db.schema
    .createTable('follow_up_digests')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    /** 'queued' (in the outbox) or 'refused' (past the plan's e-mails a day). */
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('lead_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('follow_up_digests_pk', ['user_id', 'day'])
    .execute();
}
