import type { Kysely } from 'kysely';

/**
 * Campaigns (docs/product/marketing.md#campaigns).
 *
 * `campaigns`: a workspace's campaigns: a name, the template and the list it sends to, the lead segment
 * that narrows the list (`segment`, JSON of the leads filters; null: the whole list), the `utm_*` its links
 * carry, and its `status`: 'draft', 'scheduled' (`scheduled_at`), 'sending', 'paused', 'cancelled' or
 * 'sent'. On the send the template is copied (`snapshot`, JSON of subject, preheader, MJML and text part),
 * so an edit of the template in the meantime changes nothing already going out. The audience is copied to
 * `campaign_recipients` in steps (`audience_cursor`, the last subscriber id copied; `audience_done` 1 once
 * all are in) so a list of a million people never holds the writer for long. The counters
 * (`recipients_total`, and how many are `queued` in the outbox now, `sent`, `failed`, `cancelled`) move with
 * each batch and each delivery, so the campaign list never counts a million rows. `wait_reason` says why a
 * sending campaign is not moving (the plan's day is used up, no e-mail set-up).
 *
 * `campaign_recipients`: one person of one campaign (unique campaign and lower-cased address): the values
 * their copy is filled with (`name`, `company`, `owner`, as they were when the campaign started) and
 * `status` 'pending' (not yet queued), 'queued' (in the outbox, `outbox_id`), 'sent', 'failed', 'bounced'
 * or 'cancelled'. The row and its outbox message are written in one transaction: a message is queued once.
 *
 * `campaign_links`: the links of a campaign's template, numbered from 0 in their order (`position`), each with
 * its target (`url`, as the author wrote it) and its click count; a mail's links go through the click
 * redirect, which sends only to a target stored here (docs/product/marketing.md#results).
 *
 * `campaign_events`: what happened to a recipient's copy, at most once per recipient, kind and link
 * (`link_position`, -1 for kinds without a link): 'click', 'open', 'unsubscribe', 'bounce-hard',
 * 'bounce-soft' and 'complaint', with a detail (a bounce's status code), for the campaign's report.
 *
 * `marketing_settings`: a workspace's throttle (messages per second and per hour) and the two fixed windows
 * that count them, and the lease (`dispatch_locked_until`) of the one instance queuing its campaigns.
 *
 * `mail_outbox` gains `priority` (0: a person is waiting for it, 1: bulk; transactional mail is claimed
 * first, so a campaign never delays a password reset), `list_unsubscribe` (the unsubscribe URL of list mail,
 * for its headers), `campaign_recipient_id`, and `delivery_phase` ('data-end' once the whole message but its
 * final dot is with the server): a message claimed by a worker that died is sent again unless it reached
 * that phase, in which case it is counted as sent (docs/product/email.md#outbox).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('campaigns')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('template_id', 'text', (c) => c.references('email_templates.id').onDelete('set null'))
    .addColumn('list_id', 'text', (c) => c.references('mailing_lists.id').onDelete('set null'))
    .addColumn('segment', 'text')
    .addColumn('utm_source', 'text', (c) => c.notNull())
    .addColumn('utm_medium', 'text', (c) => c.notNull())
    .addColumn('utm_campaign', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('scheduled_at', 'text')
    .addColumn('started_at', 'text')
    .addColumn('finished_at', 'text')
    .addColumn('snapshot', 'text')
    .addColumn('audience_cursor', 'text')
    .addColumn('audience_done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('recipients_total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('queued_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sent_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failed_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('cancelled_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('wait_reason', 'text')
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('campaigns_workspace_created_idx')
    .on('campaigns')
    .columns(['workspace_id', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('campaigns_status_idx')
    .on('campaigns')
    .columns(['status', 'scheduled_at'])
    .execute();
  await db.schema.createIndex('campaigns_template_idx').on('campaigns').column('template_id').execute();
  await db.schema.createIndex('campaigns_list_idx').on('campaigns').column('list_id').execute();
  await db.schema.createIndex('campaigns_created_by_idx').on('campaigns').column('created_by').execute();

  await db.schema
    .createTable('campaign_recipients')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('campaign_id', 'text', (c) => c.notNull().references('campaigns.id').onDelete('cascade'))
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('subscriber_id', 'text', (c) => c.references('subscribers.id').onDelete('set null'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('company', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('owner', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('outbox_id', 'text')
    .addColumn('queued_at', 'text')
    .addColumn('sent_at', 'text')
    .execute();
  await db.schema
    .createIndex('campaign_recipients_email_uq')
    .on('campaign_recipients')
    .unique()
    .columns(['campaign_id', 'email'])
    .execute();
  await db.schema
    .createIndex('campaign_recipients_status_idx')
    .on('campaign_recipients')
    .columns(['campaign_id', 'status', 'id'])
    .execute();
  await db.schema
    .createIndex('campaign_recipients_outbox_idx')
    .on('campaign_recipients')
    .column('outbox_id')
    .execute();
  await db.schema
    .createIndex('campaign_recipients_subscriber_idx')
    .on('campaign_recipients')
    .column('subscriber_id')
    .execute();

  await db.schema
    .createTable('campaign_links')
    .addColumn('campaign_id', 'text', (c) => c.notNull().references('campaigns.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('clicks', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('campaign_links_pk', ['campaign_id', 'position'])
    .execute();

  await db.schema
    .createTable('campaign_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('campaign_id', 'text', (c) => c.notNull().references('campaigns.id').onDelete('cascade'))
    .addColumn('recipient_id', 'text', (c) =>
      c.notNull().references('campaign_recipients.id').onDelete('cascade'),
    )
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('link_position', 'integer', (c) => c.notNull().defaultTo(-1))
    .addColumn('detail', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('campaign_events_once_uq')
    .on('campaign_events')
    .unique()
    .columns(['recipient_id', 'kind', 'link_position'])
    .execute();
  await db.schema
    .createIndex('campaign_events_campaign_idx')
    .on('campaign_events')
    .columns(['campaign_id', 'kind', 'link_position'])
    .execute();

  await db.schema
    .createTable('marketing_settings')
    .addColumn('workspace_id', 'text', (c) => c.primaryKey().references('workspaces.id').onDelete('cascade'))
    .addColumn('per_second', 'integer', (c) => c.notNull())
    .addColumn('per_hour', 'integer', (c) => c.notNull())
    .addColumn('second_window', 'text')
    .addColumn('second_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('hour_window', 'text')
    .addColumn('hour_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('dispatch_locked_until', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .alterTable('mail_outbox')
    .addColumn('priority', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('mail_outbox').addColumn('list_unsubscribe', 'text').execute();
  await db.schema.alterTable('mail_outbox').addColumn('campaign_recipient_id', 'text').execute();
  await db.schema.alterTable('mail_outbox').addColumn('delivery_phase', 'text').execute();
  await db.schema
    .createIndex('mail_outbox_claim_idx')
    .on('mail_outbox')
    .columns(['status', 'priority', 'next_attempt_at'])
    .execute();
}
