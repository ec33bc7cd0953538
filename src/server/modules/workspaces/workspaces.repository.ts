import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database, WorkspaceRow, WorkspacesTable } from '../../db/types';
import { nowIso } from '../../db/rows';
import type { WorkspaceInfo } from '../../../shared/schemas/workspace';

type Db = Kysely<Database> | Transaction<Database>;

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

/**
 * The id of the workspace that owns `domain` (confirmed; a deleted one keeps it while recoverable), if any.
 * Sign-up refuses a claim on it; a confirmation's claim loses to it.
 */
export async function workspaceOwningDomain(db: Db, domain: string): Promise<string | undefined> {
  const row = await db.selectFrom('workspaces').select('id').where('domain', '=', domain).executeTakeFirst();
  return row?.id;
}

export function findWorkspace(db: Db, id: string): Promise<WorkspaceRow | undefined> {
  return db.selectFrom('workspaces').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A workspace's members as Workspace Settings lists them: the oldest first, at most `limit`. */
export function listMembers(db: Db, workspaceId: string, limit: number) {
  return db
    .selectFrom('users')
    .select(['id', 'username', 'email', 'role', 'status', 'last_active_at'])
    .where('workspace_id', '=', workspaceId)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .limit(limit)
    .execute();
}

export async function updateWorkspaceDetails(
  db: Db,
  id: string,
  values: Pick<WorkspaceRow, 'name' | 'description' | 'type' | 'updated_at'>,
): Promise<void> {
  await db.updateTable('workspaces').set(values).where('id', '=', id).execute();
}

/** Workspace type shown in Workspace Settings (docs/product/workspace.md#workspace-settings); the agency itself is a business. */
const TYPE_FOR_KIND: Record<WorkspacesTable['kind'], WorkspaceInfo['type']> = {
  agency: 'Business',
  business: 'Business',
  personal: 'Personal',
};

/** The columns every new workspace starts with; later ones are left to their defaults. */
function newWorkspaceValues(
  values: { id?: string; name: string; domain: string | null; kind: WorkspacesTable['kind'] },
  now: string,
) {
  return {
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
}

/** A new workspace's row, inside the caller's transaction (the service adds its sample leads). */
export async function insertWorkspace(
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
  const inserted = newWorkspaceValues(values, nowIso());
  // Later columns are left to their defaults, so this also writes to a database of an earlier schema
  // (the migration tests build one).
  // pending_domain (migration 015) only when there is one, so older schemas still take the insert.
  await db
    .insertInto('workspaces')
    .values(values.pendingDomain ? { ...inserted, pending_domain: values.pendingDomain } : inserted)
    .execute();
  return {
    ...inserted,
    pending_domain: values.pendingDomain ?? null,
    require_two_factor: 0,
    deleted_at: null,
    deleted_by: null,
    purge_after: null,
    recovery_token_hash: null,
  };
}

/**
 * A workspace with a fixed id, inserted only if no row has that id yet: concurrent first starts create it
 * exactly once. Answers whether this call inserted it.
 */
export async function insertWorkspaceOnce(
  db: Db,
  values: { id: string; name: string; domain: string | null; kind: WorkspacesTable['kind'] },
  now: string,
): Promise<boolean> {
  const inserted = await db
    .insertInto('workspaces')
    .values(newWorkspaceValues(values, now))
    .onConflict((oc) => oc.column('id').doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function workspaceExists(db: Db, id: string): Promise<boolean> {
  const row = await db.selectFrom('workspaces').select('id').where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}
