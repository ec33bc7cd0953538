import type { Transaction } from 'kysely';
import { canUseModule, isKeptOutOfDashboard } from '../../../shared/access';
import { LEAD_MESSAGES } from '../../../shared/messages';
import { BLOCKED_STATUSES, type UserStatus } from '../../../shared/roles';
import { LEAD_NOTIFICATION_KINDS } from '../../../shared/schemas/notifications';
import { permissionSubject } from '../../db/rows';
import type { Database, UserRow } from '../../db/types';
import { recordActivity } from '../activity/activity.service';
import { dropPendingNotifications, handOverLeads } from './departures.repository';
import { usernamesByIds, workspaceOwnerId } from './users.repository';

type Member = Pick<UserRow, 'id' | 'workspace_id' | 'role' | 'permissions' | 'status'>;

/**
 * Who may own a lead (docs/product/leads.md#owners-and-follow-ups): an active member who can use Client
 * Leads, by the same rule as the guards and the sidebar.
 */
export function mayOwnLeads(user: Pick<UserRow, 'role' | 'permissions' | 'status'>): boolean {
  if (isBlocked(user)) return false;
  const subject = permissionSubject(user);
  return !isKeptOutOfDashboard(subject) && canUseModule(subject, 'dataCenter');
}

const isBlocked = (user: Pick<UserRow, 'status'>) => BLOCKED_STATUSES.includes(user.status as UserStatus);

/**
 * People who left take nothing with them (docs/security.md#people-who-left). Called in the transaction of
 * every change to a member (role, status, permissions, the workspace they belong to), with the row before
 * and after it: whoever may no longer work the old workspace's leads hands them to its own account, and
 * what still waits for them about it is dropped — every notification when they left its dashboard (moved,
 * kept out, deactivated), the lead ones when only Client Leads was taken away.
 */
export async function settleDeparture(
  trx: Transaction<Database>,
  actorId: string,
  before: Member,
  after: Member,
): Promise<void> {
  const workspaceId = before.workspace_id;
  const stillIn =
    after.workspace_id === workspaceId &&
    !isBlocked(after) &&
    !isKeptOutOfDashboard(permissionSubject(after));
  if (stillIn && mayOwnLeads(after)) return;

  const ownerId = await workspaceOwnerId(trx, workspaceId, { excluding: before.id });
  const handed = await handOverLeads(trx, workspaceId, before.id, ownerId);
  if (handed > 0) {
    const names = await usernamesByIds(trx, ownerId ? [before.id, ownerId] : [before.id]);
    await recordActivity(trx, {
      workspaceId,
      userId: actorId,
      action: LEAD_MESSAGES.handedOver(
        handed,
        names.get(before.id) ?? 'a former member',
        ownerId ? (names.get(ownerId) ?? null) : null,
      ),
    });
  }
  await dropPendingNotifications(trx, before.id, workspaceId, stillIn ? LEAD_NOTIFICATION_KINDS : undefined);
}
