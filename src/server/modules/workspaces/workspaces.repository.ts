import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database, WorkspaceRow, WorkspacesTable } from '../../db/types';
import { nowIso } from '../../db/rows';
import type { WorkspaceInfo } from '../../../shared/schemas/workspace';
import { insertSampleLeads } from '../leads/sample-leads';

type Db = Kysely<Database> | Transaction<Database>;

/** The agency's own workspace has a fixed id so concurrent first starts create it exactly once. */
export { AGENCY_WORKSPACE_ID } from '../../../shared/workspace-deletion';

/**
 * The workspace a Team Member joins by e-mail domain. A deleted one (recoverable for 30 days) is not
 * found: nobody joins it. Its domain stays taken all the same: the unique index on `domain` refuses a new
 * Business Owner's workspace with it (sign-up answers 409), so recovery never finds its domain gone.
 */
export function findWorkspaceByDomain(db: Db, domain: string): Promise<WorkspaceRow | undefined> {
  return db
    .selectFrom('workspaces')
    .selectAll()
    .where('domain', '=', domain.toLowerCase())
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export { ownableDomain } from './business-domain';

/** Workspace type shown in Workspace Settings (docs/product/workspace.md#workspace-settings); the agency itself is a business. */
const TYPE_FOR_KIND: Record<WorkspacesTable['kind'], WorkspaceInfo['type']> = {
  agency: 'Business',
  business: 'Business',
  personal: 'Personal',
};

export async function createWorkspace(
  db: Db,
  values: {
    id?: string;
    name: string;
    domain: string | null;
    kind: WorkspacesTable['kind'];
    /** A domain claimed by an owner who has not confirmed the address yet (docs/product/auth.md#proven-addresses). */
    pendingDomain?: string | null;
  },
): Promise<WorkspaceRow> {
  const now = nowIso();
  const inserted = {
    id: values.id ?? randomUUID(),
    name: values.name,
    domain: values.domain,
    kind: values.kind,
    description: '',
    type: TYPE_FOR_KIND[values.kind],
    plan: 'Free',
    created_at: now,
    updated_at: now,
  };
  // Later columns are left to their defaults, so this also writes to a database of an earlier schema
  // (the migration tests build one).
  // pending_domain (migration 015) only when there is one, so older schemas still take the insert.
  await db
    .insertInto('workspaces')
    .values(values.pendingDomain ? { ...inserted, pending_domain: values.pendingDomain } : inserted)
    .execute();
  const row: WorkspaceRow = {
    ...inserted,
    pending_domain: values.pendingDomain ?? null,
    require_two_factor: 0,
    deleted_at: null,
    deleted_by: null,
    purge_after: null,
    recovery_token_hash: null,
  };
  // docs/product/leads.md#sample-leads: a new workspace starts with the spec's 8 sample leads (inside the caller's transaction).
  await insertSampleLeads(db, row.id, new Date(now));
  return row;
}
