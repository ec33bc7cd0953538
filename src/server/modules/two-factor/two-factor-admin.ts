import type { Kysely } from 'kysely';
import type { Database, SessionUser } from '../../db/types';
import { ACCESS_MESSAGES, TWO_FACTOR_MESSAGES } from '../../../shared/messages';
import { TWO_FACTOR_ACTIVITY } from '../../../shared/two-factor';
import { badRequest, forbidden, notFound } from '../../http/errors';
import { recordActivity } from '../activity/activity.service';
import { endSessions } from '../sessions/sessions.service';
import { findUserById } from '../users/users.service';
import {
  findTwoFactor,
  hasTwoFactor,
  removeTwoFactor,
  setWorkspaceRequirement,
  signOutMembersWithoutFactor,
} from './two-factor.repository';
import type { MemberTwoFactor } from '../../../shared/schemas/two-factor';

/** What an Admin (or a workspace's Business Admin) decides about other members' second factor. */
export function createTwoFactorAdmin(db: Kysely<Database>) {
  return {
    async memberStatus(userId: string): Promise<MemberTwoFactor> {
      if (!(await findUserById(db, userId))) throw notFound();
      const row = await findTwoFactor(db, userId);
      return { enabled: Boolean(row?.enabled_at), enabledAt: row?.enabled_at ?? null };
    },

    /** An Admin clears a member's lost factor; with a policy on, the member sets up a new one at sign-in. */
    async reset(admin: SessionUser, userId: string): Promise<void> {
      const target = await findUserById(db, userId);
      if (!target) throw notFound();
      if (!(await hasTwoFactor(db, target.id))) throw badRequest(TWO_FACTOR_MESSAGES.notEnabled);
      await db.transaction().execute(async (trx) => {
        await removeTwoFactor(trx, target.id);
        // Whoever holds a session of the account without its factor is signed out with it (docs/product/auth.md#two-factor-sign-in).
        await endSessions(trx, target.id, new Date());
        await recordActivity(trx, {
          workspaceId: target.workspace_id,
          userId: admin.id,
          action: TWO_FACTOR_ACTIVITY.reset(admin.username, target.username),
          kind: 'two-factor',
        });
      });
    },

    /**
     * Requires 2FA of every member of the caller's workspace (its Business Admin, or an Admin). Members
     * without a factor are signed out at once and set one up at their next sign-in; the caller must have
     * one first, so the rule never locks out the person turning it on.
     */
    async setPolicy(caller: SessionUser, required: boolean): Promise<void> {
      if (caller.role !== 'Admin' && caller.role !== 'Business Admin')
        throw forbidden(ACCESS_MESSAGES.ownerOrAdminOnly);
      if (required && !(await hasTwoFactor(db, caller.id)))
        throw badRequest(TWO_FACTOR_MESSAGES.enableYourselfFirst);
      await db.transaction().execute(async (trx) => {
        await setWorkspaceRequirement(trx, caller.workspace_id, required);
        if (required) await signOutMembersWithoutFactor(trx, caller.workspace_id, caller.id);
        await recordActivity(trx, {
          workspaceId: caller.workspace_id,
          userId: caller.id,
          action: (required ? TWO_FACTOR_ACTIVITY.policyOn : TWO_FACTOR_ACTIVITY.policyOff)(caller.username),
          kind: 'two-factor',
        });
      });
    },
  };
}

export type TwoFactorAdmin = ReturnType<typeof createTwoFactorAdmin>;
