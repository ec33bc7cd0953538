import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { LeadEventData, LeadEventKind } from '../../../shared/lead-timeline';
import type { Database, LeadEventsTable, UserRow } from '../../db/types';
import { insertLeadEvents } from './lead-events.repository';

type Db = Kysely<Database> | Transaction<Database>;

/** One thing that happened to a lead (docs/product/leads.md#timeline). */
export interface LeadEvent<K extends LeadEventKind = LeadEventKind> {
  workspaceId: string;
  leadId: string;
  kind: K;
  /** Who did it; null for the contact form. */
  actor: Pick<UserRow, 'id' | 'username'> | null;
  data: LeadEventData[K];
}

export function leadEventRow(event: LeadEvent, at: Date): LeadEventsTable {
  return {
    id: randomUUID(),
    workspace_id: event.workspaceId,
    lead_id: event.leadId,
    kind: event.kind,
    actor_id: event.actor?.id ?? null,
    actor_name: event.actor?.username ?? '',
    data: JSON.stringify(event.data),
    created_at: at.toISOString(),
  };
}

/** Records events in the caller's transaction, so they exist exactly when the change they describe does. */
export async function recordLeadEvents(db: Db, events: LeadEvent[], at: Date): Promise<void> {
  await insertLeadEvents(
    db,
    events.map((event) => leadEventRow(event, at)),
  );
}
