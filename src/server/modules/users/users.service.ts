import type { Kysely } from 'kysely';
import type { Database, SessionUser, UserRow } from '../../db/types';
import { nowIso, parseJson, toPublicUser } from '../../db/rows';
import { ACCESS_MESSAGES, PLAN_MESSAGES } from '../../../shared/messages';
import { MODULE_LABELS, type ModuleKey, type PermissionMap } from '../../../shared/roles';
import type { PublicUser } from '../../../shared/schemas/public-user';
import type { PermissionsBody, UpdateUserInput } from '../../../shared/schemas/users';
import { forbidden, notFound } from '../../http/errors';
import { recordActivity } from '../activity/activity.service';
import { settleDeparture } from './departures';
import { changeUser, displayName } from './user-changes';
import { changeRoleIfStill, listUsers, lockUser, profileImageOf, updateUser } from './users.repository';

/** What other modules (and the first start's seed) use of users: this is the module's public file. */
export { changeUser } from './user-changes';
export { mayOwnLeads, settleDeparture } from './departures';
export { newUserRow, type NewUser } from './user-rows';
export { findUserByEmail, findUserById, insertUser, lockUser, profileImageOf } from './users.repository';
/** What Client Leads reads of members: who may own a lead, owners' names, the workspace's own account. */
export {
  memberForLeads,
  usernamesByIds,
  workspaceMembersForLeads,
  workspaceOwnerId,
  type MemberForLeads,
} from './users.repository';

/** The users table is a management view, not an export: the newest 500 are shown, the count is the total. */
export const USER_LIST_LIMIT = 500;

export function createUsersService(db: Kysely<Database>) {
  return {
    /** GET /api/users: an Admin sees every workspace; anyone else (granted the module) only their own. */
    async list(caller: SessionUser, search?: string): Promise<{ users: PublicUser[]; count: number }> {
      const workspaceId = caller.role === 'Admin' ? undefined : caller.workspace_id;
      const { rows, count } = await listUsers(db, { workspaceId, search }, USER_LIST_LIMIT);
      return { users: rows.map(toPublicUser), count };
    },

    /** PUT /api/users/:id (Admin only, checked by the route's guard). */
    async update(admin: SessionUser, id: string, input: UpdateUserInput): Promise<PublicUser> {
      const { role, status, name, phone, location } = input;
      return toPublicUser(await changeUser(db, admin, id, { role, status, name, phone, location }));
    },

    /** PUT /api/users/:id/permissions: merges the named module keys into the stored map. */
    async setPermissions(
      admin: SessionUser,
      id: string,
      body: PermissionsBody,
    ): Promise<{ user: PublicUser; permissions: PermissionMap }> {
      // Both spec readings: `{ permissions: { key: bool } }` or a single `{ key: bool }`.
      const changes: PermissionMap = 'permissions' in body ? (body.permissions ?? {}) : body;
      const user = await db.transaction().execute(async (trx) => {
        const target = await lockUser(trx, id);
        if (!target) throw notFound(ACCESS_MESSAGES.userNotFound);
        const permissions = { ...parseJson<PermissionMap>(target.permissions, {}), ...changes };
        const updated: UserRow = {
          ...target,
          permissions: JSON.stringify(permissions),
          updated_at: nowIso(),
        };
        await updateUser(trx, id, { permissions: updated.permissions, updated_at: updated.updated_at });
        await settleDeparture(trx, admin.id, target, updated);
        await recordActivity(trx, {
          workspaceId: target.workspace_id,
          userId: admin.id,
          action: `${admin.username} changed ${displayName(target)}'s module permissions: ${describePermissions(changes)}`,
          kind: 'permissions-changed',
        });
        return updated;
      });
      return { user: toPublicUser(user), permissions: parseJson<PermissionMap>(user.permissions, {}) };
    },

    /** POST /api/users/upgrade-role: pricing rule (docs/product/roles-and-access.md#solo-hq-upgrade), only a User-role account becomes SOLOHQ. */
    async upgradeRole(caller: SessionUser): Promise<PublicUser> {
      const updatedAt = nowIso();
      // Conditional on the role still being User, so a concurrent role change cannot be overwritten.
      const upgraded = await changeRoleIfStill(db, caller.id, { from: 'User', to: 'SOLOHQ', at: updatedAt });
      if (!upgraded) throw forbidden(PLAN_MESSAGES.differentPlan);
      await recordActivity(db, {
        workspaceId: caller.workspace_id,
        userId: caller.id,
        action: `${caller.username} upgraded from User to SOLOHQ`,
        // The plan upgrade is a role change too (the one change of one's own role: docs/product/roles-and-access.md#solo-hq-upgrade).
        kind: 'role-changed',
      });
      return toPublicUser({
        ...caller,
        role: 'SOLOHQ',
        updated_at: updatedAt,
        profile_image: await profileImageOf(db, caller.id),
      });
    },
  };
}

function describePermissions(changes: PermissionMap): string {
  return (Object.entries(changes) as [ModuleKey, boolean][])
    .map(([key, on]) => `${MODULE_LABELS[key]} ${on ? 'on' : 'off'}`)
    .join(', ');
}

export type UsersService = ReturnType<typeof createUsersService>;
