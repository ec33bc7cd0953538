import type { SessionUser } from '../../db/types';
import { WORKSPACE_DELETION_MESSAGES as M } from '../../../shared/messages';
import {
  AGENCY_WORKSPACE_ID,
  WORKSPACE_OWNER_ROLES,
  WORKSPACE_RECOVERY_DAYS,
} from '../../../shared/workspace-deletion';
import type { DeletedWorkspace } from '../../../shared/schemas/workspace-deletion';
import { BLOCKED_STATUSES } from '../../../shared/roles';
import { hashToken, newOneTimeToken } from '../../auth/one-time-token';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { enqueueMail } from '../../mail/outbox';
import type { Mailer } from '../../mail/mailer';
import { workspaceDeletedMail } from '../../mail/templates';
import { recordActivity } from '../activity/activity.service';
import { endWorkspaceSessions } from '../sessions/sessions.service';
import {
  findWorkspaceForDeletion,
  listDeletedWorkspaces,
  markDeleted,
  raiseMemberSessionVersions,
  restoreWorkspace,
  workspaceOwners,
} from './workspace-deletion.repository';

/** What the password reset uses of workspace deletion. */
export { isWorkspaceDeleted } from './workspace-deletion.repository';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The purge date as the e-mail states it: unambiguous for any reader, in UTC. */
const untilText = (iso: string) =>
  `${new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(new Date(iso))} UTC`;

/**
 * 'Delete Workspace' (docs/product/workspace.md#danger-zone): the workspace and its members are shut out at once and its owners get a
 * link to recover it within WORKSPACE_RECOVERY_DAYS; the purge job (workspace-purge.ts) erases it after.
 * Times come from the mailer's clock, which is the app's (tests move it).
 */
export function createWorkspaceDeletionService(mailer: Mailer) {
  const { db } = mailer;

  /** The caller may delete this workspace: its Business Admin, or an Admin; never the agency's own. */
  async function deletable(caller: SessionUser, workspaceId: string, confirmName: string) {
    const isAdmin = caller.role === 'Admin';
    if (!isAdmin && !(caller.role === 'Business Admin' && caller.workspace_id === workspaceId))
      throw forbidden(M.ownerOrAdminOnly);
    const workspace = await findWorkspaceForDeletion(db, workspaceId);
    if (!workspace) throw notFound();
    if (workspace.id === AGENCY_WORKSPACE_ID || workspace.kind === 'agency')
      throw forbidden(M.agencyWorkspace);
    if (workspace.deleted_at !== null) throw conflict(M.alreadyDeleted);
    if (confirmName !== workspace.name)
      throw badRequest(M.confirmNameMismatch, [{ field: 'confirmName', message: M.confirmNameMismatch }]);
    return workspace;
  }

  async function deleteWorkspace(caller: SessionUser, workspaceId: string, confirmName: string) {
    const workspace = await deletable(caller, workspaceId, confirmName);
    const now = mailer.now();
    const purgeAfter = new Date(now.getTime() + WORKSPACE_RECOVERY_DAYS * DAY_MS).toISOString();
    const { token, hash } = newOneTimeToken();
    const link = mailer.link('/recover-workspace', { token });
    // Read before the transaction: on SQLite a read outside it would wait for it to end.
    const siteName = await mailer.siteName();
    await db.transaction().execute(async (trx) => {
      const marked = await markDeleted(trx, {
        id: workspace.id,
        deletedAt: now.toISOString(),
        deletedBy: caller.id,
        purgeAfter,
        tokenHash: hash,
      });
      if (!marked) throw conflict(M.alreadyDeleted);
      await raiseMemberSessionVersions(trx, workspace.id);
      // Their session rows end too (docs/product/auth.md#sessions-on-the-server): the lists show nothing live, and recovery revives nothing.
      await endWorkspaceSessions(trx, workspace.id, new Date());
      await recordActivity(trx, {
        workspaceId: workspace.id,
        userId: caller.id,
        action: M.deletedActivity(caller.username, workspace.name),
        kind: 'workspace-deleted',
      });
      const owners = await workspaceOwners(trx, workspace.id, WORKSPACE_OWNER_ROLES, BLOCKED_STATUSES);
      const recipients = owners.length > 0 ? owners.map((owner) => owner.email) : [caller.email];
      const body = workspaceDeletedMail(siteName, {
        workspaceName: workspace.name,
        deletedBy: caller.name || caller.username,
        link,
        until: untilText(purgeAfter),
      });
      for (const to of recipients)
        await enqueueMail(
          trx,
          { workspaceId: workspace.id, kind: 'workspace-deleted', via: 'platform', to, ...body },
          now,
        );
    });
    mailer.worker.kick();
    return { success: true as const, message: M.deleted(WORKSPACE_RECOVERY_DAYS), purgeAfter };
  }

  return {
    /** DELETE /api/workspace: the caller's own workspace. */
    deleteOwn: (caller: SessionUser, confirmName: string) =>
      deleteWorkspace(caller, caller.workspace_id, confirmName),

    /** DELETE /api/workspaces/:id (Admin): any workspace but the agency's. */
    deleteById: (caller: SessionUser, workspaceId: string, confirmName: string) =>
      deleteWorkspace(caller, workspaceId, confirmName),

    /** POST /api/workspace-recovery: the link of the deletion e-mail, once, before the purge time. */
    async recoverWithToken(token: string): Promise<void> {
      const now = mailer.now().toISOString();
      await db.transaction().execute(async (trx) => {
        const workspace = await restoreWorkspace(
          trx,
          { column: 'recovery_token_hash', value: hashToken(token) },
          now,
        );
        if (!workspace) throw badRequest(M.recoveryLinkInvalid);
        await recordActivity(trx, {
          workspaceId: workspace.id,
          userId: null,
          action: M.recoveredActivity(workspace.name),
          kind: 'workspace-recovered',
        });
      });
    },

    /** POST /api/workspaces/:id/recover (Admin). Answers the workspace's name. */
    async recoverById(caller: SessionUser, workspaceId: string): Promise<string> {
      const now = mailer.now().toISOString();
      return db.transaction().execute(async (trx) => {
        const workspace = await restoreWorkspace(trx, { column: 'id', value: workspaceId }, now);
        if (!workspace) throw notFound(M.notRecoverable);
        await recordActivity(trx, {
          workspaceId: workspace.id,
          userId: caller.id,
          action: M.recoveredByAdminActivity(caller.username, workspace.name),
          kind: 'workspace-recovered',
        });
        return workspace.name;
      });
    },

    /** GET /api/workspaces/deleted (Admin). */
    listDeleted: (): Promise<DeletedWorkspace[]> => listDeletedWorkspaces(db, mailer.now().toISOString()),
  };
}

export type WorkspaceDeletionService = ReturnType<typeof createWorkspaceDeletionService>;
