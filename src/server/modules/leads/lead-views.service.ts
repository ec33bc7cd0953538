import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { LEAD_VIEW_MESSAGES as M } from '../../../shared/messages';
import {
  LEAD_VIEW_LIMITS,
  leadViewQuerySchema,
  mayShareLeadViews,
  type CreateLeadViewInput,
  type LeadViewQuery,
  type SavedLeadView,
  type UpdateLeadViewInput,
} from '../../../shared/schemas/lead-views';
import type { Database, LeadViewRow, SessionUser } from '../../db/types';
import { isUniqueViolation } from '../../db/unique-violation';
import { lockWorkspace } from '../../db/workspace-lock';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { usernamesByIds } from '../users/users.service';
import {
  countViews,
  deleteView,
  findVisibleView,
  insertView,
  listVisibleViews,
  nameTaken,
  updateView,
} from './lead-views.repository';

/** What a view whose stored query cannot be read shows: every lead, in the default order, as a table. */
const EMPTY_QUERY: LeadViewQuery = leadViewQuerySchema.parse({});

/**
 * A stored query read back through the view schema. Text that is not JSON, or JSON with a key or value the
 * list does not know (written by hand or by an older version), never reaches the browser as stored: the
 * view opens on the whole list, and its owner can save it again.
 */
export function readStoredQuery(text: string): LeadViewQuery {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return EMPTY_QUERY;
  }
  const parsed = leadViewQuerySchema.safeParse(json);
  return parsed.success ? parsed.data : EMPTY_QUERY;
}

const isAdmin = (caller: SessionUser) =>
  mayShareLeadViews({ role: caller.role, workspaceId: caller.workspace_id });

/**
 * Who may change or delete a view (docs/product/leads.md#saved-views): a private view, its owner; a shared
 * one, the workspace's admins (its owner while an admin), since the whole workspace sees it.
 */
function mayChange(caller: SessionUser, row: Pick<LeadViewRow, 'user_id' | 'shared'>): boolean {
  return row.shared === 1 ? isAdmin(caller) : row.user_id === caller.id;
}

/** Saved views of Client Leads (docs/product/leads.md#saved-views), always within the caller's workspace. */
export function createLeadViewsService(db: Kysely<Database>, now: () => Date = () => new Date()) {
  async function present(caller: SessionUser, rows: LeadViewRow[]): Promise<SavedLeadView[]> {
    const owners = await usernamesByIds(
      db,
      rows.map((row) => row.user_id),
    );
    return rows.map((row) => {
      const username = owners.get(row.user_id);
      return {
        _id: row.id,
        id: row.id,
        name: row.name,
        shared: row.shared === 1,
        query: readStoredQuery(row.query),
        owner: username === undefined ? null : { id: row.user_id, username },
        mine: row.user_id === caller.id,
        canChange: mayChange(caller, row),
        createdAt: row.created_at,
        updatedAt: row.updated_at,
      };
    });
  }

  async function findOwn(caller: SessionUser, id: string): Promise<LeadViewRow> {
    const row = await findVisibleView(db, caller.workspace_id, caller.id, id);
    if (!row) throw notFound(M.notFound);
    return row;
  }

  /** The name is free for this user (and among the shared views when it is to be shared), else 409. */
  async function checkName(
    trx: Transaction<Database>,
    caller: SessionUser,
    name: string,
    shared: boolean,
    exceptId?: string,
  ) {
    const taken = await nameTaken(trx, {
      workspaceId: caller.workspace_id,
      userId: caller.id,
      name,
      shared,
      exceptId,
    });
    if (taken) throw conflict(taken === 'mine' ? M.duplicateName : M.duplicateSharedName);
  }

  /** Two saves of one name at once: the unique indexes refuse the second. */
  async function unique<T>(write: () => Promise<T>, shared: boolean): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(shared ? M.duplicateSharedName : M.duplicateName);
      throw error;
    }
  }

  /**
   * Runs `write` with the caller's and the workspace's view counts, the workspace's row held until it
   * commits: requests arriving at once count one after the other, so a burst cannot pass a limit.
   */
  function underLimits(
    caller: SessionUser,
    write: (trx: Transaction<Database>, counts: { mine: number; shared: number }) => Promise<void>,
  ): Promise<void> {
    return db.transaction().execute(async (trx) => {
      await lockWorkspace(trx, caller.workspace_id);
      await write(trx, await countViews(trx, caller.workspace_id, caller.id));
    });
  }

  return {
    /** The workspace's shared views first, then the caller's own, each by name. */
    async list(caller: SessionUser): Promise<SavedLeadView[]> {
      return present(caller, await listVisibleViews(db, caller.workspace_id, caller.id));
    },

    async get(caller: SessionUser, id: string): Promise<SavedLeadView> {
      return (await present(caller, [await findOwn(caller, id)]))[0]!;
    },

    async create(caller: SessionUser, input: CreateLeadViewInput): Promise<SavedLeadView> {
      if (input.shared && !isAdmin(caller)) throw forbidden(M.shareAdminsOnly);
      const at = now().toISOString();
      const row: LeadViewRow = {
        id: randomUUID(),
        workspace_id: caller.workspace_id,
        user_id: caller.id,
        shared: input.shared ? 1 : 0,
        name: input.name,
        query: JSON.stringify(input.query),
        created_at: at,
        updated_at: at,
      };
      await underLimits(caller, async (trx, counts) => {
        if (counts.mine >= LEAD_VIEW_LIMITS.perUser) throw badRequest(M.tooManyMine);
        if (input.shared && counts.shared >= LEAD_VIEW_LIMITS.sharedPerWorkspace)
          throw badRequest(M.tooManyShared);
        await checkName(trx, caller, input.name, input.shared);
        await unique(() => insertView(trx, row), input.shared);
      });
      return (await present(caller, [row]))[0]!;
    },

    /** Rename, replace the query, share or stop sharing: all of it or nothing. */
    async update(caller: SessionUser, id: string, input: UpdateLeadViewInput): Promise<SavedLeadView> {
      const row = await findOwn(caller, id);
      if (!mayChange(caller, row)) throw forbidden(M.sharedAdminsOnly);
      const shared = input.shared ?? row.shared === 1;
      if (shared && !isAdmin(caller)) throw forbidden(M.shareAdminsOnly);
      const name = input.name ?? row.name;
      const values = {
        name,
        shared: shared ? 1 : 0,
        ...(input.query ? { query: JSON.stringify(input.query) } : {}),
        updated_at: now().toISOString(),
      };
      await underLimits(caller, async (trx, counts) => {
        if (shared && row.shared === 0 && counts.shared >= LEAD_VIEW_LIMITS.sharedPerWorkspace)
          throw badRequest(M.tooManyShared);
        // The name stays unique for the view's owner, who may be another admin than the caller.
        if (input.name !== undefined || shared !== (row.shared === 1))
          await checkName(trx, { ...caller, id: row.user_id }, name, shared, row.id);
        await unique(() => updateView(trx, caller.workspace_id, row.id, values), shared);
      });
      return (await present(caller, [{ ...row, ...values }]))[0]!;
    },

    async remove(caller: SessionUser, id: string): Promise<void> {
      const row = await findOwn(caller, id);
      if (!mayChange(caller, row)) throw forbidden(M.sharedAdminsOnly);
      await deleteView(db, caller.workspace_id, row.id);
    },
  };
}

export type LeadViewsService = ReturnType<typeof createLeadViewsService>;
