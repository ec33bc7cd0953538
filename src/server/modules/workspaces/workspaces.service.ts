import type { Kysely, Transaction } from 'kysely';
import type { Database, SessionUser, WorkspaceRow, WorkspacesTable } from '../../db/types';
import { nowIso } from '../../db/rows';
import { ACCESS_MESSAGES } from '../../../shared/messages';
import type { WorkspaceInfo, WorkspaceMember, WorkspaceUpdateInput } from '../../../shared/schemas/workspace';
import { forbidden, notFound } from '../../http/errors';
import { recordActivity } from '../activity/activity.service';
import { workspaceUsage } from '../../lib/plan-limits';
import { insertSampleLeads } from '../leads/leads.service';
import {
  findWorkspace,
  insertWorkspace,
  insertWorkspaceOnce,
  listMembers,
  updateWorkspaceDetails,
} from './workspaces.repository';

/** What other modules (sign-up, auth, e-mail confirmation) and the first start's seed use of workspaces. */
export { ownableDomain } from './business-domain';
export { findWorkspaceByDomain, workspaceExists, workspaceOwningDomain } from './workspaces.repository';

type Db = Kysely<Database> | Transaction<Database>;

/** A new workspace, inside the caller's transaction; docs/product/leads.md#sample-leads: it starts with the spec's 8 sample leads. */
export async function createWorkspace(
  db: Db,
  values: Parameters<typeof insertWorkspace>[1],
): Promise<WorkspaceRow> {
  const row = await insertWorkspace(db, values);
  await insertSampleLeads(db, row.id, new Date(row.created_at));
  return row;
}

/**
 * The agency's own workspace on an empty database, once whatever the number of instances starting at the
 * same time: false when another got there first. Its sample leads are the caller's to add.
 */
export function createAgencyWorkspace(
  trx: Db,
  values: { id: string; name: string; domain: string | null; kind: WorkspacesTable['kind'] },
  now: string,
): Promise<boolean> {
  return insertWorkspaceOnce(trx, values, now);
}

/** Workspace Settings lists members on one screen; a larger business is summarised by memberCount. */
export const MEMBER_LIST_LIMIT = 500;

const EDITABLE_FIELDS = ['name', 'description', 'type'] as const;

export function createWorkspacesService(db: Kysely<Database>) {
  async function findOwn(caller: SessionUser): Promise<WorkspaceRow> {
    const row = await findWorkspace(db, caller.workspace_id);
    if (!row) throw notFound();
    return row;
  }

  async function toInfo(row: WorkspaceRow): Promise<WorkspaceInfo> {
    // Storage: profile images (stored inline), uploaded media with their variants and imported lead files,
    // kept by triggers and the import; limits from src/shared/plans.ts (docs/product/workspace.md#plan-limits).
    const usage = await workspaceUsage(db, row.id, row.plan, new Date());
    return {
      _id: row.id,
      name: row.name,
      description: row.description,
      type: row.type as WorkspaceInfo['type'],
      plan: row.plan as WorkspaceInfo['plan'],
      domain: row.domain,
      createdAt: row.created_at,
      memberCount: usage.members.used,
      storageUsedBytes: usage.storage.used,
      storageLimitBytes: usage.storage.limit,
      usage,
    };
  }

  return {
    /** GET /api/workspace: the caller's own workspace and its members. */
    async get(caller: SessionUser): Promise<{ workspace: WorkspaceInfo; members: WorkspaceMember[] }> {
      const row = await findOwn(caller);
      const members = await listMembers(db, row.id, MEMBER_LIST_LIMIT);
      return {
        workspace: await toInfo(row),
        members: members.map((m) => ({
          _id: m.id,
          username: m.username,
          email: m.email,
          role: m.role,
          status: m.status,
          lastActiveAt: m.last_active_at,
        })),
      };
    },

    /** PUT /api/workspace: only the workspace's Business Admin, or an Admin. */
    async update(caller: SessionUser, input: WorkspaceUpdateInput): Promise<WorkspaceInfo> {
      if (caller.role !== 'Admin' && caller.role !== 'Business Admin')
        throw forbidden(ACCESS_MESSAGES.ownerOrAdminOnly);
      const before = await findOwn(caller);
      const after: WorkspaceRow = { ...before, ...input, updated_at: nowIso() };
      const changed = EDITABLE_FIELDS.filter((field) => after[field] !== before[field]);
      if (changed.length === 0) return toInfo(before);
      await db.transaction().execute(async (trx) => {
        await updateWorkspaceDetails(trx, before.id, {
          name: after.name,
          description: after.description,
          type: after.type,
          updated_at: after.updated_at,
        });
        await recordActivity(trx, {
          workspaceId: before.id,
          userId: caller.id,
          action: `${caller.username} updated the workspace ${changed.join(', ')}`,
        });
      });
      return toInfo(after);
    },
  };
}

export type WorkspacesService = ReturnType<typeof createWorkspacesService>;
