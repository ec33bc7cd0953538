import { sql, type Expression, type Kysely, type SqlBool, type Transaction } from 'kysely';
import type { Database, LeadEventsTable } from '../../db/types';

type Db = Kysely<Database> | Transaction<Database>;

/* A lead's recorded events (docs/product/leads.md#timeline); lead-events.ts builds them. */

export async function insertLeadEvents(db: Db, events: LeadEventsTable[]): Promise<void> {
  if (events.length > 0) await db.insertInto('lead_events').values(events).execute();
}

/** A merge: the other lead's events become this one's. */
export async function moveLeadEvents(trx: Transaction<Database>, fromLeadId: string, toLeadId: string) {
  await trx.updateTable('lead_events').set({ lead_id: toLeadId }).where('lead_id', '=', fromLeadId).execute();
}

/** Where a page of a timeline stops: entries strictly older in (created_at, id) order come next. */
export interface TimelineCursor {
  at: string;
  key: string;
}

/** Rows of `table` strictly before the cursor in (created_at, id) order; every row when there is none. */
export function olderThan(
  table: 'lead_events' | 'mail_outbox',
  cursor: TimelineCursor | null,
): Expression<SqlBool> {
  if (!cursor) return sql<SqlBool>`1 = 1`;
  const at = sql.ref(`${table}.created_at`);
  const id = sql.ref(`${table}.id`);
  return sql<SqlBool>`(${at} < ${cursor.at} or (${at} = ${cursor.at} and ${id} < ${cursor.key}))`;
}

const EVENT_COLUMNS = [
  'lead_events.id',
  'lead_events.lead_id',
  'lead_events.kind',
  'lead_events.actor_id',
  'lead_events.actor_name',
  'lead_events.data',
  'lead_events.created_at',
] as const;

/** The lead's own events, newest first (the index on (lead_id, created_at, id)). */
export function leadEventsBefore(
  db: Db,
  workspaceId: string,
  leadId: string,
  cursor: TimelineCursor | null,
  limit: number,
): Promise<LeadEventsTable[]> {
  return db
    .selectFrom('lead_events')
    .select(EVENT_COLUMNS)
    .where('lead_events.workspace_id', '=', workspaceId)
    .where('lead_events.lead_id', '=', leadId)
    .where(olderThan('lead_events', cursor))
    .orderBy('lead_events.created_at', 'desc')
    .orderBy('lead_events.id', 'desc')
    .limit(limit)
    .execute() as Promise<LeadEventsTable[]>;
}

/**
 * The contact-form messages recorded on the workspace's other leads with this e-mail (lower-cased), newest
 * first: the form makes a lead per message, so each of a person's leads shows all their messages.
 */
export function contactMessagesBefore(
  db: Db,
  workspaceId: string,
  leadId: string,
  emailLower: string,
  cursor: TimelineCursor | null,
  limit: number,
): Promise<LeadEventsTable[]> {
  return db
    .selectFrom('lead_events')
    .innerJoin('leads', 'leads.id', 'lead_events.lead_id')
    .select(EVENT_COLUMNS)
    .where('leads.workspace_id', '=', workspaceId)
    .where('leads.email_lower', '=', emailLower)
    .where('leads.id', '<>', leadId)
    .where('lead_events.kind', '=', 'contact-message')
    .where(olderThan('lead_events', cursor))
    .orderBy('lead_events.created_at', 'desc')
    .orderBy('lead_events.id', 'desc')
    .limit(limit)
    .execute() as Promise<LeadEventsTable[]>;
}

/** Removes a note its author wrote on this lead; false when there is no such note of theirs. */
export async function deleteOwnNote(
  db: Db,
  workspaceId: string,
  leadId: string,
  noteId: string,
  authorId: string,
): Promise<boolean> {
  const deleted = await db
    .deleteFrom('lead_events')
    .where('id', '=', noteId)
    .where('workspace_id', '=', workspaceId)
    .where('lead_id', '=', leadId)
    .where('kind', '=', 'note')
    .where('actor_id', '=', authorId)
    .executeTakeFirst();
  return Number(deleted.numDeletedRows) > 0;
}
