import type { Kysely } from 'kysely';
import type { Database, SessionUser } from '../../db/types';
import type { DashboardData } from '../../../shared/schemas/users';

/** The overview shows a short list; older activity is not browsable there. */
export const RECENT_ACTIVITY_LIMIT = 10;

export function createDashboardService(db: Kysely<Database>) {
  return {
    /** GET /api/dashboard: platform-wide for an Admin (docs/architecture.md#tenancy-and-authorization), else the caller's own workspace. */
    async overview(caller: SessionUser): Promise<DashboardData> {
      const workspaceId = caller.role === 'Admin' ? undefined : caller.workspace_id;
      const users = await db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .$if(workspaceId !== undefined, (qb) => qb.where('workspace_id', '=', workspaceId!))
        .executeTakeFirstOrThrow();
      const activity = await db
        .selectFrom('activity')
        .select(['action', 'created_at'])
        .$if(workspaceId !== undefined, (qb) => qb.where('workspace_id', '=', workspaceId!))
        .orderBy('created_at', 'desc')
        // Several actions can share a millisecond; the id keeps the order the same on every read.
        .orderBy('id', 'desc')
        .limit(RECENT_ACTIVITY_LIMIT)
        .execute();
      return {
        totalUsers: Number(users.n),
        recentActivity: activity.map((row) => ({ action: row.action, timestamp: row.created_at })),
      };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
