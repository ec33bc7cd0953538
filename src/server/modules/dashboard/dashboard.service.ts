import type { Kysely } from 'kysely';
import type { Database, SessionUser } from '../../db/types';
import type { DashboardData } from '../../../shared/schemas/users';
import { countUsers, recentActivity } from './dashboard.repository';

/** The overview shows a short list; older activity is not browsable there. */
export const RECENT_ACTIVITY_LIMIT = 10;

export function createDashboardService(db: Kysely<Database>) {
  return {
    /** GET /api/dashboard: platform-wide for an Admin (docs/architecture.md#tenancy-and-authorization), else the caller's own workspace. */
    async overview(caller: SessionUser): Promise<DashboardData> {
      const workspaceId = caller.role === 'Admin' ? undefined : caller.workspace_id;
      const totalUsers = await countUsers(db, workspaceId);
      const activity = await recentActivity(db, workspaceId, RECENT_ACTIVITY_LIMIT);
      return {
        totalUsers,
        recentActivity: activity.map((row) => ({ action: row.action, timestamp: row.created_at })),
      };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
