import type { Kysely } from 'kysely';
import ical, { ICalCalendarMethod } from 'ical-generator';
import { canUseModule, isKeptOutOfDashboard } from '../../../shared/access';
import { TASK_STATUS_LABELS } from '../../../shared/tasks';
import { BLOCKED_STATUSES, type UserStatus } from '../../../shared/roles';
import type { Database, SessionUser } from '../../db/types';
import { permissionSubject } from '../../db/rows';
import { hashToken, newOneTimeToken } from '../../auth/one-time-token';
import { findUserById } from '../users/users.service';
import { isWorkspaceDeleted } from '../workspace-deletion/workspace-deletion.service';
import { deleteFeed, dueTasksOf, feedByHash, feedOf, markRead, saveFeed } from './calendar-feed.repository';

/** Tasks due from this many days ago are in the feed (a calendar keeps what was). */
const PAST_DAYS = 90;
const FEED_LIMIT = 1000;

/**
 * A member's private iCalendar feed of their tasks' due dates (docs/product/projects.md#calendar-feed,
 * RFC 5545 through ical-generator): a secret URL made on request and shown once (only its SHA-256 is kept),
 * replaced or revoked at will. The feed answers only while its member may still use Projects in a live
 * workspace; otherwise, like an unknown or revoked secret, it is 404.
 */
export function createCalendarFeed(
  db: Kysely<Database>,
  deps: { siteUrl: string; siteName: () => Promise<string>; clock?: () => Date },
) {
  const clock = deps.clock ?? (() => new Date());
  const urlOf = (token: string) => new URL(`/calendar/${token}`, deps.siteUrl).toString();

  return {
    async status(caller: SessionUser) {
      const feed = await feedOf(db, caller.id);
      return {
        active: Boolean(feed),
        createdAt: feed?.created_at ?? null,
        lastReadAt: feed?.last_read_at ?? null,
      };
    },

    /** A new secret URL, replacing any the member had. */
    async create(caller: SessionUser): Promise<{ url: string; createdAt: string }> {
      const { token, hash } = newOneTimeToken();
      const createdAt = clock().toISOString();
      await saveFeed(db, {
        user_id: caller.id,
        workspace_id: caller.workspace_id,
        token_hash: hash,
        created_at: createdAt,
      });
      return { url: urlOf(token), createdAt };
    },

    revoke: (caller: SessionUser) => deleteFeed(db, caller.id),

    /** The feed's text, or null for a secret that opens nothing (unknown, revoked, or its member gone). */
    async read(token: string): Promise<string | null> {
      if (token.length < 20 || token.length > 100) return null;
      const feed = await feedByHash(db, hashToken(token));
      if (!feed) return null;
      const member = await findUserById(db, feed.user_id);
      if (
        !member ||
        member.workspace_id !== feed.workspace_id ||
        BLOCKED_STATUSES.includes(member.status as UserStatus) ||
        isKeptOutOfDashboard(permissionSubject(member)) ||
        !canUseModule(permissionSubject(member), 'projects') ||
        (await isWorkspaceDeleted(db, feed.workspace_id))
      )
        return null;
      const now = clock();
      const since = new Date(now.getTime() - PAST_DAYS * 86_400_000).toISOString().slice(0, 10);
      const tasks = await dueTasksOf(db, member.id, feed.workspace_id, since, FEED_LIMIT);
      const siteName = await deps.siteName();
      const calendar = ical({
        name: `${siteName}: ${member.username}'s tasks`,
        prodId: { company: siteName, product: 'AgencyHQ', language: 'EN' },
        method: ICalCalendarMethod.PUBLISH,
        ttl: 60 * 60,
      });
      for (const task of tasks) {
        const [year, month, day] = task.due_date!.split('-').map(Number) as [number, number, number];
        calendar.createEvent({
          id: `task-${task.id}@${new URL(deps.siteUrl).host}`,
          // A due date is a day, not a moment: an all-day event (a DATE, which has no zone). ical-generator
          // writes an all-day start by its UTC date, so the day is given as UTC midnight, whatever the
          // server's zone.
          start: new Date(Date.UTC(year, month - 1, day)),
          allDay: true,
          stamp: new Date(task.updated_at),
          summary: `${task.status === 'done' ? '✓ ' : ''}${task.project_code} #${task.number} ${task.title}`,
          description: `${task.project_code} ${task.project_name} · ${TASK_STATUS_LABELS[task.status]}`,
          url: new URL(`/dashboard/our-projects?project=${task.project_id}`, deps.siteUrl).toString(),
        });
      }
      await markRead(db, member.id, now.toISOString());
      return calendar.toString();
    },
  };
}
export type CalendarFeed = ReturnType<typeof createCalendarFeed>;
