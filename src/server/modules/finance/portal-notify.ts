import type { Transaction } from 'kysely';
import { BLOCKED_STATUSES, type UserStatus } from '../../../shared/roles';
import type { UserNotificationKind } from '../../../shared/schemas/notifications';
import type { Database } from '../../db/types';
import { notifyUser } from '../notifications/notifications.service';
import { findUserById, workspaceOwnerId } from '../users/users.service';

/**
 * Tells the agency in the bell what a client did in the portal: the member who made the document (while in
 * the workspace and not blocked) and the workspace's own account, each once.
 */
export async function tellStaff(
  trx: Transaction<Database>,
  notice: {
    workspaceId: string;
    creatorId: string | null;
    kind: UserNotificationKind;
    title: string;
    message: string;
    dedupeKey: string;
    at: Date;
  },
): Promise<void> {
  const ids = new Set<string>();
  const creator = notice.creatorId ? await findUserById(trx, notice.creatorId) : undefined;
  if (
    creator &&
    creator.workspace_id === notice.workspaceId &&
    !BLOCKED_STATUSES.includes(creator.status as UserStatus)
  )
    ids.add(creator.id);
  const owner = await workspaceOwnerId(trx, notice.workspaceId);
  if (owner) ids.add(owner);
  for (const userId of ids)
    await notifyUser(
      trx,
      {
        userId,
        workspaceId: notice.workspaceId,
        kind: notice.kind,
        title: notice.title,
        message: notice.message,
        dedupeKey: notice.dedupeKey,
      },
      notice.at,
    );
}
