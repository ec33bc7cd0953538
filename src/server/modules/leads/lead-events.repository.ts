import type { Kysely, Transaction } from 'kysely';
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
