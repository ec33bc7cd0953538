import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/types';
import { LOGIN_ACCOUNT_BUDGET } from '../../../shared/constants';
import { BLOCKED_STATUSES, type UserStatus } from '../../../shared/roles';
import type { Limiter } from '../../limits/limiter';
import type { Mailer } from '../../mail/mailer';
import { enqueueMail } from '../../mail/outbox';
import { signInAlertMail } from '../../mail/templates';
import { recordActivity } from '../activity/activity.service';

/**
 * A wrong password for an account, in its audit log. When that attempt spent the account's sign-in budget
 * (`spentAfter` attempts, docs/product/auth.md#failed-sign-ins), the owner is also e-mailed, once a day at most (`alerts`, keyed by user
 * id, shared by every instance), by the platform's mail and in the same transaction as the log entry.
 */
export async function recordFailedSignIn(
  db: Kysely<Database>,
  user: UserRow,
  alert: { spentAfter: number; alerts: Limiter; mailer: () => Mailer },
): Promise<void> {
  const failure = {
    workspaceId: user.workspace_id,
    userId: user.id,
    action: `Failed sign-in for ${user.email}`,
    kind: 'sign-in-failed' as const,
  };
  const tell =
    alert.spentAfter > 0 &&
    !BLOCKED_STATUSES.includes(user.status as UserStatus) &&
    (await alert.alerts.take(user.id)) === 0;
  if (!tell) {
    await recordActivity(db, failure);
    return;
  }
  const mailer = alert.mailer();
  // Read before the transaction: on SQLite a read outside it would wait for it to end.
  const siteName = await mailer.siteName();
  const now = mailer.now();
  try {
    await db.transaction().execute(async (trx) => {
      await recordActivity(trx, failure);
      await enqueueMail(
        trx,
        {
          workspaceId: user.workspace_id,
          kind: 'sign-in-alert',
          via: 'platform',
          to: user.email,
          ...signInAlertMail(siteName, {
            username: user.username,
            attempts: alert.spentAfter,
            windowMinutes: LOGIN_ACCOUNT_BUDGET.windowMs / 60_000,
            link: mailer.link('/forgot-password', {}),
          }),
        },
        now,
      );
    });
  } catch (error) {
    await alert.alerts.release(user.id); // nothing was sent: the next spent budget tells them
    throw error;
  }
  mailer.worker.kick();
}
