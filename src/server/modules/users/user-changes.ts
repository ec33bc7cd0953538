import type { Kysely } from 'kysely';
import type { Database, SessionUser, UserRow } from '../../db/types';
import { nowIso } from '../../db/rows';
import { ACCESS_MESSAGES } from '../../../shared/messages';
import { forbidden, notFound } from '../../http/errors';
import { recordActivity } from '../activity/activity.service';
import { countActiveAdmins, lockAdminChanges, lockUser } from './users.repository';

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

/** "admin changed Jane's role from User to Web Developer and status from Active to Inactive", or null if nothing changed. */
export function describeUserChanges(actor: SessionUser, before: UserRow, after: UserRow): string | null {
  const whose = actor.id === before.id ? 'their' : `${displayName(before)}'s`;
  const changed: string[] = [];
  if (after.role !== before.role) changed.push(`role from ${before.role} to ${after.role}`);
  if (after.status !== before.status) changed.push(`status from ${before.status} to ${after.status}`);
  const details = (Object.keys(DETAIL_LABELS) as (keyof UserChanges)[])
    .filter((key) => after[key] !== before[key])
    .map((key) => DETAIL_LABELS[key]!);
  const clauses: string[] = [];
  if (changed.length) clauses.push(`changed ${whose} ${changed.join(' and ')}`);
  if (details.length) clauses.push(`updated ${whose} ${details.join(', ')}`);
  return clauses.length ? `${actor.username} ${clauses.join(' and ')}` : null;
}

/**
 * Applies changes to one user in one transaction: refuses any change that would leave no Active Admin
 * (DESIGN §5), writes only what differs, and records a readable activity entry in the target's workspace.
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

    const action = describeUserChanges(actor, before, after);
    if (!action) return before;
    after.updated_at = nowIso();
    await trx
      .updateTable('users')
      .set({ ...defined, updated_at: after.updated_at })
      .where('id', '=', before.id)
      .execute();
    await recordActivity(trx, { workspaceId: before.workspace_id, userId: actor.id, action });
    return after;
  });
}
