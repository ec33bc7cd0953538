import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/types';
import { LEAD_TIMELINE_MAIL_KINDS } from '../../../shared/mail';
import { olderThan, type TimelineCursor } from './lead-events.repository';

type Db = Kysely<Database> | Transaction<Database>;

/* The reads of a lead's timeline besides its events (docs/product/leads.md#timeline): the lead's creation,
   and the mails its workspace sent to it. */

/** What the timeline needs of the lead: its creation, who made it (their username now) and its e-mail. */
export function leadForTimeline(db: Db, workspaceId: string, id: string) {
  return db
    .selectFrom('leads')
    .leftJoin('users', 'users.id', 'leads.created_by')
    .select([
      'leads.id',
      'leads.created_at',
      'leads.origin',
      'leads.created_by',
      'leads.email_lower',
      'users.username as creator_name',
    ])
    .where('leads.workspace_id', '=', workspaceId)
    .where('leads.id', '=', id)
    .executeTakeFirst();
}

/**
 * The workspace's mails to this address (lower-cased), newest first, through the outbox's index on
 * (workspace_id, lower(to_address)). The outbox is the mail layer's table, below the modules; like the
 * delivery log, the timeline reads what it shows of it here. Never the body: a password reset or an
 * invitation carries a one-time link. Only the kinds the workspace sends to the people it works with
 * (LEAD_TIMELINE_MAIL_KINDS): a colleague's reset or sign-in alert is not a lead's history.
 */
export function mailsToBefore(
  db: Db,
  workspaceId: string,
  emailLower: string,
  cursor: TimelineCursor | null,
  limit: number,
) {
  return db
    .selectFrom('mail_outbox')
    .select(['id', 'kind', 'subject', 'status', 'created_at'])
    .where('workspace_id', '=', workspaceId)
    .where((eb) => eb(eb.fn<string>('lower', ['to_address']), '=', emailLower))
    .where('kind', 'in', LEAD_TIMELINE_MAIL_KINDS)
    .where(olderThan('mail_outbox', cursor))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
