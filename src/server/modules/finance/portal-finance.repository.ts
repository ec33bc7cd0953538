import type { Kysely, Transaction, Updateable } from 'kysely';
import { engineOf } from '../../db/engine';
import type { Database, EstimateRow, EstimatesTable, InvoiceRow } from '../../db/types';

type Db = Kysely<Database> | Transaction<Database>;

/** Every portal query's scope: the signed-in contact's workspace AND client (docs/security.md#client-portal). */
export interface PortalScope {
  workspaceId: string;
  clientId: string;
}

/** The portal sees at most this many of a client's estimates or invoices, newest first. */
const PORTAL_LIST_MAX = 500;

/** The client's estimates that were sent (never a draft), newest first. */
export function portalEstimates(db: Db, scope: PortalScope): Promise<EstimateRow[]> {
  return db
    .selectFrom('estimates')
    .selectAll()
    .where('workspace_id', '=', scope.workspaceId)
    .where('client_id', '=', scope.clientId)
    .where('status', '!=', 'draft')
    .orderBy('issue_date', 'desc')
    .orderBy('created_at', 'desc')
    .limit(PORTAL_LIST_MAX)
    .execute();
}

/** One sent estimate of the client; a draft, another client's or another workspace's is not found. */
export function findPortalEstimate(db: Db, scope: PortalScope, id: string): Promise<EstimateRow | undefined> {
  return db
    .selectFrom('estimates')
    .selectAll()
    .where('id', '=', id)
    .where('workspace_id', '=', scope.workspaceId)
    .where('client_id', '=', scope.clientId)
    .where('status', '!=', 'draft')
    .executeTakeFirst();
}

/**
 * The client's answer, in the UPDATE's own condition: only a sent estimate of this client still valid on
 * `today`. Of two answers at the same moment one finds it sent; true when this one did.
 */
export async function answerInPortal(
  db: Db,
  scope: PortalScope,
  id: string,
  today: string,
  changes: Updateable<EstimatesTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('estimates')
    .set(changes)
    .where('id', '=', id)
    .where('workspace_id', '=', scope.workspaceId)
    .where('client_id', '=', scope.clientId)
    .where('status', '=', 'sent')
    .where('valid_until', '>=', today)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The client's final invoices (no drafts, no credit notes), newest first; the service orders them. */
export function portalInvoices(db: Db, scope: PortalScope): Promise<InvoiceRow[]> {
  return db
    .selectFrom('invoices')
    .selectAll()
    .where('workspace_id', '=', scope.workspaceId)
    .where('client_id', '=', scope.clientId)
    .where('kind', '=', 'invoice')
    .where('status', '!=', 'draft')
    .orderBy('issue_date', 'desc')
    .orderBy('created_at', 'desc')
    .limit(PORTAL_LIST_MAX)
    .execute();
}

/** One final invoice of the client; `forWrite` holds it until commit on PostgreSQL. */
export function findPortalInvoice(
  db: Db,
  scope: PortalScope,
  id: string,
  forWrite = false,
): Promise<InvoiceRow | undefined> {
  return db
    .selectFrom('invoices')
    .selectAll()
    .where('id', '=', id)
    .where('workspace_id', '=', scope.workspaceId)
    .where('client_id', '=', scope.clientId)
    .where('kind', '=', 'invoice')
    .where('status', '!=', 'draft')
    .$if(forWrite && engineOf(db) === 'postgres', (qb) => qb.forUpdate())
    .executeTakeFirst();
}
