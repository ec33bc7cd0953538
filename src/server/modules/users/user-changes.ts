import { BLOCKED_STATUSES, type UserStatus } from '../../../shared/roles';
import { endSessions } from '../sessions/sessions.service';
import type { Kysely } from 'kysely';
import type { Database, SessionUser, UserRow } from '../../db/types';
import { nowIso } from '../../db/rows';
import { ACCESS_MESSAGES } from '../../../shared/messages';
import type { AuditKind } from '../../../shared/audit';
import { forbidden, notFound } from '../../http/errors';
import { recordActivity } from '../activity/activity.service';
import { settleDeparture } from './departures';
import { countActiveAdmins, lockAdminChanges, lockUser, updateUser } from './users.repository';
import { assertWithinStorage } from '../../lib/plan-limits';

/** The columns an Admin (any user, or a user on their own profile) may change; the e-mail is never among them. */
export interface UserChanges {
  role?: string;
  status?: string;
  username?: string;
  name?: string;
  phone?: string;
  location?: string;
  profile_image?: string;
}

const DETAIL_LABELS: Partial<Record<keyof UserChanges, string>> = {
  username: 'username',
  name: 'name',
  phone: 'phone',
  location: 'location',
  profile_image: 'profile image',
};

const isActiveAdmin = (user: Pick<UserRow, 'role' | 'status'>) =>
  user.role === 'Admin' && user.status === 'Active';

export function displayName(user: Pick<UserRow, 'name' | 'username'>): string {
  return user.name || user.username;
}

/** One line of the activity trail, with the audit kind when the audit log lists it. */
export interface UserChangeEntry {
  action: string;
  kind?: AuditKind;
}

/**
 * What a change records: one entry per audited kind ("admin changed Jane's role from User to Web
 * Developer", "... status from Active to Inactive"), so filtering the audit log by either kind finds it,
 * and one plain entry for the other details ("admin updated Jane's name, phone"). Empty if nothing changed.
 */
export function describeUserChanges(actor: SessionUser, before: UserRow, after: UserRow): UserChangeEntry[] {
  const whose = actor.id === before.id ? 'their' : `${displayName(before)}'s`;
  const entries: UserChangeEntry[] = [];
  if (after.role !== before.role)
    entries.push({
      action: `${actor.username} changed ${whose} role from ${before.role} to ${after.role}`,
      kind: 'role-changed',
    });
  if (after.status !== before.status)
    entries.push({
      action: `${actor.username} changed ${whose} status from ${before.status} to ${after.status}`,
      kind: 'status-changed',
    });
  const details = (Object.keys(DETAIL_LABELS) as (keyof UserChanges)[])
    .filter((key) => after[key] !== before[key])
    .map((key) => DETAIL_LABELS[key]!);
  if (details.length) entries.push({ action: `${actor.username} updated ${whose} ${details.join(', ')}` });
  return entries;
}

/**
 * Applies changes to one user in one transaction: refuses any change that would leave no Active Admin
 * (docs/architecture.md#tenancy-and-authorization), writes only what differs, and records readable activity entries in the target's workspace.
 */
export async function changeUser(
  db: Kysely<Database>,
  actor: SessionUser,
  targetId: string,
  changes: UserChanges,
): Promise<UserRow> {
  const defined = Object.fromEntries(
    Object.entries(changes).filter(([, value]) => value !== undefined),
  ) as UserChanges;
  return db.transaction().execute(async (trx) => {
    if (defined.role !== undefined || defined.status !== undefined) await lockAdminChanges(trx);
    const before = await lockUser(trx, targetId);
    if (!before) throw notFound(ACCESS_MESSAGES.userNotFound);
    const after: UserRow = { ...before, ...defined };
    if (isActiveAdmin(before) && !isActiveAdmin(after) && (await countActiveAdmins(trx, before.id)) === 0)
      throw forbidden(ACCESS_MESSAGES.lastAdmin);

    const entries = describeUserChanges(actor, before, after);
    if (!entries.length) return before;
    after.updated_at = nowIso();
    await updateUser(trx, before.id, { ...defined, updated_at: after.updated_at });
    // A larger profile image counts against the workspace's storage (docs/product/workspace.md#plan-limits): past it, 413 and no change.
    if (defined.profile_image !== undefined)
      await assertWithinStorage(
        trx,
        before.workspace_id,
        defined.profile_image.length - before.profile_image.length,
      );
    // Deactivated or terminated: every session ends now, so a later reactivation revives none (docs/product/auth.md#sessions-on-the-server).
    if (
      defined.status !== undefined &&
      BLOCKED_STATUSES.includes(defined.status as UserStatus) &&
      !BLOCKED_STATUSES.includes(before.status as UserStatus)
    )
      await endSessions(trx, before.id, new Date());
    for (const entry of entries)
      await recordActivity(trx, { workspaceId: before.workspace_id, userId: actor.id, ...entry });
    // Made a kept-out role, deactivated: their leads and waiting notices stay behind (docs/security.md#people-who-left).
    await settleDeparture(trx, actor.id, before, after);
    return after;
  });
}
