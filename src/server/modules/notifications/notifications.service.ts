import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database, SessionUser } from '../../db/types';
import type { UserNotification, UserNotificationKind } from '../../../shared/schemas/notifications';
import { claimNotifications, insertNotification } from './notifications.repository';

type Db = Kysely<Database> | Transaction<Database>;

/** At most this many notifications per claim (the bell keeps 10). */
const CLAIM_LIMIT = 20;

export interface NewNotification {
  userId: string;
  workspaceId: string;
  kind: UserNotificationKind;
  title: string;
  message: string;
  /** Given, the notification exists once for the user under this key. */
  dedupeKey?: string;
}

/**
 * Tells a user something in their bell (docs/product/leads.md#owners-and-follow-ups), inside the
 * caller's transaction. Answers whether it was added (false: one with the same key already was).
 */
export function notifyUser(db: Db, notification: NewNotification, now: Date): Promise<boolean> {
  return insertNotification(db, {
    id: randomUUID(),
    user_id: notification.userId,
    workspace_id: notification.workspaceId,
    kind: notification.kind,
    title: notification.title,
    message: notification.message,
    dedupe_key: notification.dedupeKey ?? null,
    created_at: now.toISOString(),
    delivered_at: null,
  });
}

/** The bell's server side: the browser takes what is new for its user, each notification once. */
export function createNotificationsService(db: Kysely<Database>, clock: () => Date = () => new Date()) {
  return {
    async claim(caller: SessionUser): Promise<UserNotification[]> {
      const rows = await claimNotifications(db, caller.id, clock().toISOString(), CLAIM_LIMIT);
      return rows
        .sort((a, b) => a.created_at.localeCompare(b.created_at))
        .map((row) => ({
          id: row.id,
          kind: row.kind as UserNotificationKind,
          title: row.title,
          message: row.message,
          createdAt: row.created_at,
        }));
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
